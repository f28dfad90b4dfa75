/* Binary min-heap keyed on (time, creation stamp, sequence number), the
 * stamp packed into one word (evq.h "Stamped ties"). Cancellation is lazy:
 * a cancelled entry stays in the heap and is skipped when it surfaces. The
 * ids in the heap and their state live in a hash map (idset.h), so a cancel
 * and the check of the top are O(1) however many timers were cancelled.
 * Quiet events (evq_at_quiet) sit in a second, small heap with the same
 * key and no id map: they run interleaved with the others in one
 * (time, stamp, sequence) order, but evq_next_loud does not see them.
 * Events ahead (evq_at_ahead) sit in a third heap, also without an id map
 * (they are never cancelled): evq_next_loud sees them only as their time
 * plus the lookahead their scheduler promised (evq_set_lookahead), and
 * then the published floors (floor.h). */
#include "evq.h"
#include "floor.h"
#include "idset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    sim_time t;
    uint64_t tie;        /* the stamp: (AGE_MAX - age) << KEY_BITS | key, lower first */
    uint64_t seq;        /* also the ev_id */
    ev_fn fn;
    void *arg;
} ev_entry;             /* 40 bytes */

#define KEY_BITS EVQ_STAMP_KEY_BITS
#define KEY_MASK ((UINT64_C(1) << KEY_BITS) - 1)
#define AGE_MAX ((UINT64_C(1) << (64 - KEY_BITS)) - 1)

struct evq {
    evq_head h;               /* now and wakes (first: evq.h reads them) */
    ev_entry *heap;
    int n, cap;
    uint64_t next_seq;
    uint64_t run_count;
    idset ids;                /* every id in the heap: LIVE or CANCELLED */
    int ncancel;              /* CANCELLED ones */
    int top_live;             /* heap[0] is known LIVE (skim need not look it up) */
    ev_entry *quiet;          /* evq_at_quiet's heap: few entries, cancelled by removal */
    int nq, capq;
    int quiet_off;            /* MYRISIM_SLOW_PATHS: quiet events are ordinary ones */
    uint64_t quiet_run;       /* quiet events run (part of run_count) */
    evq_observer obs;         /* statistics only (evq_set_observer), else NULL */
    void *obs_ctx;
    sim_time st_t;            /* the creator's stamp while st_set (a callback, a core's store) */
    uint32_t st_key;
    int st_set;
    sim_time last_t;          /* the last event run, and ... */
    uint64_t last_seq;
    uint64_t inversions;      /* ... how often one with a lower seq ran after it at one time */
    ev_entry *ahead;          /* evq_at_ahead's heap */
    int na, capa;
    uint64_t ahead_run;       /* events ahead run (part of run_count) */
    sim_time la;              /* their lookahead (evq_set_lookahead; 0 until set) */
    const sim_time *floor;    /* the least published floor (floor.h), or NULL */
    sim_time floor_lead;      /* no floor is nearer than this after the earliest event ahead */
    sim_time ahead_lim;       /* while one runs: its time + la, the earliest loud event it may make */
    ev_fn ahead_fn;           /* ... and its callback, for the error */
    sim_time hwm;             /* the latest time reached (an event run, evq_advance) */
    int lagging;              /* evq_set_lagging */
    int peek_which;           /* the head evq_peek found, while peek_seq is next_seq (nothing added since) */
    uint64_t peek_seq;
    int storing;              /* inside evq_stamp_core: a core's store creates */
    int in_ahead;             /* an event ahead is running (evq_running_ahead) */
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

int evq_slow_paths(void)
{
    const char *e = getenv("MYRISIM_SLOW_PATHS");
    return e && e[0] && strcmp(e, "0") != 0;
}

evq *evq_new(void)
{
    evq *q = xrealloc(NULL, sizeof *q);
    *q = (evq){.next_seq = 1, .quiet_off = evq_slow_paths()};
    q->h.push_min = SIM_TIME_NEVER;
    return q;
}

void evq_free(evq *q)
{
    if (!q) return;
    free(q->heap);
    free(q->quiet);
    free(q->ahead);
    idset_free(&q->ids);
    free(q);
}

enum { LIVE = 1, CANCELLED = 2 };

static int before(const ev_entry *a, const ev_entry *b)
{
    if (a->t != b->t) return a->t < b->t;
    if (a->tie != b->tie) return a->tie < b->tie;
    return a->seq < b->seq;
}

evq_stamp evq_stamp_core(evq *q, sim_time t, unsigned ni)
{
    evq_stamp old = {q->st_t, q->st_key, q->st_set, q->h.place, q->h.cre, q->storing, q->h.now};
    if (ni + 1u >= KEY_MASK) {
        fprintf(stderr, "myrisim: MODEL ERROR: NI %u is beyond the event queue's stamp keys\n", ni);
        abort();
    }
    q->st_t = t;
    q->st_key = ni + 1u;
    q->st_set = 1;
    q->h.place = q->h.cre = evq_place_ni(ni);
    q->storing = 1;
    if (q->lagging) q->h.now = t;
    return old;
}

void evq_stamp_restore(evq *q, evq_stamp old)
{
    q->st_t = old.t;
    q->st_key = old.key;
    q->st_set = old.set;
    q->h.place = old.place;
    q->h.cre = old.cre;
    q->storing = old.storing;
    if (q->lagging) q->h.now = old.now;
}

uint32_t evq_creator_swap(evq *q, uint32_t p)
{
    uint32_t o = q->h.cre;
    q->h.cre = q->h.place = p;
    return o;
}

sim_time evq_hwm(const evq *q) { return q->hwm; }
void evq_set_lagging(evq *q, int on) { q->lagging = on; }
void evq_rewind(evq *q, sim_time t) { q->h.now = t < q->hwm ? t : q->hwm; }

/* A time before the latest reached (push). Without lagging cores that is
 * before now: it runs at now. With them, an event of the creator's own
 * node place keeps its time (no earlier than its creator's instant): its
 * node's core is behind, and no event of that place after it has run
 * (model/node/lag.c). Anything else before the latest time reached would
 * run after events of its place that come later: a MODEL ERROR, except
 * what an event in step with the queue creates before its own time, which
 * runs at now as always. */
static sim_time past(evq *q, sim_time t)
{
    if (!q->lagging) return t < q->h.now ? q->h.now : t;
    uint32_t p = q->h.place;
    if (evq_place_is_node(p) && p == q->h.cre) {
        sim_time lo = q->st_set ? q->st_t : q->h.now;
        return t < lo ? lo : t;
    }
    if (!q->storing && q->h.now == q->hwm) return t < q->h.now ? q->h.now : t;
    fprintf(stderr,
            "myrisim: MODEL ERROR: an event of place %u at %llu ps made by place %u behind the queue (at %llu ps, "
            "latest %llu ps): a lagging core's effect outside its node before the lookahead\n",
            (unsigned)p, (unsigned long long)t, (unsigned)q->h.cre, (unsigned long long)q->h.now,
            (unsigned long long)q->hwm);
    abort();
}

uint64_t evq_stamp_inversions(const evq *q) { return q->inversions; }

static inline void sift_up(ev_entry *heap, int i)
{
    ev_entry e = heap[i];
    while (i > 0) {
        int p = (i - 1) / 2;
        if (!before(&e, &heap[p])) break;
        heap[i] = heap[p];
        i = p;
    }
    heap[i] = e;
}

static inline void sift_down(ev_entry *heap, int n, int i)
{
    ev_entry e = heap[i];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && before(&heap[c + 1], &heap[c])) c++;
        if (!before(&heap[c], &e)) break;
        heap[i] = heap[c];
        i = c;
    }
    heap[i] = e;
}

