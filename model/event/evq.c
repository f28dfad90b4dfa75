/* Binary min-heap keyed on (time, sequence number). Cancellation is lazy:
 * a cancelled entry stays in the heap and is skipped when it surfaces. The
 * ids in the heap and their state live in a hash map (idset.h), so a cancel
 * and the check of the top are O(1) however many timers were cancelled. */
#include "evq.h"
#include "idset.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct {
    sim_time t;
    uint64_t seq;        /* also the ev_id */
    ev_fn fn;
    void *arg;
} ev_entry;

struct evq {
    evq_head h;               /* now and wakes (first: evq.h reads them) */
    ev_entry *heap;
    int n, cap;
    uint64_t next_seq;
    uint64_t run_count;
    idset ids;                /* every id in the heap: LIVE or CANCELLED */
    int ncancel;              /* CANCELLED ones */
    int top_live;             /* heap[0] is known LIVE (skim need not look it up) */
};

static void *xrealloc(void *p, size_t n)
{
    void *r = realloc(p, n);
    if (!r) {
        fprintf(stderr, "myrisim: out of memory in the event queue\n");
        exit(3);
    }
    return r;
}

evq *evq_new(void)
{
    evq *q = xrealloc(NULL, sizeof *q);
    *q = (evq){.next_seq = 1};
    return q;
}

void evq_free(evq *q)
{
    if (!q) return;
    free(q->heap);
    idset_free(&q->ids);
    free(q);
}

enum { LIVE = 1, CANCELLED = 2 };

static int before(const ev_entry *a, const ev_entry *b)
{
    return a->t < b->t || (a->t == b->t && a->seq < b->seq);
}

static void sift_up(evq *q, int i)
{
    ev_entry e = q->heap[i];
    while (i > 0) {
        int p = (i - 1) / 2;
        if (!before(&e, &q->heap[p])) break;
        q->heap[i] = q->heap[p];
        i = p;
    }
    q->heap[i] = e;
}

static void sift_down(evq *q, int i)
{
    ev_entry e = q->heap[i];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= q->n) break;
        if (c + 1 < q->n && before(&q->heap[c + 1], &q->heap[c])) c++;
        if (!before(&q->heap[c], &e)) break;
        q->heap[i] = q->heap[c];
        i = c;
    }
    q->heap[i] = e;
}

ev_id evq_at(evq *q, sim_time t, ev_fn fn, void *arg)
{
    if (t < q->h.now) t = q->h.now;
    if (q->n == q->cap) {
        q->cap = q->cap ? q->cap * 2 : 256;
        q->heap = xrealloc(q->heap, (size_t)q->cap * sizeof *q->heap);
    }
    ev_id id = q->next_seq++;
    q->heap[q->n] = (ev_entry){t, id, fn, arg};
    sift_up(q, q->n++);
    if (q->heap[0].seq == id) q->top_live = 0;
    idset_put(&q->ids, id, LIVE);
    return id;
}

ev_id evq_after(evq *q, sim_time delay, ev_fn fn, void *arg)
{
    return evq_at(q, q->h.now + delay, fn, arg);
}

void evq_cancel(evq *q, ev_id id)
{
    if (!id || idset_get(&q->ids, id) != LIVE) return;
    idset_put(&q->ids, id, CANCELLED);
    q->ncancel++;
    q->top_live = 0;
}

static void pop(evq *q)
{
    q->top_live = 0;
    q->heap[0] = q->heap[--q->n];
    if (q->n) sift_down(q, 0);
}

/* Drop cancelled entries from the top so evq_next() tells the truth. */
static void skim(evq *q)
{
    while (q->n && q->ncancel && !q->top_live) {
        if (idset_get(&q->ids, q->heap[0].seq) != CANCELLED) {
            q->top_live = 1;   /* until the top changes or something is cancelled */
            break;
        }
        idset_del(&q->ids, q->heap[0].seq);
        q->ncancel--;
        pop(q);
    }
}

const char *sim_time_us(sim_time t, char *buf, size_t n)
{
    uint64_t ns = t / 1000u + (t % 1000u >= 500u);
    snprintf(buf, n, "%llu.%03llu us", (unsigned long long)(ns / 1000u), (unsigned long long)(ns % 1000u));
    return buf;
}
int evq_pending(const evq *q) { return q->n - q->ncancel; }
uint64_t evq_events_run(const evq *q) { return q->run_count; }
void evq_note_wake(evq *q) { q->h.wakes++; }

void evq_advance(evq *q, sim_time t)
{
    if (t > q->h.now) q->h.now = t;
}

sim_time evq_next(const evq *q)
{
    skim((evq *)q);
    return q->n ? q->heap[0].t : SIM_TIME_NEVER;
}

uint64_t evq_run_until(evq *q, sim_time limit)
{
    uint64_t ran = 0;
    for (;;) {
        skim(q);
        if (!q->n || q->heap[0].t > limit) break;
        ev_entry e = q->heap[0];
        pop(q);
        idset_del(&q->ids, e.seq);
        q->h.now = e.t;
        q->run_count++;
        ran++;
        e.fn(e.arg);
    }
    return ran;
}

uint64_t evq_step(evq *q)
{
    sim_time t = evq_next(q);
    return t == SIM_TIME_NEVER ? 0 : evq_run_until(q, t);
}

