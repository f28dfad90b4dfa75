/* GRIM firmware measurements on both chips, printed as notes (run with -v):
 * the LC scan time of Fig 4.10, the per-step costs of Tables 5.1-5.3 from
 * the instrumented build, and the one-way latency of a null active message.
 * The assertions only check that each figure was measured and is plausible
 * in shape (a scan grows with the LCs it covers; every step ran); the
 * figures themselves are what the firmware costs, not targets. */
#include "../harness/harness.h"
#include "gf.h"

#include <stdio.h>
#include <string.h>

static double clock_mhz(gf *g) { return (double)lanai_profile_of(cosim_core(g->s, 0))->clock_hz / 1e6; }

/* average cycles of a step on node n, and its count */
static double step_us(gf *g, int n, unsigned step, unsigned *count)
{
    uint32_t sum = gf_word(g, n, GRIM_STATS + step * 16 + GRIM_S_SUM);
    *count = gf_word(g, n, GRIM_STATS + step * 16 + GRIM_S_COUNT);
    return *count ? (double)sum / *count / clock_mhz(g) : 0.0;
}

/* ---- Fig 4.10: scan of N empty LCs ---- */

static int scan_run(gf *g, void *arg)
{
    (void)arg;
    if (gf_start(g) || gf_idle(g, SIM_US(300))) return -1;
    return gf_quit(g);
}

TEST(grim_fw, measure_lc_scan)
{
    const int nlc[4] = {1, 8, 16, 32};
    for (int c = 0; c < 2; c++) {
        char line[200];
        int len = snprintf(line, sizeof line, "%s LC scan (Fig 4.10):", gf_chips[c]);
        double prev = 0;
        for (int i = 0; i < 4; i++) {
            gf_opts o = gf_opts_on(gf_chips[c]);
            o.nodes = 1;
            o.nlc = nlc[i];
            o.qsize = 8192;
            o.scan_only = 1;
            gf g;
            GF_NEW(&g, &o);
            GF_RUN_OK(&g, scan_run, NULL, SIM_US(10000));
            unsigned n;
            double us = step_us(&g, 0, GRIM_ST_SCAN_EMPTY, &n);
            len += snprintf(line + len, sizeof line - (size_t)len, " %d LCs %.2f us (%.0f cycles);", nlc[i], us,
                            us * clock_mhz(&g));
            ASSERT_TRUE(n > 10);
            ASSERT_TRUE(us > prev);
            prev = us;
            gf_free(&g);
        }
        harness_note("%s", line);
    }
}

/* ---- Tables 5.1 / 5.2: one message at a time, instrumented build ---- */

typedef struct { int lc, n; unsigned len; int got; } pingarg;

static int got_one(gf *g, int node, int lc, const gf_msg *m, void *ctx)
{
    (void)g, (void)node, (void)lc, (void)m;
    ((pingarg *)ctx)->got++;
    return 0;
}

static int one_at_a_time(gf *g, void *arg)
{
    pingarg *p = arg;
    static uint8_t buf[GRIM_MTU];
    memset(buf, 0x33, sizeof buf);
    if (gf_start(g)) return -1;
    for (int i = 0; i < p->n; i++) {
        if (gf_send(g, 0, p->lc, GRIM_EP(1, p->lc), GRIM_T_AM, 1, NULL, buf, p->len, 1) != 1)
            return gf_fail(g, "send %d: %s", i, g->err);
        while (p->got <= i) {
            int r = gf_poll(g, 1, p->lc, got_one, p);
            if (r < 0) return -1;
            if (!r && gf_idle(g, SIM_US(1))) return -1;
        }
        if (gf_drain(g, plat_now(g->p[0]) + SIM_US(5000)) || gf_idle(g, SIM_US(20))) return -1;
    }
    return gf_quit(g);
}

static void instr_run(const char *chip, int nlc, unsigned len, unsigned options, int n, gf *g)
{
    gf_opts o = gf_opts_on(chip);
    o.nlc = nlc;
    o.instr = 1;
    o.options = options;
    o.qsize = 0x20000 > 0x60000 / nlc ? 0x60000 / (unsigned)nlc & ~7u : 0x20000;
    o.amsize = 0x40000;
    if (gf_new(g, &o)) harness_fail(__FILE__, __LINE__, "%s", g->err);
    pingarg p = {nlc - 1, n, len, 0};
    int rc = -1;
    cosim_status st = gf_run(g, one_at_a_time, &p, SIM_US(200000), &rc);
    if (rc || st != COSIM_DONE) harness_fail(__FILE__, __LINE__, "rc %d %s: %s", rc, cosim_status_name(st), g->err);
}

