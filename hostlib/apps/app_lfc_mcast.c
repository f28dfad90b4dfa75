/* Programs on LFC's multicast and fetch-and-add (hostlib/lfc/lfc.h,
 * firmware/lfc/ucast.c, build/fw/lfc/ucast.l4.elf), seed 002's DAS cluster:
 *
 * lfc_mcast_check: every member sends COUNT packets of SIZE bytes to its
 *   group (GROUPS 0: broadcast to all; GROUPS k: k disjoint groups of
 *   consecutive processes) over TREE (0 binary, 1 binomial, 2 chain),
 *   polling between sends (only each group's first SENDERS members when
 *   SENDERS > 0; GROUPS -1: appendix A.2's three overlapping groups on 9
 *   processes, roots 0, 3 and 6 each to one, which needs OVERLAP 1); then a barrier through process 0, a quiet
 *   period, and each NI's protocol state. A process fails unless every
 *   root's packets arrived exactly once, in order, intact; combine checks
 *   credits per (sender, receiver) pair as lfc_check does. -> received
 *   (process 0), forwarded (all NIs), pairs_checked. With WAITS (the
 *   address of the image's fw_waits), a deadlock is expected: once nothing
 *   comes for STALL_US, every process reads its NI's credit waits and stops
 *   (no barrier, no close); combine -> stalled (processes short of
 *   packets), credit_cycle (the shortest cycle of NIs waiting for each
 *   other's credits; stalled processes and no cycle is a failure).
 * lfc_bcast_latency: process 0 broadcasts a SIZE-byte packet ITERS times;
 *   every other process notes the simulated time of its upcall and answers
 *   by unicast; process 0 waits for all answers before the next. combine:
 *   bcast_us = mean over iterations of (last receiver's upcall - launch).
 * lfc_bcast_stream: process 0 broadcasts COUNT SIZE-byte packets back to
 *   back (polling between launches); combine: throughput_mbs = COUNT x SIZE
 *   / (first launch .. the last receiver's last upcall), 10^6 bytes/s, on
 *   the one simulated clock; recoveries, escapes: RECOV's counters summed
 *   over the NIs (0 without RECOV).
 * lfc_fa: processes FIRST .. FIRST+ACTIVE-1 each do COUNT fetch-and-adds
 *   on process TARGET's variable, then all meet in a barrier. -> fa_us
 *   (mean time per fetch-and-add at process FIRST); combine fails unless
 *   the values returned are 0 .. total-1, each exactly once. -> fa_values.
 * lfc_mcast_misuse: overlapping groups, a packet over the maximum size,
 *   launching a packet not owned, mixing broadcast and multicast, all fail
 *   with a clear error -> caught (of 4).
 * Parameters CREDITS, REFRESH (lfc_params), TREE. With recov.l4.elf,
 * lfc_mcast_check's combine also requires every NI's recovery over and
 * no escape buffer held -> recoveries, escapes, clears (summed); with
 * irx.l4.elf it checks per pair, instead of credits, that every sequence
 * number sent was accepted and acknowledged -> retransmitted (summed). */
#include "happ.h"
#include "app_lfc_util.h"
#include "../be32.h"
#include "../lfc/lfc.h"
#include "../../firmware/lfc/lfc_abi.h"
#include "../../firmware/hal/waits.h"

#include <stddef.h>

#include <stdlib.h>
#include <string.h>

#define MAXN 64
#define BARRIER 0xFFFFFFFFu

typedef struct {
    platform *p;
    unsigned got, barrier, barriers, next[MAXN], dups, missing, damaged;
    sim_time *at;                  /* lfc_bcast_latency: upcall times, by iteration */
    unsigned nat, maxat;
} mrx;

static uint8_t pat(unsigned src, unsigned k, unsigned i) { return (uint8_t)(src * 29u + k * 5u + i); }

