/* NI->host DMA timing, firmware's way. */
#include "ni2host.h"

static void wr32be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

sim_time ni2host_dma(fixture *f, uint64_t phys, uint32_t sram_src, uint32_t n)
{
    standin_card *c = f->card;
    /* let earlier traffic settle */
    evq_run_until(f->q, SIM_TIME_NEVER - 1);
    sim_time t0 = evq_now(f->q);
    uint32_t bit;
    if (c->chip == CHIP_LANAI4) {
        bit = L4_ISR_DMA_INT;
        c->isr &= ~bit;
        pci_card_dma_write(c->pc, L4_REG_EAR, (uint32_t)phys, t0);
        pci_card_dma_write(c->pc, L4_REG_LAR, sram_src, t0);
        pci_card_dma_write(c->pc, L4_REG_DMA_DIR, 0, t0);
        pci_card_dma_write(c->pc, L4_REG_DMA_CTR, n, t0);
    } else {
        bit = L9_ISR_WAKE0;
        c->isr &= ~bit;
        uint32_t a = 0x200;                           /* two blocks: A then terminal B */
        uint8_t *blk = c->sram + a;
        for (int i = 0; i < 48; i++) blk[i] = 0;
        wr32be(blk, (a + 24) | DMA9_WAKE);            /* L2E */
        wr32be(blk + 8, n);
        wr32be(blk + 12, sram_src);
        wr32be(blk + 20, (uint32_t)phys);
        wr32be(blk + 24, DMA9_TERMINAL);
        dma_lanai9_set_ptr(pci_card_dma9(c->pc), 0, a, t0);
        pci_card_dma_write(c->pc, L9_REG_PULSE, 2, t0);
    }
    while (!(c->isr & bit)) {
        if (evq_next(f->q) == SIM_TIME_NEVER) return 0;
        evq_step(f->q);
    }
    return evq_now(f->q) - t0;
}
