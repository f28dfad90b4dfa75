/* The host's view of a Myrinet card through its PCI base address register
 * (lanai-hardware.md §4.8): where SRAM, the special registers, the EEPROM,
 * the control register and (LANai 9) the DMA pointer bank and doorbells sit
 * inside BAR0, as a function of the chip and its SRAM size. */
#ifndef MYRISIM_PCI_BAR_H
#define MYRISIM_PCI_BAR_H

#include <stddef.h>
#include <stdint.h>

#include "../lanai/lanai.h"

typedef enum {
    BAR_NONE = 0,   /* a hole: no decode */
    BAR_SRAM,       /* card memory, byte addressable */
    BAR_REGS,       /* special registers; offset = the register's offset in the chip's map */
    BAR_EEPROM,     /* read-only board description */
    BAR_CONTROL,    /* board control register (reset, interrupt enable) */
    BAR_CONFIG,     /* board configuration registers */
    BAR_DMAPTR,     /* LANai 9: host-DMA channel pointer bank */
    BAR_DOORBELL,   /* LANai 9: doorbell region (not modelled) */
} bar_region;

typedef struct bar_span { uint32_t off, size; } bar_span;

typedef struct bar_layout {
    lanai_chip_id chip;
    uint32_t bar_size;
    bar_span sram, regs, eeprom, control, config, dmaptr, doorbell;
} bar_layout;

/* Fill the layout for a chip and SRAM size. Returns 0, or -1 with a message
 * (unknown chip, SRAM too large for the board layout). */
int bar_layout_for(lanai_chip_id chip, uint32_t sram_size, bar_layout *out,
                   char *err, size_t errlen);
/* Region holding BAR offset off; *rel = offset inside the region, *left =
 * bytes from off to the region's end. */
bar_region bar_decode(const bar_layout *l, uint32_t off, uint32_t *rel, uint32_t *left);
const char *bar_region_name(bar_region r);

/* Host-view offsets of things host code uses (BAR offsets). */
uint32_t bar_reg_offset(const bar_layout *l, uint32_t reg_off);       /* special register */
uint32_t bar_dmaptr_offset(const bar_layout *l, int channel);          /* LANai 9 only */

#endif
