/* Fabric construction and the deadlock snapshot. */
#include "fabric.h"

#include "rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fabric {
    evq *q;
    const topo *t;
    fabric_opts o;
    int *map;
    route_set rs;
    int nni;
    int *ni_node;
    const char **ni_names;
    lk_ep **ep;                /* per NI */
    xbar **sw;                 /* per node, NULL for NIs */
    lk_dir **dir;              /* per cable * 2 + dir */
    lk_progress prog;
    evq_floors *floors;        /* the NIs' send-done floors (endpoint.h) */
};

void fabric_opts_default(fabric_opts *o)
{
    *o = (fabric_opts){.ps_per_m = LK_PS_PER_M, .algo = ROUTE_UPDOWN, .seed = 1};
    lk_params_default(&o->link, LK_SAN1280, LK_DEFAULT_LENGTH);
    xbar_params_default(&o->sw, 16);
}

static void *xcalloc(size_t n, size_t sz)
{
    void *p = calloc(n ? n : 1, sz);
    if (!p) {
        fprintf(stderr, "myrisim: out of memory building the fabric\n");
        exit(3);
    }
    return p;
}

/* Tag packets with the NI their route leads to. */
static unsigned dest_of(void *ctx, unsigned src, const uint8_t *seg, unsigned len)
{
    fabric *f = ctx;
    int node = route_walk(f->t, f->map, f->ni_node[src], seg, len, NULL);
    int ni = node >= 0 ? topo_ni_index(f->t, node) : -1;
    return ni >= 0 ? (unsigned)ni : LK_NO_NODE;
}

static void end_name(const topo *t, int node, unsigned port, char *buf, size_t n)
{
    if (t->node[node].kind == TOPO_NI) snprintf(buf, n, "%s", t->node[node].name);
    else snprintf(buf, n, "%s.p%u", t->node[node].name, port);
}

fabric *fabric_new(evq *q, const topo *t, const fabric_opts *o, char *err, size_t errlen)
{
    char why[512];
    if (topo_validate(t, why, sizeof why)) {
        snprintf(err, errlen, "topology: %s", why);
        return NULL;
    }
    fabric *f = xcalloc(1, sizeof *f);
    f->q = q;
    f->t = t;
    f->o = *o;
    if (route_compute(t, o->algo, &f->rs, why, sizeof why)) {
        snprintf(err, errlen, "routes: %s", why);
        free(f);
        return NULL;
    }
    f->map = topo_port_map(t);
    f->nni = topo_ni_count(t);
    f->ni_node = xcalloc((size_t)f->nni, sizeof *f->ni_node);
    f->ni_names = xcalloc((size_t)f->nni, sizeof *f->ni_names);
    f->ep = xcalloc((size_t)f->nni, sizeof *f->ep);
    f->sw = xcalloc((size_t)t->nnode, sizeof *f->sw);
    f->dir = xcalloc((size_t)t->ncable * 2, sizeof *f->dir);

    for (int c = 0; c < t->ncable; c++) {
        const topo_cable *k = &t->cable[c];
        for (int d = 0; d < 2; d++) {
            lk_params p = o->link;
            p.rate = lk_kind_rate(k->kind);
            p.prop = (sim_time)(k->length_m * (double)o->ps_per_m + 0.5);
            sw_rng mix;
            sw_rng_seed(&mix, o->seed ^ ((uint64_t)(c * 2 + d) << 32));
            p.seed = sw_rng_next(&mix);
            char a[40], b[40], name[96];
            int from = d ? k->b : k->a, to = d ? k->a : k->b;
            end_name(t, from, d ? k->pb : k->pa, a, sizeof a);
            end_name(t, to, d ? k->pa : k->pb, b, sizeof b);
            snprintf(name, sizeof name, "%s->%s", a, b);
            f->dir[c * 2 + d] = lk_dir_new(q, &p, name, why, sizeof why);
            if (!f->dir[c * 2 + d]) {
                snprintf(err, errlen, "cable %d (%s, %s, %.1f m): %s", c, name,
                         lk_kind_name(k->kind), k->length_m, why);
                fabric_free(f);
                return NULL;
            }
            lk_dir_set_progress(f->dir[c * 2 + d], &f->prog);
        }
    }
    for (int n = 0; n < t->nnode; n++) {
        if (t->node[n].kind != TOPO_SWITCH) continue;
        xbar_params sp = o->sw;
        sp.nports = t->node[n].nports;
        f->sw[n] = xbar_new(q, &sp, t->node[n].name, why, sizeof why);
        if (!f->sw[n]) {
            snprintf(err, errlen, "%s", why);
            fabric_free(f);
            return NULL;
        }
    }
    for (int i = 0; i < f->nni; i++) {
        f->ni_node[i] = topo_ni_node(t, i);
        f->ni_names[i] = t->node[f->ni_node[i]].name;
        f->ep[i] = ep_new(q, (unsigned)i, f->ni_names[i]);
        ep_set_dest_fn(f->ep[i], dest_of, f);
    }
    /* wire each cable end: a->b leaves a and arrives at b */
    for (int c = 0; c < t->ncable; c++) {
        const topo_cable *k = &t->cable[c];
        lk_dir *ab = f->dir[c * 2], *ba = f->dir[c * 2 + 1];
        for (int e = 0; e < 2; e++) {
            int node = e ? k->b : k->a;
            unsigned port = e ? k->pb : k->pa;
            lk_dir *out = e ? ba : ab, *in = e ? ab : ba;
            if (f->sw[node]) xbar_attach(f->sw[node], port, in, out);
            else ep_attach(f->ep[topo_ni_index(t, node)], out, in);
        }
    }
    /* events ahead (link.c, xbar.c): the least delay from one to a loud
     * event, over every direction, and the NIs' send-done floors */
    sim_time la = SIM_TIME_NEVER;
    for (int c = 0; c < t->ncable * 2; c++) {
        sim_time d = lk_dir_loud_delay(f->dir[c]);
        if (d < la) la = d;
    }
    if (la == SIM_TIME_NEVER) la = 0;
    if (!evq_lookahead(q) || la < evq_lookahead(q)) evq_set_lookahead(q, la);
    sim_time lead = SIM_TIME_NEVER;   /* a send-done ends at least one symbol after its pull */
    for (int i = 0; i < f->nni; i++) {
        lk_dir *tx = f->ep[i] ? ep_tx_link(f->ep[i]) : NULL;
        if (tx && lk_ser_time(lk_dir_params(tx), 1) < lead) lead = lk_ser_time(lk_dir_params(tx), 1);
    }
    f->floors = evq_floors_new(q, f->nni, lead == SIM_TIME_NEVER ? 0 : lead);
    for (int i = 0; i < f->nni; i++) ep_set_floor(f->ep[i], f->floors, i);
    return f;
}

