/* Statistics only (MYRISIM_COSIM_STATS=2): how many core runs a per-node
 * horizon would need (issue 14; docs/speed.md, "A per-node horizon").
 *
 * Every event run is given a place: a node's own domain (its card, or its
 * NI's link endpoint) or a place in the fabric (a switch, a cable). Node k
 * need not stop before time v = t + hops(place, k) * delta for an event at
 * t, delta being the shortest delay of one hop (the smallest propagation
 * delay of any cable; a node's own events count 0 hops). With the
 * events in run order, the horizon of node k after an event is the
 * minimum of v over the events still to come (pending ones are a subset of
 * those: the count is an upper bound), and a core that runs to every new
 * horizon runs once per distinct value of that suffix minimum: the events
 * whose v is below that of every later one. A monotonic stack per node
 * counts them in one pass. The "own" count keeps only a node's own events
 * (the bound if fabric events could be ignored). Events of unknown place
 * (PCI, hosts) that change no card's epoch are counted apart and bound
 * nothing (their node is not known here). */
#include "cosim_internal.h"
#include "../card/card_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const void *p;
    int kind;            /* 1: node's own (v = node), 2: fabric topo node, 3: cable */
    int v;
} hs_key;

typedef struct {
    sim_time *st;        /* monotonic stack of values */
    int n, cap;
    uint64_t pushes, kills;
    uint64_t v;          /* demand-driven scheme: the core's cycle (its next one) */
    uint64_t own, lag;   /* ... its runs before an own event, and to catch up with the lookahead */
} hs_node;

struct hs {
    cosim *s;
    int n, nnode;
    int *hops;           /* hops[k * nnode + topo node] */
    sim_time delta;
    hs_key *map;
    int mapcap;
    hs_node *nd;
    uint64_t *epoch;
    int *ni_of;          /* topo node -> NI index, -1 for a switch */
    uint64_t ev_own, ev_fab, ev_unknown;
    uint64_t write_stops;  /* core runs ended early by their own write (horizon_stats_write_stop) */
    uint64_t vmin;       /* min over the nodes' v (the demand scheme's slowest core) */
    uint64_t lcyc;       /* the lookahead in whole cycles, rounded down */
    double inv_cycle;    /* cycles per ps of the nodes' (shared) clock */
    int fabric_count;    /* 0 with MYRISIM_COSIM_STATS=3 (the count costs O(nodes) an event) */
};

static size_t hh(const void *p, int cap) { return ((uintptr_t)p >> 3) * 0x9E3779B97F4A7C15ull >> 20 & (size_t)(cap - 1); }

static void put(struct hs *h, const void *p, int kind, int v)
{
    size_t i = hh(p, h->mapcap);
    while (h->map[i].p && h->map[i].p != p) i = (i + 1) & (size_t)(h->mapcap - 1);
    h->map[i] = (hs_key){p, kind, v};
}

static const hs_key *get(const struct hs *h, const void *p)
{
    size_t i = hh(p, h->mapcap);
    while (h->map[i].p) {
        if (h->map[i].p == p) return &h->map[i];
        i = (i + 1) & (size_t)(h->mapcap - 1);
    }
    return NULL;
}

/* The first cycle at or after t (to within rounding: this is a count). */
static uint64_t cyc(const struct hs *h, sim_time t) { return (uint64_t)((double)t * h->inv_cycle + 0.999999); }

static void push_v(const struct hs *h, hs_node *k, sim_time v)
{
    /* a core stops only at cycle boundaries: horizons within one cycle are one stop */
    v = cyc(h, v);
    while (k->n && k->st[k->n - 1] >= v) {
        k->n--;
        k->kills++;
    }
    if (k->n == k->cap) {
        k->cap = k->cap ? 2 * k->cap : 64;
        k->st = realloc(k->st, (size_t)k->cap * sizeof *k->st);
    }
    k->st[k->n++] = v;
    k->pushes++;
    if (k->n > 4096) {   /* entries far below the top are final records */
        memmove(k->st, k->st + 2048, (size_t)(k->n - 2048) * sizeof *k->st);
        k->n -= 2048;
    }
}

/* The demand-driven scheme before an event at t: every core whose time
 * plus the lookahead does not pass t catches up to t (a lagging core's
 * write could reach the event's place by then). */
static void lag_check(struct hs *h, sim_time t)
{
    uint64_t c = cyc(h, t);
    if (h->vmin + h->lcyc > c) return;
    uint64_t m = UINT64_MAX;
    for (int j = 0; j < h->n; j++) {
        hs_node *k = &h->nd[j];
        if (k->v + h->lcyc <= c) {
            k->v = c;
            k->lag++;
        }
        if (k->v < m) m = k->v;
    }
    h->vmin = m;
}

static void own_event(struct hs *h, int node, sim_time t)
{
    hs_node *k = &h->nd[node];
    h->ev_own++;
    /* the demand scheme: the core must have run every cycle before t */
    if (k->v < cyc(h, t)) {
        k->v = cyc(h, t);
        k->own++;
    }
    for (int j = 0; j < h->n && h->fabric_count; j++) push_v(h, &h->nd[j], t + (j == node ? 0 : (sim_time)h->hops[j * h->nnode + topo_ni_node(h->s->t, node)] * h->delta));
}

