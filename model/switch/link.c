/* The link direction. To spend one event per chunk, the transmitter commits
 * chunks ahead of their start time as far as it safely can: a STOP is only
 * ever generated when a chunk of this link arrives, so no STOP can reach the
 * transmitter before (earliest pending arrival + prop). Every chunk starting
 * before that horizon is certain to go, and the arrival event of each chunk
 * commits the next ones. Bytes taken from a switch input ahead of time keep
 * counting against that input's slack until their real start time. */
#include "link.h"

#include "../trace/hooks.h"
#include "ring.h"
#include "rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    sim_time arrive;
    unsigned n;
    lk_sym sym[];            /* `chunk` symbols */
} flight;

typedef struct {
    sim_time t;              /* arrival at the transmitter */
    int go;                  /* 1 GO, 0 STOP */
} fc_sym;

typedef struct {
    sim_time t;              /* when the symbols really leave the slack */
    unsigned n;
} drain;

struct lk_dir {
    evq *q;
    lk_params p;
    char name[64];
    sw_rng rng;
    lk_progress *prog;
    lk_stats st;

    /* transmitter */
    const lk_source_ops *src;
    void *src_ctx;
    sim_time tx_free;        /* the serialiser is busy until then */
    sim_time ser_chunk;      /* lk_ser_time of a full chunk, kept: most commits are one */
    sim_time wake_at;        /* pending wake-up for a short chunk, or NEVER */
    int lost_mark;           /* a lost chunk's packet goes on: mark its next symbol LK_LOST */
    int pumping;
    sw_ring fc;              /* fc_sym, in time order */
    int stopped_now;         /* state after every symbol with t <= now */

    /* wire */
    sw_ring fl;              /* flight, in arrival order */

    /* receiver */
    lk_sym *slack;
    unsigned rx_head, rx_n;
    sw_ring dr;              /* drain, in time order */
    unsigned dr_total;
    int stop_sent;
    lk_arrived_fn sink;
    void *sink_ctx;
    lk_idle_fn sink_idle;    /* an NI sink's probe, or NULL */
    void *idle_ctx;
    int src_end, snk_end;    /* LK_END_*: what the source and the sink are */
    uint32_t snk_place;      /* the place (evq.h) of an arrival at an NI sink */
};

uint64_t lk_kind_rate(lk_kind kind)
{
    return kind == LK_M2000 ? LK_RATE_M2000 : LK_RATE_SAN1280;
}

const char *lk_kind_name(lk_kind kind)
{
    return kind == LK_M2000 ? "myrinet-2000" : "san-1280";
}

void lk_params_default(lk_params *p, lk_kind kind, double length_m)
{
    if (length_m < 0) length_m = 0;
    *p = (lk_params){
        .rate = lk_kind_rate(kind),
        .prop = (sim_time)(length_m * LK_PS_PER_M + 0.5),
        .chunk = LK_DEFAULT_CHUNK,
        .slack = LK_DEFAULT_SLACK,
        .stop_mark = LK_DEFAULT_STOP,
        .go_mark = LK_DEFAULT_GO,
    };
}

sim_time lk_ser_time(const lk_params *p, unsigned n)
{
    return ((sim_time)n * 1000000000000ull + p->rate - 1) / p->rate;
}

static uint64_t wire_bytes(const lk_params *p, sim_time t)
{
    /* bytes sent in t ps, rounded up */
    unsigned __int128 num = (unsigned __int128)t * p->rate + 1000000000000ull - 1;
    return (uint64_t)(num / 1000000000000ull);
}

unsigned lk_slack_needed(const lk_params *p)
{
    uint64_t need = (uint64_t)p->stop_mark + (p->chunk - 1) + 2ull * p->chunk +
                    wire_bytes(p, 2 * p->prop);
    return need > 0xFFFFFFFFu ? 0xFFFFFFFFu : (unsigned)need;
}

