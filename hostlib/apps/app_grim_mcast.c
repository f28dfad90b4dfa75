/* grim_mcast: GRIM multicast (dissertation §8.1.7, Figures 8.7-8.8) and its
 * checks. Node 0 sends; nodes 1..GROUP subscribe to one tree (they are its
 * members, the sender is not: its NI sends each message to the tree's root).
 *
 * MODE = bench: IF = mc sends one multicast message of BYTES (grim_sendMC),
 * IF = uc sends GROUP unicast copies (grim_send); every receiver answers
 * with a unicast null reply. Reported (node 0, medians of ITERS after
 * WARMUP): inject_us (the send call(s)), rtt_us (send until every reply is
 * in). IF = both measures both in one run (inject_mc_us, inject_uc_us,
 * rtt_mc_us, rtt_uc_us) and reports the shape of Figure 8.7 as 1 / 0:
 * (STEPS = 1 with a grim_mc_instr image adds the root NI's mean step costs
 * of Figure 8.6, step_mc_*_us: see mc_steps)
 * shape_inject_ok (multicast injects faster), shape_rtt_ok (multicast's
 * round trip is longer) -- computed from the measurements, never forced.
 * MODE = groups: members join one by one (node G when the group grows to
 * G); for every group of 2..GROUP receivers the round trip (rtt_gG_us) at
 * 4 bytes and at BYTES; spread_23_pct / spread_47_pct: how far apart the
 * round trips of groups 2-3 and of groups 4-7 are (max/min - 1) at BYTES
 * (and _small at 4 bytes); shape_converge_ok = 1 if both spreads are
 * smaller at BYTES than at 4 bytes (Figure 8.8: equal tree depths
 * converge as the size grows).
 * MODE = check: SENDERS nodes (0..SENDERS-1) each multicast COUNT messages
 * of random sizes up to BYTES (a fixed seed) with a pattern; every
 * receiver checks each message's bytes, that it gets each exactly once and
 * every sender's in order, and folds the order it saw into a hash; node 0
 * collects the hashes (one total order: all equal) and counts. Reported:
 * received, bad, order_ok. A non-member gets nothing (counted as bad).
 * MODE = errors (node 0): the library's refusals, 1 each when the call
 * failed with the expected message: err_unknown (grim_sendMC to a tree id
 * nobody found), err_twice (subscribing an LC twice), err_full (more
 * trees than GRIM_MC_TREES).
 * MODE = fig83 (Figure 8.3, six nodes): two trees over nodes 1-4 built in
 * the order the members subscribe (one at a time): A = 1 2 3 4 (1 forwards
 * to 2 and 3, 2 to 4) and B = 2 1 4 3 (2 forwards to 1 and 4, 1 to 3), so
 * NIs 1 and 2 forward to each other. Node 0 multicasts COUNT messages of
 * BYTES on A while node 5 does on B; every member checks each message and
 * each sender's order. With MCAST = 1 the trees are id-ordered (both
 * 1 2 3 4) and the traffic completes; with MCAST = 2 (unsafe) the NIs'
 * recycle queues fill and each blocks its receive path waiting for space
 * at the other: the watchdog names the cycle. Reported: received,
 * expected, bad.
 * MODE = storm (GROUP = 1): node 1 subscribes, then computes for HOLD_US
 * without polling while node 0 multicasts COUNT messages of BYTES. Once
 * node 1's ring is full its NI refuses every copy and node 0's NI resends
 * at once: links busy, nothing delivered -- a livelock for as long as
 * node 1 does not poll (experiment.livelock_us tells it from progress).
 * Reported: received (by node 1), expected.
 * MODE = tickets (L2315, seven nodes): nodes 1-5 (A B C D E) join one
 * tree (A -> B C, B -> D E); node 5 (E) then computes for HOLD_US without
 * polling (AM_RING small, so its NI refuses copies and B's recycle
 * channel stalls resending to E: the old path to D, through B, is slow)
 * while node 0 multicasts 8 messages of BYTES; at 10 ms C leaves and at
 * 11 ms F (node 6) joins (new tree A -> B D, B -> E F: D is now A's
 * child); at 13 ms node 0 multicasts 4 more. With tickets (TICKETS = 1, GRIM's design) D refuses
 * the update until the old data has come through B: every message once,
 * in order, to exactly the members subscribed at its ticket. With
 * TICKETS = 0 the update and the new data overtake the old data at D.
 * Reported: received and expected (52) by A B D E F; c_received (what C
 * got before it left: a leave takes effect at once at the leaving
 * endpoint, whose host clears its NI's mask); overtaken (copies that arrived after
 * a later message), duplicates, wrong_members (nodes whose set of
 * messages is not that of the root's ticket order), bad. */
