/* The NI attachment: a queue of send segments that the link pulls from, and
 * a packet-aware view of the receive slack. */
#include "endpoint.h"

#include "../trace/hooks.h"
#include "ring.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct {
    const uint8_t *data;
    unsigned len, off;
    int tail;
    uint32_t tag;
} seg;

typedef struct {
    sim_time t;
    uint32_t tag;
} done_rec;

struct lk_ep {
    evq *q;
    unsigned node;
    char name[32];
    lk_dir *tx, *rx;
    sw_ring segs;              /* seg, queued in order */
    sw_ring done;              /* done_rec, in time order */
    int in_packet;             /* the next byte continues a packet */
    uint16_t seq, cur_dst;
    ep_sent_fn sent;
    ep_arrived_fn arrived;
    void *cb_ctx;
    lk_arrived_fn rx_sink;     /* ep_set_rx_sink (the link calls it), or NULL: on_rx */
    void *sink_ctx;
    ep_idle_fn rx_idle;        /* ep_set_rx_idle, or NULL */
    void *idle_ctx;
    ep_dest_fn dest;
    void *dest_ctx;
    ep_stats st;
    evq_floors *fl;            /* the send-done floor (ep_set_floor), or NULL */
    int slot;
};

static unsigned src_avail(void *ctx, unsigned max, int *unit_end);
static void src_pull(void *ctx, lk_sym *out, unsigned n, sim_time start, sim_time end);
static const lk_source_ops ep_source = {src_avail, src_pull};

static void on_rx(void *ctx, lk_dir *d)
{
    lk_ep *e = ctx;
    (void)d;
    if (e->arrived) e->arrived(e->cb_ctx, e);
}

lk_ep *ep_new(evq *q, unsigned node, const char *name)
{
    lk_ep *e = calloc(1, sizeof *e);
    if (!e) {
        fprintf(stderr, "myrisim: out of memory for endpoint\n");
        exit(3);
    }
    e->q = q;
    e->node = node;
    snprintf(e->name, sizeof e->name, "%s", name ? name : "ni");
    sw_ring_init(&e->segs, sizeof(seg));
    sw_ring_init(&e->done, sizeof(done_rec));
    e->cur_dst = LK_NO_NODE;
    return e;
}

void ep_free(lk_ep *e)
{
    if (!e) return;
    sw_ring_free(&e->segs);
    sw_ring_free(&e->done);
    free(e);
}

/* The receive direction's sink as set now (lk_dir_set_sink resets the rest) */
static void install_sink(lk_ep *e)
{
    if (e->rx_sink) lk_dir_set_sink(e->rx, e->rx_sink, e->sink_ctx);
    else lk_dir_set_sink(e->rx, on_rx, e);
    lk_dir_set_sink_idle(e->rx, e->rx_idle, e->idle_ctx);   /* the probe itself (no call between), or none */
    lk_dir_sink_is(e->rx, LK_END_NI);
    lk_dir_sink_place(e->rx, evq_place_ni(e->node));
}

void ep_attach(lk_ep *e, lk_dir *tx, lk_dir *rx)
{
    e->tx = tx;
    e->rx = rx;
    if (tx) {
        lk_dir_set_source(tx, &ep_source, e);
        lk_dir_source_is(tx, LK_END_NI);
    }
    if (rx) install_sink(e);
}

void ep_set_callbacks(lk_ep *e, ep_sent_fn sent, ep_arrived_fn arrived, void *ctx)
{
    e->sent = sent;
    e->arrived = arrived;
    e->cb_ctx = ctx;
    if (arrived && e->rx_sink) {   /* the last set is called */
        e->rx_sink = NULL;
        if (e->rx) install_sink(e);
    }
}

void ep_set_rx_sink(lk_ep *e, lk_arrived_fn fn, void *ctx)
{
    e->rx_sink = fn;
    e->sink_ctx = ctx;
    if (fn) e->arrived = NULL;
    if (e->rx) install_sink(e);
}

void ep_set_rx_idle(lk_ep *e, ep_idle_fn fn, void *ctx)
{
    e->rx_idle = fn;
    e->idle_ctx = ctx;
    if (e->rx) install_sink(e);
}

