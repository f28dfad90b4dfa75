/* grim_mc_churn: GRIM multicast membership while traffic flows (issue 15's
 * test). Every node derives the same plan from SEED: node 0 owns the tree
 * (it looks it up first) and sends; SENDERS - 1 other nodes send too; node 1
 * (the anchor) is a member from the start to the end; every other node is a
 * member at the start with probability 1/2, and CHANGES times, at random
 * moments while the traffic flows, a random node of 2..N-1 joins (if it is
 * out) or leaves (if it is in). Each sender multicasts COUNT messages, one
 * every GAP_US (jittered), of random sizes: one in eight up to BYTES (so
 * fragmented), the rest up to 2 KB; payloads carry a pattern of (sender,
 * index, byte).
 *
 * Membership is the root's ticket order relative to each update: an NI
 * takes a tree's messages in that one order, so an endpoint gets exactly
 * the messages stamped while it was subscribed. A leave is immediate at
 * the leaving endpoint (its host clears its NI's mask before the owner
 * hears of it); a join counts from the update that adds its NI. A
 * fragmented message a member joined or left in the middle of is dropped
 * whole by the library (grim_stats.mc_partial), never delivered in part.
 *
 * Every receiver logs the messages it gets (intact? seen before?) and sends
 * its log to node 0, which checks: the anchor got every message once (its
 * log is the tree's total order O) and each sender's in order; every log is
 * a subsequence of O (one total order); in O, each log forms at most
 * 2 x I - 1 runs for a node with I subscription intervals (a run may step
 * over a fragmented message only: the one a join or leave cut), so nobody
 * misses a message stamped while it was subscribed; nodes never subscribed
 * got nothing. Why 2 x I - 1, not I: what an NI delivers is its tree
 * membership in the root's order AND its host's mask when the message
 * arrives; a leave clears the mask at once, so a node that leaves and
 * rejoins before its leave's update is stamped gets the messages between
 * its rejoin and that update (still a member in the root's order), misses
 * those between the two updates, and gets everything after the second: a
 * leave can add one run. Reported: messages, received, bad (damaged or duplicated),
 * order_bad, run_bad, missing (anchor), outsider (copies to never-members),
 * cut (fragmented messages stepped over), partial (library drops), joins,
 * leaves. TREES (default 1): node 0 first creates TREES - 1 idle trees, so
 * the traffic's tree is the table's entry TREES - 1 (the firmware holds
 * GRIM_MC_TREES; a scenario asking for more is refused, happ_limits.c).
 * DRAIN_US: how long every node keeps polling once every node has made its last send, join
 * and leave (a barrier).
 * OWNER = 1: node 0 (the owner; NI 0 is the root whenever it is in, so its
 * joins and leaves move the root while traffic flows) is a member at the
 * start with probability 1/2 and joins and leaves too; its own log is judged
 * like the others. (The tree's tickets are stamped by its first root, its
 * sequencer, for the tree's life: docs/grim.md "Tickets and the sequencer".) */
#include "app_grim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CH_NODES 64
#define CH_MAX_SENDERS 8
#define CH_MAX_MSGS 512            /* SENDERS x COUNT */
#define CH_MAX_CHANGES 64

typedef struct {
    uint32_t seed;
} rng;

static uint32_t rnd(rng *r, uint32_t n)
{
    r->seed = r->seed * 1664525u + 1013904223u;
    uint32_t x = r->seed ^ (r->seed >> 15);
    return n ? (x >> 8) % n : 0;
}

typedef struct {
    uint32_t nodes, senders, count, bytes, gap_us, nchanges, owner;
    uint32_t sender[CH_MAX_SENDERS];
    uint8_t initial[CH_NODES];          /* member at the start */
    uint32_t ch_time[CH_MAX_CHANGES], ch_node[CH_MAX_CHANGES];
    uint32_t size[CH_MAX_MSGS], at_us[CH_MAX_MSGS];   /* message s*count+k */
    uint32_t end_us;                    /* the last send */
} plan;

static uint8_t pat(uint32_t s, uint32_t k, uint32_t i) { return (uint8_t)(s * 89u + k * 13u + i * 7u + (i >> 9)); }

