/* GRIM firmware: remote memory writes (Table 5.3) -- RM-P to a physical
 * address, RM-V through the translation cache (a static entry the host
 * programmed; a miss the driver answers into a dynamic entry; page-pinned,
 * scattered memory needing one DMA per physical run), and lock-variable
 * notification after the data. */
#include "../harness/harness.h"
#include "gf.h"

#include <stdio.h>
#include <string.h>

#define VA_R1 0x50000000u          /* contiguous block: static entry 0 */
#define VA_R2 0x60000000u          /* page-pinned block: translated on demand */
#define R1_BYTES 16384u
#define R2_BYTES 20480u

typedef struct {
    uint8_t *r1, *r2;
    uint64_t p1;
    int fills;
    unsigned fill_runs;
    uint8_t src[4][12000];
    unsigned len[4];
    uint32_t lock_at[4], lock_val[4];
} rmt;

/* The driver's answer to a miss: only the page-pinned block is known. */
static int fill(gf *g, int node, unsigned lc, unsigned va, unsigned len, uint32_t slot, void *ctx)
{
    rmt *t = ctx;
    t->fills++;
    if (lc != 0 || va < VA_R2 || va + len > VA_R2 + R2_BYTES)
        return gf_fail(g, "translation request for LC %u VA 0x%x + %u outside the registered block", lc, va, len);
    return gf_xlat_entry(g, node, slot, 0, VA_R2, t->r2, R2_BYTES, &t->fill_runs);
}

static int rm_run(gf *g, void *arg)
{
    rmt *t = arg;
    if (gf_start(g)) return -1;
    platform *p1 = g->p[1];
    t->r1 = plat_alloc_contig(p1, R1_BYTES, &t->p1);
    t->r2 = plat_alloc(p1, R2_BYTES);
    if (!t->r1 || !t->r2 || plat_pin(p1, t->r2, R2_BYTES)) return gf_fail(g, "%s", plat_error(p1));
    memset(t->r1, 0, R1_BYTES);
    memset(t->r2, 0, R2_BYTES);
    if (gf_xlat_entry(g, 1, GRIM_XLAT, 0, VA_R1, t->r1, R1_BYTES, NULL)) return -1;

    /* 0: RM-P into R1 with a lock; 1: RM-V into R2 across pages (miss) with
     * a lock; 2: RM-V into R2 again (dynamic hit); 3: RM-V into R1 (static hit). */
    const unsigned type[4] = {GRIM_T_RMP, GRIM_T_RMV, GRIM_T_RMV, GRIM_T_RMV};
    const uint32_t dst[4] = {(uint32_t)t->p1 + 256, VA_R2 + 96, VA_R2 + 12000, VA_R1 + 4096};
    t->len[0] = 1000, t->len[1] = 9000, t->len[2] = 4000, t->len[3] = 2048;
    for (int i = 0; i < 4; i++) {
        for (unsigned k = 0; k < t->len[i]; k++) t->src[i][k] = (uint8_t)(k * 13 + i * 71 + (k >> 9));
        t->lock_at[i] = 8 + 4 * (uint32_t)i;
        t->lock_val[i] = 0x1000u + (uint32_t)i;
        unsigned a[4] = {dst[i], VA_R1 + t->lock_at[i], t->lock_val[i], 0};
        if (gf_send(g, 0, 0, GRIM_EP(1, 0), type[i], 0, a, t->src[i], t->len[i], 1) != 1)
            return gf_fail(g, "message %d not queued: %s", i, g->err);
    }
    for (int i = 0; i < 4;) {                       /* each lock word announces its data */
        if (gf_xlat_service(g, 1, fill, t) < 0) return -1;
        if (gf_le32(t->r1 + t->lock_at[i]) == t->lock_val[i]) {
            i++;
            continue;
        }
        if (plat_now(p1) > SIM_US(50000)) return gf_fail(g, "lock %d never written", i);
        if (gf_idle(g, SIM_US(2))) return -1;
    }
    if (gf_drain(g, plat_now(p1) + SIM_US(10000))) return -1;
    return gf_quit(g);
}

