/* The card's BAR: layouts per chip and SRAM size, decode, and what host PIO
 * meets in each region (SRAM byte order, registers, EEPROM, holes). */
#include "../harness/harness.h"
#include "../tpil/fixture.h"

#include <string.h>

TEST(pci_card, board_layouts_follow_myrinetpci_h)
{
    bar_layout l;
    char err[200];
    ASSERT_EQ(bar_layout_for(CHIP_LANAI4, 512 << 10, &l, err, sizeof err), 0);
    ASSERT_EQ(l.bar_size, 0x100000);
    ASSERT_EQ(l.sram.off, 0);
    ASSERT_EQ(l.regs.off, 0xC0000);
    ASSERT_EQ(bar_layout_for(CHIP_LANAI4, 1 << 20, &l, err, sizeof err), 0);
    ASSERT_EQ(l.bar_size, 0x200000);
    ASSERT_EQ(l.sram.off, 0x100000);
    ASSERT_EQ(bar_reg_offset(&l, L4_REG_DMA_CTR), 0xC0044);
    ASSERT_EQ(bar_layout_for(CHIP_LANAI9, 2 << 20, &l, err, sizeof err), 0);
    ASSERT_EQ(l.bar_size, 0x1000000);
    ASSERT_EQ(bar_reg_offset(&l, L9_REG_PULSE), 0x8040B8);
    ASSERT_EQ(bar_dmaptr_offset(&l, 0), 0x800100);
    ASSERT_EQ(l.eeprom.off, 0x880000);
    uint32_t rel, left;
    ASSERT_EQ(bar_decode(&l, 0x1FFFFF, &rel, &left), BAR_SRAM);
    ASSERT_EQ(left, 1);
    ASSERT_EQ(bar_decode(&l, 0x200000, &rel, &left), BAR_NONE);
    ASSERT_EQ(bar_decode(&l, 0x804050, &rel, &left), BAR_REGS);
    ASSERT_EQ(rel, 0x50);
    ASSERT_EQ(bar_decode(&l, 0x808010, &rel, &left), BAR_DOORBELL);
    ASSERT_EQ(bar_layout_for(CHIP_LANAI4, 2 << 20, &l, err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "LANai 4") != NULL);
    ASSERT_EQ(bar_layout_for(CHIP_LANAI9, 16 << 20, &l, err, sizeof err), -1);
    ASSERT_EQ(bar_layout_for((lanai_chip_id)7, 1 << 20, &l, err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "unknown LANai chip 7") != NULL);
}

static void open_card(fixture *f, lanai_chip_id chip)
{
    char err[300];
    if (fixture_open(f, &host_p3_550, 0, chip, 0, err, sizeof err))
        harness_fail(__FILE__, __LINE__, "fixture: %s", err);
}

TEST(pci_card, sram_keeps_byte_order_and_words_read_big_endian)
{
    fixture f;
    open_card(&f, CHIP_LANAI4);
    const bar_layout *l = pci_card_layout(fixture_pci(&f));
    uint8_t b[7] = {1, 2, 3, 4, 5, 6, 7};
    ASSERT_EQ(plat_pio_write(f.p, l->sram.off + 0x101, b, 7, PLAT_PIO_PLAIN), 0);
    ASSERT_EQ(plat_pio_flush(f.p), 0);
    ASSERT_MEM_EQ(f.sram + 0x101, b, 7);
    ASSERT_EQ(plat_pio_write32(f.p, l->sram.off + 0x200, 0x11223344), 0);
    ASSERT_EQ(plat_pio_flush(f.p), 0);
    ASSERT_EQ(f.sram[0x200], 0x11);
    ASSERT_EQ(f.sram[0x203], 0x44);
    uint32_t v;
    ASSERT_EQ(plat_pio_read32(f.p, l->sram.off + 0x200, &v), 0);
    ASSERT_EQ(v, 0x11223344);
    fixture_close(&f);
}

TEST(pci_card, registers_eeprom_and_isr_write_one_to_clear)
{
    fixture f;
    open_card(&f, CHIP_LANAI9);
    const bar_layout *l = pci_card_layout(fixture_pci(&f));
    uint32_t v;
    ASSERT_EQ(plat_pio_read32(f.p, l->eeprom.off + 4, &v), 0);
    ASSERT_EQ(v >> 16, 0x0900);                                    /* CPU version */
    ASSERT_EQ(plat_pio_read32(f.p, l->eeprom.off + 0xC, &v), 0);
    ASSERT_EQ(v, 2u << 20);                                        /* SRAM size */
    /* after reset ISR holds SEND_INT (the send engine is ready); the LANai
     * raises HOST_SIG; the host clears HOST_SIG by writing it */
    ASSERT_EQ(fixture_lanai_write(&f, L9_REG_ISR, FIX_HOST_SIG), 0);
    ASSERT_EQ(plat_pio_read32(f.p, bar_reg_offset(l, 0x50), &v), 0);
    ASSERT_EQ(v, FIX_HOST_SIG | 0x8);
    ASSERT_EQ(plat_pio_write32(f.p, bar_reg_offset(l, 0x50), FIX_HOST_SIG), 0);
    ASSERT_EQ(plat_pio_read32(f.p, bar_reg_offset(l, 0x50), &v), 0);
    ASSERT_EQ(v, 0x8);
    ASSERT_EQ(fixture_isr(&f), 0x8);
    fixture_close(&f);
}

static void expect_pio_error(lanai_chip_id chip, uint32_t off, size_t len, int write, const char *what)
{
    fixture f;
    open_card(&f, chip);
    uint8_t b[8] = {0};
    int r = write ? plat_pio_write(f.p, off, b, len, PLAT_PIO_PLAIN) : plat_pio_read(f.p, off, b, len);
    if (r == 0) r = plat_pio_flush(f.p);       /* posted writes fault on the bus later */
    harness_note("%s", plat_error(f.p));
    ASSERT_EQ(r, -1);
    ASSERT_TRUE(strstr(plat_error(f.p), what) != NULL);
    fixture_close(&f);
}

TEST(pci_card, bad_pio_gets_a_clear_error)
{
    expect_pio_error(CHIP_LANAI9, 0x1000000, 4, 1, "outside the card's BAR");
    expect_pio_error(CHIP_LANAI9, 0xFFFFFE, 4, 0, "outside the card's BAR");
    expect_pio_error(CHIP_LANAI9, 0x900000, 4, 0, "a hole");
    expect_pio_error(CHIP_LANAI4, 0xA0000, 4, 1, "a hole");
    expect_pio_error(CHIP_LANAI9, 0x1FFFFE, 4, 1, "runs past the end of the SRAM");
    expect_pio_error(CHIP_LANAI9, 0x804052, 2, 1, "whole aligned 32-bit words");
    expect_pio_error(CHIP_LANAI9, 0x8041F0, 4, 0, "no special register");
    expect_pio_error(CHIP_LANAI4, 0xC005C, 4, 1, "no special register");
    expect_pio_error(CHIP_LANAI9, 0x808000, 4, 1, "doorbell");
    expect_pio_error(CHIP_LANAI4, 0x80000, 4, 1, "read-only");
}