#include "app_grim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITERS 64
#define MAX_SENDERS 8
#define GROUP_MAX 16

typedef struct {
    uint32_t replies, got, bad, h_data, h_reply, h_report;
    uint32_t next[MAX_SENDERS];   /* check: next index expected from each sender */
    uint64_t hash;
    uint32_t reports, hash_bad, total;
    uint64_t hash0;
    int member;
    /* MODE = tickets: messages seen (bit k), copies seen twice, copies that came after a later one */
    uint32_t mask, dups, overtaken;
    int maxk;
    uint32_t rep_mask[8], rep_ot, rep_dups;
    /* STEPS = 1: the root NI's multicast step costs (sum of cycles, count), per GRIM_ST_MC_* */
    uint32_t h_steps, nsteps, step_sum[5], step_count[5];
} mcs;

static uint8_t pat(uint32_t s, uint32_t k, uint32_t i) { return (uint8_t)(s * 131u + k * 31u + i * 7u + (i >> 8)); }

static uint32_t size_of(uint32_t s, uint32_t k, uint32_t max)
{
    uint32_t x = (s + 1u) * 2654435761u ^ (k + 7u) * 40503u;
    x ^= x >> 13;
    x *= 0x5bd1e995u;
    x ^= x >> 15;
    return max ? x % (max + 1u) : 0;
}

static void on_data(grim *g, const grim_am *m, void *ctx)
{
    mcs *c = ctx;
    if (!c->member) c->bad++;
    if (m->arg[3] == 2) {              /* tickets mode: arg1 index, arg2 bytes */
        uint32_t k = m->arg[1];
        int ok = m->len == m->arg[2];
        for (uint32_t i = 0; ok && i < m->len; i++) ok = m->data[i] == pat(0, k, i);
        if (!ok) c->bad++;
        if (k < 32 && ((c->mask >> k) & 1u)) c->dups++;
        if (k < 32) c->mask |= 1u << k;
        if ((int)k < c->maxk) c->overtaken++;
        if ((int)k > c->maxk) c->maxk = (int)k;
        c->got++;
        return;
    }
    if (m->arg[3] == 1) {              /* check mode: arg0 sender node, arg1 index, arg2 bytes */
        uint32_t s = m->arg[0], k = m->arg[1];
        int ok = s < MAX_SENDERS && k == c->next[s] && m->len == m->arg[2];
        for (uint32_t i = 0; ok && i < m->len; i++) ok = m->data[i] == pat(s, k, i);
        if (!ok) c->bad++;
        if (s < MAX_SENDERS) c->next[s] = k + 1;
        c->hash = (c->hash ^ (s << 20 | k)) * 1099511628211ull;
        c->got++;
        return;
    }
    c->got++;                          /* bench: a null reply to the sender (arg0) */
    if (grim_send(g, m->arg[0], c->h_reply, 0, 0, 0, 0, NULL, 0)) grim_abort(g, "reply: %s", grim_error(g));
}

static void on_reply(grim *g, const grim_am *m, void *ctx)
{
    (void)g;
    (void)m;
    ((mcs *)ctx)->replies++;
}

static void on_report(grim *g, const grim_am *m, void *ctx)
{
    (void)g;
    mcs *c = ctx;
    uint64_t h = (uint64_t)m->arg[0] << 32 | m->arg[1];
    if (c->reports == 0) c->hash0 = h;
    else if (h != c->hash0) c->hash_bad++;
    c->reports++;
    c->total += m->arg[2];
    c->bad += m->arg[3];
    if ((m->arg[0] >> 16) < 8) c->rep_mask[m->arg[0] >> 16] = m->arg[0] & 0xFFFFu;   /* tickets mode */
    c->rep_ot += m->arg[1] >> 16;
    c->rep_dups += m->arg[1] & 0xFFFFu;
}