static void make_plan(plan *pl, uint32_t seed)
{
    rng r = {seed * 2654435761u + 12345u};
    for (int i = 0; i < 4; i++) rnd(&r, 1);
    memset(pl->initial, 0, sizeof pl->initial);
    pl->initial[1] = 1;
    for (uint32_t n = 2; n < pl->nodes; n++) pl->initial[n] = (uint8_t)rnd(&r, 2);
    if (pl->owner) pl->initial[0] = (uint8_t)rnd(&r, 2);
    pl->sender[0] = 0;
    for (uint32_t s = 1; s < pl->senders; s++) {
        uint32_t n;
        int dup;
        do {                            /* distinct senders */
            n = 1 + rnd(&r, pl->nodes - 1);
            dup = 0;
            for (uint32_t t = 0; t < s; t++) dup |= pl->sender[t] == n;
        } while (dup);
        pl->sender[s] = n;
    }
    pl->end_us = 0;
    for (uint32_t s = 0; s < pl->senders; s++) {
        uint32_t t = 0;
        for (uint32_t k = 0; k < pl->count; k++) {
            uint32_t i = s * pl->count + k;
            pl->size[i] = rnd(&r, 8) == 0 ? rnd(&r, pl->bytes + 1) : rnd(&r, 2049);
            t += pl->gap_us / 2 + rnd(&r, pl->gap_us + 1);
            pl->at_us[i] = t;
        }
        if (t > pl->end_us) pl->end_us = t;
    }
    if (pl->nodes <= 2 && !pl->owner) pl->nchanges = 0;   /* nobody but the anchor to change */
    for (uint32_t c = 0; c < pl->nchanges; c++) {
        pl->ch_time[c] = rnd(&r, pl->end_us + 1);
        if (pl->owner) {                /* any node but the anchor, node 0 too */
            uint32_t n = rnd(&r, pl->nodes - 1);
            pl->ch_node[c] = n ? n + 1 : 0;
        } else
            pl->ch_node[c] = pl->nodes > 2 ? 2 + rnd(&r, pl->nodes - 2) : 1;
    }
}

typedef struct {
    const plan *pl;
    uint32_t h_data, h_log;
    uint16_t log[CH_MAX_MSGS];
    uint32_t nlog, bad;
    uint8_t seen[CH_MAX_MSGS];
    /* node 0: the logs as they come */
    uint16_t *logs[CH_NODES];
    uint32_t nlogs[CH_NODES], bads[CH_NODES], partial, reports;
} churn;

static void on_data(grim *g, const grim_am *m, void *ctx)
{
    (void)g;
    churn *c = ctx;
    const plan *pl = c->pl;
    uint32_t s = m->arg[0], k = m->arg[1], i = s * pl->count + k;
    if (s >= pl->senders || k >= pl->count) {
        c->bad++;
        return;
    }
    int ok = m->len == pl->size[i] && m->arg[2] == i;
    for (uint32_t b = 0; ok && b < m->len; b++) ok = m->data[b] == pat(s, k, b);
    if (!ok || c->seen[i]) c->bad++;
    c->seen[i] = 1;
    if (c->nlog < CH_MAX_MSGS) c->log[c->nlog++] = (uint16_t)i;
}

static void on_log(grim *g, const grim_am *m, void *ctx)
{
    churn *c = ctx;
    uint32_t n = m->arg[0];
    if (n >= CH_NODES || m->len != m->arg[1] * 2u || c->logs[n]) {
        grim_abort(g, "grim_mc_churn: a malformed log report");
        return;
    }
    c->logs[n] = malloc(m->len + 2u);
    if (!c->logs[n]) return;
    memcpy(c->logs[n], m->data, m->len);
    c->nlogs[n] = m->arg[1];
    c->bads[n] = m->arg[2];
    c->partial += m->arg[3];
    c->reports++;
}

static int poll_until(grim *g, sim_time t)
{
    platform *p = grim_platform(g);
    while (plat_now(p) < t)
        if (grim_poll_idle(g, t - plat_now(p)) < 0) return -1;
    return 0;
}