static int upcall(void *ctx, lfc *l, unsigned src, void *pkt, unsigned size, unsigned flags)
{
    (void)l;
    (void)flags;
    mrx *r = ctx;
    const uint8_t *d = pkt;
    if (size >= 4 && be32_get(d) == BARRIER) {
        r->barrier++;
        return 0;
    }
    r->got++;
    if (r->at && r->nat < r->maxat) r->at[r->nat++] = plat_now(r->p);
    if (size >= 8 && src < MAXN) {
        unsigned k = be32_get(d + 4);
        for (unsigned i = 8; i < size; i++)
            if (d[i] != pat(src, k, i)) {
                r->damaged++;
                return 0;
            }
        if (k < r->next[src]) r->dups++;
        else if (k > r->next[src]) r->missing += k - r->next[src];
        if (k >= r->next[src]) r->next[src] = k + 1;
    }
    return 0;
}

static lfc *open_lfc(platform *p, happ_env *e, mrx *r)
{
    long long credits, refresh, tree, overlap;
    if (happ_int(e, "CREDITS", 8, &credits) || happ_int(e, "REFRESH", 4, &refresh) || happ_int(e, "TREE", 0, &tree) ||
        happ_int(e, "OVERLAP", 0, &overlap))
        return NULL;
    lfc_params prm;
    lfc_params_default(&prm);
    prm.overlap_unsafe = overlap != 0;
    prm.credits = (unsigned)credits;
    prm.refresh = (unsigned)refresh;
    prm.bcast_tree = (unsigned)tree;
    char err[400];
    r->p = p;
    lfc *l = lfc_open(p, &prm, upcall, r, err, sizeof err);
    if (!l) happ_fail(e, "%s", err);
    return l;
}

static int finish(happ_env *e, lfc *l, int rc)
{
    char err[400];
    if (lfc_close(l, err, sizeof err) && rc == 0) rc = happ_fail(e, "%s", err);
    return rc;
}

static int ucast(happ_env *e, lfc *l, unsigned dest, unsigned word)
{
    uint8_t *pkt = lfc_send_alloc(l, 1);
    if (!pkt) return happ_fail(e, "process %u: %s", lfc_my_proc(l), lfc_error(l));
    be32_put(pkt, word);
    if (lfc_ucast_launch(l, dest, pkt, 4, 1)) return happ_fail(e, "process %u: %s", lfc_my_proc(l), lfc_error(l));
    return 0;
}

static int wait_until(happ_env *e, lfc *l, const unsigned *count, unsigned want, sim_time max)
{
    while (*count < want) {
        int w = lfc_wait(l, max);
        if (w < 0) return happ_fail(e, "process %u: %s", lfc_my_proc(l), lfc_error(l));
        if (w == 0) {
            char why[700];
            return happ_fail(e, "process %u: %u of %u packets, then nothing%s", lfc_my_proc(l), *count, want,
                             lfc_irx_describe(l, why, sizeof why));
        }
    }
    return 0;
}

/* Everyone tells process 0, process 0 tells everyone (unicast). Counts
 * are absolute: a process may tell process 0 it reached barrier b + 1
 * before process 0 has left barrier b. */
static int barrier(happ_env *e, lfc *l, mrx *r)
{
    unsigned me = lfc_my_proc(l), n = lfc_nr_procs(l), b = ++r->barriers;
    if (me != 0) {
        if (ucast(e, l, 0, BARRIER)) return -1;
        return wait_until(e, l, &r->barrier, b, SIM_US(500000));
    }
    if (wait_until(e, l, &r->barrier, b * (n - 1u), SIM_US(500000))) return -1;
    for (unsigned d = 1; d < n; d++)
        if (ucast(e, l, d, BARRIER)) return -1;
    return 0;
}

typedef struct {
    unsigned n, credits;
    lfc_pcb pcb[MAXN];
    uint32_t forwarded;
    int stalled;                   /* WAITS given and nothing came for STALL_US */
    uint32_t nwaits, wait_on[FW_WAITS_MAX];   /* this NI's credit waits: on which NI */
    lfc_recov rc;                  /* RECOV's counters (recov.l4.elf) */
    lfc_irx irx;                   /* Irx's (irx.l4.elf) */
} mck_state;

