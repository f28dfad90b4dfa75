/* Remote memory operations the NI must refuse without faulting: a target
 * or lock address that is not 4-byte aligned (the LANai 4 DMA engine
 * faults on one) or a VA the driver cannot translate. Each is dropped,
 * ACKed (the sender's queue drains; it does not retry forever) and counted
 * in GRIM_L_ERRORS; nothing of it reaches host memory, and a good RM-P
 * sent after them still arrives. */
#include "../harness/harness.h"
#include "gf.h"

#include <string.h>

#define VA_R1     0x50000000u      /* static entry 0 on node 1 */
#define VA_NONE   0x70000000u      /* the driver knows nothing here */
#define R1_BYTES  8192u
#define N_BAD     6

typedef struct {
    uint8_t *r1;
    uint64_t p1;
    int asked;
} rjt;

static int no_fill(gf *g, int node, unsigned lc, unsigned va, unsigned len, uint32_t slot, void *ctx)
{
    (void)g, (void)node, (void)lc, (void)va, (void)len, (void)slot;
    ((rjt *)ctx)->asked++;             /* the slot stays invalid: no translation */
    return 0;
}

static int reject_run(gf *g, void *arg)
{
    rjt *t = arg;
    if (gf_start(g)) return -1;
    platform *p1 = g->p[1];
    t->r1 = plat_alloc_contig(p1, R1_BYTES, &t->p1);
    if (!t->r1) return gf_fail(g, "%s", plat_error(p1));
    memset(t->r1, 0, R1_BYTES);
    if (gf_xlat_entry(g, 1, GRIM_XLAT, 0, VA_R1, t->r1, R1_BYTES, NULL)) return -1;
    static uint8_t data[256];
    memset(data, 0xA5, sizeof data);
    uint32_t p = (uint32_t)t->p1;
    const struct { unsigned type; unsigned a[4]; unsigned len; } bad[N_BAD] = {
        {GRIM_T_RMP, {p + 2, 0, 0, 0}, 64},                          /* unaligned physical target */
        {GRIM_T_RMV, {VA_R1 + 6, 0, 0, 0}, 64},                      /* unaligned virtual target */
        {GRIM_T_RMV, {VA_R1 + 64, VA_R1 + 3, 7, 0}, 64},             /* unaligned lock */
        {GRIM_T_RMP, {p + 128, VA_R1 + 2, 7, 0}, 4},                 /* RM-P, unaligned lock */
        {GRIM_T_RMV, {VA_NONE, 0, 0, 0}, 64},                        /* no translation */
        {GRIM_T_RMRV, {VA_R1 + 2, 0x60000000u, 16, 0}, 0},           /* read from an unaligned VA */
    };
    for (int i = 0; i < N_BAD; i++)
        if (gf_send(g, 0, 0, GRIM_EP(1, 0), bad[i].type, 0, bad[i].a, data, bad[i].len, 1) != 1)
            return gf_fail(g, "message %d not queued: %s", i, g->err);
    unsigned good[4] = {p + 1024, VA_R1 + 8, 0x77, 0};
    if (gf_send(g, 0, 0, GRIM_EP(1, 0), GRIM_T_RMP, 0, good, data, sizeof data, 1) != 1)
        return gf_fail(g, "good message not queued: %s", g->err);
    while (gf_le32(t->r1 + 8) != 0x77) {
        if (gf_xlat_service(g, 1, no_fill, t) < 0) return -1;
        if (plat_now(p1) > SIM_US(20000)) return gf_fail(g, "the good RM-P after the bad ones never arrived");
        if (gf_idle(g, SIM_US(2))) return -1;
    }
    if (gf_drain(g, plat_now(p1) + SIM_US(5000))) return -1;   /* every one of them ACKed */
    return gf_quit(g);
}

TEST(grim_fw, rm_unaligned_or_untranslatable_is_acked_counted_and_dropped)
{
    for (int c = 0; c < 2; c++) {
        gf_opts o = gf_opts_on(gf_chips[c]);
        o.nodes = 2;
        gf g;
        GF_NEW(&g, &o);
        rjt t = {0};
        GF_RUN_OK(&g, reject_run, &t, SIM_US(40000));
        ASSERT_EQ(gf_lcw(&g, 1, 0, GRIM_L_ERRORS), N_BAD);
        ASSERT_EQ(gf_lcw(&g, 1, 0, GRIM_L_DELIVERED), 1);
        ASSERT_TRUE(t.asked >= 1);     /* the untranslatable VA went to the driver */
        /* nothing of the refused ones reached host memory: only the good data and its lock */
        for (unsigned k = 0; k < R1_BYTES; k++) {
            int good = (k >= 1024 && k < 1024 + 256) || (k >= 8 && k < 12);
            if (!good && t.r1[k]) harness_fail(__FILE__, __LINE__, "%s: byte %u written (0x%02x)", gf_chips[c], k, t.r1[k]);
        }
        gf_free(&g);
    }
}