void fabric_free(fabric *f)
{
    if (!f) return;
    for (int i = 0; i < f->nni; i++) ep_free(f->ep ? f->ep[i] : NULL);
    for (int n = 0; f->sw && n < f->t->nnode; n++) xbar_free(f->sw[n]);
    for (int c = 0; f->dir && c < f->t->ncable * 2; c++) lk_dir_free(f->dir[c]);
    evq_floors_free(f->floors);
    route_free(&f->rs);
    free(f->map);
    free(f->ni_node);
    free(f->ni_names);
    free(f->ep);
    free(f->sw);
    free(f->dir);
    free(f);
}

const topo *fabric_topo(const fabric *f) { return f->t; }
const route_set *fabric_routes(const fabric *f) { return &f->rs; }
int fabric_ni_count(const fabric *f) { return f->nni; }
lk_ep *fabric_ep(const fabric *f, int ni) { return ni >= 0 && ni < f->nni ? f->ep[ni] : NULL; }
xbar *fabric_switch(const fabric *f, int node) { return node >= 0 && node < f->t->nnode ? f->sw[node] : NULL; }
const lk_progress *fabric_progress(const fabric *f) { return &f->prog; }

lk_dir *fabric_link(const fabric *f, int cable, int dir)
{
    if (cable < 0 || cable >= f->t->ncable || dir < 0 || dir > 1) return NULL;
    return f->dir[cable * 2 + dir];
}

uint64_t fabric_overflows(const fabric *f)
{
    uint64_t n = 0;
    for (int c = 0; c < f->t->ncable * 2; c++) n += lk_dir_stats(f->dir[c])->overflows;
    return n;
}

void fabric_xbar_totals(const fabric *f, xbar_stats *sum)
{
    *sum = (xbar_stats){0};
    for (int i = 0; i < f->t->nnode; i++) {
        if (!f->sw[i]) continue;
        const xbar_stats *x = xbar_get_stats(f->sw[i]);
        sum->forwarded += x->forwarded;
        sum->bad_route += x->bad_route;
        sum->runts += x->runts;
        sum->timeouts += x->timeouts;
        sum->truncated += x->truncated;
    }
}

/* "switch drops: 156 blocked-packet timeouts (12 truncated), 0 bad routes,
 * 0 runts; timeouts by switch: sw19 3, sw24 20, ...", the list cut to fit. */
