/* LANai 9 descriptor-chain host DMA: chains of several blocks in both
 * directions, TERMINAL write-back, WAKE, checksums, kicks while busy, two
 * channels at once, the host's pointer bank and PULSE, and errors. */
#include "../harness/harness.h"
#include "standin_fixture.h"

#include <string.h>

static void open9(sfixture *f, const host_profile *hp, int bus)
{
    char err[300];
    if (sfixture_open(f, hp, bus, CHIP_LANAI9, err, sizeof err))
        harness_fail(__FILE__, __LINE__, "sfixture: %s", err);
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* a block at SRAM a */
static void block(sfixture *f, uint32_t a, uint32_t next_flags, uint32_t len, uint32_t lar, uint32_t eal)
{
    uint8_t *b = f->card->sram + a;
    memset(b, 0, DMA9_BLOCK_SIZE);
    put32(b, next_flags);
    put32(b + 8, len);
    put32(b + 12, lar);
    put32(b + 20, eal);
}

/* RFC 1071 style reference: 32-bit accumulate of big-endian halfwords, fold */
static uint16_t ref_csum(const uint8_t *p, uint32_t n)
{
    uint64_t s = 0;
    for (uint32_t i = 0; i < n; i++) s += (i & 1) ? p[i] : (uint32_t)p[i] << 8;
    while (s > 0xFFFF) s = (s >> 16) + (s & 0xFFFF);
    return (uint16_t)s;
}

static void kick(sfixture *f, int ch, uint32_t head)
{
    sim_time t = evq_now(f->q);
    ASSERT_EQ(dma_lanai9_set_ptr(pci_card_dma9(f->card->pc), ch, head, t), 0);
    ASSERT_EQ(pci_card_dma_write(f->card->pc, L9_REG_PULSE, 1u << (ch + 1), t), 1);
}

TEST(dma_lanai9, checksum_matches_rfc1071_example)
{
    const uint8_t v[8] = {0x00, 0x01, 0xF2, 0x03, 0xF4, 0xF5, 0xF6, 0xF7};
    ASSERT_EQ(dma9_csum16(v, 8), 0xDDF2);
    ASSERT_EQ(dma9_csum16(v, 3), ref_csum(v, 3));
    /* a 512 KB block of 0xFF: 2^18 halfwords of 0xFFFF would overflow a
     * 32-bit accumulator */
    static uint8_t big[1u << 19];
    memset(big, 0xFF, sizeof big);
    big[7] = 0x12;
    ASSERT_EQ(dma9_csum16(big, sizeof big), ref_csum(big, sizeof big));
}

TEST(dma_lanai9, chain_of_blocks_moves_data_and_writes_back_terminal)
{
    sfixture f;
    open9(&f, &host_p4_1700, 1);
    uint64_t pa;
    uint8_t *host = plat_alloc_contig(f.p, 65536, &pa);
    for (int i = 0; i < 65536; i++) host[i] = (uint8_t)(i * 31 + 7);
    for (int i = 0; i < 4096; i++) f.card->sram[0x30000 + i] = (uint8_t)(i ^ 0x5A);
    /* A: host->LANai 1000 B, odd addresses; B: host->LANai 4099 B; C: LANai->host
     * 333 B with WAKE; D: terminal */
    uint32_t A = 0x1000, B = 0x1018, C = 0x1030, D = 0x1048;
    block(&f, A, B | DMA9_E2L, 1000, 0x10001, (uint32_t)pa + 3);
    block(&f, B, C | DMA9_E2L, 4099, 0x20000, (uint32_t)pa + 5000);
    block(&f, C, D | DMA9_WAKE, 333, 0x30000, (uint32_t)pa + 40001);
    block(&f, D, DMA9_TERMINAL, 0, 0, 0);
    f.card->isr = 0;
    kick(&f, 0, A);
    evq_run_until(f.q, SIM_TIME_NEVER - 1);
    ASSERT_MEM_EQ(f.card->sram + 0x10001, host + 3, 1000);
    ASSERT_MEM_EQ(f.card->sram + 0x20000, host + 5000, 4099);
    ASSERT_MEM_EQ(host + 40001, f.card->sram + 0x30000, 333);
    ASSERT_EQ(get32(f.card->sram + A), B | DMA9_E2L | DMA9_TERMINAL);
    ASSERT_EQ(get32(f.card->sram + B), C | DMA9_E2L | DMA9_TERMINAL);
    ASSERT_EQ(get32(f.card->sram + C), D | DMA9_WAKE | DMA9_TERMINAL);
    ASSERT_EQ(get32(f.card->sram + D), DMA9_TERMINAL);
    /* csum[0] of each block, csum[1] zero */
    ASSERT_EQ(get32(f.card->sram + A + 4), (uint32_t)ref_csum(host + 3, 1000) << 16);
    ASSERT_EQ(get32(f.card->sram + B + 4), (uint32_t)ref_csum(host + 5000, 4099) << 16);
    /* WAKE only on C */
    ASSERT_EQ(f.card->isr_raises, 1);
    ASSERT_EQ(f.card->isr, L9_ISR_WAKE0);
    uint32_t ptr;
    dma_lanai9_get_ptr(pci_card_dma9(f.card->pc), 0, &ptr);
    ASSERT_EQ(ptr, D);
    ASSERT_TRUE(!dma_lanai9_busy(pci_card_dma9(f.card->pc), 0));
    ASSERT_EQ(dma_lanai9_stats(pci_card_dma9(f.card->pc))->bytes, 1000 + 4099 + 333);
    sfixture_close(&f);
}

TEST(dma_lanai9, a_kick_while_busy_picks_up_a_refilled_terminal_block)
{
    sfixture f;
    open9(&f, &host_p3_550, 0);
    uint64_t pa;
    uint8_t *host = plat_alloc_contig(f.p, 16384, &pa);
    for (int i = 0; i < 16384; i++) host[i] = (uint8_t)i;
    uint32_t A = 0x1000, B = 0x1018, C = 0x1030;
    block(&f, A, B | DMA9_E2L, 8192, 0x8000, (uint32_t)pa);
    block(&f, B, DMA9_TERMINAL, 0, 0, 0);
    kick(&f, 1, A);
    /* while A moves, firmware turns B into a real block and pulses again */
    evq_run_until(f.q, evq_now(f.q) + SIM_US(10));
    ASSERT_TRUE(dma_lanai9_busy(pci_card_dma9(f.card->pc), 1));
    block(&f, B, C | DMA9_E2L | DMA9_WAKE, 4096, 0xA000, (uint32_t)pa + 8192);
    block(&f, C, DMA9_TERMINAL, 0, 0, 0);
    ASSERT_EQ(pci_card_dma_write(f.card->pc, L9_REG_PULSE, 1u << 2, evq_now(f.q)), 1);
    evq_run_until(f.q, SIM_TIME_NEVER - 1);
    ASSERT_MEM_EQ(f.card->sram + 0x8000, host, 8192);
    ASSERT_MEM_EQ(f.card->sram + 0xA000, host + 8192, 4096);
    ASSERT_EQ(get32(f.card->sram + B) & DMA9_TERMINAL, DMA9_TERMINAL);
    sfixture_close(&f);
}

TEST(dma_lanai9, both_channels_share_the_bus)
{
    sfixture f;
    open9(&f, &host_p3_550, 0);
    uint64_t pa;
    uint8_t *host = plat_alloc_contig(f.p, 65536, &pa);
    for (int i = 0; i < 32768; i++) host[i] = (uint8_t)(i * 3);
    for (int i = 0; i < 32768; i++) f.card->sram[0x40000 + i] = (uint8_t)(i * 5);
    block(&f, 0x1000, 0x1018 | DMA9_WAKE, 32768, 0x40000, (uint32_t)pa + 32768);   /* L2E */
    block(&f, 0x1018, DMA9_TERMINAL, 0, 0, 0);
    block(&f, 0x1100, 0x1118 | DMA9_E2L | DMA9_WAKE, 32768, 0x50000, (uint32_t)pa);
    block(&f, 0x1118, DMA9_TERMINAL, 0, 0, 0);
    sim_time t0 = evq_now(f.q);
    dma_lanai9_set_ptr(pci_card_dma9(f.card->pc), 0, 0x1000, t0);
    dma_lanai9_set_ptr(pci_card_dma9(f.card->pc), 1, 0x1100, t0);
    pci_card_dma_write(f.card->pc, L9_REG_PULSE, 2 | 4, t0);
    evq_run_until(f.q, SIM_TIME_NEVER - 1);
    ASSERT_MEM_EQ(host + 32768, f.card->sram + 0x40000, 32768);
    ASSERT_MEM_EQ(f.card->sram + 0x50000, host, 32768);
    ASSERT_EQ(f.card->isr_raises, 2);
    /* 64 KB over a 133 MB/s bus cannot take less than 491 us, and sharing
     * must not cost much more than running them back to back */
    sim_time took = evq_now(f.q) - t0;
    harness_note("both channels: %.1f us", (double)took / 1e6);
    ASSERT_TRUE(took > SIM_US(491) && took < SIM_US(600));
    sfixture_close(&f);
}

TEST(dma_lanai9, host_sets_the_pointer_bank_and_pulses_through_the_bar)
{
    sfixture f;
    open9(&f, &host_p3_550, 0);
    const bar_layout *l = pci_card_layout(f.card->pc);
    uint64_t pa;
    uint8_t *host = plat_alloc_contig(f.p, 4096, &pa);
    memset(host, 0x77, 4096);
    block(&f, 0x2000, 0x2018 | DMA9_E2L | DMA9_WAKE, 512, 0x6000, (uint32_t)pa);
    block(&f, 0x2018, DMA9_TERMINAL, 0, 0, 0);
    ASSERT_EQ(bar_dmaptr_offset(l, 1), 0x800108);
    ASSERT_EQ(plat_pio_write32(f.p, bar_dmaptr_offset(l, 1), 0x2000), 0);
    uint32_t v;
    ASSERT_EQ(plat_pio_read32(f.p, bar_dmaptr_offset(l, 1), &v), 0);
    ASSERT_EQ(v, 0x2000);
    ASSERT_EQ(plat_pio_write32(f.p, bar_reg_offset(l, L9_REG_PULSE), 4), 0);
    for (int i = 0; i < 100 && !(f.card->isr & L9_ISR_WAKE0); i++)
        ASSERT_EQ(plat_pio_read32(f.p, bar_reg_offset(l, L9_REG_ISR), &v), 0);
    ASSERT_EQ(f.card->isr & L9_ISR_WAKE0, L9_ISR_WAKE0);
    ASSERT_EQ(f.card->sram[0x6000 + 511], 0x77);
    sfixture_close(&f);
}

static void expect_fault(const char *what, uint32_t next, uint32_t len, uint32_t lar, uint32_t eah,
                         uint32_t head, int unpinned)
{
    sfixture f;
    open9(&f, &host_p3_550, 0);
    uint64_t pa;
    if (unpinned) {
        uint8_t *u = plat_alloc(f.p, 4096);
        size_t c;
        plat_virt_to_phys(f.p, u, &pa, &c);
    } else {
        plat_alloc_contig(f.p, 4096, &pa);
    }
    block(&f, 0x1000, next, len, lar, (uint32_t)pa);
    put32(f.card->sram + 0x1000 + 16, eah);
    block(&f, 0x1018, DMA9_TERMINAL, 0, 0, 0);
    kick(&f, 1, head);
    evq_run_until(f.q, SIM_TIME_NEVER - 1);
    harness_note("%s", f.card->fault);
    ASSERT_EQ(f.card->faults, 1);
    ASSERT_TRUE(strstr(f.card->fault, what) != NULL);
    ASSERT_TRUE(!dma_lanai9_busy(pci_card_dma9(f.card->pc), 1));
    ASSERT_EQ(f.card->isr_raises, 0);
    sfixture_close(&f);
}

TEST(dma_lanai9, bad_blocks_and_unpinned_memory_are_faults)
{
    expect_fault("block pointer", 0x1018 | DMA9_E2L, 64, 0x4000, 0, 0x1FFFFC, 0);
    expect_fault("block pointer", 0x1018 | DMA9_E2L, 64, 0x4000, 0, 0x1002, 0);
    expect_fault("past the end of SRAM", 0x1018 | DMA9_E2L, 4096, 0x1FFF00, 0, 0x1000, 0);
    expect_fault("above 4 GB", 0x1018 | DMA9_E2L, 64, 0x4000, 1, 0x1000, 0);
    expect_fault("unpinned", 0x1018 | DMA9_E2L | DMA9_WAKE, 64, 0x4000, 0, 0x1000, 1);
}
