/* The instrumented build's DMA steps (GRIM_ST_AM_DMA, GRIM_ST_RM_DMA) must
 * time "first post of the message's data -> all of it in host memory" on
 * every path: with and without receive cut-through, on both chips. A 64 KB
 * message cannot cross 32-bit/33 MHz PCI (133 MB/s) faster than 65536 /
 * 133e6 s, so every occurrence must be at least that long -- a step that
 * only timed the last piece, or was not recorded at all, fails here. */
#include "../harness/harness.h"
#include "gf.h"

#include <string.h>

#define BIG_N 3

typedef struct { unsigned type; int got; uint8_t *dst; uint64_t dphys; unsigned late; } bigarg;

static int got_one(gf *g, int node, int lc, const gf_msg *m, void *ctx)
{
    (void)g, (void)node, (void)lc, (void)m;
    ((bigarg *)ctx)->got++;
    return 0;
}

/* BIG_N messages of 64 KB (AM: header included; RM-P: payload) one at a time. */
static int big_run(gf *g, void *arg)
{
    bigarg *b = arg;
    static uint8_t buf[GRIM_MTU];
    memset(buf, 0x3C, sizeof buf);
    if (gf_start(g)) return -1;
    if (b->type == GRIM_T_RMP) {
        b->dst = plat_alloc_contig(g->p[1], GRIM_MTU, &b->dphys);
        if (!b->dst) return gf_fail(g, "%s", plat_error(g->p[1]));
    }
    for (int i = 0; i < BIG_N; i++) {
        unsigned a[4] = {(unsigned)b->dphys, 0, 0, 0};
        unsigned len = b->type == GRIM_T_AM ? GRIM_MTU - GRIM_HDR_BYTES : GRIM_MTU;
        int r;
        while ((r = gf_send(g, 0, 0, GRIM_EP(1, 0), b->type, 1, a, buf, len, 1)) == 0)
            if (plat_now(g->p[0]) > SIM_US(100000) || gf_idle(g, SIM_US(10))) return gf_fail(g, "send %d: no room", i);
        if (r < 0) return -1;
        if (b->type == GRIM_T_AM)
            while (b->got <= i) {
                int r = gf_poll(g, 1, 0, got_one, b);
                if (r < 0) return -1;
                if (!r && gf_idle(g, SIM_US(2))) return -1;
            }
        /* the host sees the AM (its back pointer): its DMA step must be in
         * GRIM_STATS already, as a host program reads it right then */
        if (b->type == GRIM_T_AM && gf_word(g, 1, GRIM_STATS + GRIM_ST_AM_DMA * 16 + GRIM_S_COUNT) != (unsigned)i + 1)
            b->late++;
        if (gf_drain(g, plat_now(g->p[0]) + SIM_US(20000)) || gf_idle(g, SIM_US(20))) return -1;
    }
    return gf_quit(g);
}

static void big_case(int c, unsigned type, unsigned options)
{
    gf_opts o = gf_opts_on(gf_chips[c]);
    o.instr = 1;
    o.options = options;
    o.qsize = 0x28000;                 /* three messages of 64 KB + header without a stall */
    o.amsize = 0x40000;
    gf g;
    GF_NEW(&g, &o);
    bigarg b = {type, 0, NULL, 0, 0};
    GF_RUN_OK(&g, big_run, &b, SIM_US(200000));
    unsigned step = type == GRIM_T_AM ? GRIM_ST_AM_DMA : GRIM_ST_RM_DMA;
    double mhz = (double)lanai_profile_of(cosim_core(g.s, 1))->clock_hz / 1e6;
    unsigned n = gf_word(&g, 1, GRIM_STATS + step * 16 + GRIM_S_COUNT);
    double last = gf_word(&g, 1, GRIM_STATS + step * 16 + GRIM_S_LAST) / mhz;
    double mean = n ? gf_word(&g, 1, GRIM_STATS + step * 16 + GRIM_S_SUM) / mhz / n : 0.0;
    double floor_us = 65536.0 / 133.0;
    harness_note("%s %s recv-ct %d: %u timed, last %.1f us, mean %.1f us (floor %.1f)", gf_chips[c],
                 type == GRIM_T_AM ? "AM DMA 64 KB" : "RM DMA 64 KB", (options & GRIM_OPT_RECV_CT) != 0, n, last, mean,
                 floor_us);
    ASSERT_EQ(n, BIG_N);               /* every message timed once */
    ASSERT_EQ(b.late, 0);              /* ... before the host could see it */
    ASSERT_TRUE(last >= floor_us);
    ASSERT_TRUE(mean >= floor_us);
    gf_free(&g);
}

TEST(grim_fw, instr_dma_steps_time_all_of_a_64kb_message)
{
    for (int c = 0; c < 2; c++)
        for (int ct = 0; ct < 2; ct++) {
            unsigned opts = ct ? GRIM_OPT_DEFAULT | GRIM_OPT_RECV_CT : GRIM_OPT_DEFAULT & ~GRIM_OPT_RECV_CT;
            big_case(c, GRIM_T_AM, opts);
            big_case(c, GRIM_T_RMP, opts);
        }
}