int lk_params_check(const lk_params *p, char *err, size_t errlen)
{
    const char *why = NULL;
    if (p->rate == 0 || p->rate > 1000000000000ull) why = "rate must be 1 B/s .. 1 TB/s";
    else if (p->chunk == 0) why = "chunk must be at least 1 symbol";
    else if (p->slack == 0 || p->slack > 1u << 20) why = "slack must be 1 .. 1048576 symbols";
    else if (p->chunk > p->slack) why = "chunk larger than the slack buffer";
    else if (p->stop_mark == 0 || p->stop_mark > p->slack) why = "STOP mark must be 1 .. slack";
    else if (p->go_mark == 0 || p->go_mark > p->stop_mark) why = "GO mark must be 1 .. STOP mark";
    else if (p->corrupt_prob < 0 || p->corrupt_prob > 1 || p->loss_prob < 0 || p->loss_prob > 1)
        why = "error probabilities must be in [0, 1]";
    if (why) {
        snprintf(err, errlen, "bad link parameters: %s", why);
        return -1;
    }
    unsigned need = lk_slack_needed(p);
    if (!p->unchecked && p->slack < need) {
        snprintf(err, errlen,
                 "link slack of %u B can overflow: STOP mark %u + %u B of the crossing chunk + "
                 "%u B still sent in a %llu ps round trip (chunk %u B at %llu B/s) needs %u B; "
                 "use a larger slack, a lower STOP mark, a smaller chunk or a shorter cable",
                 p->slack, p->stop_mark, p->chunk - 1, need - p->stop_mark - (p->chunk - 1),
                 (unsigned long long)(2 * p->prop), p->chunk, (unsigned long long)p->rate, need);
        return -1;
    }
    return 0;
}

lk_dir *lk_dir_new(evq *q, const lk_params *p, const char *name, char *err, size_t errlen)
{
    char why[400];
    if (lk_params_check(p, why, sizeof why)) {
        snprintf(err, errlen, "%s: %s", name ? name : "link", why);
        return NULL;
    }
    lk_dir *d = calloc(1, sizeof *d);
    if (!d || !(d->slack = calloc(p->slack, sizeof *d->slack))) {
        free(d);
        snprintf(err, errlen, "%s: out of memory", name ? name : "link");
        return NULL;
    }
    d->q = q;
    d->p = *p;
    d->ser_chunk = lk_ser_time(p, p->chunk);
    snprintf(d->name, sizeof d->name, "%s", name ? name : "link");
    sw_rng_seed(&d->rng, p->seed);
    d->wake_at = SIM_TIME_NEVER;
    sw_ring_init(&d->fc, sizeof(fc_sym));
    sw_ring_init(&d->fl, sizeof(flight) + p->chunk * sizeof(lk_sym));
    sw_ring_init(&d->dr, sizeof(drain));
    return d;
}

void lk_dir_free(lk_dir *d)
{
    if (!d) return;
    sw_ring_free(&d->fc);
    sw_ring_free(&d->fl);
    sw_ring_free(&d->dr);
    free(d->slack);
    free(d);
}

void lk_dir_set_source(lk_dir *d, const lk_source_ops *ops, void *ctx)
{
    d->src = ops;
    d->src_ctx = ctx;
    d->src_end = LK_END_OTHER;
}

void lk_dir_set_sink(lk_dir *d, lk_arrived_fn fn, void *ctx)
{
    d->sink = fn;
    d->sink_ctx = ctx;
    d->sink_idle = NULL;
    d->snk_end = LK_END_OTHER;
}

void lk_dir_set_sink_idle(lk_dir *d, lk_idle_fn fn, void *ctx)
{
    d->sink_idle = fn;
    d->idle_ctx = ctx;
}

void lk_dir_source_is(lk_dir *d, int end) { d->src_end = end; }
void lk_dir_sink_is(lk_dir *d, int end) { d->snk_end = end; }
void lk_dir_sink_place(lk_dir *d, uint32_t place) { d->snk_place = place; }

