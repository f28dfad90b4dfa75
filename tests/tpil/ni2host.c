/* NI->host DMA timing, firmware's way, on the real card. */
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
    /* let earlier traffic settle (the card's timers always have a wrap
     * pending, so the queue is never empty) */
    sim_time quiet = evq_now(f->q) + SIM_US(50);
    evq_run_until(f->q, quiet);
    evq_advance(f->q, quiet);
    uint32_t bit;
    sim_time t0 = fixture_lanai_time(f);
    if (f->chip == CHIP_LANAI4) {
        bit = L4_ISR_DMA_INT;
        fixture_lanai_write(f, L4_REG_ISR, bit);
        fixture_lanai_write(f, L4_REG_EAR, (uint32_t)phys);
        fixture_lanai_write(f, L4_REG_LAR, sram_src);
        fixture_lanai_write(f, L4_REG_DMA_DIR, 0);
        if (fixture_lanai_write(f, L4_REG_DMA_CTR, n)) return 0;
    } else {
        bit = L9_ISR_WAKE0;
        fixture_lanai_write(f, L9_REG_ISR, bit);
        uint32_t a = 0x200;                           /* two blocks: A then terminal B */
        uint8_t *blk = f->sram + a;
        for (int i = 0; i < 48; i++) blk[i] = 0;
        wr32be(blk, (a + 24) | DMA9_WAKE);            /* L2E */
        wr32be(blk + 8, n);
        wr32be(blk + 12, sram_src);
        wr32be(blk + 20, (uint32_t)phys);
        wr32be(blk + 24, DMA9_TERMINAL);
        fixture_lanai_write(f, 0x180, a);             /* channel 0 (L2E) head, LANai side */
        if (fixture_lanai_write(f, L9_REG_PULSE, 2)) return 0;
    }
    sim_time give_up = t0 + SIM_US(100000);
    while (!(fixture_isr(f) & bit)) {
        if (evq_next(f->q) > give_up) return 0;
        evq_step(f->q);
    }
    return evq_now(f->q) - t0;
}