/* After a stall: this NI's fw_waits record (at SRAM address a) into st. */
static int read_waits(platform *p, uint32_t a, mck_state *st)
{
    uint32_t off = plat_card_layout(p)->sram.off + a, kind, n;
    if (plat_pio_read32(p, off + offsetof(struct fw_waits, n), &n)) return -1;
    st->nwaits = 0;
    for (uint32_t i = 0; i < n && i < FW_WAITS_MAX; i++) {
        uint32_t w = off + (uint32_t)offsetof(struct fw_waits, w) + i * (uint32_t)sizeof(struct fw_wait), on;
        if (plat_pio_read32(p, w + offsetof(struct fw_wait, kind), &kind) ||
            plat_pio_read32(p, w + offsetof(struct fw_wait, on_ni), &on))
            return -1;
        if (kind == FW_WAIT_CREDIT) st->wait_on[st->nwaits++] = on;
    }
    return 0;
}

static int mcast_check(platform *p, happ_env *e)
{
    long long count, size, credits, groups, tree, senders, waits, stall;
    if (happ_int(e, "COUNT", 10, &count) || happ_int(e, "SIZE", 64, &size) || happ_int(e, "CREDITS", 8, &credits) ||
        happ_int(e, "GROUPS", 0, &groups) || happ_int(e, "TREE", 0, &tree) || happ_int(e, "SENDERS", 0, &senders) ||
        happ_int(e, "WAITS", 0, &waits) || happ_int(e, "STALL_US", 500, &stall))
        return -1;
    if (count < 1 || size < 8 || size > LFC_MAX_PAYLOAD || groups < -1) return happ_fail(e, "COUNT >= 1, SIZE 8..1024, GROUPS >= -1");
    mrx r = {0};
    lfc *l = open_lfc(p, e, &r);
    if (!l) return -1;
    unsigned me = lfc_my_proc(l), n = lfc_nr_procs(l), lo = 0, hi = n;
    int rc = n > MAXN ? happ_fail(e, "at most %d processes", MAXN) : 0, g = 0;
    /* who sends to which group (-1: nobody; 0: broadcast), whose packets I get */
    int send_g = -1;
    uint64_t from = 0;
    if (rc == 0 && groups < 0) {   /* appendix A.2: three overlapping groups on 9 nodes, binary trees */
        static const unsigned G[3][5] = {{0, 3, 4, 5, 6}, {0, 3, 6, 7, 8}, {0, 1, 2, 3, 6}}, R[3] = {0, 3, 6};
        if (n != 9) rc = happ_fail(e, "GROUPS -1 (appendix A.2) runs on 9 processes, not %u", n);
        for (unsigned j = 0; rc == 0 && j < 3; j++) {
            int id = lfc_group_create(l, G[j], 5, (unsigned)tree);
            if (id < 0) rc = happ_fail(e, "%s", lfc_error(l));
            if (me == R[j]) send_g = id;
            for (unsigned i = 0; i < 5; i++)
                if (G[j][i] == me && R[j] != me) from |= (uint64_t)1 << R[j];
        }
    }
    if (rc == 0 && groups > 0) {   /* k groups of consecutive processes, all created everywhere; mine: [lo, hi) */
        unsigned k = (unsigned)groups, per = n / k;
        if (per < 2) rc = happ_fail(e, "GROUPS %u: fewer than 2 processes each", k);
        for (unsigned gi = 0; rc == 0 && gi < k; gi++) {
            unsigned a = gi * per, b = gi == k - 1u ? n : a + per, m[MAXN];
            for (unsigned i = a; i < b; i++) m[i - a] = i;
            int id = lfc_group_create(l, m, b - a, (unsigned)tree);
            if (id < 0) rc = happ_fail(e, "%s", lfc_error(l));
            if (me >= a && me < b) {
                g = id;
                lo = a;
                hi = b;
            }
        }
    }
    if (rc == 0) rc = barrier(e, l, &r);   /* every group known everywhere before any packet */
    uint8_t msg[LFC_MAX_PAYLOAD];
    if (groups >= 0) {   /* the first SENDERS of my group (or of all) send */
        unsigned roots = senders > 0 && senders < hi - lo ? (unsigned)senders : hi - lo;
        if (me < lo + roots) send_g = groups ? g : 0;
        for (unsigned s = lo; s < lo + roots; s++)
            if (s != me) from |= (uint64_t)1 << s;
    }
    unsigned want = 0;
    for (unsigned s = 0; s < n && s < MAXN; s++) want += (from >> s & 1u) ? (unsigned)count : 0u;
    for (long long k = 0; rc == 0 && send_g >= 0 && k < count; k++) {
        uint8_t *pkt = lfc_send_alloc(l, 1);
        if (!pkt) {
            rc = happ_fail(e, "process %u: %s", me, lfc_error(l));
            break;
        }
        be32_put(msg, 0);
        be32_put(msg + 4, (unsigned)k);
        for (unsigned i = 8; i < (unsigned)size; i++) msg[i] = pat(me, (unsigned)k, i);
        memcpy(pkt, msg, (size_t)size);
        if ((send_g ? lfc_mcast_launch(l, send_g, pkt, (unsigned)size, 1) : lfc_bcast_launch(l, pkt, (unsigned)size, 1)) ||
            lfc_poll(l) < 0)
            rc = happ_fail(e, "process %u: %s", me, lfc_error(l));
    }
    if (rc == 0 && waits > 0) {   /* a deadlock is expected: after STALL_US of nothing, note the waits */
        /* every process, done or not, drains until STALL_US of silence, then
         * reads its NI's waits and stops without a barrier (some never get there) */
        while (rc == 0) {
            int w = lfc_wait(l, SIM_US(stall));
            if (w < 0) rc = happ_fail(e, "%s", lfc_error(l));
            if (w <= 0) break;
        }
        mck_state *st = calloc(1, sizeof *st);
        st->stalled = r.got < want;
        e->state = st;
        if (rc == 0 && read_waits(p, (uint32_t)waits, st)) rc = happ_fail(e, "reading fw_waits: %s", plat_error(p));
        lfc_abandon(l);
        return rc;
    }
    if (rc == 0) rc = wait_until(e, l, &r.got, want, SIM_US(500000));
    if (rc == 0) rc = barrier(e, l, &r);
    while (rc == 0) {   /* quiet: 1 ms without packets */
        int w = lfc_wait(l, SIM_US(1000));
        if (w < 0) rc = happ_fail(e, "%s", lfc_error(l));
        if (w == 0) break;
    }
    for (unsigned s = 0; rc == 0 && s < n && s < MAXN; s++)
        if (from >> s & 1u) r.missing += (unsigned)count - r.next[s];
    if (rc == 0 && (r.dups || r.missing || r.damaged || r.got != want))
        rc = happ_fail(e, "process %u: %u of %u packets, %u twice, %u missing or out of order, %u damaged", me, r.got, want,
                       r.dups, r.missing, r.damaged);
    mck_state *st = calloc(1, sizeof *st);
    st->n = n;
    st->credits = (unsigned)credits;
    lfc_counters c = {0};
    for (unsigned d = 0; rc == 0 && d < n; d++)
        if (lfc_pcb_get(l, d, &st->pcb[d])) rc = happ_fail(e, "%s", lfc_error(l));
    if (rc == 0 && lfc_counters_get(l, &c)) rc = happ_fail(e, "%s", lfc_error(l));
    st->forwarded = c.forwarded;
    if (rc == 0 && lfc_recov_get(l, &st->rc)) rc = happ_fail(e, "%s", lfc_error(l));
    if (rc == 0 && lfc_irx_get(l, &st->irx)) rc = happ_fail(e, "%s", lfc_error(l));
    if (rc == 0 && st->irx.irx && lfc_flush(l)) rc = happ_fail(e, "%s", lfc_error(l));   /* a lost ACK: wait for the retransmission */
    for (unsigned d = 0; rc == 0 && st->irx.irx && d < n; d++)   /* then the final sequence numbers */
        if (lfc_pcb_get(l, d, &st->pcb[d])) rc = happ_fail(e, "%s", lfc_error(l));
    e->state = st;
    if (rc == 0 && me == 0) happ_measure(e, "received", r.got);
    return finish(e, l, rc);
}