/* The place of the direction's events (evq.h): the fabric's when both ends
 * are known, for everything but an arrival at an NI, which reaches its
 * card (that NI's place, commit); unknown with a test's source or sink. */
static uint32_t fab_place(const lk_dir *d)
{
    return d->src_end != LK_END_OTHER && d->snk_end != LK_END_OTHER ? EVQ_PLACE_FABRIC : EVQ_PLACE_UNKNOWN;
}

sim_time lk_dir_loud_delay(const lk_dir *d)
{
    sim_time t = SIM_TIME_NEVER;
    if (d->snk_end != LK_END_SWITCH) t = lk_ser_time(&d->p, 1) + d->p.prop;
    if (d->src_end == LK_END_OTHER && d->p.prop < t) t = d->p.prop;
    return t;
}

/* Its events may go ahead: both ends are the fabric's, no written trace. */
static int ahead_ok(const lk_dir *d)
{
    return d->src_end != LK_END_OTHER && d->snk_end != LK_END_OTHER && trace_unwritten();
}

/* An event of the direction that reaches neither NI: ahead when it may. */
static void at_fabric(lk_dir *d, sim_time t, ev_fn fn)
{
    uint32_t was = evq_place_swap(d->q, fab_place(d));
    if (ahead_ok(d)) evq_at_ahead(d->q, t, fn, d);
    else evq_at(d->q, t, fn, d);
    evq_place_swap(d->q, was);
}

void lk_dir_set_progress(lk_dir *d, lk_progress *p) { d->prog = p; }
const char *lk_dir_name(const lk_dir *d) { return d->name; }
const lk_params *lk_dir_params(const lk_dir *d) { return &d->p; }
const lk_stats *lk_dir_stats(const lk_dir *d) { return &d->st; }
unsigned lk_in_flight(const lk_dir *d) { return d->fl.n; }
sim_time lk_tx_free(const lk_dir *d) { return d->tx_free; }

sim_time lk_next_arrival(const lk_dir *d)
{
    /* commit() starts a chunk no earlier than the previous one's end, so
     * arrival times on the wire strictly increase */
    return d->fl.n ? ((const flight *)sw_ring_at(&d->fl, 0))->arrive : SIM_TIME_NEVER;
}
unsigned lk_rx_count(const lk_dir *d) { return d->rx_n; }

static void progress(lk_dir *d, unsigned n)
{
    if (!d->prog || !n) return;
    d->prog->syms += n;
    d->prog->last = evq_now(d->q);
}

/* ---- flow control as seen by the transmitter ---- */

static int stopped_at(lk_dir *d, sim_time s)
{
    sim_time now = evq_now(d->q);
    while (d->fc.n) {
        fc_sym *f = sw_ring_at(&d->fc, 0);
        if (f->t > now) break;
        d->stopped_now = !f->go;
        sw_ring_pop(&d->fc);
    }
    int st = d->stopped_now;
    for (unsigned i = 0; i < d->fc.n; i++) {
        fc_sym *f = sw_ring_at(&d->fc, i);
        if (f->t > s) break;
        st = !f->go;
    }
    return st;
}

int lk_tx_stopped(lk_dir *d)
{
    return stopped_at(d, evq_now(d->q));
}

static void tx_pump(lk_dir *d);

static void on_resume(void *arg)       /* a GO reached the transmitter */
{
    tx_pump(arg);
}

static void on_wake(void *arg)         /* the serialiser is free for a short chunk */
{
    lk_dir *d = arg;
    if (d->wake_at == evq_now(d->q)) d->wake_at = SIM_TIME_NEVER;
    tx_pump(d);
}

/* ---- receiver slack ---- */

static void retire(lk_dir *d)
{
    sim_time now = evq_now(d->q);
    while (d->dr.n) {
        drain *r = sw_ring_at(&d->dr, 0);
        if (r->t > now) break;
        d->dr_total -= r->n;
        sw_ring_pop(&d->dr);
    }
}