TEST(grim_fw, remote_memory_writes_translation_and_locks)
{
    for (int c = 0; c < 2; c++) {
        gf_opts o = gf_opts_on(gf_chips[c]);
        gf g;
        GF_NEW(&g, &o);
        static rmt t;
        memset(&t, 0, sizeof t);
        GF_RUN_OK(&g, rm_run, &t, SIM_US(100000));
        harness_note("%s: %d translation request(s), the block has %u physical runs; delivered %u, errors %u", o.chip,
                     t.fills, t.fill_runs, gf_lcw(&g, 1, 0, GRIM_L_DELIVERED), gf_lcw(&g, 1, 0, GRIM_L_ERRORS));
        ASSERT_MEM_EQ(t.r1 + 256, t.src[0], t.len[0]);
        ASSERT_MEM_EQ(t.r2 + 96, t.src[1], t.len[1]);
        ASSERT_MEM_EQ(t.r2 + 12000, t.src[2], t.len[2]);
        ASSERT_MEM_EQ(t.r1 + 4096, t.src[3], t.len[3]);
        ASSERT_EQ(t.r1[255], 0);                     /* nothing written outside */
        ASSERT_EQ(t.r2[95], 0);
        ASSERT_EQ(t.fills, 1);                       /* one miss; the other RM-Vs hit */
        ASSERT_TRUE(t.fill_runs > 1);                /* scattered pages: several DMAs */
        ASSERT_EQ(gf_word(&g, 1, GRIM_CTRL + GRIM_C_XREQ_SEQ), 1u);
        ASSERT_EQ(gf_lcw(&g, 1, 0, GRIM_L_DELIVERED), 4u);
        ASSERT_EQ(gf_lcw(&g, 1, 0, GRIM_L_ERRORS), 0u);
        gf_free(&g);
    }
}

/* ---- Table 5.3 from the instrumented build: RM-P payload DMAs of 4 B and
 * 64 KB, an RM-V with a translation miss (request DMA, the host's answer --
 * here this test's polling driver, not an interrupt service routine), an
 * RM-V that hits, the lock update ---- */

typedef struct { rmt *t; double us[8]; } t53;

static double last_us(gf *g, unsigned step)
{
    return gf_word(g, 1, GRIM_STATS + step * 16 + GRIM_S_LAST) /
           ((double)lanai_profile_of(cosim_core(g->s, 1))->clock_hz / 1e6);
}

static int one(gf *g, rmt *t, unsigned type, uint32_t dst, unsigned len, uint32_t lock)
{
    static uint8_t src[GRIM_MTU];
    unsigned a[4] = {dst, lock, lock ? 0x77u : 0u, 0};
    if (gf_send(g, 0, 0, GRIM_EP(1, 0), type, 0, a, src, len, 1) != 1) return gf_fail(g, "not queued");
    for (;;) {
        uint32_t f;
        if (plat_pio_read32(g->p[0], g->sram_off + GRIM_LCD + GRIM_L_Q_FRONT, &f)) return -1;
        if (f == g->lc[0][0].back % g->lc[0][0].qsize) return 0;
        if (gf_xlat_service(g, 1, fill, t) < 0 || gf_idle(g, SIM_US(2))) return -1;
    }
}