/* After a stall: the shortest cycle of credit waits (NI i waits for
 * credits from NI j), 0 if none; start is one NI on it. */
static unsigned credit_cycle(happ_env *const *envs, int n, int *start)
{
    unsigned best = 0;
    for (int s = 0; s < n && s < MAXN; s++) {   /* breadth-first from s back to s */
        int dist[MAXN], q[MAXN], qh = 0, qt = 0;
        for (int i = 0; i < n; i++) dist[i] = -1;
        dist[s] = 0;
        q[qt++] = s;
        while (qh < qt) {
            int u = q[qh++];
            const mck_state *U = envs[u]->state;
            for (uint32_t k = 0; U && k < U->nwaits; k++) {
                int v = (int)U->wait_on[k];
                if (v < 0 || v >= n) continue;
                if (v == s && (!best || (unsigned)dist[u] + 1u < best)) {
                    best = (unsigned)dist[u] + 1u;
                    *start = s;
                }
                if (dist[v] < 0) {
                    dist[v] = dist[u] + 1;
                    q[qt++] = v;
                }
            }
        }
    }
    return best;
}

/* With recov.l4.elf: every NI's recovery over, no escape buffer held;
 * -> recoveries, escapes (packets received into escape buffers), clears. */
static int recov_combine(happ_env *const *envs, int n, happ_env *out)
{
    unsigned rec = 0, esc = 0, sent = 0, clr = 0;
    for (int s = 0; s < n; s++) {
        const lfc_recov *R = &((const mck_state *)envs[s]->state)->rc;
        if (!R->recov) return 0;
        if (R->esc_held || R->busy)
            return happ_fail(out, "NI %d: %u escape buffers still held, own recovery %s", s, R->esc_held,
                             R->busy ? "still active" : "over");
        rec += R->recoveries;
        esc += R->esc_used;
        sent += R->esc_sent;
        clr += R->clears;
    }
    if (sent != esc) return happ_fail(out, "%u packets sent on recovery channels, %u received into escape buffers", sent, esc);
    happ_measure(out, "recoveries", rec);
    happ_measure(out, "escapes", esc);
    happ_measure(out, "clears", clr);
    return 0;
}