void ep_set_dest_fn(lk_ep *e, ep_dest_fn fn, void *ctx)
{
    e->dest = fn;
    e->dest_ctx = ctx;
}

void ep_set_floor(lk_ep *e, evq_floors *fl, int slot)
{
    e->fl = fl;
    e->slot = slot;
}

/* The next send-done comes when the front segment's last symbol has been
 * serialised, the link starting at `from` at the earliest: the rest of it
 * (a bare GAP: one symbol) after that. Chunks are serialised back to back
 * at best and each is rounded up to a picosecond, so no later pull brings
 * it nearer (lk_ser_time(a) + lk_ser_time(b) >= lk_ser_time(a + b)). */
static void publish(lk_ep *e, sim_time from)
{
    if (!e->fl) return;
    sim_time t = SIM_TIME_NEVER;
    if (e->segs.n) {
        const seg *s = sw_ring_at(&e->segs, 0);
        unsigned r = s->len - s->off;
        t = from + lk_ser_time(lk_dir_params(e->tx), r ? r : 1);
    }
    evq_floors_set(e->fl, e->slot, t);
}

unsigned ep_node(const lk_ep *e) { return e->node; }
lk_dir *ep_tx_link(const lk_ep *e) { return e->tx; }
const char *ep_name(const lk_ep *e) { return e->name; }
const ep_stats *ep_get_stats(const lk_ep *e) { return &e->st; }
unsigned ep_send_queued(const lk_ep *e) { return e->segs.n; }

int ep_send(lk_ep *e, const uint8_t *data, unsigned len, int tail, uint32_t tag)
{
    if (!e->tx || (len == 0 && !tail)) return -1;
    seg *s = sw_ring_push(&e->segs);
    *s = (seg){data, len, 0, tail, tag};
    if (e->segs.n == 1) {   /* a new front: from an NI's event, so the floor may fall */
        sim_time now = evq_now(e->q), f = lk_tx_free(e->tx);
        publish(e, f > now ? f : now);
    }
    lk_dir_kick(e->tx);
    return 0;
}

/* ---- the link's source ---- */

static unsigned src_avail(void *ctx, unsigned max, int *unit_end)
{
    lk_ep *e = ctx;
    if (!e->segs.n) return 0;
    seg *s = sw_ring_at(&e->segs, 0);
    unsigned left = s->len - s->off;
    if (left == 0) {                  /* a tail-only segment: one bare GAP */
        *unit_end = 1;
        return 1;
    }
    unsigned n = left < max ? left : max;
    *unit_end = n == left;
    return n;
}

static void on_done(void *arg)
{
    lk_ep *e = arg;
    done_rec *r = sw_ring_at(&e->done, 0);
    uint32_t tag = r->tag;
    sw_ring_pop(&e->done);
    if (e->sent) e->sent(e->cb_ctx, e, tag);
}

static void src_pull(void *ctx, lk_sym *out, unsigned n, sim_time start, sim_time end)
{
    lk_ep *e = ctx;
    seg *s = sw_ring_at(&e->segs, 0);
    int first = !e->in_packet;
    if (first) {
        e->in_packet = 1;
        e->cur_dst = LK_NO_NODE;
        if (e->dest && s->len)
            e->cur_dst = (uint16_t)e->dest(e->dest_ctx, e->node, s->data + s->off, s->len - s->off);
    }
    lk_sym base = {.src = (uint16_t)e->node, .dst = e->cur_dst, .seq = e->seq};
    if (trace_cur && first) trace_ni_tx(e->node, &base, start);
    if (s->len == s->off) {
        out[0] = base;
        out[0].flags = LK_TAIL | LK_GAP;
    } else {
        for (unsigned i = 0; i < n; i++) {
            out[i] = base;
            out[i].byte = s->data[s->off + i];
        }
        s->off += n;
        e->st.bytes_sent += n;
        if (s->off == s->len && s->tail) out[n - 1].flags = LK_TAIL;
    }
    if (s->off == s->len) {
        if (s->tail) {
            e->in_packet = 0;
            e->seq++;
            e->st.packets_sent++;
        }
        e->st.segments_sent++;
        done_rec *r = sw_ring_push(&e->done);
        r->t = end;
        r->tag = s->tag;
        sw_ring_pop(&e->segs);
        uint32_t was = evq_place_swap(e->q, evq_place_ni(e->node));   /* it reaches the card */
        if (e->fl) {
            if (end < evq_floors_get(e->fl, e->slot)) {
                fprintf(stderr, "myrisim: MODEL ERROR: %s: a send-done at %llu ps before its floor %llu ps\n",
                        e->name, (unsigned long long)end, (unsigned long long)evq_floors_get(e->fl, e->slot));
                abort();
            }
            evq_at_floored(e->q, end, on_done, e);
        } else {
            evq_at(e->q, end, on_done, e);
        }
        evq_place_swap(e->q, was);
    }
    publish(e, end);
}

