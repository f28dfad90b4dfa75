/* The real card (model/card) on PCI: what the wiring promises, one check
 * each - the LANai's DMA registers reach the engine and its refusals fault
 * the access; the host line follows a LANai store at the store's time, not
 * before; DMA into SRAM costs the core SRAM cycles and wakes parked cores
 * (the card's epoch); host register writes are checked. */
#include "../harness/harness.h"
#include "../tpil/fixture.h"

#include <string.h>

static void open_card(fixture *f, lanai_chip_id chip)
{
    char err[300];
    if (fixture_open(f, &host_p3_550, 0, chip, 0, err, sizeof err)) harness_fail(__FILE__, __LINE__, "fixture: %s", err);
}

TEST(realcard, lanai_dma_registers_reach_the_engine_and_refusals_fault)
{
    fixture f;
    open_card(&f, CHIP_LANAI4);
    ASSERT_EQ(fixture_lanai_write(&f, L4_REG_EAR, 0x1002), 0);          /* storage: fine */
    ASSERT_EQ(fixture_lanai_read(&f, L4_REG_EAR), 0x1002);
    ASSERT_EQ(dma_lanai4_read(pci_card_dma4(fixture_pci(&f)), L4_REG_EAR, &(uint32_t){0}, 0), 1);
    ASSERT_TRUE(fixture_lanai_write(&f, L4_REG_DMA_CTR, 64) != 0);       /* misaligned EAR */
    harness_note("%s", card_fault(f.nc));
    ASSERT_TRUE(strstr(card_fault(f.nc), "word-aligned") != NULL);
    fixture_close(&f);
}

TEST(realcard, host_line_rises_at_the_time_of_the_lanai_store)
{
    fixture f;
    open_card(&f, CHIP_LANAI9);                 /* LANai 9: no card interrupt delay */
    ASSERT_EQ(drv_enable_irq(f.d, FIX_HOST_SIG), 0);
    ASSERT_EQ(plat_pio_flush(f.p), 0);
    /* the LANai stores HOST_SIG 10 us ahead of the event queue */
    sim_time now = evq_now(f.q), t = now + SIM_US(10);
    uint64_t cycle = ni_clock_cycle_at(&f.clk, t);
    ASSERT_EQ(card_reg_write(f.nc, f.sreg + L9_REG_ISR, 4, cycle, FIX_HOST_SIG), 0);
    ASSERT_EQ(plat_irq_level(f.p), 0);           /* not yet: the queue is still at now */
    ASSERT_EQ(card_line(f.nc), 1);               /* the card's own view at its time */
    evq_run_until(f.q, ni_clock_ps(&f.clk, cycle) - 1);
    ASSERT_EQ(plat_irq_level(f.p), 0);
    evq_run_until(f.q, ni_clock_ps(&f.clk, cycle));
    ASSERT_EQ(plat_irq_level(f.p), 1);
    fixture_close(&f);
}

TEST(realcard, dma_into_sram_steals_core_cycles_and_wakes_the_core)
{
    fixture f;
    open_card(&f, CHIP_LANAI9);
    uint8_t *src = plat_alloc(f.p, 8192);
    for (int i = 0; i < 8192; i++) src[i] = (uint8_t)(i * 3);
    uint64_t epoch = card_epoch(f.nc), stolen = card_get_stats(f.nc)->stolen_cycles;
    ASSERT_EQ(tpil_h2c_mech(f.t, TPIL_DMA_ONECOPY, FIX_DST, src, 8192), 0);
    ASSERT_MEM_EQ(f.sram + FIX_DST, src, 8192);
    ASSERT_TRUE(card_epoch(f.nc) > epoch);
    /* 8 KB at 8 bytes per core cycle, plus the descriptor reads */
    harness_note("stolen %llu cycles", (unsigned long long)(card_get_stats(f.nc)->stolen_cycles - stolen));
    ASSERT_TRUE(card_get_stats(f.nc)->stolen_cycles - stolen >= 1024);
    fixture_close(&f);
}

TEST(realcard, host_register_writes_are_checked)
{
    fixture f;
    open_card(&f, CHIP_LANAI9);
    const bar_layout *l = pci_card_layout(fixture_pci(&f));
    ASSERT_EQ(plat_pio_write32(f.p, bar_reg_offset(l, 0x100), 0x1000), 0);   /* SML */
    ASSERT_EQ(plat_pio_flush(f.p), -1);
    harness_note("%s", plat_error(f.p));
    ASSERT_TRUE(strstr(plat_error(f.p), "packet interface") != NULL);
    fixture_close(&f);
    /* the host's doorbell sets LANAI_SIG; a host write of other bits clears them */
    open_card(&f, CHIP_LANAI9);
    l = pci_card_layout(fixture_pci(&f));
    ASSERT_EQ(plat_pio_write32(f.p, bar_reg_offset(l, L9_REG_ISR), 1u << 29), 0);
    ASSERT_EQ(plat_pio_flush(f.p), 0);
    ASSERT_EQ(fixture_isr(&f) & (1u << 29), 1u << 29);
    ASSERT_EQ(plat_pio_write32(f.p, bar_reg_offset(l, L9_REG_ISR), 0x8), 0);   /* SEND_INT */
    ASSERT_EQ(plat_pio_flush(f.p), 0);
    ASSERT_EQ(fixture_isr(&f) & 0x8, 0);
    fixture_close(&f);
}
