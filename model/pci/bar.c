/* BAR layouts per chip (lanai-hardware.md §4.8, from Myricom's MyrinetPCI.h
 * as used by Cplant). */
#include "bar.h"

#include <stdio.h>
#include <string.h>

int bar_layout_for(lanai_chip_id chip, uint32_t sram_size, bar_layout *out,
                   char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->chip = chip;
    if (chip == CHIP_LANAI4) {
        /* "PCI 1.1" boards: 1 MB BAR with SRAM (<= 512 KB) at 0; boards with
         * 1 MB of SRAM move it to 0x100000 and decode 2 MB. */
        if (sram_size == 0 || sram_size > 0x100000) {
            snprintf(err, errlen, "LANai 4 board: SRAM size %u bytes is not supported "
                     "(the board layout holds at most 1 MB)", sram_size);
            return -1;
        }
        if (sram_size <= 0x80000) {
            out->bar_size = 0x100000;
            out->sram = (bar_span){0x000000, sram_size};
        } else {
            out->bar_size = 0x200000;
            out->sram = (bar_span){0x100000, sram_size};
        }
        out->eeprom = (bar_span){0x80000, 0x100};
        out->regs = (bar_span){0xC0000, 0x100};
        out->control = (bar_span){0xE0000, 4};
        out->config = (bar_span){0xE0040, 0x40};
        return 0;
    }
    if (chip == CHIP_LANAI9) {
        /* "new-style" boards (LANai 5 and later): 16 MB BAR. */
        if (sram_size == 0 || sram_size > 0x800000) {
            snprintf(err, errlen, "LANai 9 board: SRAM size %u bytes is not supported "
                     "(the board layout holds at most 8 MB)", sram_size);
            return -1;
        }
        out->bar_size = 0x1000000;
        out->sram = (bar_span){0x000000, sram_size};
        out->config = (bar_span){0x800000, 0x40};
        out->control = (bar_span){0x800040, 4};
        out->dmaptr = (bar_span){0x800100, 0x40};
        out->regs = (bar_span){0x804000, 0x200};
        out->doorbell = (bar_span){0x808000, 0x78000};
        out->eeprom = (bar_span){0x880000, 0x100};
        return 0;
    }
    snprintf(err, errlen, "unknown LANai chip %d (expected 4 or 9)", (int)chip);
    return -1;
}

static int in(const bar_span *s, uint32_t off)
{
    return s->size && off >= s->off && off - s->off < s->size;
}

bar_region bar_decode(const bar_layout *l, uint32_t off, uint32_t *rel, uint32_t *left)
{
    struct { const bar_span *s; bar_region r; } map[] = {
        {&l->sram, BAR_SRAM},       {&l->regs, BAR_REGS},     {&l->eeprom, BAR_EEPROM},
        {&l->control, BAR_CONTROL}, {&l->config, BAR_CONFIG}, {&l->dmaptr, BAR_DMAPTR},
        {&l->doorbell, BAR_DOORBELL},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        if (in(map[i].s, off)) {
            if (rel) *rel = off - map[i].s->off;
            if (left) *left = map[i].s->off + map[i].s->size - off;
            return map[i].r;
        }
    }
    if (rel) *rel = 0;
    if (left) *left = 0;
    return BAR_NONE;
}

const char *bar_region_name(bar_region r)
{
    switch (r) {
    case BAR_NONE: return "unmapped";
    case BAR_SRAM: return "SRAM";
    case BAR_REGS: return "special registers";
    case BAR_EEPROM: return "EEPROM";
    case BAR_CONTROL: return "control register";
    case BAR_CONFIG: return "configuration registers";
    case BAR_DMAPTR: return "DMA pointer bank";
    case BAR_DOORBELL: return "doorbell region";
    }
    return "?";
}

uint32_t bar_reg_offset(const bar_layout *l, uint32_t reg_off) { return l->regs.off + reg_off; }

uint32_t bar_dmaptr_offset(const bar_layout *l, int channel)
{
    return l->dmaptr.off + 8u * (uint32_t)channel;
}
