/* Checked AM traffic (traffic.h). */
#include "traffic.h"

#include <stdio.h>
#include <string.h>

void traffic_init(traffic *t)
{
    memset(t, 0, sizeof *t);
    t->per_lc = 8;
    t->maxlen = 256;
    t->seed = 1;
    t->only_to = -1;
    t->slow_node = -1;
    t->limit = SIM_US(50000);
}

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    return x ^ (x >> 33);
}

/* Message k of (node, lc): destination, length, per-stream index. */
typedef struct { int dn, dl; unsigned len; } plan;

static plan plan_of(const traffic *t, const gf *g, int node, int lc, int k)
{
    uint64_t r = mix(t->seed * 1000003u + (uint64_t)node * 7919u + (uint64_t)lc * 104729u + (uint64_t)k);
    plan p;
    int others = g->o.nodes - 1;
    p.dn = t->only_to >= 0 ? t->only_to : (node + 1 + (int)(r % (uint64_t)others)) % g->o.nodes;
    p.dl = (int)((r >> 16) % (uint64_t)g->o.nlc);
    p.len = t->minlen + (unsigned)((r >> 32) % (uint64_t)(t->maxlen - t->minlen + 1));
    return p;
}

static uint8_t pat(int node, int lc, int k, unsigned i)
{
    return (uint8_t)((unsigned)k * 131u + i * 7u + (unsigned)node * 31u + (unsigned)lc * 17u + (i >> 8));
}

static int sends(const traffic *t, int node) { return t->only_to < 0 || node != t->only_to; }

static int check(gf *g, int node, int lc, const gf_msg *m, void *ctx)
{
    traffic *t = ctx;
    int sn = (int)GRIM_EP_NI(m->src), sl = (int)GRIM_EP_LC(m->src), k = (int)m->a[1], idx = (int)m->a[2];
    t->received++;
    if (m->type != GRIM_T_AM || m->handler != TR_HANDLER || m->dst != GRIM_EP(node, lc) || sn >= g->o.nodes ||
        sl >= g->o.nlc || m->a[0] != (0xA5000000u | (unsigned)sn << 8 | (unsigned)sl) || m->lc != (unsigned)sl) {
        snprintf(t->why, sizeof t->why, "node %d LC %d: a malformed message (type %u handler %u src 0x%x dst 0x%x a0 0x%x)",
                 node, lc, m->type, m->handler, m->src, m->dst, m->a[0]);
        t->bad++;
        return 0;
    }
    plan p = plan_of(t, g, sn, sl, k);
    int *next = &t->next[sn][sl][node][lc];
    if (p.dn != node || p.dl != lc || idx != *next || m->len != p.len || m->a[3] != p.len) {
        snprintf(t->why, sizeof t->why,
                 "node %d LC %d: from %d.%d message k=%d index %d len %u; expected index %d (plan: to %d.%d, %u bytes)",
                 node, lc, sn, sl, k, idx, m->len, *next, p.dn, p.dl, p.len);
        t->bad++;
        return 0;
    }
    for (unsigned i = 0; i < m->len; i++)
        if (m->payload[i] != pat(sn, sl, k, i)) {
            snprintf(t->why, sizeof t->why, "node %d LC %d: from %d.%d k=%d: payload byte %u is 0x%02x, sent 0x%02x", node,
                     lc, sn, sl, k, i, m->payload[i], pat(sn, sl, k, i));
            t->bad++;
            return 0;
        }
    (*next)++;
    return 0;
}

int traffic_run(gf *g, void *arg)
{
    traffic *t = arg;
    int N = g->o.nodes, L = g->o.nlc;
    int k[GF_MAX_NODES][GF_MAX_LC] = {{0}}, pend[GF_MAX_NODES][GF_MAX_LC] = {{0}};
    int idx[GF_MAX_NODES][GF_MAX_LC][GF_MAX_NODES][GF_MAX_LC];
    memset(idx, 0, sizeof idx);
    t->expected = 0;
    for (int n = 0; n < N; n++)
        for (int l = 0; l < L && sends(t, n); l++)
            for (int j = 0; j < t->per_lc; j++) {
                plan p = plan_of(t, g, n, l, j);
                t->planned[n][l][p.dn][p.dl]++;
                t->expected++;
            }
    if (gf_start(g)) return -1;
    sim_time slow_next = 0;
    uint8_t buf[GRIM_MTU];
    while (t->received < t->expected) {
        sim_time now = plat_now(g->p[0]);
        if (now > t->limit)
            return gf_fail(g, "traffic: %d of %d messages received after %llu us (%d sent)", t->received, t->expected,
                           (unsigned long long)(now / 1000000u), t->sent);
        int moved = 0;
        for (int n = 0; n < N; n++)
            for (int l = 0; l < L && sends(t, n); l++) {
                if (k[n][l] == t->per_lc) continue;
                plan p = plan_of(t, g, n, l, k[n][l]);
                for (unsigned i = 0; i < p.len; i++) buf[i] = pat(n, l, k[n][l], i);
                unsigned a[4] = {0xA5000000u | (unsigned)n << 8 | (unsigned)l, (unsigned)k[n][l],
                                 (unsigned)idx[n][l][p.dn][p.dl], p.len};
                int last = k[n][l] + 1 == t->per_lc;
                int commit = t->batch <= 1 || pend[n][l] + 1 == t->batch || last;
                int r = gf_send(g, n, l, GRIM_EP(p.dn, p.dl), GRIM_T_AM, TR_HANDLER, a, buf, p.len, commit);
                if (r < 0) return -1;
                if (r == 0 && pend[n][l]) {               /* no room: commit what is written */
                    if (gf_commit(g, n, l)) return -1;
                    pend[n][l] = 0;
                }
                if (r == 1) {
                    idx[n][l][p.dn][p.dl]++;
                    k[n][l]++;
                    t->sent++;
                    pend[n][l] = commit ? 0 : pend[n][l] + 1;
                    moved = 1;
                }
            }
        int slow_now = now >= slow_next;
        if (slow_now) slow_next = now + t->slow_every;
        for (int n = 0; n < N; n++)
            for (int l = 0; l < L; l++) {
                if (n == t->slow_node && l == t->slow_lc && !slow_now) continue;
                int r = gf_poll(g, n, l, check, t);
                if (r < 0) return -1;
                if (r) moved = 1;
            }
        if (t->bad) return gf_fail(g, "traffic: %s", t->why);
        if (!moved && gf_idle(g, SIM_US(2))) return -1;
    }
    for (int n = 0; n < N; n++)
        for (int l = 0; l < L; l++)
            for (int dn = 0; dn < N; dn++)
                for (int dl = 0; dl < L; dl++)
                    if (t->next[n][l][dn][dl] != t->planned[n][l][dn][dl])
                        return gf_fail(g, "traffic: stream %d.%d -> %d.%d delivered %d of %d", n, l, dn, dl,
                                       t->next[n][l][dn][dl], t->planned[n][l][dn][dl]);
    if (gf_drain(g, plat_now(g->p[0]) + t->limit)) return -1;
    return gf_quit(g);
}
