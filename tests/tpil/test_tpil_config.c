/* tpil_configure / tpil_cfg_from_bench / tpil_inject, the interrupt-driven
 * wait, determinism, and TPIL's errors. */
#include "../harness/harness.h"
#include "calib.h"
#include "../../hostlib/tpil/tpil_internal.h"   /* the DMA path, for the error case */

#include <stdint.h>
#include <string.h>

static void open_fx(fixture *f, const host_profile *hp, int bus, lanai_chip_id chip, int irq)
{
    char err[300];
    if (fixture_open(f, hp, bus, chip, irq, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
}

TEST(tpil_config, cut_offs_follow_the_benchmark_winners)
{
    fixture f;
    open_fx(&f, &host_p3_550, 0, CHIP_LANAI4, 0);
    static const size_t sizes[] = {256, 2048, 8192, 32768, 131072};
    tpil_bench b;
    ASSERT_EQ(tpil_benchmark(f.t, FIX_DST, sizes, 5, 1, &b), 0);
    tpil_cfg cfg;
    ASSERT_EQ(tpil_cfg_from_bench(&b, &cfg), 0);
    ASSERT_EQ(tpil_configure(f.t, &cfg), 0);
    for (int i = 0; i < b.nsizes; i++) {
        int best;
        calib_best(&b, i, &best);
        ASSERT_EQ(tpil_choice(f.t, sizes[i]), best);
    }
    ASSERT_TRUE(cfg.n >= 2);                     /* PIO first, DMA later on this host */
    ASSERT_TRUE(cfg.rule[0].mech <= TPIL_PIO_SSE);
    ASSERT_TRUE(tpil_mech_is_dma(cfg.rule[cfg.n - 1].mech));
    ASSERT_EQ(cfg.rule[cfg.n - 1].upto, SIZE_MAX);
    fixture_close(&f);
}

TEST(tpil_config, inject_uses_the_configured_mechanism)
{
    fixture f;
    open_fx(&f, &host_p3_550, 0, CHIP_LANAI4, 0);
    tpil_cfg cfg = {2, {{1000, TPIL_PIO_SSE}, {SIZE_MAX, TPIL_DMA_ZEROCOPY}}};
    ASSERT_EQ(tpil_configure(f.t, &cfg), 0);
    uint8_t *src = plat_alloc(f.p, 16384);
    for (int i = 0; i < 16384; i++) src[i] = (uint8_t)(i * 11);
    const dma_stats *st = dma_lanai4_stats(pci_card_dma4(fixture_pci(&f)));
    ASSERT_EQ(tpil_inject(f.t, FIX_DST, src, 1000), 0);
    ASSERT_EQ(st->dmas, 0);
    ASSERT_EQ(tpil_inject(f.t, FIX_DST, src, 8192), 0);        /* page-aligned: 2 page DMAs */
    ASSERT_EQ(st->dmas, 2);
    ASSERT_EQ(tpil_inject(f.t, FIX_DST + 4, src + 4096 - 8, 4200), 0);  /* 8 + 4096 + 96 */
    ASSERT_EQ(st->dmas, 5);
    plat_pio_flush(f.p);
    ASSERT_MEM_EQ(f.sram + FIX_DST + 4, src + 4096 - 8, 4200);
    fixture_close(&f);
}

TEST(tpil_config, bad_configurations_are_refused)
{
    fixture f;
    open_fx(&f, &host_ppro200, 0, CHIP_LANAI9, 0);
    tpil_cfg none = {0, {{0, TPIL_PIO_PLAIN}}};
    ASSERT_EQ(tpil_configure(f.t, &none), -1);
    tpil_cfg mmx = {1, {{SIZE_MAX, TPIL_PIO_MMX}}};
    ASSERT_EQ(tpil_configure(f.t, &mmx), -1);
    ASSERT_TRUE(strstr(tpil_error(f.t), "lacks") != NULL);
    tpil_cfg order = {2, {{4096, TPIL_PIO_PLAIN}, {1024, TPIL_DMA_ONECOPY}}};
    ASSERT_EQ(tpil_configure(f.t, &order), -1);
    ASSERT_TRUE(strstr(tpil_error(f.t), "increase") != NULL);
    /* the default is the best PIO the host has */
    ASSERT_EQ(tpil_choice(f.t, 1 << 20), TPIL_PIO_PLAIN);
    fixture_close(&f);
}

TEST(tpil_config, interrupt_driven_completion_works_and_costs_more)
{
    sim_time took[2];
    for (int irq = 0; irq < 2; irq++) {
        fixture f;
        open_fx(&f, &host_p3_550, 0, CHIP_LANAI9, irq);
        uint8_t *src = plat_alloc(f.p, 65536);
        for (int i = 0; i < 65536; i++) src[i] = (uint8_t)(i ^ 0x3C);
        ASSERT_EQ(tpil_time_one(f.t, TPIL_DMA_ONECOPY, FIX_DST, src, 65536, &took[irq]), 0);
        ASSERT_MEM_EQ(f.sram + FIX_DST, src, 65536);
        ASSERT_EQ(drv_irq_count(f.d), irq ? 1u : 0u);
        fixture_close(&f);
    }
    harness_note("64 KB one-copy: polled %.1f us, interrupt %.1f us", (double)took[0] / 1e6, (double)took[1] / 1e6);
    ASSERT_TRUE(took[1] > took[0]);
}

TEST(tpil_config, benchmark_is_deterministic)
{
    static const size_t sizes[] = {100, 5000, 70000};
    tpil_bench b[2];
    for (int k = 0; k < 2; k++) {
        fixture f;
        open_fx(&f, &host_p4_1700, 1, CHIP_LANAI9, 0);
        ASSERT_EQ(tpil_benchmark(f.t, FIX_DST, sizes, 3, 3, &b[k]), 0);
        fixture_close(&f);
    }
    ASSERT_MEM_EQ(b[0].ps, b[1].ps, sizeof b[0].ps);
}

TEST(tpil_config, errors_are_reported_not_crashed)
{
    fixture f;
    open_fx(&f, &host_p3_550, 0, CHIP_LANAI4, 0);
    uint8_t stack[8192];
    memset(stack, 1, sizeof stack);
    /* zero-copy needs memory the driver can pin */
    ASSERT_EQ(tpil_h2c_mech(f.t, TPIL_DMA_ZEROCOPY, FIX_DST, stack, 8192), -1);
    harness_note("%s", tpil_error(f.t));
    ASSERT_TRUE(strstr(tpil_error(f.t), "plat_alloc") != NULL);
    /* PIO from anywhere is fine */
    ASSERT_EQ(tpil_h2c_mech(f.t, TPIL_PIO_SSE, FIX_DST, stack, 8192), 0);
    ASSERT_EQ(tpil_h2c_mech(f.t, TPIL_PIO_SSE, (1u << 20) - 4, stack, 8), -1);
    ASSERT_TRUE(strstr(tpil_error(f.t), "past the end of card SRAM") != NULL);
    ASSERT_EQ(tpil_h2c_mech(f.t, (tpil_mech)42, 0, stack, 8), -1);
    fixture_close(&f);
    /* TPIL's DMA path pointed at an unpinned page (as a buggy driver would):
     * the run stops and the cause reaches the caller */
    open_fx(&f, &host_p3_550, 0, CHIP_LANAI9, 0);
    uint8_t *u = plat_alloc(f.p, 4096);
    uint64_t pa;
    ASSERT_EQ(plat_virt_to_phys(f.p, u, &pa, NULL), 0);
    ASSERT_EQ(tpil_dma_start(f.t, pa, FIX_DST, 256), 0);
    ASSERT_EQ(tpil_dma_wait(f.t), -1);
    harness_note("%s", tpil_error(f.t));
    ASSERT_TRUE(strstr(tpil_error(f.t), "unpinned") != NULL);
    fixture_close(&f);
}