static int mcast_combine(happ_env *const *envs, int n, happ_env *out)
{
    unsigned pairs = 0, fwd = 0, stalled = 0;
    for (int s = 0; s < n; s++) {
        if (!envs[s]->state) return happ_fail(out, "process %d kept no protocol state", s);
        fwd += ((const mck_state *)envs[s]->state)->forwarded;
        stalled += ((const mck_state *)envs[s]->state)->stalled != 0;
    }
    if (((const mck_state *)envs[0]->state)->nwaits || stalled) {   /* WAITS: name the cycle from the NIs' records */
        int start = 0;
        unsigned len = credit_cycle(envs, n, &start);
        happ_measure(out, "stalled", stalled);
        happ_measure(out, "credit_cycle", len);
        if (!len) return happ_fail(out, "%u processes stalled, but their NIs' fw_waits form no cycle", stalled);
        return 0;
    }
    for (int s = 0; s < n; s++)
        for (int d = 0; d < n; d++) {
            if (s == d) continue;
            const mck_state *S = envs[s]->state, *R = envs[d]->state;
            if (lfc_check_pair(out, s, d, &S->pcb[d], &R->pcb[s], (int)S->irx.irx, S->credits)) return -1;
            pairs++;
        }
    happ_measure(out, "pairs_checked", pairs);
    happ_measure(out, "forwarded", fwd);
    double retx = 0;   /* Irx: packets retransmitted, all NIs (0 with the other images) */
    for (int s = 0; s < n; s++) retx += ((const mck_state *)envs[s]->state)->irx.retx;
    happ_measure(out, "retransmitted", retx);
    return recov_combine(envs, n, out);
}

typedef struct { unsigned n; sim_time at[256]; } bl_state;

