/* The card-specific part of TPIL: programming the host->card DMA engine by
 * PIO and waiting for it. */
#include "tpil_internal.h"

static int l4_start(tpil_dev *t, uint64_t phys, uint32_t lar, uint32_t len)
{
    if ((phys | lar | len) & 3)
        return tpil_fail(t, "LANai 4 DMA needs word alignment (host 0x%llx, SRAM 0x%x, %u bytes)",
                         (unsigned long long)phys, lar, len);
    platform *p = t->p;
    /* DMA_DIR first; then EAR, LAR, DMA_CTR, adjacent registers written as
     * one 12-byte store sequence, DMA_CTR last because it starts the engine */
    if (plat_pio_write32(p, bar_reg_offset(&t->lay, L4_REG_DMA_DIR), 1)) return tpil_fail_plat(t, "DMA start");
    uint32_t v[3] = {(uint32_t)phys, lar, len};
    uint8_t b[12];
    for (int i = 0; i < 3; i++) {
        b[4 * i] = (uint8_t)(v[i] >> 24);
        b[4 * i + 1] = (uint8_t)(v[i] >> 16);
        b[4 * i + 2] = (uint8_t)(v[i] >> 8);
        b[4 * i + 3] = (uint8_t)v[i];
    }
    if (plat_pio_write(p, bar_reg_offset(&t->lay, L4_REG_EAR), b, 12, PLAT_PIO_PLAIN))
        return tpil_fail_plat(t, "DMA start");
    return 0;
}

static void put32(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)(v >> 24);
    b[1] = (uint8_t)(v >> 16);
    b[2] = (uint8_t)(v >> 8);
    b[3] = (uint8_t)v;
}

static int l9_start(tpil_dev *t, uint64_t phys, uint32_t lar, uint32_t len)
{
    platform *p = t->p;
    uint32_t a = t->prm.scratch;
    uint8_t blk[DMA9_BLOCK_SIZE] = {0};
    put32(blk, (a + DMA9_BLOCK_SIZE) | DMA9_E2L | DMA9_WAKE);
    put32(blk + 8, len);
    put32(blk + 12, lar);
    put32(blk + 16, (uint32_t)(phys >> 32));
    put32(blk + 20, (uint32_t)phys);
    if (plat_pio_write(p, tpil_sram_off(t, a), blk, sizeof blk, PLAT_PIO_PLAIN) ||
        plat_pio_write32(p, bar_dmaptr_offset(&t->lay, 1), a) ||
        plat_pio_write32(p, bar_reg_offset(&t->lay, L9_REG_PULSE), 1u << 2))
        return tpil_fail_plat(t, "DMA start");
    return 0;
}

int tpil_dma_start(tpil_dev *t, uint64_t phys, uint32_t lar, uint32_t len)
{
    t->dma_t0 = plat_now(t->p);
    t->dma_len = len;
    return t->lay.chip == CHIP_LANAI4 ? l4_start(t, phys, lar, len) : l9_start(t, phys, lar, len);
}

int tpil_dma_wait(tpil_dev *t)
{
    uint32_t bit = t->lay.chip == CHIP_LANAI4 ? L4_ISR_DMA_INT : L9_ISR_WAKE0;
    if (t->irq_enabled) {
        if (drv_wait_irq(t->d, bit, NULL)) return tpil_fail_drv(t, "DMA wait");
        return 0;
    }
    /* Polls take the bus away from the DMA they wait for, so first spin on
     * the CPU's clock (no bus traffic) for the time such a DMA took last
     * time (at first: the bytes at the bus's peak rate), then poll. */
    double ppb = t->dma_ps_per_byte > 0 ? t->dma_ps_per_byte * 0.97 : 1e12 / plat_bus_peak_Bps(t->p);
    sim_time earliest = t->dma_t0 + (sim_time)((double)t->dma_len * ppb);
    if (earliest > plat_now(t->p) && plat_compute(t->p, earliest - plat_now(t->p)))
        return tpil_fail_plat(t, "DMA wait");
    uint32_t isr_off = drv_isr_off(t->d), v = 0;
    sim_time spun = plat_now(t->p) - t->dma_t0, last_miss = 0;
    sim_time give_up = plat_now(t->p) + SIM_US(100000);   /* 100 ms: far beyond any transfer */
    for (;;) {
        if (plat_pio_read32(t->p, isr_off, &v)) return tpil_fail_plat(t, "DMA wait");
        if (v & bit) break;
        last_miss = plat_now(t->p) - t->dma_t0;
        if (plat_now(t->p) > give_up)
            return tpil_fail(t, "DMA wait: the card's %s bit never came up in 100 ms (engine fault?)",
                             t->lay.chip == CHIP_LANAI4 ? "DMA_INT" : "WAKE0");
    }
    /* Learn how long such a DMA takes (the next wait spins that long): it was
     * not done when the last unsuccessful poll came back; if the first poll
     * already saw it done, the spin was too long, so shorten it. Never learn
     * from the overshoot, or the estimate would creep up. */
    if (t->dma_len >= 4096) {
        sim_time est = last_miss ? last_miss : spun - spun / 8;
        t->dma_ps_per_byte = (double)est / t->dma_len;
    }
    if (plat_pio_write32(t->p, isr_off, bit)) return tpil_fail_plat(t, "DMA wait");
    return 0;
}