const char *fabric_drop_summary(const fabric *f, char *buf, size_t n)
{
    xbar_stats t;
    fabric_xbar_totals(f, &t);
    if (!n) return buf;
    buf[0] = 0;
    if (!t.timeouts && !t.bad_route && !t.runts) return buf;
    size_t k = (size_t)snprintf(buf, n, "switch drops: %llu blocked-packet timeouts (%llu truncated), %llu bad routes, %llu runts",
                                (unsigned long long)t.timeouts, (unsigned long long)t.truncated,
                                (unsigned long long)t.bad_route, (unsigned long long)t.runts);
    const char *sep = "; timeouts by switch:";
    for (int i = 0; i < f->t->nnode && k < n; i++) {
        if (!f->sw[i] || !xbar_get_stats(f->sw[i])->timeouts) continue;
        int w = snprintf(buf + k, n - k, "%s %s %llu", sep, xbar_name(f->sw[i]),
                         (unsigned long long)xbar_get_stats(f->sw[i])->timeouts);
        if (w < 0 || (size_t)w >= n - k) {   /* keep whole entries only */
            buf[k] = 0;
            break;
        }
        k += (size_t)w;
        sep = ",";
    }
    return buf;
}

uint64_t fabric_chunks(const fabric *f)
{
    uint64_t n = 0;
    for (int c = 0; c < f->t->ncable * 2; c++) n += lk_dir_stats(f->dir[c])->chunks;
    return n;
}

/* Channel leaving (node, port), or arriving at it. */
static int chan_out(const fabric *f, int node, unsigned port)
{
    int c = f->map[node * TOPO_MAX_PORTS + (int)port];
    if (c < 0) return -1;
    const topo_cable *k = &f->t->cable[c];
    return c * 2 + ((k->a == node && k->pa == port) ? 0 : 1);
}

static int chan_in(const fabric *f, int node, unsigned port)
{
    int c = chan_out(f, node, port);
    return c < 0 ? -1 : c ^ 1;
}

void fabric_snapshot(fabric *f, dl_state *s)
{
    const topo *t = f->t;
    int n = t->ncable * 2;
    *s = (dl_state){.ch = xcalloc((size_t)n, sizeof(dl_channel)), .n = n,
                    .ni_names = f->ni_names, .nni = f->nni, .now = evq_now(f->q),
                    .last_progress = f->prog.last, .progress = f->prog.syms};
    for (int i = 0; i < n; i++) {
        const topo_cable *k = &t->cable[i / 2];
        lk_dir *d = f->dir[i];
        dl_channel *c = &s->ch[i];
        int to = (i & 1) ? k->a : k->b;
        unsigned to_port = (i & 1) ? k->pa : k->pb;
        snprintf(c->name, sizeof c->name, "%s", lk_dir_name(d));
        snprintf(c->at, sizeof c->at, "%s", t->node[to].name);
        c->in_port = (int)to_port;
        c->port = -1;
        c->waits_on = -1;
        c->occ = lk_rx_occupancy(d);
        c->slack = lk_dir_params(d)->slack;
        c->stopped = lk_tx_stopped(d);
        if (lk_rx_count(d)) {
            c->has_pkt = 1;
            c->pkt = lk_rx_peek(d, 0);
        }
        if (!f->sw[to]) {
            if (lk_rx_count(d)) c->why = DL_REFUSES;
            continue;
        }
        xbar_port_info info;
        xbar_port_info_get(f->sw[to], to_port, &info);
        if (info.state != XIN_FORWARD && info.state != XIN_WAITING) continue;
        c->has_pkt = 1;
        c->pkt = info.head;
        c->port = info.out;
        c->since = info.since;
        int out_ch = chan_out(f, to, (unsigned)info.out);
        if (info.state == XIN_FORWARD) {
            c->why = DL_HOLDS;
            if (lk_rx_count(d) && out_ch >= 0 && lk_tx_stopped(f->dir[out_ch])) c->waits_on = out_ch;
        } else {
            int closing;
            int owner = xbar_out_owner(f->sw[to], (unsigned)info.out, &closing);
            c->why = DL_WAITS;
            if (owner >= 0) c->waits_on = chan_in(f, to, (unsigned)owner);
            else if (closing && out_ch >= 0 && lk_tx_stopped(f->dir[out_ch])) c->waits_on = out_ch;
        }
    }
}

void fabric_snapshot_free(dl_state *s)
{
    free(s->ch);
    s->ch = NULL;
    s->n = 0;
}

int fabric_deadlock_report(fabric *f, char *buf, size_t n)
{
    dl_state s;
    fabric_snapshot(f, &s);
    int r = dl_report(&s, buf, n);
    fabric_snapshot_free(&s);
    return r;
}