unsigned lk_rx_occupancy(lk_dir *d)
{
    retire(d);
    return d->rx_n + d->dr_total;
}

static void send_fc(lk_dir *d, int go)
{
    fc_sym *f = sw_ring_push(&d->fc);
    f->t = evq_now(d->q) + d->p.prop;
    f->go = go;
}

static void check_go(lk_dir *d)
{
    if (d->stop_sent && lk_rx_occupancy(d) < d->p.go_mark) {
        d->stop_sent = 0;
        d->st.gos++;
        send_fc(d, 1);
        at_fabric(d, evq_now(d->q) + d->p.prop, on_resume);
    }
}

static void on_go_check(void *arg)     /* symbols taken ahead of time have now left */
{
    check_go(arg);
}

lk_sym lk_rx_peek(const lk_dir *d, unsigned i)
{
    unsigned k = d->rx_head + i;
    return d->slack[k < d->p.slack ? k : k % d->p.slack];
}

unsigned lk_rx_unit(const lk_dir *d, unsigned max, int *tail)
{
    unsigned n = d->rx_n < max ? d->rx_n : max, k = d->rx_head;
    *tail = 0;
    for (unsigned i = 0; i < n; i++) {
        if (d->slack[k].flags & LK_TAIL) {
            *tail = 1;
            return i + 1;
        }
        if (++k == d->p.slack) k = 0;
    }
    return n;
}

void lk_rx_take(lk_dir *d, lk_sym *out, unsigned n, sim_time when)
{
    if (n > d->rx_n) n = d->rx_n;
    /* symbol by symbol: a chunk's few symbols cost less than two memcpy calls */
    unsigned k = d->rx_head;
    if (out)
        for (unsigned i = 0; i < n; i++) {
            out[i] = d->slack[k];
            if (++k == d->p.slack) k = 0;
        }
    else if ((k += n) >= d->p.slack)
        k -= d->p.slack;
    d->rx_head = k;
    d->rx_n -= n;
    progress(d, n);
    sim_time now = evq_now(d->q);
    if (when > now) {
        drain *r = sw_ring_push(&d->dr);
        r->t = when;
        r->n = n;
        d->dr_total += n;
        if (d->stop_sent) at_fabric(d, when, on_go_check);
    } else {
        check_go(d);
    }
}

static void on_arrival(void *arg)
{
    lk_dir *d = arg;
    flight *f = sw_ring_at(&d->fl, 0);
    unsigned occ = lk_rx_occupancy(d);
    unsigned room = occ < d->p.slack ? d->p.slack - occ : 0;
    unsigned n = f->n;
    if (n > room) {                      /* parameters let the slack overflow */
        d->st.overflows += n - room;
        n = room;
    }
    unsigned k = d->rx_head + d->rx_n;
    if (k >= d->p.slack) k -= d->p.slack;
    for (unsigned i = 0; i < n; i++) {
        d->slack[k] = f->sym[i];
        if (++k == d->p.slack) k = 0;
        if (f->sym[i].flags & LK_TAIL) d->st.tails++;
    }
    d->rx_n += n;
    sw_ring_pop(&d->fl);
    d->st.chunks++;
    d->st.syms += n;
    occ += n;
    if (occ > d->st.max_occ) d->st.max_occ = occ;
    progress(d, n);
    if (!d->stop_sent && occ >= d->p.stop_mark) {
        d->stop_sent = 1;
        d->st.stops++;
        send_fc(d, 0);
        /* symbols already taken ahead of time may bring us below GO */
        for (unsigned i = 0; i < d->dr.n; i++)
            at_fabric(d, ((drain *)sw_ring_at(&d->dr, i))->t, on_go_check);
    }
    if (d->sink) d->sink(d->sink_ctx, d);
    tx_pump(d);
}

/* ---- transmitter ---- */

