/* The BT848's register file as a PCI target (the part of it the model
 * has: INT_STAT, INT_MASK, GPIO_DMA_CTL, RISC_COUNT) and its INTA pin.
 * Offsets and bits are the data sheet's (the same as Linux bttv's bt848.h):
 * INT_STAT 0x100 with RISCI at bit 11, written with 1s to clear; INT_MASK
 * 0x104; GPIO_DMA_CTL 0x10C with the packed-mode FIFO trigger point PKTP
 * in bits 3:2 (0, 1, 2, 3: 4, 8, 16, 32 DWORDs); RISC_COUNT 0x120. */
#include "bt848_internal.h"

#include <stdio.h>

/* Register reads and writes wait 2 cycles before their one data phase and
 * disconnect after it (our choice: the data sheet's target timing is not
 * modelled further). */
#define REG_WAIT 2

static void set_inta(bt848 *v)
{
    int up = (v->int_stat & v->int_mask) != 0;
    if (up == v->inta) return;
    v->inta = up;
    if (v->inta_fn) v->inta_fn(v->inta_ctx, up);
}

void bt848_regs_risc_irq(bt848 *v)
{
    v->int_stat |= BT848_INT_RISCI;
    set_inta(v);
}

int bt848_reg_read(bt848 *v, uint32_t off, uint32_t *val, char *err, size_t n)
{
    switch (off) {
    case BT848_REG_INT_STAT: *val = v->int_stat; return 0;
    case BT848_REG_INT_MASK: *val = v->int_mask; return 0;
    case BT848_REG_GPIO_DMA_CTL: *val = v->dma_ctl; return 0;
    case BT848_REG_RISC_COUNT: *val = (uint32_t)v->pc; return 0;
    default: snprintf(err, n, "%s: read of register 0x%03x (not modelled)", v->p.name, off); return -1;
    }
}

int bt848_reg_write(bt848 *v, uint32_t off, uint32_t val, char *err, size_t n)
{
    static const uint32_t pktp[4] = {4, 8, 16, 32};
    switch (off) {
    case BT848_REG_INT_STAT: v->int_stat &= ~val; set_inta(v); return 0;
    case BT848_REG_INT_MASK: v->int_mask = val; set_inta(v); return 0;
    case BT848_REG_GPIO_DMA_CTL:
        v->dma_ctl = val;
        bt848_set_trigger(v, pktp[(val >> 2) & 3]);
        return 0;
    default: snprintf(err, n, "%s: write of register 0x%03x (not modelled)", v->p.name, off); return -1;
    }
}

static void plan(void *ctx, const pci_burst *b, pci_plan *out)
{
    (void)ctx;
    pci_plan_simple(b, REG_WAIT, 0, 4, out);
}

static uint32_t rd32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

static int access(void *ctx, pci_cmd cmd, uint64_t addr, uint8_t *data, uint32_t len, sim_time t, char *err,
                  size_t n)
{
    bt848 *v = ctx;
    (void)t;
    uint32_t off = (uint32_t)(addr - v->regs);
    if ((off & 3) || len != 4) {
        snprintf(err, n, "%s: register access at 0x%03x of %u bytes (whole registers only)", v->p.name, off, len);
        return -1;
    }
    if (cmd == PCI_WRITE) return bt848_reg_write(v, off, rd32(data), err, n);
    uint32_t val;
    if (bt848_reg_read(v, off, &val, err, n)) return -1;
    for (int i = 0; i < 4; i++) data[i] = (uint8_t)(val >> (8 * i));
    return 0;
}

static const pci_target_ops ops = {.plan = plan, .access = access};

int bt848_attach_regs(bt848 *v, uint64_t base, char *err, size_t n)
{
    if (base % BT848_BAR_BYTES || pci_bus_add_target(v->bus, base, BT848_BAR_BYTES, 4, &ops, v, v->p.name)) {
        snprintf(err, n, "%s: register BAR at 0x%llx: not 4 KB aligned or overlaps another device", v->p.name,
                 (unsigned long long)base);
        return -1;
    }
    v->regs = base;
    return 0;
}

void bt848_on_inta(bt848 *v, void (*fn)(void *ctx, int level), void *ctx)
{
    v->inta_fn = fn;
    v->inta_ctx = ctx;
}

int bt848_inta(const bt848 *v) { return v->inta; }