static int t53_run(gf *g, void *arg)
{
    t53 *m = arg;
    rmt *t = m->t;
    if (gf_start(g)) return -1;
    platform *p1 = g->p[1];
    t->r1 = plat_alloc_contig(p1, GRIM_MTU, &t->p1);
    t->r2 = plat_alloc(p1, R2_BYTES);
    if (!t->r1 || !t->r2 || plat_pin(p1, t->r2, R2_BYTES)) return gf_fail(g, "%s", plat_error(p1));
    if (gf_xlat_entry(g, 1, GRIM_XLAT, 0, VA_R1, t->r1, R1_BYTES, NULL)) return -1;
    if (one(g, t, GRIM_T_RMP, (uint32_t)t->p1, 4, 0)) return -1;
    m->us[0] = last_us(g, GRIM_ST_RM_DMA);
    if (one(g, t, GRIM_T_RMP, (uint32_t)t->p1, GRIM_MTU, 0)) return -1;
    m->us[1] = last_us(g, GRIM_ST_RM_DMA);
    if (one(g, t, GRIM_T_RMV, VA_R2, 4, VA_R1 + 64)) return -1;        /* miss, then a lock that hits */
    m->us[2] = last_us(g, GRIM_ST_XLAT_MISS);
    m->us[3] = last_us(g, GRIM_ST_XLAT_REQ_DMA);
    m->us[4] = last_us(g, GRIM_ST_XLAT_WAIT);
    m->us[5] = last_us(g, GRIM_ST_LOCK);
    if (one(g, t, GRIM_T_RMV, VA_R2 + 8, 4, 0)) return -1;             /* hit in the dynamic entry */
    m->us[6] = last_us(g, GRIM_ST_XLAT_HIT);
    return gf_quit(g);
}

TEST(grim_fw, measure_table_5_3)
{
    for (int c = 0; c < 2; c++) {
        gf_opts o = gf_opts_on(gf_chips[c]);
        o.instr = 1;
        o.qsize = 0x30000;
        gf g;
        GF_NEW(&g, &o);
        static rmt t;
        memset(&t, 0, sizeof t);
        t53 m = {&t, {0}};
        GF_RUN_OK(&g, t53_run, &m, SIM_US(100000));
        harness_note("%s Table 5.3 (us, P3-550): cache search hit %.2f / miss %.2f, request DMA %.2f, request to "
                     "answer %.2f (this test's polling driver), payload DMA 4 B %.2f / 64 KB %.1f, lock update %.2f",
                     o.chip, m.us[6], m.us[2], m.us[3], m.us[4], m.us[0], m.us[1], m.us[5]);
        for (int i = 0; i < 7; i++) ASSERT_TRUE(m.us[i] > 0);
        ASSERT_TRUE(m.us[1] > 480.0);
        ASSERT_TRUE(m.us[2] > m.us[6]);           /* a miss searches every entry */
        gf_free(&g);
    }
}

/* ---- RM-RV: node 0 reads from node 1's registered memory (a static entry
 * and, through a miss, page-pinned memory); node 1's NI fetches the data
 * with host->NI DMA and sends it back as an RMRV_REPLY on its reply LC; node
 * 0's NI writes it and clears the requester's lock word last ---- */

typedef struct { uint8_t *r1[2], *r2[2]; uint64_t p1[2]; int fills; } rvt;

static int rv_fill(gf *g, int node, unsigned lc, unsigned va, unsigned len, uint32_t slot, void *ctx)
{
    rvt *t = ctx;
    t->fills++;
    if (lc != 0 || va < VA_R2 || va + len > VA_R2 + R2_BYTES)
        return gf_fail(g, "node %d: translation request for LC %u VA 0x%x + %u", node, lc, va, len);
    return gf_xlat_entry(g, node, slot, 0, VA_R2, t->r2[node], R2_BYTES, NULL);
}