/* Node 0's verdict on the logs (see the top). */
static void judge(happ_env *e, churn *c, const plan *pl, const uint32_t *intervals, const uint8_t *ever)
{
    uint32_t total = pl->senders * pl->count, pos[CH_MAX_MSGS], received = 0, bad = 0, order_bad = 0, run_bad = 0,
             missing = 0, outsider = 0, cut = 0;
    for (uint32_t i = 0; i < total; i++) pos[i] = ~0u;
    const uint16_t *o = c->logs[1];
    for (uint32_t j = 0; j < c->nlogs[1]; j++)
        if (o[j] < total && pos[o[j]] == ~0u) pos[o[j]] = j;
    for (uint32_t i = 0; i < total; i++) missing += pos[i] == ~0u;
    for (uint32_t s = 0; s < pl->senders; s++)   /* each sender's messages in its order */
        for (uint32_t k = 1; k < pl->count; k++) {
            uint32_t a = pos[s * pl->count + k - 1], b = pos[s * pl->count + k];
            if (a != ~0u && b != ~0u && a > b) order_bad++;
        }
    /* a run may step over a message that was fragmented (only the big ones:
     * the small ones, up to 2 KB, fit one fragment: FRAG > 2 KB + header) */
    for (uint32_t n = 0; n < pl->nodes; n++) {
        received += c->nlogs[n];
        bad += c->bads[n];
        if (!ever[n]) {
            outsider += c->nlogs[n];
            continue;
        }
        uint32_t runs = 0, last = ~0u;
        for (uint32_t j = 0; j < c->nlogs[n]; j++) {
            uint32_t q = c->logs[n][j] < total ? pos[c->logs[n][j]] : ~0u;
            if (q == ~0u || (last != ~0u && q <= last)) {
                order_bad++;
                continue;
            }
            int joined = last != ~0u;
            for (uint32_t x = last + 1; joined && x < q; x++) {   /* what the run steps over */
                if (pl->size[o[x]] > 2048u) cut++;
                else joined = 0;
            }
            runs += !joined;
            last = q;
        }
        if (runs > 2u * intervals[n] - 1u) run_bad++;
    }
    happ_measure(e, "messages", (double)total);
    happ_measure(e, "received", (double)received);
    happ_measure(e, "bad", (double)bad);
    happ_measure(e, "order_bad", (double)order_bad);
    happ_measure(e, "run_bad", (double)run_bad);
    happ_measure(e, "missing", (double)missing);
    happ_measure(e, "outsider", (double)outsider);
    happ_measure(e, "cut", (double)cut);
    happ_measure(e, "partial", (double)c->partial);
}