static void inject_errors(lk_dir *d, flight *f)
{
    if (d->p.loss_prob > 0 && sw_rng_unit(&d->rng) < d->p.loss_prob) {
        d->st.lost_chunks++;
        lk_sym last = f->sym[f->n - 1];
        if (last.flags & LK_TAIL) {       /* the framing survives */
            f->sym[0] = last;
            f->sym[0].byte = 0;
            f->sym[0].flags = LK_TAIL | LK_GAP | LK_LOST;
            f->n = 1;
            d->lost_mark = 0;
        } else {
            /* a chunk never spans two packets: the packet goes on in the
             * next chunk, which tells the receiver bytes are missing */
            f->n = 0;
            d->lost_mark = 1;
        }
        return;
    }
    if (d->lost_mark && f->n) {
        f->sym[0].flags |= LK_LOST;
        d->lost_mark = 0;
    }
    if (d->p.corrupt_prob > 0 && sw_rng_unit(&d->rng) < d->p.corrupt_prob) {
        unsigned i = (unsigned)(sw_rng_next(&d->rng) % f->n);
        if (f->sym[i].flags & LK_GAP) return;
        f->sym[i].byte ^= (uint8_t)(1u << (sw_rng_next(&d->rng) % 8));
        f->sym[i].flags |= LK_CORRUPT;
        d->st.corrupted_chunks++;
    }
}

static void commit(lk_dir *d, sim_time s, unsigned n)
{
    sim_time ser = n == d->p.chunk ? d->ser_chunk : lk_ser_time(&d->p, n);
    flight *f = sw_ring_push(&d->fl);
    f->n = n;
    f->arrive = s + ser + d->p.prop;
    d->src->pull(d->src_ctx, f->sym, n, s, s + ser);
    if (trace_cur) trace_link_chunk(d, f->sym, n, s, s + ser);
    inject_errors(d, f);
    if (d->p.damage) d->p.damage(d->p.damage_ctx, f->sym, f->n);
    d->tx_free = s + ser;
    /* an arrival at an NI reaches its card: loud (lk_dir_loud_delay) and
     * that NI's place, unless the card is certain to ignore it (its receive
     * engine is busy then): then it only fills the slack, sends STOP and
     * pumps this direction, the fabric's own business, so it goes ahead as
     * the fabric's (no lagging core need catch up for it) */
    int idle = d->snk_end == LK_END_NI && ahead_ok(d) && d->sink_idle && d->sink_idle(d->idle_ctx, f->arrive);
    if (idle) d->st.idle_arrivals += !evq_ahead_off(d->q);
    if (d->snk_end == LK_END_SWITCH || idle)
        at_fabric(d, f->arrive, on_arrival);
    else {
        uint32_t was = evq_place_swap(d->q, d->snk_end == LK_END_NI ? d->snk_place : EVQ_PLACE_UNKNOWN);
        evq_at(d->q, f->arrive, on_arrival, d);
        evq_place_swap(d->q, was);
    }
}

static void tx_pump(lk_dir *d)
{
    if (d->pumping || !d->src) return;
    d->pumping = 1;
    sim_time now = evq_now(d->q);
    for (;;) {
        sim_time s = d->tx_free > now ? d->tx_free : now;
        if (stopped_at(d, s)) break;               /* the GO's event pumps again */
        if (d->fl.n) {
            flight *f = sw_ring_at(&d->fl, 0);
            if (s >= f->arrive + d->p.prop) break;  /* that arrival pumps again */
        }
        int end = 0;
        unsigned n = d->src->avail(d->src_ctx, d->p.chunk, &end);
        if (n == 0) break;                          /* the source kicks us */
        if (n < d->p.chunk && !end && s > now) {
            /* a short chunk in the future: more may come before it starts */
            if (d->wake_at != s) {
                d->wake_at = s;
                at_fabric(d, s, on_wake);
            }
            break;
        }
        commit(d, s, n);
    }
    d->pumping = 0;
}

void lk_dir_kick(lk_dir *d)
{
    tx_pump(d);
}