/* Add an entry at time t (not before now) with the next sequence number and
 * the creator's stamp. */
static inline ev_id push(evq *q, ev_entry **heap, int *n, int *cap, sim_time t, ev_fn fn, void *arg)
{
    if (t < q->hwm) t = past(q, t);
    if (t < q->h.push_min) q->h.push_min = t;
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        *heap = xrealloc(*heap, (size_t)*cap * sizeof **heap);
    }
    ev_id id = q->next_seq++ << KEY_BITS | q->h.place;   /* the place rides in the id's low bits */
    sim_time st = q->st_set ? q->st_t : q->h.now;
    uint64_t age = t > st ? t - st : 0;
    if (age > AGE_MAX) age = AGE_MAX;
    uint64_t tie = (AGE_MAX - age) << KEY_BITS | (q->st_set ? q->st_key : 0);
    (*heap)[*n] = (ev_entry){t, tie, id, fn, arg};
    sift_up(*heap, (*n)++);
    return id;
}

/* A loud event made by an event ahead before the lookahead it promised:
 * the cores may have run past it. */
static void ahead_error(evq *q, sim_time t)
{
    fprintf(stderr,
            "myrisim: MODEL ERROR: an event ahead at %llu ps (callback %p) made a loud event at %llu ps, "
            "before its lookahead of %llu ps\n",
            (unsigned long long)q->h.now, (void *)(uintptr_t)q->ahead_fn, (unsigned long long)t,
            (unsigned long long)q->la);
    abort();
}

