/* LANai 4 host-DMA engine: data byte-exact both ways, DMA_INT, DMA_CTR
 * counting down, rounding to words, and every error case. */
#include "../harness/harness.h"
#include "standin_fixture.h"

#include <string.h>

static void open4(sfixture *f)
{
    char err[300];
    int r = sfixture_open(f, &host_p3_550, 0, CHIP_LANAI4, err, sizeof err);
    if (r) harness_fail(__FILE__, __LINE__, "sfixture: %s", err);
}

static void start(sfixture *f, uint32_t ear, uint32_t lar, uint32_t dir, uint32_t ctr, int expect)
{
    pci_card *pc = f->card->pc;
    sim_time t = evq_now(f->q);
    ASSERT_EQ(pci_card_dma_write(pc, L4_REG_EAR, ear, t), 1);
    ASSERT_EQ(pci_card_dma_write(pc, L4_REG_LAR, lar, t), 1);
    ASSERT_EQ(pci_card_dma_write(pc, L4_REG_DMA_DIR, dir, t), 1);
    ASSERT_EQ(pci_card_dma_write(pc, L4_REG_DMA_CTR, ctr, t), expect);
}

static void run_all(sfixture *f) { evq_run_until(f->q, SIM_TIME_NEVER - 1); }

TEST(dma_lanai4, host_to_lanai_moves_bytes_and_raises_dma_int)
{
    sfixture f;
    open4(&f);
    uint64_t pa;
    uint8_t *buf = plat_alloc_contig(f.p, 8192, &pa);
    ASSERT_TRUE(buf != NULL);
    for (int i = 0; i < 8192; i++) buf[i] = (uint8_t)(i * 13 + 1);
    memset(f.card->sram + 0x2000, 0xEE, 2048);
    f.card->isr = 0;
    start(&f, (uint32_t)pa + 64, 0x2000, 1, 1000, 1);
    ASSERT_TRUE(dma_lanai4_busy(pci_card_dma4(f.card->pc)));
    run_all(&f);
    ASSERT_EQ(f.card->isr & L4_ISR_DMA_INT, L4_ISR_DMA_INT);
    ASSERT_EQ(f.card->isr_raises, 1);
    ASSERT_MEM_EQ(f.card->sram + 0x2000, buf + 64, 1000);
    ASSERT_EQ(f.card->sram[0x2000 + 1000], 0xEE);            /* nothing past the end */
    ASSERT_EQ(f.card->written_lo, 0x2000);
    ASSERT_EQ(f.card->written_hi, 0x2000 + 1000);
    ASSERT_TRUE(f.card->traffic >= 1000);
    ASSERT_EQ(dma_lanai4_stats(pci_card_dma4(f.card->pc))->bytes, 1000);
    ASSERT_TRUE(!dma_lanai4_busy(pci_card_dma4(f.card->pc)));
    sfixture_close(&f);
}

TEST(dma_lanai4, lanai_to_host_and_length_rounds_up_to_words)
{
    sfixture f;
    open4(&f);
    uint64_t pa;
    uint8_t *buf = plat_alloc_contig(f.p, 4096, &pa);
    memset(buf, 0x55, 4096);
    for (int i = 0; i < 64; i++) f.card->sram[0x3000 + i] = (uint8_t)(200 - i);
    start(&f, (uint32_t)pa, 0x3000, 0, 10, 1);               /* 10 -> 12 bytes */
    run_all(&f);
    ASSERT_MEM_EQ(buf, f.card->sram + 0x3000, 12);
    ASSERT_EQ(buf[12], 0x55);
    ASSERT_EQ(dma_lanai4_stats(pci_card_dma4(f.card->pc))->bytes, 12);
    sfixture_close(&f);
}

TEST(dma_lanai4, dma_ctr_counts_down_while_the_transfer_runs)
{
    sfixture f;
    open4(&f);
    uint64_t pa;
    plat_alloc_contig(f.p, 4096, &pa);
    dma_lanai4 *d = pci_card_dma4(f.card->pc);
    start(&f, (uint32_t)pa, 0x4000, 1, 4096, 1);
    uint32_t v, prev = 0xFFFFFFFF;
    int mid = 0, samples = 0;
    ASSERT_EQ(dma_lanai4_read(d, L4_REG_DMA_CTR, &v, evq_now(f.q)), 1);
    ASSERT_EQ(v, 4096);
    while (evq_next(f.q) != SIM_TIME_NEVER) {
        /* read it halfway between events too */
        sim_time a = evq_now(f.q), b = evq_next(f.q);
        dma_lanai4_read(d, L4_REG_DMA_CTR, &v, a + (b - a) / 2);
        ASSERT_TRUE(v <= prev);
        if (v > 0 && v < 4096) mid++;
        prev = v;
        samples++;
        evq_step(f.q);
    }
    dma_lanai4_read(d, L4_REG_DMA_CTR, &v, evq_now(f.q));
    ASSERT_EQ(v, 0);
    harness_note("%d samples, %d strictly between", samples, mid);
    ASSERT_TRUE(mid >= 1);
    sfixture_close(&f);
}