TEST(grim_fw, measure_table_5_1_and_5_2)
{
    for (int c = 0; c < 2; c++) {
        gf g1, g8, gbig;
        instr_run(gf_chips[c], 1, 0, GRIM_OPT_DEFAULT, 8, &g1);
        instr_run(gf_chips[c], 8, 0, GRIM_OPT_DEFAULT, 8, &g8);
        instr_run(gf_chips[c], 1, GRIM_MTU - GRIM_HDR_BYTES, GRIM_OPT_DEFAULT & ~GRIM_OPT_RECV_CT, 2, &gbig);
        unsigned n[12];
        double d1 = step_us(&g1, 0, GRIM_ST_DETECT, &n[0]), d8 = step_us(&g8, 0, GRIM_ST_DETECT, &n[1]);
        double sv = step_us(&g1, 0, GRIM_ST_SETVALUES, &n[2]), sb = step_us(&g1, 0, GRIM_ST_SCOREBOARD, &n[3]);
        double de = step_us(&g1, 1, GRIM_ST_DECODE, &n[4]), sq = step_us(&g1, 1, GRIM_ST_SEQCHECK, &n[5]);
        double ca = step_us(&g1, 1, GRIM_ST_CAPACITY, &n[6]), ack = step_us(&g1, 1, GRIM_ST_ACKGEN, &n[7]);
        double dm = step_us(&g1, 1, GRIM_ST_AM_DMA, &n[8]), dmb = step_us(&gbig, 1, GRIM_ST_AM_DMA, &n[9]);
        double pt = step_us(&g1, 1, GRIM_ST_AM_PTR, &n[10]), pd = step_us(&g1, 1, GRIM_ST_AM_PTR_DMA, &n[11]);
        harness_note("%s Table 5.1 (us): detect %.2f (1 LC) / %.2f (8 LCs), set values %.2f, scoreboard %.2f | "
                     "decode %.2f, sequence %.2f, capacity %.2f, ACK/NACK %.2f",
                     gf_chips[c], d1, d8, sv, sb, de, sq, ca, ack);
        harness_note("%s Table 5.2 (us, P3-550): DMA 32 B %.2f / 64 KB %.1f, pointer increment+convert %.2f, "
                     "pointer DMA %.2f", gf_chips[c], dm, dmb, pt, pd);
        for (int i = 0; i < 12; i++) ASSERT_TRUE(n[i] > 0);
        ASSERT_TRUE(d8 > d1);
        ASSERT_TRUE(dmb > 480.0);               /* 64 KB cannot cross 32b/33 PCI faster */
        ASSERT_TRUE(dmb > 20 * dm);
        gf_free(&g1);
        gf_free(&g8);
        gf_free(&gbig);
    }
}

/* ---- one-way latency of a null AM: the host's commit of Q_BACK reaching
 * the sending NI, to the back pointer in the receiver's host memory ---- */

typedef struct { int n; double best, sum; } latarg;

static int latency_run(gf *g, void *arg)
{
    latarg *l = arg;
    if (gf_start(g)) return -1;
    l->best = 1e9;
    for (int i = 0; i < l->n; i++) {
        if (gf_send(g, 0, 0, GRIM_EP(1, 0), GRIM_T_AM, 1, NULL, NULL, 0, 0) != 1) return gf_fail(g, "no room");
        if (gf_commit(g, 0, 0)) return -1;
        sim_time t0 = plat_now(g->p[0]);
        int got = 0;
        while (!got) {
            int r = gf_poll(g, 1, 0, NULL, NULL);
            if (r < 0) return -1;
            got = r;
            if (!got && plat_compute(g->p[0], SIM_NS(20))) return gf_fail(g, "%s", plat_error(g->p[0]));
        }
        double us = (double)(plat_now(g->p[0]) - t0) / 1e6;
        if (us < l->best) l->best = us;
        l->sum += us;
        if (gf_idle(g, SIM_US(30))) return -1;
    }
    return gf_quit(g);
}

TEST(grim_fw, measure_null_am_latency)
{
    for (int c = 0; c < 2; c++) {
        gf_opts o = gf_opts_on(gf_chips[c]);
        gf g;
        GF_NEW(&g, &o);
        latarg l = {6, 0, 0};
        GF_RUN_OK(&g, latency_run, &l, SIM_US(50000));
        harness_note("%s null AM one-way, Q_BACK landed -> back pointer in host memory: best %.2f us, mean %.2f us",
                     gf_chips[c], l.best, l.sum / l.n);
        ASSERT_TRUE(l.best > 1.0 && l.best < 100.0);
        gf_free(&g);
    }
}