static void on_steps(grim *g, const grim_am *m, void *ctx)
{
    (void)g;
    mcs *c = ctx;
    if (m->arg[0] < 5) {
        c->step_sum[m->arg[0]] = m->arg[1];
        c->step_count[m->arg[0]] = m->arg[2];
    }
    c->nsteps++;
}

static int wait_count(grim *g, const uint32_t *v, uint32_t want)
{
    sim_time give_up = plat_now(grim_platform(g)) + SIM_US(2000000);
    while (*v < want) {
        if (grim_poll_idle(g, IDLE_MAX) < 0) return -1;
        if (plat_now(grim_platform(g)) > give_up) return -2;
    }
    return 0;
}

/* One measurement at node 0: WARMUP + ITERS sends of bytes to receivers
 * 1..group (multicast or unicast copies), each answered by every receiver. */
static int bench(grim *g, happ_env *e, mcs *c, uint32_t tree, int uc, uint32_t group, uint32_t bytes, const uint8_t *buf,
                 long long warmup, long long iters, double *inj, double *rtt)
{
    platform *p = grim_platform(g);
    const grim_options *o = grim_get_options(g);
    sim_time ti[MAX_ITERS], tr[MAX_ITERS];
    for (long long it = -warmup; it < iters; it++) {
        uint32_t want = c->replies + group;
        sim_time t0 = plat_now(p);
        if (uc) {
            for (uint32_t r = 1; r <= group; r++)
                if (grim_send(g, GRIM_EP(r, o->lc), c->h_data, grim_my_endpoint(g), 0, 0, 0, buf, bytes))
                    return gapp_fail(e, g, "send");
        } else if (grim_sendMC(g, tree, c->h_data, grim_my_endpoint(g), 0, 0, 0, buf, bytes))
            return gapp_fail(e, g, "sendMC");
        sim_time t1 = plat_now(p);
        int w = wait_count(g, &c->replies, want);
        if (w == -1) return gapp_fail(e, g, "poll");
        if (w == -2) return happ_fail(e, "%u bytes to %u: %u of %u replies in 2 s", bytes, group, c->replies, want);
        if (it >= 0) {
            ti[it] = t1 - t0;
            tr[it] = plat_now(p) - t0;
        }
    }
    *inj = (double)gapp_median(ti, (int)iters) / 1e6;
    *rtt = (double)gapp_median(tr, (int)iters) / 1e6;
    return 0;
}

/* MODE = fig83: the two trees of Figure 8.3 and their traffic (see the top). */
static int fig83(grim *g, happ_env *e, mcs *c, uint32_t lc, uint32_t count, uint32_t bytes, uint8_t *buf)
{
    static const uint32_t order_a[4] = {1, 2, 3, 4}, order_b[4] = {2, 1, 4, 3};
    platform *p = grim_platform(g);
    uint32_t me = grim_getMyVNN(g), ta = 0, tb = 0;
    if (grim_nodes(g) != 6) return happ_fail(e, "MODE = fig83 needs 6 nodes, not %u", grim_nodes(g));
    if (me == 0 && grim_findMulticastTree(g, "fig83a", &ta)) return gapp_fail(e, g, "find");
    if (me == 5 && grim_findMulticastTree(g, "fig83b", &tb)) return gapp_fail(e, g, "find");
    if (grim_barrier(g)) return gapp_fail(e, g, "barrier");
    for (int s = 0; s < 4; s++) {      /* one member at a time: the trees keep this order in unsafe mode */
        if (me == order_a[s] && grim_subscribeMulticastByName(g, "fig83a", 1u << lc, &ta)) return gapp_fail(e, g, "subscribe");
        if (me == order_b[s] && grim_subscribeMulticastByName(g, "fig83b", 1u << lc, &tb)) return gapp_fail(e, g, "subscribe");
        sim_time settle = plat_now(p) + SIM_US(300);
        while (plat_now(p) < settle)
            if (grim_poll_idle(g, settle - plat_now(p)) < 0) return gapp_fail(e, g, "poll");
        if (grim_barrier(g)) return gapp_fail(e, g, "barrier");
    }
    c->member = me >= 1 && me <= 4;
    if (me == 0 || me == 5)
        for (uint32_t k = 0; k < count; k++) {
            for (uint32_t i = 0; i < bytes; i++) buf[i] = pat(me, k, i);
            if (grim_sendMC(g, me == 0 ? ta : tb, c->h_data, me, k, bytes, 1, buf, bytes)) return gapp_fail(e, g, "sendMC");
            if (grim_poll(g) < 0) return gapp_fail(e, g, "poll");
        }
    int w = wait_count(g, &c->got, c->member ? 2 * count : 0);
    if (w) return w == -1 ? gapp_fail(e, g, "poll") : happ_fail(e, "node %u: %u of %u messages", me, c->got, 2 * count);
    if (c->member && grim_send(g, GRIM_EP(0, lc), c->h_report, 0, 0, c->got, c->bad, NULL, 0)) return gapp_fail(e, g, "report");
    if (me == 0) {
        int w2 = wait_count(g, &c->reports, 4);
        if (w2) return w2 == -1 ? gapp_fail(e, g, "poll") : happ_fail(e, "%u of 4 reports", c->reports);
        happ_measure(e, "received", (double)c->total);
        happ_measure(e, "expected", (double)(2 * count * 4));
        happ_measure(e, "bad", (double)(c->bad + c->got));
    }
    return 0;
}