static int run(platform *p, happ_env *e)
{
    grim_options o;
    long long seed, count, bytes, senders, changes, gap, drain, trees, owner;
    if (gapp_options(e, &o) || happ_int(e, "SEED", 1, &seed) || happ_int(e, "COUNT", 12, &count) ||
        happ_int(e, "BYTES", 65536, &bytes) || happ_int(e, "SENDERS", 2, &senders) || happ_int(e, "CHANGES", 4, &changes) ||
        happ_int(e, "GAP_US", 300, &gap) || happ_int(e, "DRAIN_US", 20000, &drain) ||
        happ_int(e, "TREES", 1, &trees) || happ_int(e, "OWNER", 0, &owner))
        return -1;
    if (bytes < 0 || bytes > (1 << 20)) return happ_fail(e, "BYTES = %lld: 0..1 MB", bytes);
    if (senders < 1 || senders > CH_MAX_SENDERS || count < 1 || senders * count > CH_MAX_MSGS)
        return happ_fail(e, "SENDERS 1..%d, COUNT >= 1, SENDERS x COUNT <= %d", CH_MAX_SENDERS, CH_MAX_MSGS);
    if (changes < 0 || changes > CH_MAX_CHANGES) return happ_fail(e, "CHANGES = %lld: 0..%d", changes, CH_MAX_CHANGES);
    if (gap < 1 || gap > 1000000) return happ_fail(e, "GAP_US = %lld: 1..1e6", gap);
    if (drain < 0 || drain > 10000000) return happ_fail(e, "DRAIN_US = %lld: 0..1e7", drain);
    if (owner < 0 || owner > 1) return happ_fail(e, "OWNER = %lld: 0 or 1", owner);
    if (trees < 1 || trees > GRIM_MC_TREES) return happ_fail(e, "TREES = %lld: 1..%u", trees, GRIM_MC_TREES);
    if (!o.mcast) return happ_fail(e, "grim_mc_churn needs MCAST = 1 (and a grim_mc image)");
    grim *g = gapp_open(p, e, &o);
    if (!g) return -1;
    uint32_t me = grim_getMyVNN(g), lc = o.lc;
    plan *pl = calloc(1, sizeof *pl);   /* (nodes share the process: nothing static) */
    if (!pl) return gapp_close(g, e, happ_fail(e, "out of memory"));
    pl->nodes = grim_nodes(g);
    pl->senders = (uint32_t)senders;
    pl->count = (uint32_t)count;
    pl->bytes = (uint32_t)bytes;
    pl->gap_us = (uint32_t)gap;
    pl->nchanges = (uint32_t)changes;
    pl->owner = (uint32_t)owner;
    if (pl->nodes < 2 || pl->nodes > CH_NODES || pl->senders > pl->nodes)
        return gapp_close(g, e, happ_fail(e, "grim_mc_churn: 2..%d nodes, SENDERS <= nodes", CH_NODES));
    make_plan(pl, (uint32_t)seed);
    churn *c = calloc(1, sizeof *c);
    uint8_t *buf = plat_alloc(p, (uint32_t)bytes + 8);
    if (!c || !buf) return gapp_close(g, e, happ_fail(e, "out of memory"));
    c->pl = pl;
    int rc = 0, sender = -1;
    for (uint32_t s = 0; s < pl->senders; s++)
        if (pl->sender[s] == me) sender = (int)s;
    /* who is subscribed when: intervals per node, and whether ever */
    uint32_t intervals[CH_NODES] = {0};
    uint8_t ever[CH_NODES] = {0}, in[CH_NODES];
    memcpy(in, pl->initial, sizeof in);
    uint32_t order[CH_MAX_CHANGES];
    for (uint32_t i = 0; i < pl->nchanges; i++) order[i] = i;
    for (uint32_t i = 1; i < pl->nchanges; i++)   /* changes in time order (stable) */
        for (uint32_t j = i; j > 0 && pl->ch_time[order[j]] < pl->ch_time[order[j - 1]]; j--) {
            uint32_t t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    for (uint32_t n = 0; n < pl->nodes; n++) intervals[n] = ever[n] = in[n];
    for (uint32_t i = 0; i < pl->nchanges; i++) {
        uint32_t n = pl->ch_node[order[i]];
        in[n] ^= 1u;
        if (in[n]) intervals[n]++, ever[n] = 1;
    }
    uint32_t tree = 0;
    if (grim_register_handler(g, on_data, c, "ch_data") || grim_register_handler(g, on_log, c, "ch_log") ||
        grim_syncHandlers(g) || grim_resolveHandler(g, "ch_data", &c->h_data) || grim_resolveHandler(g, "ch_log", &c->h_log))
        rc = gapp_fail(e, g, "handlers");
    for (long long t = 1; rc == 0 && me == 0 && t < trees; t++) {   /* idle trees before it: a fuller table */
        char name[32];
        snprintf(name, sizeof name, "idle%d", (int)t);
        if (grim_findMulticastTree(g, name, &tree)) rc = gapp_fail(e, g, "find");
    }
    if (rc == 0 && me == 0 && grim_findMulticastTree(g, "churn", &tree)) rc = gapp_fail(e, g, "find");
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "barrier");
    if (rc == 0 && pl->initial[me] && grim_subscribeMulticastByName(g, "churn", 1u << lc, &tree)) rc = gapp_fail(e, g, "subscribe");
    if (rc == 0 && !pl->initial[me] && me != 0 && grim_findMulticastTree(g, "churn", &tree)) rc = gapp_fail(e, g, "find");
    if (rc == 0 && (poll_until(g, plat_now(p) + SIM_US(500)) || grim_barrier(g))) rc = gapp_fail(e, g, "settle");
    /* the traffic and this node's joins and leaves, in time order */
    sim_time t0 = plat_now(p);
    int member = pl->initial[me];
    uint32_t k = 0, ci = 0;
    while (rc == 0) {
        while (ci < pl->nchanges && pl->ch_node[order[ci]] != me) ci++;
        uint32_t ts = sender >= 0 && k < pl->count ? pl->at_us[(uint32_t)sender * pl->count + k] : ~0u;
        uint32_t tc = ci < pl->nchanges ? pl->ch_time[order[ci]] : ~0u;
        if (ts == ~0u && tc == ~0u) break;
        if (poll_until(g, t0 + SIM_US(ts < tc ? ts : tc))) {
            rc = gapp_fail(e, g, "poll");
            break;
        }
        if (tc <= ts) {
            if (member ? grim_unsubscribeMulticast(g, tree, 1u << lc) : grim_subscribeMulticast(g, tree, 1u << lc))
                rc = gapp_fail(e, g, member ? "leave" : "join");
            member = !member;
            ci++;
        } else {
            uint32_t i = (uint32_t)sender * pl->count + k, n = pl->size[i];
            for (uint32_t b = 0; b < n; b++) buf[b] = pat((uint32_t)sender, k, b);
            if (grim_sendMC(g, tree, c->h_data, (uint32_t)sender, k, i, 0, buf, n)) rc = gapp_fail(e, g, "sendMC");
            k++;
        }
    }
    /* let everything drain (a 1 MB message through a deep tree takes a while), then report. The
     * drain counts from the moment every node is done (the barrier): a join or leave can
     * return tens of ms after its planned time under load, and a drain counted from the plan's
     * end let the last messages arrive after the logs went. */
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "done barrier");
    if (rc == 0 && (poll_until(g, plat_now(p) + SIM_US(drain) + SIM_US(bytes / 4)) || grim_barrier(g)))
        rc = gapp_fail(e, g, "drain");
    if (rc == 0 && me != 0 &&
        grim_send(g, GRIM_EP(0, lc), c->h_log, me, c->nlog, c->bad, (uint32_t)grim_get_stats(g)->mc_partial, c->log,
                  c->nlog * 2u))
        rc = gapp_fail(e, g, "report");
    if (rc == 0 && me == 0) {
        sim_time give_up = plat_now(p) + SIM_US(2000000);
        while (rc == 0 && c->reports < pl->nodes - 1)
            if (grim_poll_idle(g, IDLE_MAX) < 0 || plat_now(p) > give_up) rc = gapp_fail(e, g, "logs");
        if (rc == 0) {
            c->partial += (uint32_t)grim_get_stats(g)->mc_partial;
            c->logs[0] = malloc(c->nlog * 2u + 2u);   /* node 0's own log (empty unless OWNER = 1) */
            if (c->logs[0]) memcpy(c->logs[0], c->log, c->nlog * 2u);
            c->nlogs[0] = c->logs[0] ? c->nlog : 0;
            c->bads[0] = c->bad;
            judge(e, c, pl, intervals, ever);
            uint32_t joins = 0, leaves = 0;
            for (uint32_t n = 0; n < pl->nodes; n++) {
                joins += intervals[n] - pl->initial[n];
            }
            leaves = pl->nchanges - joins;
            happ_measure(e, "joins", (double)joins);
            happ_measure(e, "leaves", (double)leaves);
        }
    }
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "end barrier");
    rc = gapp_close(g, e, rc);         /* first: closing polls, and a late copy's handler uses c */
    for (uint32_t n = 0; n < CH_NODES; n++) free(c->logs[n]);
    free(c);
    free(pl);
    plat_free(p, buf);
    return rc;
}

const happ happ_grim_mc_churn = {
    "grim_mc_churn", "GRIM multicast: random groups, joins and leaves while traffic flows; membership by ticket order",
    (const char *const[]){"SEED", "COUNT", "BYTES", "SENDERS", "CHANGES", "GAP_US", "DRAIN_US", "TREES", "OWNER", GAPP_COMMON_PARAMS, NULL},
    run, NULL,
};