static int rv_run(gf *g, void *arg)
{
    rvt *t = arg;
    if (gf_start(g)) return -1;
    for (int n = 0; n < 2; n++) {
        platform *p = g->p[n];
        t->r1[n] = plat_alloc_contig(p, R1_BYTES, &t->p1[n]);
        t->r2[n] = plat_alloc(p, R2_BYTES);
        if (!t->r1[n] || !t->r2[n] || plat_pin(p, t->r2[n], R2_BYTES)) return gf_fail(g, "%s", plat_error(p));
        memset(t->r1[n], 0, R1_BYTES);
        memset(t->r2[n], 0, R2_BYTES);
        if (gf_xlat_entry(g, n, GRIM_XLAT, 0, VA_R1, t->r1[n], R1_BYTES, NULL)) return -1;
    }
    for (unsigned k = 0; k < R1_BYTES; k++) t->r1[1][k] = (uint8_t)(k * 5 + 3);
    for (unsigned k = 0; k < R2_BYTES; k++) t->r2[1][k] = (uint8_t)(k * 11 + 1 + (k >> 10));
    t->r1[0][0] = t->r1[0][4] = 0xFF;                 /* the two lock words, cleared by the replies */
    unsigned a0[4] = {VA_R1 + 1024, VA_R1 + 8192, 3000, VA_R1 + 0};      /* R1 of node 1 -> R1 of node 0 */
    unsigned a1[4] = {VA_R2 + 100 * 4, VA_R2 + 4096, 10000, VA_R1 + 4};  /* R2 of node 1 (miss) -> R2 of node 0 */
    if (gf_send(g, 0, 0, GRIM_EP(1, 0), GRIM_T_RMRV, 0, a0, NULL, 0, 1) != 1 ||
        gf_send(g, 0, 0, GRIM_EP(1, 0), GRIM_T_RMRV, 0, a1, NULL, 0, 1) != 1)
        return gf_fail(g, "RM-RV not queued: %s", g->err);
    while (t->r1[0][0] || t->r1[0][4]) {
        for (int n = 0; n < 2; n++)
            if (gf_xlat_service(g, n, rv_fill, t) < 0) return -1;
        if (plat_now(g->p[0]) > SIM_US(50000)) return gf_fail(g, "the lock words were never cleared");
        if (gf_idle(g, SIM_US(2))) return -1;
    }
    if (gf_drain(g, plat_now(g->p[0]) + SIM_US(10000))) return -1;
    uint32_t d = GRIM_LCD + (uint32_t)g->o.nlc * GRIM_LCD_BYTES, f = 0, b = 1;   /* node 1's reply LC drained */
    while (f != b) {
        if (plat_pio_read32(g->p[1], g->sram_off + d + GRIM_L_Q_FRONT, &f) ||
            plat_pio_read32(g->p[1], g->sram_off + d + GRIM_L_Q_BACK, &b) || gf_idle(g, SIM_US(5)))
            return gf_fail(g, "%s", plat_error(g->p[1]));
        if (plat_now(g->p[0]) > SIM_US(60000)) return gf_fail(g, "the reply LC never drained");
    }
    return gf_quit(g);
}

TEST(grim_fw, remote_memory_reads)
{
    for (int c = 0; c < 2; c++) {
        gf_opts o = gf_opts_on(gf_chips[c]);
        gf g;
        GF_NEW(&g, &o);
        static rvt t;
        memset(&t, 0, sizeof t);
        GF_RUN_OK(&g, rv_run, &t, SIM_US(100000));
        unsigned rv = (unsigned)o.nlc;               /* node 1's reply LC */
        harness_note("%s: %d translation request(s); node 1 reply LC sent %u, acked %u; node 0 delivered %u",
                     o.chip, t.fills, gf_lcw(&g, 1, (int)rv, GRIM_L_SENT), gf_lcw(&g, 1, (int)rv, GRIM_L_ACKED),
                     gf_lcw(&g, 0, 0, GRIM_L_DELIVERED));
        ASSERT_MEM_EQ(t.r1[0] + 8192, t.r1[1] + 1024, 3000);
        ASSERT_MEM_EQ(t.r2[0] + 4096, t.r2[1] + 400, 10000);
        ASSERT_EQ(t.r1[0][8192 + 3000], 0);          /* nothing past the end */
        ASSERT_EQ(gf_lcw(&g, 1, (int)rv, GRIM_L_SENT), 2u);
        ASSERT_EQ(gf_lcw(&g, 1, (int)rv, GRIM_L_ACKED), 2u);
        ASSERT_EQ(gf_lcw(&g, 0, 0, GRIM_L_DELIVERED), 2u);   /* the replies */
        ASSERT_EQ(gf_lcw(&g, 1, 0, GRIM_L_DELIVERED), 2u);   /* the requests */
        ASSERT_EQ(gf_lcw(&g, 0, 0, GRIM_L_ERRORS) + gf_lcw(&g, 1, 0, GRIM_L_ERRORS), 0u);
        ASSERT_EQ(t.fills, 2);                       /* node 1 for the source, node 0 for the target */
        gf_free(&g);
    }
}