/* Sleep (polling) until plat time t. */
static int poll_until(grim *g, sim_time t)
{
    platform *p = grim_platform(g);
    while (plat_now(p) < t)
        if (grim_poll_idle(g, t - plat_now(p)) < 0) return -1;
    return 0;
}

/* MODE = tickets (L2315, seven nodes; see the top). */
static int tickets(grim *g, happ_env *e, mcs *c, uint32_t lc, uint32_t bytes, long long hold, uint8_t *buf)
{
    enum { K1 = 8, K2 = 4 };
    platform *p = grim_platform(g);
    uint32_t me = grim_getMyVNN(g), tree = 0;
    if (grim_nodes(g) != 7) return happ_fail(e, "MODE = tickets needs 7 nodes, not %u", grim_nodes(g));
    c->maxk = -1;
    if (me == 0 && grim_findMulticastTree(g, "l2315", &tree)) return gapp_fail(e, g, "find");
    if (grim_barrier(g)) return gapp_fail(e, g, "barrier");
    for (uint32_t s = 1; s <= 5; s++) {   /* A B C D E = nodes 1..5 join in order: 1 -> 2 3, 2 -> 4 5 */
        if (me == s && grim_subscribeMulticastByName(g, "l2315", 1u << lc, &tree)) return gapp_fail(e, g, "subscribe");
        if (poll_until(g, plat_now(p) + SIM_US(300)) || grim_barrier(g)) return gapp_fail(e, g, "settle");
    }
    if (me == 6 && grim_findMulticastTree(g, "l2315", &tree)) return gapp_fail(e, g, "find");
    if (grim_barrier(g)) return gapp_fail(e, g, "barrier");
    c->member = me >= 1;                /* who should get what is checked from the masks */
    sim_time t0 = plat_now(p);
    if (me == 5 && plat_compute(p, SIM_US(hold))) return happ_fail(e, "compute");   /* E stops polling */
    if (me == 0)
        for (uint32_t k = 0; k < K1; k++) {
            for (uint32_t i = 0; i < bytes; i++) buf[i] = pat(0, k, i);
            if (grim_sendMC(g, tree, c->h_data, me, k, bytes, 2, buf, bytes)) return gapp_fail(e, g, "sendMC");
        }
    /* the update: C leaves, F joins -> A B D E F (1 -> 2 4, 2 -> 5 6): D moves up under A */
    if (poll_until(g, t0 + SIM_US(10000))) return gapp_fail(e, g, "poll");
    if (me == 3 && grim_unsubscribeMulticast(g, tree, 1u << lc)) return gapp_fail(e, g, "unsubscribe");
    if (poll_until(g, t0 + SIM_US(11000))) return gapp_fail(e, g, "poll");
    if (me == 6 && grim_subscribeMulticast(g, tree, 1u << lc)) return gapp_fail(e, g, "subscribe");
    if (poll_until(g, t0 + SIM_US(13000))) return gapp_fail(e, g, "poll");
    if (me == 0)
        for (uint32_t k = K1; k < K1 + K2; k++) {
            for (uint32_t i = 0; i < bytes; i++) buf[i] = pat(0, k, i);
            if (grim_sendMC(g, tree, c->h_data, me, k, bytes, 2, buf, bytes)) return gapp_fail(e, g, "sendMC");
        }
    if (poll_until(g, t0 + SIM_US(hold) + SIM_US(60000))) return gapp_fail(e, g, "poll");
    if (me >= 1 && grim_send(g, GRIM_EP(0, lc), c->h_report, me << 16 | c->mask, c->overtaken << 16 | c->dups, c->got, c->bad,
                             NULL, 0))
        return gapp_fail(e, g, "report");
    if (me == 0) {
        int w = wait_count(g, &c->reports, 6);
        if (w) return w == -1 ? gapp_fail(e, g, "poll") : happ_fail(e, "%u of 6 reports", c->reports);
        /* A B D E stay: all 12; F joins (at the ticket of its update) before the last 4 are sent: those;
         * C leaves at once when it unsubscribes (its host clears its NI's mask): a prefix of the first 8 */
        static const uint32_t want[7] = {0, 0xFFF, 0xFFF, 0, 0xFFF, 0xFFF, 0xF00};
        uint32_t wrong = 0, cm = c->rep_mask[3];
        for (int n = 1; n <= 6; n++) wrong += n != 3 && c->rep_mask[n] != want[n];
        wrong += (cm & ~0xFFu) || (cm & (cm + 1u));   /* C: 0, 1, 3, 7, ... or 0xFF */
        happ_measure(e, "received", (double)(c->total - (uint32_t)__builtin_popcount(cm)));   /* by A B D E F */
        happ_measure(e, "expected", 12.0 * 4 + 4.0);
        happ_measure(e, "c_received", (double)__builtin_popcount(cm));   /* before C left */
        happ_measure(e, "overtaken", (double)c->rep_ot);
        happ_measure(e, "duplicates", (double)c->rep_dups);
        happ_measure(e, "wrong_members", (double)wrong);
        happ_measure(e, "bad", (double)c->bad);
    }
    return 0;
}