static void observe(void *ctx, sim_time t, ev_fn fn, void *arg)
{
    (void)fn;
    struct hs *h = ctx;
    lag_check(h, t);
    const hs_key *k = get(h, arg);
    if (!k) {
        for (int i = 0; i < h->n; i++)
            if (card_epoch(h->s->nd[i].card) != h->epoch[i]) {
                h->epoch[i] = card_epoch(h->s->nd[i].card);
                own_event(h, i, t);
                return;
            }
        h->ev_unknown++;
        return;
    }
    if (k->kind == 1) {
        h->epoch[k->v] = card_epoch(h->s->nd[k->v].card);
        own_event(h, k->v, t);
        return;
    }
    const topo *tp = h->s->t;
    if (k->kind == 3) {
        /* a cable's event reaches an NI's card at once when it changes it */
        int ends[2] = {tp->cable[k->v].a, tp->cable[k->v].b};
        for (int e = 0; e < 2; e++) {
            int i = h->ni_of[ends[e]];
            if (i >= 0 && card_epoch(h->s->nd[i].card) != h->epoch[i]) {
                h->epoch[i] = card_epoch(h->s->nd[i].card);
                own_event(h, i, t);
                return;
            }
        }
    }
    h->ev_fab++;
    for (int j = 0; j < h->n && h->fabric_count; j++) {
        int d;
        if (k->kind == 2) d = h->hops[j * h->nnode + k->v];
        else {
            int a = h->hops[j * h->nnode + tp->cable[k->v].a], b = h->hops[j * h->nnode + tp->cable[k->v].b];
            d = a < b ? a : b;
        }
        push_v(h, &h->nd[j], t + (sim_time)d * h->delta);
    }
}

struct hs *horizon_stats_new(cosim *s, int demand_only)
{
    struct hs *h = calloc(1, sizeof *h);
    h->fabric_count = !demand_only;
    const topo *t = s->t;
    h->s = s;
    h->n = s->n;
    h->nnode = t->nnode;
    h->hops = malloc(sizeof(int) * (size_t)h->n * (size_t)t->nnode);
    int *queue = malloc(sizeof(int) * (size_t)t->nnode);
    for (int k = 0; k < h->n; k++) {
        int *d = h->hops + (size_t)k * (size_t)t->nnode;
        for (int v = 0; v < t->nnode; v++) d[v] = -1;
        int qh = 0, qt = 0, src = topo_ni_node(t, k);
        d[src] = 0;
        queue[qt++] = src;
        while (qh < qt) {
            int u = queue[qh++];
            for (int c = 0; c < t->ncable; c++) {
                int w = t->cable[c].a == u ? t->cable[c].b : t->cable[c].b == u ? t->cable[c].a : -1;
                if (w >= 0 && d[w] < 0) {
                    d[w] = d[u] + 1;
                    queue[qt++] = w;
                }
            }
        }
        for (int v = 0; v < t->nnode; v++)
            if (d[v] < 0) d[v] = 1 << 20;
    }
    free(queue);
    h->delta = SIM_TIME_NEVER;
    h->inv_cycle = (double)s->prof->clock_hz / 1e12;
    h->lcyc = (uint64_t)((double)s->L * h->inv_cycle);
    h->mapcap = 1;
    while (h->mapcap < 4 * (t->ncable * 2 + t->nnode * (1 + XBAR_MAX_PORTS) + h->n * 2)) h->mapcap *= 2;
    h->map = calloc((size_t)h->mapcap, sizeof *h->map);
    for (int c = 0; c < t->ncable; c++)
        for (int dir = 0; dir < 2; dir++) {
            lk_dir *ld = fabric_link(s->f, c, dir);
            if (lk_dir_params(ld)->prop < h->delta) h->delta = lk_dir_params(ld)->prop;
            put(h, ld, 3, c);
        }
    for (int v = 0; v < t->nnode; v++)
        if (t->node[v].kind == TOPO_SWITCH && fabric_switch(s->f, v)) {
            const xbar *x = fabric_switch(s->f, v);
            put(h, x, 2, v);
            for (unsigned p = 0; p < xbar_nports(x); p++) put(h, xbar_event_arg(x, p), 2, v);   /* its inputs' events */
        }
    for (int i = 0; i < h->n; i++) {
        put(h, fabric_ep(s->f, i), 1, i);
        put(h, s->nd[i].card, 1, i);
    }
    h->ni_of = malloc(sizeof(int) * (size_t)t->nnode);
    for (int v = 0; v < t->nnode; v++) h->ni_of[v] = -1;
    for (int i = 0; i < h->n; i++) h->ni_of[topo_ni_node(t, i)] = i;
    size_t nn = h->n > 0 ? (size_t)h->n : 0;   /* (gcc's LTO cannot tell n is never negative) */
    h->nd = calloc(nn, sizeof *h->nd);
    h->epoch = calloc(nn, sizeof *h->epoch);
    for (int i = 0; i < h->n; i++) h->epoch[i] = card_epoch(s->nd[i].card);
    evq_set_observer(s->q, observe, h);
    return h;
}

void horizon_stats_free(struct hs *h, sim_time end)
{
    if (!h) return;
    uint64_t runs = 0, own = 0, lag = 0;
    for (int i = 0; i < h->n; i++) {
        runs += h->nd[i].pushes - h->nd[i].kills;
        own += h->nd[i].own;
        lag += h->nd[i].lag;
        free(h->nd[i].st);
    }
    (void)end;
    fprintf(stderr, "cosim stats: per-node horizon, fabric-distance bound (%llu ps a hop): %llu core stops; "
            "demand-driven: %llu runs before own events + %llu lookahead catch-ups + %llu stops after a write; "
            "events own %llu, fabric %llu, unknown %llu\n", (unsigned long long)h->delta, (unsigned long long)runs,
            (unsigned long long)own, (unsigned long long)lag, (unsigned long long)h->write_stops,
            (unsigned long long)h->ev_own, (unsigned long long)h->ev_fab, (unsigned long long)h->ev_unknown);
    free(h->nd);
    free(h->epoch);
    free(h->map);
    free(h->hops);
    free(h->ni_of);
    free(h);
}

void horizon_stats_write_stop(struct hs *h) { h->write_stops++; }