static ev_id at_loud(evq *q, sim_time t, ev_fn fn, void *arg)
{
    ev_id id = push(q, &q->heap, &q->n, &q->cap, t, fn, arg);
    q->h.loud_adds++;
    if (q->heap[0].seq == id) q->top_live = 0;
    idset_put(&q->ids, id, LIVE);
    return id;
}

ev_id evq_at(evq *q, sim_time t, ev_fn fn, void *arg)
{
    if (t < q->ahead_lim) ahead_error(q, t);
    return at_loud(q, t, fn, arg);
}

ev_id evq_at_floored(evq *q, sim_time t, ev_fn fn, void *arg) { return at_loud(q, t, fn, arg); }

ev_id evq_at_ahead(evq *q, sim_time t, ev_fn fn, void *arg)
{
    if (q->quiet_off) return evq_at(q, t, fn, arg);
    q->h.loud_adds++;   /* it lowers evq_next_loud as a loud one would */
    return push(q, &q->ahead, &q->na, &q->capa, t, fn, arg);
}

void evq_set_lookahead(evq *q, sim_time la) { q->la = la; }
int evq_running_ahead(const evq *q) { return q->in_ahead; }
sim_time evq_lookahead(const evq *q) { return q->la; }
void evq_set_floor(evq *q, const sim_time *least, sim_time lead)
{
    q->floor = least;
    q->floor_lead = lead;
}
void evq_floor_lowered(evq *q) { q->h.loud_adds++; }
int evq_ahead_off(const evq *q) { return q->quiet_off; }

ev_id evq_at_quiet(evq *q, sim_time t, ev_fn fn, void *arg)
{
    if (q->quiet_off) return evq_at(q, t, fn, arg);
    return push(q, &q->quiet, &q->nq, &q->capq, t, fn, arg);
}

static void quiet_remove(evq *q, int i)
{
    q->quiet[i] = q->quiet[--q->nq];
    if (i < q->nq) {
        sift_up(q->quiet, i);
        sift_down(q->quiet, q->nq, i);
    }
}

ev_id evq_after(evq *q, sim_time delay, ev_fn fn, void *arg)
{
    return evq_at(q, q->h.now + delay, fn, arg);
}

void evq_cancel(evq *q, ev_id id)
{
    if (!id) return;
    q->peek_seq = 0;   /* evq_run_one looks again */
    if (idset_get(&q->ids, id) != LIVE) {
        for (int i = 0; i < q->nq; i++)   /* a quiet one: removed at once */
            if (q->quiet[i].seq == id) {
                quiet_remove(q, i);
                break;
            }
        return;
    }
    idset_put(&q->ids, id, CANCELLED);
    q->ncancel++;
    q->top_live = 0;
}

/* The top off: the hole it leaves goes down the smaller children to a leaf,
 * and the last entry, which mostly belongs near the bottom, goes up from
 * there (about half the comparisons of sifting the last entry down from the
 * top). The (time, stamp, seq) order is total, so the heap pops in the same
 * order either way. */
static void remove_top(ev_entry *heap, int *n)
{
    int m = --*n;
    if (!m) return;
    int i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= m) break;
        if (c + 1 < m && before(&heap[c + 1], &heap[c])) c++;
        heap[i] = heap[c];
        i = c;
    }
    heap[i] = heap[m];
    sift_up(heap, i);
}