/* STEPS = 1 (with a grim_mc_instr image): node 1, the tree's root, sends
 * node 0 the sum and count of the cycles of each multicast step it took
 * (Figure 8.6: GRIM_ST_MC_RX .. GRIM_ST_MC_FWD); node 0 reports their
 * means in us at the NI's clock (step_mc_*_us). */
static int mc_steps(grim *g, happ_env *e, mcs *c, uint32_t me, uint32_t lc)
{
    static const char *const names[5] = {"step_mc_rx_us", "step_mc_accept_us", "step_mc_deliver_us", "step_mc_copy_us",
                                         "step_mc_fwd_us"};
    if (grim_barrier(g)) return gapp_fail(e, g, "barrier");
    if (me == 1)
        for (uint32_t k = 0; k < 5; k++) {
            uint32_t last, sum, count;
            if (grim_read_step(g, (int)(GRIM_ST_MC_RX + k), &last, &sum, &count) ||
                grim_send(g, GRIM_EP(0, lc), c->h_steps, k, sum, count, 0, NULL, 0))
                return gapp_fail(e, g, "steps");
        }
    if (me == 0) {
        int w = wait_count(g, &c->nsteps, 5);
        if (w) return w == -1 ? gapp_fail(e, g, "poll") : happ_fail(e, "%u of 5 step reports", c->nsteps);
        double us = 1e6 / (double)e->ni_clock_hz;
        for (int k = 0; k < 5; k++)
            happ_measure(e, names[k], c->step_count[k] ? (double)c->step_sum[k] / c->step_count[k] * us : 0.0);
    }
    return 0;
}

/* max / min - 1 of v[a..b], in percent */
static double spread(const double *v, int a, int b)
{
    double lo = v[a], hi = v[a];
    for (int i = a + 1; i <= b; i++) {
        if (v[i] < lo) lo = v[i];
        if (v[i] > hi) hi = v[i];
    }
    return lo > 0 ? (hi / lo - 1.0) * 100.0 : 0.0;
}

