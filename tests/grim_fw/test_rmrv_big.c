/* RM-RV of a full 64 KB, several requests back to back: each reply
 * (header + 65536 bytes) takes nearly all of the firmware's reply queue, so
 * the second one only fits once the queue, emptied by the first one's ACK,
 * starts again at 0 (rmrv.c). Every reply must arrive byte for byte and its
 * lock word be cleared, on both chips. */
#include "../harness/harness.h"
#include "gf.h"

#include <string.h>

#define VA_SRC  0x50000000u        /* node 1: the data read */
#define VA_DST  0x60000000u        /* node 0: where the replies land, then the lock words */
#define NREQ    3
#define BIG     65536u

typedef struct {
    uint8_t *src, *dst;
    uint64_t ps, pd;
} rvt;

static int rv_run(gf *g, void *arg)
{
    rvt *t = arg;
    if (gf_start(g)) return -1;
    unsigned dbytes = NREQ * BIG + 64;
    t->src = plat_alloc_contig(g->p[1], BIG, &t->ps);
    t->dst = plat_alloc_contig(g->p[0], dbytes, &t->pd);
    if (!t->src || !t->dst) return gf_fail(g, "allocation: %s %s", plat_error(g->p[1]), plat_error(g->p[0]));
    for (unsigned k = 0; k < BIG; k++) t->src[k] = (uint8_t)(k * 31 + (k >> 8) + 5);
    memset(t->dst, 0, dbytes);
    uint8_t *locks = t->dst + NREQ * BIG;
    for (int i = 0; i < NREQ; i++) locks[4 * i] = 0xEE;          /* the NI clears each after its data */
    if (gf_xlat_entry(g, 1, GRIM_XLAT, 0, VA_SRC, t->src, BIG, NULL) ||
        gf_xlat_entry(g, 0, GRIM_XLAT, 0, VA_DST, t->dst, dbytes, NULL))
        return -1;
    for (int i = 0; i < NREQ; i++) {
        unsigned a[4] = {VA_SRC, VA_DST + (unsigned)i * BIG, BIG, VA_DST + NREQ * BIG + 4u * (unsigned)i};
        if (gf_send(g, 0, 0, GRIM_EP(1, 0), GRIM_T_RMRV, 0, a, NULL, 0, 1) != 1)
            return gf_fail(g, "request %d not queued: %s", i, g->err);
    }
    for (int i = 0; i < NREQ;) {
        if (gf_le32(locks + 4 * i) == 0) {
            i++;
            continue;
        }
        if (plat_now(g->p[0]) > SIM_US(60000)) return gf_fail(g, "reply %d never completed", i);
        if (gf_idle(g, SIM_US(20))) return -1;
    }
    if (gf_drain(g, plat_now(g->p[0]) + SIM_US(10000))) return -1;
    return gf_quit(g);
}

TEST(grim_fw, rmrv_of_64kb_several_requests_all_complete)
{
    for (int c = 0; c < 2; c++) {
        gf_opts o = gf_opts_on(gf_chips[c]);
        o.nodes = 2;
        gf g;
        GF_NEW(&g, &o);
        rvt t = {0};
        GF_RUN_OK(&g, rv_run, &t, SIM_US(100000));
        for (int i = 0; i < NREQ; i++) ASSERT_MEM_EQ(t.dst + (size_t)i * BIG, t.src, BIG);
        ASSERT_EQ(gf_lcw(&g, 1, 0, GRIM_L_DELIVERED), NREQ);           /* the requests */
        ASSERT_EQ(gf_lcw(&g, 0, 0, GRIM_L_ERRORS) + gf_lcw(&g, 1, 0, GRIM_L_ERRORS), 0u);
        harness_note("%s: %d fetches of 64 KB; NACKs sent by the reader %u", gf_chips[c], NREQ,
                     gf_lcw(&g, 1, 0, GRIM_L_NACKS_SENT));
        gf_free(&g);
    }
}