TEST(dma_lanai4, bad_programming_is_a_fault_with_a_reason)
{
    sfixture f;
    open4(&f);
    uint64_t pa;
    plat_alloc_contig(f.p, 4096, &pa);
    start(&f, (uint32_t)pa + 2, 0x1000, 1, 64, -1);
    ASSERT_TRUE(strstr(f.card->fault, "word-aligned") != NULL);
    harness_note("%s", f.card->fault);
    f.card->faults = 0;
    start(&f, (uint32_t)pa, 0xFFFF0, 1, 64, -1);               /* past the end of 1 MB */
    ASSERT_TRUE(strstr(f.card->fault, "past the end of SRAM") != NULL);
    f.card->faults = 0;
    start(&f, (uint32_t)pa, 0x1000, 1, 4096, 1);
    ASSERT_EQ(pci_card_dma_write(f.card->pc, L4_REG_DMA_CTR, 4, evq_now(f.q)), -1);
    ASSERT_TRUE(strstr(f.card->fault, "in progress") != NULL);
    run_all(&f);
    sfixture_close(&f);
}

TEST(dma_lanai4, dma_to_unpinned_memory_stops_with_a_clear_error)
{
    sfixture f;
    open4(&f);
    uint8_t *user = plat_alloc(f.p, 8192);
    uint64_t pa;
    size_t contig;
    ASSERT_EQ(plat_virt_to_phys(f.p, user, &pa, &contig), 0);
    start(&f, (uint32_t)pa, 0x1000, 0, 256, 1);
    run_all(&f);
    harness_note("card: %s", f.card->fault);
    harness_note("host: %s", host_fault_text(f.h));
    ASSERT_TRUE(strstr(host_fault_text(f.h), "unpinned") != NULL);
    ASSERT_TRUE(strstr(f.card->fault, "unpinned") != NULL);
    ASSERT_EQ(f.card->isr & L4_ISR_DMA_INT, 0);                 /* never completes */
    /* host code sees it on its next call */
    uint32_t v;
    ASSERT_EQ(plat_pio_read32(f.p, drv_isr_off(f.d), &v), -1);
    ASSERT_TRUE(strstr(plat_error(f.p), "machine fault") != NULL);
    sfixture_close(&f);
}

TEST(dma_lanai4, dma_off_the_end_of_a_scattered_page_hits_someone_elses_memory)
{
    sfixture f;
    open4(&f);
    uint8_t *user = plat_alloc(f.p, 8192);
    ASSERT_EQ(plat_pin(f.p, user, 8192), 0);
    uint64_t pa;
    size_t contig;
    plat_virt_to_phys(f.p, user, &pa, &contig);
    ASSERT_EQ(contig % 4096, 0);
    /* a DMA that assumes the user's two pages are physically adjacent */
    start(&f, (uint32_t)pa, 0x1000, 0, 8192, 1);
    run_all(&f);
    harness_note("%s", host_fault_text(f.h));
    if (contig >= 8192) ASSERT_EQ(host_faults(f.h), 0);         /* adjacent by chance: fine */
    else ASSERT_TRUE(host_faults(f.h) == 1 && strstr(host_fault_text(f.h), "DMA to"));
    sfixture_close(&f);
}

TEST(dma_lanai4, host_view_of_the_registers_reaches_the_engine)
{
    sfixture f;
    open4(&f);
    const bar_layout *l = pci_card_layout(f.card->pc);
    ASSERT_EQ(plat_pio_write32(f.p, bar_reg_offset(l, L4_REG_LAR), 0x1234), 0);
    uint32_t v;
    ASSERT_EQ(plat_pio_read32(f.p, bar_reg_offset(l, L4_REG_LAR), &v), 0);
    ASSERT_EQ(v, 0x1234);
    ASSERT_EQ(dma_lanai4_read(pci_card_dma4(f.card->pc), L4_REG_LAR, &v, 0), 1);
    ASSERT_EQ(v, 0x1234);
    sfixture_close(&f);
}