static int bcast_latency(platform *p, happ_env *e)
{
    long long size, iters;
    if (happ_int(e, "SIZE", 4, &size) || happ_int(e, "ITERS", 10, &iters)) return -1;
    if (size < 4 || size > LFC_MAX_PAYLOAD || iters < 1 || iters > 256) return happ_fail(e, "SIZE 4..1024, ITERS 1..256");
    bl_state *st = calloc(1, sizeof *st);
    e->state = st;
    mrx r = {0};
    r.maxat = (unsigned)iters;
    lfc *l = open_lfc(p, e, &r);
    if (!l) return -1;
    unsigned me = lfc_my_proc(l), n = lfc_nr_procs(l);
    if (me != 0) r.at = st->at;   /* process 0 notes launch times; its upcalls are answers */
    int rc = n < 2 ? happ_fail(e, "at least 2 processes") : 0;
    if (rc == 0) rc = barrier(e, l, &r);
    for (long long i = 0; rc == 0 && i < iters; i++) {
        if (me == 0) {
            uint8_t *pkt = lfc_send_alloc(l, 1);
            if (!pkt) rc = happ_fail(e, "%s", lfc_error(l));
            if (rc == 0) {
                memset(pkt, 0, (size_t)size);
                st->at[i] = plat_now(p);
                if (lfc_bcast_launch(l, pkt, (unsigned)size, 1)) rc = happ_fail(e, "%s", lfc_error(l));
            }
            if (rc == 0) rc = wait_until(e, l, &r.got, (unsigned)(i + 1) * (n - 1u), SIM_US(200000));
        } else {
            rc = wait_until(e, l, &r.got, (unsigned)i + 1u, SIM_US(200000));
            if (rc == 0) rc = ucast(e, l, 0, 0);
        }
    }
    st->n = rc == 0 ? (unsigned)iters : 0;
    if (rc == 0) rc = barrier(e, l, &r);
    return finish(e, l, rc);
}

static int bcast_combine(happ_env *const *envs, int n, happ_env *out)
{
    const bl_state *root = envs[0]->state;
    double sum = 0;
    if (!root || !root->n) return happ_fail(out, "process 0 measured nothing");
    for (unsigned i = 0; i < root->n; i++) {
        sim_time last = 0;
        for (int s = 1; s < n; s++) {
            const bl_state *S = envs[s]->state;
            if (!S || S->n != root->n) return happ_fail(out, "process %d measured nothing", s);
            if (S->at[i] > last) last = S->at[i];
        }
        sum += (double)(last - root->at[i]);
    }
    happ_measure(out, "bcast_us", sum / root->n / 1e6);
    return 0;
}

/* lfc_bcast_stream: process 0 broadcasts COUNT packets back to back;
 * each process notes when its last one arrived. */
typedef struct { sim_time start, last; unsigned got, size; lfc_recov rc; } bs_state;

static int bcast_stream(platform *p, happ_env *e)
{
    long long size, count;
    if (happ_int(e, "SIZE", 1024, &size) || happ_int(e, "COUNT", 200, &count)) return -1;
    if (size < 4 || size > LFC_MAX_PAYLOAD || count < 1) return happ_fail(e, "SIZE 4..1024, COUNT >= 1");
    bs_state *st = calloc(1, sizeof *st);
    e->state = st;
    st->size = (unsigned)size;
    mrx r = {0};
    lfc *l = open_lfc(p, e, &r);
    if (!l) return -1;
    unsigned me = lfc_my_proc(l), n = lfc_nr_procs(l);
    int rc = n < 2 ? happ_fail(e, "at least 2 processes") : 0;
    if (rc == 0) rc = barrier(e, l, &r);
    if (rc == 0 && me == 0) {
        st->start = plat_now(p);
        for (long long k = 0; rc == 0 && k < count; k++) {
            uint8_t *pkt = lfc_send_alloc(l, 1);
            if (!pkt) rc = happ_fail(e, "%s", lfc_error(l));
            if (rc == 0) {
                memset(pkt, 0, (size_t)size);
                if (lfc_bcast_launch(l, pkt, (unsigned)size, 1) || lfc_poll(l) < 0) rc = happ_fail(e, "%s", lfc_error(l));
            }
        }
    } else if (rc == 0) {
        rc = wait_until(e, l, &r.got, (unsigned)count, SIM_US(500000));
        st->last = plat_now(p);
    }
    st->got = r.got;
    if (rc == 0) rc = barrier(e, l, &r);
    if (rc == 0 && lfc_recov_get(l, &st->rc)) rc = happ_fail(e, "%s", lfc_error(l));   /* after the clock stopped */
    return finish(e, l, rc);
}