static int run(platform *p, happ_env *e)
{
    grim_options o;
    long long group, bytes, iters, warmup, count, senders;
    if (gapp_options(e, &o) || happ_int(e, "GROUP", 0, &group) || happ_int(e, "BYTES", 4, &bytes) ||
        happ_int(e, "ITERS", 5, &iters) || happ_int(e, "WARMUP", 1, &warmup) || happ_int(e, "COUNT", 20, &count) ||
        happ_int(e, "SENDERS", 1, &senders))
        return -1;
    const char *mode = happ_str(e, "MODE", "bench"), *ifc = happ_str(e, "IF", "mc");
    int errs = !strcmp(mode, "errors"), f83 = !strcmp(mode, "fig83"), storm = !strcmp(mode, "storm");
    int tix = !strcmp(mode, "tickets");
    long long hold, steps;
    if (happ_int(e, "HOLD_US", 0, &hold) || happ_int(e, "STEPS", 0, &steps)) return -1;
    if (hold < 0 || hold > 100000000) return happ_fail(e, "HOLD_US = %lld: 0..1e8", hold);
    int check = !strcmp(mode, "check"), groups = !strcmp(mode, "groups"), uc = !strcmp(ifc, "uc"), both = !strcmp(ifc, "both");
    if (!check && !groups && !errs && !f83 && !storm && !tix && strcmp(mode, "bench"))
        return happ_fail(e, "MODE = '%s': bench, groups, check, errors, fig83, storm or tickets", mode);
    if (strcmp(ifc, "mc") && !uc && !both) return happ_fail(e, "IF = '%s': mc (multicast), uc (unicast copies) or both", ifc);
    if (bytes < 0 || bytes > (1 << 20)) return happ_fail(e, "BYTES = %lld: 0..1 MB", bytes);
    if (iters < 1 || iters > MAX_ITERS || warmup < 0 || warmup > 10) return happ_fail(e, "ITERS 1..%d, WARMUP 0..10", MAX_ITERS);
    if (count < 1 || count > 100000 || senders < 1 || senders > MAX_SENDERS)
        return happ_fail(e, "COUNT 1..100000, SENDERS 1..%d", MAX_SENDERS);
    if (!uc && !o.mcast) return happ_fail(e, "IF = mc needs MCAST = 1 or 2 (and a grim_mc image)");
    grim *g = gapp_open(p, e, &o);
    if (!g) return -1;
    uint32_t me = grim_getMyVNN(g), nodes = grim_nodes(g), lc = o.lc;
    if (!group) group = nodes - 1;
    if (group < 1 || (uint32_t)group >= nodes)
        return gapp_close(g, e, happ_fail(e, "GROUP = %lld: 1..%u (nodes 1..GROUP subscribe)", group, nodes - 1));
    mcs c = {0};
    c.member = !f83 && !tix && me >= 1 && me <= (uint32_t)group;
    if (groups && (group < 7 || group > GROUP_MAX)) return gapp_close(g, e, happ_fail(e, "MODE = groups needs GROUP >= 7 (groups 2..7 at least), at most 16"));
    uint32_t joined = groups ? 2 : (uint32_t)group;   /* groups: nodes 1..joined are members */
    if (groups) c.member = me >= 1 && me <= joined;
    int rc = 0;
    uint32_t tree = 0;
    uint8_t *buf = plat_alloc(p, (uint32_t)bytes + 8);
    if (!buf) return gapp_close(g, e, happ_fail(e, "out of memory"));
    if (grim_register_handler(g, on_data, &c, "mc_data") || grim_register_handler(g, on_reply, &c, "mc_reply") ||
        grim_register_handler(g, on_report, &c, "mc_report") || grim_register_handler(g, on_steps, &c, "mc_steps") ||
        grim_syncHandlers(g) || grim_resolveHandler(g, "mc_steps", &c.h_steps) ||
        grim_resolveHandler(g, "mc_data", &c.h_data) || grim_resolveHandler(g, "mc_reply", &c.h_reply) ||
        grim_resolveHandler(g, "mc_report", &c.h_report))
        rc = gapp_fail(e, g, "handlers");
    /* node 0 finds (and owns) the tree first; then the members subscribe */
    if (rc == 0 && o.mcast && me == 0 && grim_findMulticastTree(g, "bench", &tree)) rc = gapp_fail(e, g, "find");
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "barrier");
    if (rc == 0 && o.mcast && c.member && grim_subscribeMulticastByName(g, "bench", 1u << lc, &tree)) rc = gapp_fail(e, g, "subscribe");
    if (rc == 0 && o.mcast && !c.member && me != 0 && grim_findMulticastTree(g, "bench", &tree)) rc = gapp_fail(e, g, "find");
    /* let the last update reach every NI before traffic */
    sim_time settle = plat_now(p) + SIM_US(300);
    while (rc == 0 && plat_now(p) < settle)
        if (grim_poll_idle(g, settle - plat_now(p)) < 0) rc = gapp_fail(e, g, "poll");
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "barrier");
    memset(buf, 0x5A, (size_t)bytes);
    if (rc == 0 && f83) {
        if (bytes > (1 << 20) - 8) bytes = (1 << 20) - 8;
        rc = fig83(g, e, &c, lc, (uint32_t)count, (uint32_t)bytes, buf);
    } else if (rc == 0 && tix) {
        if (bytes > (1 << 20) - 8) bytes = (1 << 20) - 8;
        rc = tickets(g, e, &c, lc, (uint32_t)bytes, hold, buf);
    } else if (rc == 0 && storm) {
        if (me == 1 && plat_compute(p, SIM_US(hold))) rc = happ_fail(e, "compute");
        for (uint32_t k = 0; me == 0 && rc == 0 && k < (uint32_t)count; k++)
            if (grim_sendMC(g, tree, c.h_data, grim_my_endpoint(g), 0, 0, 0, buf, (uint32_t)bytes)) rc = gapp_fail(e, g, "sendMC");
        /* node 1's handler (bench) answers each message with a null reply to arg0 = node 0 */
        int w = rc ? 0 : wait_count(g, me == 0 ? &c.replies : &c.got, me == 0 || me == 1 ? (uint32_t)count : 0);
        if (w) rc = w == -1 ? gapp_fail(e, g, "poll") : happ_fail(e, "node %u: not all %lld in 2 s", me, count);
        if (rc == 0 && me == 0) {
            happ_measure(e, "received", (double)c.replies);
            happ_measure(e, "expected", (double)count);
        }
    } else if (rc == 0 && errs) {
        if (me == 0) {
            uint32_t id;
            int r1 = grim_sendMC(g, 9, c.h_data, 0, 0, 0, 0, NULL, 0) < 0 && strstr(grim_error(g), "unknown multicast tree");
            int r2 = 0, r3 = 0;
            if (grim_subscribeMulticast(g, tree, 1u << lc) == 0)
                r2 = grim_subscribeMulticast(g, tree, 1u << lc) < 0 && strstr(grim_error(g), "already subscribed");
            for (int k = 1; k <= (int)GRIM_MC_TREES && !r3; k++) {
                char name[16];
                snprintf(name, sizeof name, "t%d", k);
                if (grim_findMulticastTree(g, name, &id) < 0) r3 = k == (int)GRIM_MC_TREES && strstr(grim_error(g), "table is full");
            }
            happ_measure(e, "err_unknown", r1);
            happ_measure(e, "err_twice", r2);
            happ_measure(e, "err_full", r3);
        }
    } else if (rc == 0 && !check && !groups && me == 0) {
        double im = 0, rm = 0, iu = 0, ru = 0;
        if (!uc) rc = bench(g, e, &c, tree, 0, (uint32_t)group, (uint32_t)bytes, buf, warmup, iters, &im, &rm);
        if (rc == 0 && (uc || both)) rc = bench(g, e, &c, tree, 1, (uint32_t)group, (uint32_t)bytes, buf, warmup, iters, &iu, &ru);
        if (rc == 0 && !both) {
            happ_measure(e, "inject_us", uc ? iu : im);
            happ_measure(e, "rtt_us", uc ? ru : rm);
        } else if (rc == 0) {
            happ_measure(e, "inject_mc_us", im);
            happ_measure(e, "inject_uc_us", iu);
            happ_measure(e, "rtt_mc_us", rm);
            happ_measure(e, "rtt_uc_us", ru);
            happ_measure(e, "shape_inject_ok", im < iu ? 1.0 : 0.0);
            happ_measure(e, "shape_rtt_ok", rm > ru ? 1.0 : 0.0);
        }
    } else if (rc == 0 && groups) {
        /* grow the group one member at a time: node G joins, everybody meets, node 0 measures */
        double small[GROUP_MAX + 1] = {0}, large[GROUP_MAX + 1] = {0}, inj;
        for (uint32_t gs = 2; gs <= (uint32_t)group && rc == 0; gs++) {
            if (gs > 2 && me == gs && grim_subscribeMulticastByName(g, "bench", 1u << lc, &tree)) rc = gapp_fail(e, g, "join");
            if (me == gs) c.member = 1;
            sim_time until = plat_now(p) + SIM_US(300);
            while (rc == 0 && plat_now(p) < until)
                if (grim_poll_idle(g, until - plat_now(p)) < 0) rc = gapp_fail(e, g, "poll");
            if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "barrier");
            if (rc == 0 && me == 0) {
                rc = bench(g, e, &c, tree, 0, gs, 4, buf, warmup, iters, &inj, &small[gs]);
                if (rc == 0) rc = bench(g, e, &c, tree, 0, gs, (uint32_t)bytes, buf, warmup, iters, &inj, &large[gs]);
                char name[32];
                snprintf(name, sizeof name, "rtt_g%u_us", gs);
                if (rc == 0) happ_measure(e, name, large[gs]);
            }
            if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "barrier");   /* (members answer while they wait) */
        }
        if (rc == 0 && me == 0) {
            double s23 = spread(large, 2, 3), s47 = spread(large, 4, 7), t23 = spread(small, 2, 3), t47 = spread(small, 4, 7);
            happ_measure(e, "spread_23_pct", s23);
            happ_measure(e, "spread_47_pct", s47);
            happ_measure(e, "spread_23_small_pct", t23);
            happ_measure(e, "spread_47_small_pct", t47);
            happ_measure(e, "shape_converge_ok", s23 < t23 && s47 < t47 ? 1.0 : 0.0);
        }
    } else if (rc == 0 && !check) {
        ;                              /* receivers answer in their handler while they wait at the barrier */
    } else if (rc == 0 && check) {
        if (me < (uint32_t)senders)
            for (uint32_t k = 0; k < (uint32_t)count && rc == 0; k++) {
                uint32_t n = size_of(me, k, (uint32_t)bytes);
                for (uint32_t i = 0; i < n; i++) buf[i] = pat(me, k, i);
                if (grim_sendMC(g, tree, c.h_data, me, k, n, 1, buf, n)) rc = gapp_fail(e, g, "sendMC");
                if (rc == 0 && grim_poll(g) < 0) rc = gapp_fail(e, g, "poll");
            }
        uint32_t want = c.member ? (uint32_t)(count * senders) : 0;
        int w = rc ? 0 : wait_count(g, &c.got, want);
        if (w) rc = w == -1 ? gapp_fail(e, g, "poll") : happ_fail(e, "node %u: %u of %u messages", me, c.got, want);
        /* a non-member must get nothing: wait a little, then report */
        sim_time until = plat_now(p) + SIM_US(500);
        while (rc == 0 && plat_now(p) < until)
            if (grim_poll_idle(g, until - plat_now(p)) < 0) rc = gapp_fail(e, g, "poll");
        if (rc == 0 && c.member &&
            grim_send(g, GRIM_EP(0, lc), c.h_report, (uint32_t)(c.hash >> 32), (uint32_t)c.hash, c.got, c.bad, NULL, 0))
            rc = gapp_fail(e, g, "report");
        if (rc == 0 && me == 0) {
            int w2 = wait_count(g, &c.reports, (uint32_t)group);
            if (w2) rc = w2 == -1 ? gapp_fail(e, g, "poll") : happ_fail(e, "%u of %lld reports", c.reports, group);
            if (rc == 0) {
                happ_measure(e, "received", (double)c.total);
                happ_measure(e, "expected", (double)(count * senders * group));
                happ_measure(e, "bad", (double)(c.bad + c.got));   /* node 0 is no member: all it got is bad */
                happ_measure(e, "order_ok", c.hash_bad ? 0.0 : 1.0);
            }
        }
        if (rc == 0 && !c.member && me != 0 && c.got) rc = happ_fail(e, "node %u is no member but got %u messages", me, c.got);
    }
    if (rc == 0 && steps && !strcmp(mode, "bench")) rc = mc_steps(g, e, &c, me, lc);
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "end barrier");
    plat_free(p, buf);
    return gapp_close(g, e, rc);
}

const happ happ_grim_mcast = {
    "grim_mcast", "Figures 8.7-8.8: multicast vs unicast copies (injection, round trip); MODE = check: delivery checks",
    (const char *const[]){"MODE", "IF", "GROUP", "BYTES", "ITERS", "WARMUP", "COUNT", "SENDERS", "HOLD_US", "STEPS", GAPP_COMMON_PARAMS, NULL},
    run, NULL,
};