/* ---- receive ---- */

unsigned ep_rx_avail(const lk_ep *e)
{
    if (!e->rx) return 0;
    int tail;
    return lk_rx_unit(e->rx, lk_rx_count(e->rx), &tail);
}

/* Take n symbols (n <= ep_rx_avail) into out and count them; returns the
 * union of their flags, so callers see at once whether any is not a plain
 * data byte (most chunks). */
static unsigned take_syms(lk_ep *e, lk_sym *out, unsigned n)
{
    lk_rx_take(e->rx, out, n, evq_now(e->q));
    if (trace_cur) trace_ni_rx(e->node, out, n);
    unsigned any = 0;
    for (unsigned i = 0; i < n; i++) any |= out[i].flags;
    if (!any) {
        e->st.bytes_recv += n;
        return 0;
    }
    for (unsigned i = 0; i < n; i++) {
        if (out[i].flags & LK_CORRUPT) e->st.corrupt_recv++;
        if (!(out[i].flags & LK_GAP)) e->st.bytes_recv++;
        if (out[i].flags & LK_TAIL) {
            e->st.packets_recv++;
            if (out[i].flags & LK_GAP) e->st.truncated_recv++;
        }
    }
    return any;
}

unsigned ep_recv_syms(lk_ep *e, lk_sym *out, unsigned max)
{
    unsigned n = ep_rx_avail(e);
    if (n > max) n = max;
    if (!n) return 0;
    take_syms(e, out, n);
    return n;
}

unsigned ep_recv(lk_ep *e, uint8_t *buf, unsigned max, unsigned *flags)
{
    lk_sym tmp[64];
    unsigned got = 0;
    *flags = 0;
    while (got < max) {
        unsigned want = max - got < 64 ? max - got : 64;
        /* a bare GAP takes a symbol but no byte: only take it when it is next */
        if (!e->rx) break;
        int tail;
        /* the unit, looked at no further than one past want (lk_rx_unit
         * stops at the symbols there are) */
        unsigned n = lk_rx_unit(e->rx, want + 1, &tail);
        if (!n) break;
        /* all of the unit fits: without a tail that empties the slack, so
         * there is no need to look again (the usual case, one chunk) */
        int emptied = n <= want;
        if (n > want) n = want;
        unsigned any = take_syms(e, tmp, n);
        if (!(any & LK_GAP)) {
            for (unsigned i = 0; i < n; i++) buf[got + i] = tmp[i].byte;
            got += n;
        } else {
            for (unsigned i = 0; i < n; i++)
                if (!(tmp[i].flags & LK_GAP)) buf[got++] = tmp[i].byte;
            *flags |= EP_RX_TRUNCATED;
        }
        if (any & LK_CORRUPT) *flags |= EP_RX_CORRUPT;
        if (any & LK_LOST) *flags |= EP_RX_LOST;
        if (any & LK_TAIL) *flags |= EP_RX_END;
        if ((*flags & EP_RX_END) || emptied) break;
    }
    return got;
}

int ep_rx_pending(const lk_ep *e)
{
    return e->rx && lk_rx_count(e->rx) > 0;
}

sim_time ep_rx_empty_until(const lk_ep *e)
{
    if (!e->rx || lk_rx_count(e->rx) || !lk_in_flight(e->rx)) return 0;
    return lk_next_arrival(e->rx);
}
