/* Stand-in NI card for the PCI tests. */
#include "standin_card.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HOST_SIG (1u << 30)

uint32_t standin_isr_off(const standin_card *c) { return c->chip == CHIP_LANAI4 ? 0x28 : 0x50; }
uint32_t standin_eimr_off(const standin_card *c) { return c->chip == CHIP_LANAI4 ? 0x2C : 0x58; }

static void update_irq(standin_card *c)
{
    if (c->pc) pci_card_set_irq(c->pc, (c->isr & c->eimr) != 0);
}

static void sram_written(void *ctx, uint32_t addr, uint32_t len)
{
    standin_card *c = ctx;
    if (c->written_calls++ == 0 || addr < c->written_lo) c->written_lo = addr;
    if (addr + len > c->written_hi) c->written_hi = addr + len;
}

static void sram_traffic(void *ctx, uint32_t bytes, sim_time t, int changes)
{
    (void)t;
    (void)changes;
    standin_card *c = ctx;
    c->traffic += bytes;
}

/* one offset per chip answers "no such register", to test that path:
 * LANai 4 0x5C (reserved in the map), LANai 9 0x1F0 */
static int missing(const standin_card *c, uint32_t off)
{
    return off >= sizeof c->regs || (off & 3) || off == (c->chip == CHIP_LANAI4 ? 0x5Cu : 0x1F0u);
}

static int reg_read(void *ctx, uint32_t off, uint32_t *val, sim_time t)
{
    (void)t;
    standin_card *c = ctx;
    if (missing(c, off)) return -1;
    if (off == standin_isr_off(c)) *val = c->isr;
    else if (off == standin_eimr_off(c)) *val = c->eimr;
    else *val = c->regs[off / 4];
    return 0;
}

static int reg_write(void *ctx, uint32_t off, uint32_t val, sim_time t)
{
    (void)t;
    standin_card *c = ctx;
    if (missing(c, off)) return -1;
    if (off == standin_isr_off(c)) {
        /* write-one-to-clear, except HOST_SIG which a write of 1 sets
         * (lanai-hardware.md §4.4; the host clears it with a write too,
         * which this stand-in treats as clear when it is already set) */
        uint32_t clr = val & ~HOST_SIG;
        if (val & HOST_SIG) {
            if (c->isr & HOST_SIG) clr |= HOST_SIG;
            else c->isr |= HOST_SIG;
        }
        c->isr &= ~clr;
    } else if (off == standin_eimr_off(c)) {
        c->eimr = val;
    } else {
        c->regs[off / 4] = val;
    }
    update_irq(c);
    return 0;
}

static void raise_isr(void *ctx, uint32_t bits, sim_time t)
{
    (void)t;
    standin_card *c = ctx;
    c->isr |= bits;
    c->isr_raises++;
    c->raised_bits |= bits;
    update_irq(c);
}

void standin_raise(standin_card *c, uint32_t bits) { raise_isr(c, bits, 0); }

static void on_fault(void *ctx, const char *text)
{
    standin_card *c = ctx;
    if (c->faults++ == 0) snprintf(c->fault, sizeof c->fault, "%s", text);
}

standin_card *standin_new(pci_bus *bus, uint64_t bar_base, lanai_chip_id chip, uint32_t sram_size)
{
    standin_card *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->chip = chip;
    c->sram_size = sram_size;
    c->sram = calloc(1, sram_size);
    if (!c->sram) {
        free(c);
        return NULL;
    }
    pci_card_port port = {
        .ctx = c, .chip = chip, .sram = c->sram, .sram_size = sram_size,
        .sram_written = sram_written, .sram_traffic = sram_traffic,
        .reg_read = reg_read, .reg_write = reg_write, .raise_isr = raise_isr, .fault = on_fault,
    };
    char err[200];
    c->pc = pci_card_attach(bus, bar_base, &port, NULL, err, sizeof err);
    if (!c->pc) {
        fprintf(stderr, "standin card: %s\n", err);
        free(c->sram);
        free(c);
        return NULL;
    }
    return c;
}

void standin_free(standin_card *c)
{
    if (!c) return;
    pci_card_free(c->pc);
    free(c->sram);
    free(c);
}