static int bcast_stream_combine(happ_env *const *envs, int n, happ_env *out)
{
    const bs_state *root = envs[0]->state;
    sim_time last = 0;
    unsigned count = 0;
    for (int s = 1; s < n; s++) {
        const bs_state *S = envs[s]->state;
        if (!S || !root) return happ_fail(out, "process %d measured nothing", s);
        if (S->last > last) last = S->last;
        count = S->got;
    }
    double bytes = (double)count * root->size, secs = (double)(last - root->start) * 1e-12;
    happ_measure(out, "throughput_mbs", bytes / secs / 1e6);
    unsigned rec = 0, esc = 0;
    for (int s = 0; s < n; s++) {
        rec += ((const bs_state *)envs[s]->state)->rc.recoveries;
        esc += ((const bs_state *)envs[s]->state)->rc.esc_used;
    }
    happ_measure(out, "recoveries", rec);   /* RECOV's counters, all NIs (0 without RECOV) */
    happ_measure(out, "escapes", esc);
    return 0;
}

typedef struct { unsigned n; unsigned *v; } fa_state;

static int fa(platform *p, happ_env *e)
{
    long long count, target, first, active;
    if (happ_int(e, "COUNT", 10, &count) || happ_int(e, "TARGET", 0, &target) || happ_int(e, "FIRST", 0, &first) ||
        happ_int(e, "ACTIVE", 0, &active))
        return -1;
    mrx r = {0};
    lfc *l = open_lfc(p, e, &r);
    if (!l) return -1;
    unsigned me = lfc_my_proc(l), n = lfc_nr_procs(l);
    if (active <= 0) active = n;
    int rc = count < 1 || count > 100000 || target < 0 || target >= n || first < 0 || first + active > n
                 ? happ_fail(e, "COUNT 1..100000, TARGET and FIRST .. FIRST+ACTIVE-1 processes (of %u)", n)
                 : 0;
    fa_state *st = calloc(1, sizeof *st);
    e->state = st;
    if (rc == 0) rc = barrier(e, l, &r);
    if (rc == 0 && me >= first && me < first + active) {
        st->v = calloc((size_t)count, sizeof *st->v);
        sim_time t0 = plat_now(p);
        for (long long k = 0; rc == 0 && k < count; k++)
            if (lfc_fetch_and_add(l, (unsigned)target, &st->v[k], 1)) rc = happ_fail(e, "process %u: %s", me, lfc_error(l));
        st->n = rc == 0 ? (unsigned)count : 0;
        if (rc == 0 && me == first) happ_measure(e, "fa_us", (double)(plat_now(p) - t0) / (double)count / 1e6);
    }
    if (rc == 0) rc = barrier(e, l, &r);
    return finish(e, l, rc);
}

static int fa_combine(happ_env *const *envs, int n, happ_env *out)
{
    unsigned total = 0;
    for (int s = 0; s < n; s++)
        if (envs[s]->state) total += ((const fa_state *)envs[s]->state)->n;
    unsigned char *seen = calloc(total + 1u, 1);
    int rc = 0;
    for (int s = 0; rc == 0 && s < n; s++) {
        const fa_state *S = envs[s]->state;
        for (unsigned k = 0; S && rc == 0 && k < S->n; k++) {
            if (S->v[k] >= total) rc = happ_fail(out, "process %d got %u, beyond the %u requests", s, S->v[k], total);
            else if (seen[S->v[k]]++) rc = happ_fail(out, "value %u returned twice (process %d)", S->v[k], s);
            else if (k && S->v[k] <= S->v[k - 1]) rc = happ_fail(out, "process %d: %u after %u", s, S->v[k], S->v[k - 1]);
        }
        if (S) free(S->v);
    }
    free(seen);
    if (rc == 0) happ_measure(out, "fa_values", total);
    return rc;
}