/* ---- the fast path hands over: an RM whose data goes the fast way (RM-P
 * into contiguous memory) but whose lock word lies in memory the NI has not
 * translated yet -- the data is on its way when the lock misses, and the
 * staged path asks the driver and writes the lock after it; the next such
 * RM finds the lock's translation cached and goes the fast way to the end ---- */

static int handover_run(gf *g, void *arg)
{
    rmt *t = arg;
    if (gf_start(g)) return -1;
    platform *p1 = g->p[1];
    t->r1 = plat_alloc_contig(p1, R1_BYTES, &t->p1);
    t->r2 = plat_alloc(p1, R2_BYTES);
    if (!t->r1 || !t->r2 || plat_pin(p1, t->r2, R2_BYTES)) return gf_fail(g, "%s", plat_error(p1));
    memset(t->r1, 0, R1_BYTES);
    memset(t->r2, 0, R2_BYTES);
    if (gf_xlat_entry(g, 1, GRIM_XLAT, 0, VA_R1, t->r1, R1_BYTES, NULL)) return -1;
    const unsigned type[2] = {GRIM_T_RMP, GRIM_T_RMV};
    const uint32_t dst[2] = {(uint32_t)t->p1 + 64, VA_R1 + 512};
    for (int i = 0; i < 2; i++) {
        t->len[i] = 4 + 8 * (unsigned)i;
        for (unsigned k = 0; k < t->len[i]; k++) t->src[i][k] = (uint8_t)(k * 7 + i * 29 + 1);
        t->lock_at[i] = 4096 + 4 * (uint32_t)i;    /* in R2: page-pinned, not in the cache yet */
        t->lock_val[i] = 0x2000u + (uint32_t)i;
        unsigned a[4] = {dst[i], VA_R2 + t->lock_at[i], t->lock_val[i], 0};
        if (gf_send(g, 0, 0, GRIM_EP(1, 0), type[i], 0, a, t->src[i], t->len[i], 1) != 1)
            return gf_fail(g, "message %d not queued: %s", i, g->err);
        while (gf_le32(t->r2 + t->lock_at[i]) != t->lock_val[i]) {   /* one at a time */
            if (gf_xlat_service(g, 1, fill, t) < 0) return -1;
            if (plat_now(p1) > SIM_US(50000)) return gf_fail(g, "lock %d never written", i);
            if (gf_idle(g, SIM_US(2))) return -1;
        }
    }
    if (gf_drain(g, plat_now(p1) + SIM_US(10000))) return -1;
    return gf_quit(g);
}

TEST(grim_fw, a_lock_the_fast_path_cannot_translate_is_written_after_the_data)
{
    for (int c = 0; c < 2; c++) {
        gf_opts o = gf_opts_on(gf_chips[c]);
        gf g;
        GF_NEW(&g, &o);
        static rmt t;
        memset(&t, 0, sizeof t);
        GF_RUN_OK(&g, handover_run, &t, SIM_US(100000));
        harness_note("%s: %d translation request(s); delivered %u, acked %u", o.chip, t.fills,
                     gf_lcw(&g, 1, 0, GRIM_L_DELIVERED), gf_lcw(&g, 0, 0, GRIM_L_ACKED));
        ASSERT_MEM_EQ(t.r1 + 64, t.src[0], t.len[0]);
        ASSERT_MEM_EQ(t.r1 + 512, t.src[1], t.len[1]);
        ASSERT_EQ(gf_le32(t.r2 + t.lock_at[0]), t.lock_val[0]);
        ASSERT_EQ(gf_le32(t.r2 + t.lock_at[1]), t.lock_val[1]);
        ASSERT_EQ(t.fills, 1);                       /* the first lock missed; the second hit */
        ASSERT_EQ(gf_lcw(&g, 1, 0, GRIM_L_DELIVERED), 2u);
        ASSERT_EQ(gf_lcw(&g, 0, 0, GRIM_L_ACKED), 2u);
        ASSERT_EQ(gf_lcw(&g, 1, 0, GRIM_L_ERRORS), 0u);
        gf_free(&g);
    }
}
