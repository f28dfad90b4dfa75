/* lfc_recov_random: a random, deadlock-prone LFC workload for RECOV
 * (seed 002 §4.3; firmware/lfc/recov.h, build/fw/lfc/recov.l4.elf).
 *
 * Every process derives the same workload from SEED and the number of
 * processes (2 .. 16): 1 .. 3 overlapping groups of random members in a
 * random order (so random trees), each a chain (3 in 4) or a binary
 * tree, 1 credit per destination (2 in 1 of 4 seeds), and per process
 * COUNT / 2 + 1 .. COUNT sends, each a multicast to a random group it belongs to or a
 * unicast to a random other process. Processes send back to back
 * (polling once between sends), so MCAST's deadlocks (Figure 4.8,
 * appendix A.2) are likely without RECOV. Each receiver checks that
 * every (source, group) and (source, unicast) stream arrives exactly
 * once, in order, intact; then a barrier through process 0, a quiet
 * millisecond, and each NI's state. combine fails unless, for every
 * (sender, receiver) pair, send credits + owed + held = the credits,
 * nothing is blocked, no escape buffer is held, no recovery is active
 * and every packet sent on a recovery channel was received into an
 * escape buffer. -> received, pairs_checked, recoveries, escapes (all
 * NIs). With ucast.l4.elf (no RECOV) the same workload may deadlock:
 * the watchdog stops the run. Parameters SEED, COUNT, SIZE. */
#include "happ.h"
#include "../be32.h"
#include "../lfc/lfc.h"
#include "../../firmware/lfc/lfc_abi.h"
#include "../../firmware/lfc/tree.h"

#include <stdlib.h>
#include <string.h>

#define RN 16u
#define RG 3u
#define RMAX 64u
#define UNI RG                     /* stream index of unicast */
#define BAR 0xFFFFFFFFu

typedef struct {
    unsigned n, credits, ng, gn[RG], gm[RG][RN], kind[RG], count[RN];
    unsigned char to[RN][RMAX];    /* a process, or 0x80 | group index */
} workload;

typedef struct {
    const workload *w;
    unsigned me, size, got, want, barrier, bad;
    int last[RN][RG + 1];          /* last k received per (source, stream) */
    int gid[RG];                   /* library group ids */
} rrx;

typedef struct {
    unsigned n, credits, got;
    lfc_pcb pcb[RN];
    lfc_recov rc;
} rstate;