/* Groups {0, 1} and {2, 3}, then {1, 2}, which overlaps both. */
static int misuse(platform *p, happ_env *e)
{
    mrx r = {0};
    lfc *l = open_lfc(p, e, &r);
    if (!l) return -1;
    unsigned me = lfc_my_proc(l);
    if (lfc_nr_procs(l) != 4) return finish(e, l, happ_fail(e, "lfc_mcast_misuse runs on 4 processes"));
    int caught = 0;
    unsigned low[2] = {0, 1}, high[2] = {2, 3}, across[2] = {1, 2};
    int g1 = lfc_group_create(l, low, 2, 0), g2 = lfc_group_create(l, high, 2, 0), g = me < 2 ? g1 : g2;
    if (g1 < 0 || g2 < 0) return finish(e, l, happ_fail(e, "%s", lfc_error(l)));
    if (lfc_group_create(l, across, 2, 0) < 0 && strstr(lfc_error(l), "overlapping groups")) caught++;
    int rc = barrier(e, l, &r);
    uint8_t *pkt = rc ? NULL : lfc_send_alloc(l, 1);
    if (!rc && !pkt) rc = happ_fail(e, "%s", lfc_error(l));
    if (rc == 0 && lfc_mcast_launch(l, g, pkt, LFC_MAX_PAYLOAD + 1, 1) < 0 && strstr(lfc_error(l), "over the maximum payload")) caught++;
    if (rc == 0 && lfc_mcast_launch(l, g, pkt, 4, 1)) rc = happ_fail(e, "%s", lfc_error(l));
    if (rc == 0 && lfc_mcast_launch(l, g, pkt, 4, 1) < 0 && strstr(lfc_error(l), "not owned")) caught++;
    if (rc == 0 && !(pkt = lfc_send_alloc(l, 1))) rc = happ_fail(e, "%s", lfc_error(l));
    if (rc == 0 && lfc_bcast_launch(l, pkt, 4, 1) < 0 && strstr(lfc_error(l), "may not be mixed")) caught++;
    if (rc == 0 && lfc_mcast_launch(l, g, pkt, 4, 1)) rc = happ_fail(e, "%s", lfc_error(l));
    if (rc == 0) rc = wait_until(e, l, &r.got, 2, SIM_US(200000));   /* the partner's two packets */
    if (rc == 0) rc = barrier(e, l, &r);
    if (rc == 0) happ_measure(e, "caught", caught);
    return finish(e, l, rc);
}

#define P(...) (const char *const[]){__VA_ARGS__, "CREDITS", "REFRESH", "TREE", "OVERLAP", NULL}

const happ happ_lfc_mcast_check = {"lfc_mcast_check", "LFC multicast/broadcast: exactly once in order per root; credits conserved",
                                   P("COUNT", "SIZE", "GROUPS", "SENDERS", "WAITS", "STALL_US"), mcast_check, mcast_combine};
const happ happ_lfc_bcast_latency = {"lfc_bcast_latency", "LFC broadcast latency: launch to the last receiver's upcall",
                                     P("SIZE", "ITERS"), bcast_latency, bcast_combine};
const happ happ_lfc_bcast_stream = {"lfc_bcast_stream", "LFC broadcast throughput: process 0 streams, the last receiver's last packet ends it",
                                    P("SIZE", "COUNT"), bcast_stream, bcast_stream_combine};
const happ happ_lfc_fa = {"lfc_fa", "LFC fetch-and-add: latency; each value exactly once under contention",
                          P("COUNT", "TARGET", "FIRST", "ACTIVE"), fa, fa_combine};
const happ happ_lfc_mcast_misuse = {"lfc_mcast_misuse", "LFC multicast: bad input fails clearly",
                                    (const char *const[]){"CREDITS", "REFRESH", "TREE", "OVERLAP", NULL}, misuse, NULL};