static void pop(evq *q)
{
    q->top_live = 0;
    remove_top(q->heap, &q->n);
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
int evq_pending(const evq *q) { return q->n - q->ncancel + q->nq + q->na; }
uint64_t evq_events_run(const evq *q) { return q->run_count; }
uint64_t evq_quiet_run(const evq *q) { return q->quiet_run; }
uint64_t evq_ahead_run(const evq *q) { return q->ahead_run; }
void evq_note_wake(evq *q) { q->h.wakes++; }
void evq_set_observer(evq *q, evq_observer fn, void *ctx)
{
    q->obs = fn;
    q->obs_ctx = ctx;
}

void evq_advance(evq *q, sim_time t)
{
    if (t > q->h.now) q->h.now = t;
    if (q->h.now > q->hwm) q->hwm = q->h.now;
}

static sim_time next_heap(const evq *q)
{
    skim((evq *)q);
    return q->n ? q->heap[0].t : SIM_TIME_NEVER;
}

sim_time evq_next_loud(const evq *q)
{
    sim_time t = next_heap(q);
    if (q->na) {
        /* a loud event one of them makes: at its time + la at the earliest,
         * or a floor's (floor.h) */
        sim_time a = q->ahead[0].t, b = a + q->la;
        if (b < a) b = SIM_TIME_NEVER;
        if (q->floor && *q->floor < b) {
            /* a floor left behind (its maker has not moved since) still
             * lies a lead after any event ahead that could move it */
            sim_time f = a + q->floor_lead > *q->floor ? a + q->floor_lead : *q->floor;
            if (f < b) b = f;
        }
        if (b < t) t = b;
    }
    return t;
}

sim_time evq_next(const evq *q)
{
    sim_time t = next_heap(q);
    if (q->nq && q->quiet[0].t < t) t = q->quiet[0].t;
    if (q->na && q->ahead[0].t < t) t = q->ahead[0].t;
    return t;
}

/* The least of the three heads, in (time, stamp, seq) order: 0 the main
 * heap, 1 the quiet one, 2 the heap ahead; NULL if none is pending. */
static inline const ev_entry *head(evq *q, int *which)
{
    skim(q);
    const ev_entry *best = q->n ? &q->heap[0] : NULL;
    *which = 0;
    if (q->nq && (!best || before(&q->quiet[0], best))) {
        best = &q->quiet[0];
        *which = 1;
    }
    if (q->na && (!best || before(&q->ahead[0], best))) {
        best = &q->ahead[0];
        *which = 2;
    }
    return best;
}

/* Take head `which` off its heap and run it. */
static inline void run_head(evq *q, int which)
{
    ev_entry e = which == 0 ? q->heap[0] : which == 1 ? q->quiet[0] : q->ahead[0];
    if (which == 0) {
        pop(q);
        idset_del(&q->ids, e.seq);
    } else if (which == 1) {
        quiet_remove(q, 0);
        q->quiet_run++;
    } else {
        remove_top(q->ahead, &q->na);
        q->ahead_run++;
        q->ahead_lim = e.t + q->la < e.t ? SIM_TIME_NEVER : e.t + q->la;
        q->ahead_fn = e.fn;
        q->in_ahead = 1;
    }
    q->h.now = e.t;   /* the running event's time: an own event of a lagging core may lie behind the latest */
    if (e.t > q->hwm) q->hwm = e.t;
    q->run_count++;
    q->inversions += e.t == q->last_t && e.seq < q->last_seq;
    q->last_t = e.t;
    q->last_seq = e.seq;
    /* what it creates is stamped with its time and keyed with its node
     * place; an event of no node keeps a core's key only within the core's
     * instant (age 0) */
    uint32_t pl = (uint32_t)(e.seq & KEY_MASK), cre = q->h.cre, place = q->h.place;
    q->st_t = e.t;
    q->st_key = evq_place_is_node(pl) ? pl : (e.tie >> KEY_BITS) == AGE_MAX ? (uint32_t)(e.tie & KEY_MASK) : 0;
    q->st_set = 1;
    q->h.cre = q->h.place = pl;
    e.fn(e.arg);
    q->h.cre = cre;
    q->h.place = place;
    q->st_set = 0;
    q->ahead_lim = 0;
    q->in_ahead = 0;
    if (q->obs) q->obs(q->obs_ctx, e.t, e.fn, e.arg);
}

/* evq_run_until; *next gets the time of the first event left (evq_next). */
static uint64_t run_until(evq *q, sim_time limit, sim_time *next)
{
    uint64_t ran = 0;
    for (;;) {
        int which;
        const ev_entry *best = head(q, &which);
        if (!best || best->t > limit) {
            *next = best ? best->t : SIM_TIME_NEVER;
            break;
        }
        run_head(q, which);
        ran++;
    }
    return ran;
}

int evq_peek(evq *q, sim_time *t, uint32_t *place)
{
    int which;
    const ev_entry *best = head(q, &which);
    if (!best) return 0;
    q->peek_which = which;
    q->peek_seq = q->next_seq;
    *t = best->t;
    *place = (uint32_t)(best->seq & KEY_MASK);
    return 1;
}

void evq_run_one(evq *q)
{
    int which;
    if (q->peek_seq == q->next_seq) {
        /* evq_peek's head, if nothing was added or cancelled since */
        q->peek_seq = 0;
        run_head(q, q->peek_which);
        return;
    }
    if (head(q, &which)) run_head(q, which);
}

uint64_t evq_run_until(evq *q, sim_time limit)
{
    sim_time next;
    return run_until(q, limit, &next);
}

uint64_t evq_step(evq *q)
{
    sim_time t = evq_next(q);
    return t == SIM_TIME_NEVER ? 0 : evq_run_until(q, t);
}

uint64_t evq_steps(evq *q, sim_time lim, volatile int *stop)
{
    sim_time t = evq_next(q);
    if (t > lim || t == SIM_TIME_NEVER) return 0;
    uint64_t w = q->h.wakes, steps = 0;
    do {
        run_until(q, t, &t);   /* evq_step, and evq_next after it */
        steps++;
    } while (q->h.wakes == w && t <= lim && t != SIM_TIME_NEVER && !(stop && *stop));
    return steps;
}