static unsigned rnd(unsigned *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static int member(const workload *w, unsigned g, unsigned p)
{
    for (unsigned i = 0; i < w->gn[g]; i++)
        if (w->gm[g][i] == p) return 1;
    return 0;
}

static unsigned seed_state(unsigned seed)
{
    unsigned s = seed * 2654435761u ^ 0x9E3779B9u;
    return s ? s : 1u;
}

/* the credits come first and from SEED alone: the endpoint needs them
 * before it knows how many processes there are */
static unsigned seed_credits(unsigned seed)
{
    unsigned s = seed_state(seed);
    return 1u + (rnd(&s) % 4u == 0u);
}

static void make_workload(workload *w, unsigned seed, unsigned n, unsigned maxcount)
{
    unsigned s = seed_state(seed);
    memset(w, 0, sizeof *w);
    w->n = n;
    w->credits = 1u + (rnd(&s) % 4u == 0u);
    w->ng = 1u + rnd(&s) % RG;
    for (unsigned g = 0; g < w->ng; g++) {
        unsigned perm[RN];
        for (unsigned i = 0; i < n; i++) perm[i] = i;
        for (unsigned i = n - 1u; i > 0; i--) {
            unsigned j = rnd(&s) % (i + 1u), t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        w->gn[g] = 2u + rnd(&s) % (n - 1u);
        memcpy(w->gm[g], perm, w->gn[g] * sizeof perm[0]);
        w->kind[g] = rnd(&s) % 4u ? LFC_TREE_CHAIN : LFC_TREE_BINARY;   /* chains 3 in 4 */
    }
    for (unsigned p = 0; p < n; p++) {
        unsigned mine[RG], nm = 0;
        for (unsigned g = 0; g < w->ng; g++)
            if (member(w, g, p)) mine[nm++] = g;
        w->count[p] = maxcount / 2u + 1u + rnd(&s) % (maxcount - maxcount / 2u);
        for (unsigned k = 0; k < w->count[p]; k++) {
            unsigned r = rnd(&s);
            w->to[p][k] = nm && r % 4u ? (unsigned char)(0x80u | mine[(r >> 8) % nm])
                                       : (unsigned char)((p + 1u + (r >> 8) % (n - 1u)) % n);
        }
    }
}

/* Does q get process p's send k, and on which stream? */
static int gets(const workload *w, unsigned p, unsigned k, unsigned q, unsigned *st)
{
    unsigned t = w->to[p][k];
    if (t & 0x80u) {
        *st = t & 0x7Fu;
        return p != q && member(w, t & 0x7Fu, q);
    }
    *st = UNI;
    return t == q;
}

static uint8_t pat(unsigned src, unsigned k, unsigned i) { return (uint8_t)(src * 13u + k * 7u + i); }

static int upcall(void *ctx, lfc *l, unsigned src, void *pkt, unsigned size, unsigned flags)
{
    (void)l;
    (void)flags;
    rrx *r = ctx;
    const uint8_t *d = pkt;
    if (size >= 4 && be32_get(d) == BAR) {
        r->barrier++;
        return 0;
    }
    r->got++;
    unsigned word = size >= 8 ? be32_get(d + 4) : 0xFFFFFFFFu, st = word >> 16, k = word & 0xFFFFu, st2;
    if (size != r->size || src >= r->w->n || st > UNI || k >= r->w->count[src]) {
        r->bad++;
        return 0;
    }
    for (unsigned i = 8; i < size; i++)
        if (d[i] != pat(src, k, i)) {
            r->bad++;
            return 0;
        }
    /* the next send of src's this process should get on stream st */
    unsigned next = (unsigned)(r->last[src][st] + 1);
    while (next < r->w->count[src] && !(gets(r->w, src, next, r->me, &st2) && st2 == st)) next++;
    if (next != k) r->bad++;      /* a duplicate, a gap or out of order */
    r->last[src][st] = (int)k;
    return 0;
}

static int fail_l(happ_env *e, lfc *l) { return happ_fail(e, "process %u: %s", lfc_my_proc(l), lfc_error(l)); }

static int send1(happ_env *e, lfc *l, int group, unsigned dest, const uint8_t *msg, unsigned size)
{
    uint8_t *pkt = lfc_send_alloc(l, 1);
    if (!pkt) return fail_l(e, l);
    memcpy(pkt, msg, size);
    if ((group >= 0 ? lfc_mcast_launch(l, group, pkt, size, 1) : lfc_ucast_launch(l, dest, pkt, size, 1)) ||
        lfc_poll(l) < 0)
        return fail_l(e, l);
    return 0;
}

static int wait_for(happ_env *e, lfc *l, const unsigned *count, unsigned want)
{
    while (*count < want) {
        int w = lfc_wait(l, SIM_US(500000));
        if (w < 0) return fail_l(e, l);
        if (w == 0) return happ_fail(e, "process %u: %u of %u, then nothing", lfc_my_proc(l), *count, want);
    }
    return 0;
}

/* all to process 0, process 0 to all (unicast); counts are absolute */
static int barrier(happ_env *e, lfc *l, rrx *r, unsigned b)
{
    uint8_t m[8];
    be32_put(m, BAR);
    be32_put(m + 4, 0);
    if (r->me != 0) return send1(e, l, -1, 0, m, 8) || wait_for(e, l, &r->barrier, b);
    if (wait_for(e, l, &r->barrier, b * (r->w->n - 1u))) return -1;
    for (unsigned d = 1; d < r->w->n; d++)
        if (send1(e, l, -1, d, m, 8)) return -1;
    return 0;
}

static int recov_random(platform *p, happ_env *e)
{
    long long seed, count, size;
    if (happ_int(e, "SEED", 1, &seed) || happ_int(e, "COUNT", 24, &count) || happ_int(e, "SIZE", 64, &size)) return -1;
    if (count < 1 || count > (long long)RMAX || size < 8 || size > LFC_MAX_PAYLOAD)
        return happ_fail(e, "COUNT 1..%u, SIZE 8..1024", RMAX);
    workload *w = calloc(1, sizeof *w);
    rrx *r = calloc(1, sizeof *r);
    rstate *st = calloc(1, sizeof *st);
    e->state = st;
    if (!w || !r || !st) {
        free(w);
        free(r);
        return happ_fail(e, "out of memory");
    }
    lfc_params prm;
    lfc_params_default(&prm);
    prm.credits = seed_credits((unsigned)seed);
    prm.refresh = 1;
    prm.overlap_unsafe = 1;
    char err[400];
    r->w = w;                      /* filled before any packet can come (the first barrier) */
    r->size = (unsigned)size;
    memset(r->last, 0xFF, sizeof r->last);
    lfc *l = lfc_open(p, &prm, upcall, r, err, sizeof err);
    int rc = l ? 0 : happ_fail(e, "%s", err);
    unsigned n = l ? lfc_nr_procs(l) : 0;
    if (rc == 0 && (n < 2 || n > RN)) rc = happ_fail(e, "lfc_recov_random runs on 2 .. %u processes, not %u", RN, n);
    if (rc == 0) {
        make_workload(w, (unsigned)seed, n, (unsigned)count);
        r->me = lfc_my_proc(l);
    }
    for (unsigned g = 0; rc == 0 && g < w->ng; g++)
        if ((r->gid[g] = lfc_group_create(l, w->gm[g], w->gn[g], w->kind[g])) < 0) rc = fail_l(e, l);
    if (rc == 0) rc = barrier(e, l, r, 1);
    for (unsigned q = 0; rc == 0 && q < n; q++)   /* what this process should get */
        for (unsigned k = 0; k < w->count[q]; k++) {
            unsigned s2;
            r->want += (unsigned)gets(w, q, k, r->me, &s2);
        }
    uint8_t msg[LFC_MAX_PAYLOAD];
    for (unsigned k = 0; rc == 0 && k < w->count[r->me]; k++) {
        unsigned t = w->to[r->me][k], stream = t & 0x80u ? t & 0x7Fu : UNI;
        be32_put(msg, 0);
        be32_put(msg + 4, stream << 16 | k);
        for (unsigned i = 8; i < (unsigned)size; i++) msg[i] = pat(r->me, k, i);
        rc = send1(e, l, t & 0x80u ? r->gid[t & 0x7Fu] : -1, t, msg, (unsigned)size);
    }
    if (rc == 0) rc = wait_for(e, l, &r->got, r->want);
    if (rc == 0) rc = barrier(e, l, r, 2);
    while (rc == 0) {   /* quiet: 1 ms without packets */
        int q = lfc_wait(l, SIM_US(1000));
        if (q < 0) rc = fail_l(e, l);
        if (q == 0) break;
    }
    if (rc == 0 && (r->bad || r->got != r->want))
        rc = happ_fail(e, "process %u: %u of %u packets, %u twice, out of order or damaged", r->me, r->got, r->want, r->bad);
    st->n = n;
    st->credits = w->credits;
    st->got = r->got;
    for (unsigned d = 0; rc == 0 && d < n; d++)
        if (lfc_pcb_get(l, d, &st->pcb[d])) rc = fail_l(e, l);
    if (rc == 0 && lfc_recov_get(l, &st->rc)) rc = fail_l(e, l);
    if (l) {
        if (lfc_close(l, err, sizeof err) && rc == 0) rc = happ_fail(e, "%s", err);
    }
    free(w);
    free(r);
    return rc;
}

static int recov_random_combine(happ_env *const *envs, int n, happ_env *out)
{
    unsigned pairs = 0, got = 0, rec = 0, esc = 0, sent = 0;
    for (int s = 0; s < n; s++)
        if (!envs[s]->state) return happ_fail(out, "process %d kept no state", s);
    for (int s = 0; s < n; s++) {
        const rstate *S = envs[s]->state;
        got += S->got;
        rec += S->rc.recoveries;
        esc += S->rc.esc_used;
        sent += S->rc.esc_sent;
        if (S->rc.esc_held || S->rc.busy)
            return happ_fail(out, "NI %d: %u escape buffers held, recovery %s at the end", s, S->rc.esc_held,
                             S->rc.busy ? "active" : "over");
        for (int d = 0; d < n; d++) {
            if (d == s) continue;
            const rstate *R = envs[d]->state;
            unsigned sum = S->pcb[d].send_credits + R->pcb[s].free_credits + R->pcb[s].held;
            if (sum != S->credits || S->pcb[d].blocked)
                return happ_fail(out, "credits %d -> %d: %u send + %u owed + %u held = %u, not %u (%u blocked)", s, d,
                                 S->pcb[d].send_credits, R->pcb[s].free_credits, R->pcb[s].held, sum, S->credits,
                                 S->pcb[d].blocked);
            pairs++;
        }
    }
    if (sent != esc) return happ_fail(out, "%u packets sent on recovery channels, %u received into escape buffers", sent, esc);
    happ_measure(out, "received", got);
    happ_measure(out, "pairs_checked", pairs);
    happ_measure(out, "recoveries", rec);
    happ_measure(out, "escapes", esc);
    return 0;
}

static const char *const recov_params[] = {"SEED", "COUNT", "SIZE", NULL};
const happ happ_lfc_recov_random = {"lfc_recov_random",
                                    "LFC RECOV: a random deadlock-prone workload from SEED completes exactly once, in order",
                                    recov_params, recov_random, recov_random_combine};
