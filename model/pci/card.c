/* The card's BAR as a PCI target and the wiring of its DMA engines. */
#include "card.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pci_card {
    pci_bus *bus;
    uint64_t base;
    pci_card_port port;
    const card_pci_params *tm;
    bar_layout lay;
    dma_lanai4 *d4;
    dma_lanai9 *d9;
    int irq_line;
    int irq_want;              /* level the card asks for */
    ev_id irq_ev;
    uint32_t control;
    pci_card_stats st;
};

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

uint32_t pci_card_eeprom_word(const pci_card *c, uint32_t off)
{
    switch (off & ~3u) {
    case 0x00: return c->lay.chip == CHIP_LANAI4 ? 33 : 133;           /* MHz */
    case 0x04: return (c->lay.chip == CHIP_LANAI4 ? 0x0401u : 0x0900u) << 16;
    case 0x0C: return c->port.sram_size;
    default: return 0;
    }
}

static void tgt_plan(void *ctx, const pci_burst *b, pci_plan *out)
{
    pci_card *c = ctx;
    uint32_t w = b->cmd == PCI_WRITE ? c->tm->tgt_wr_wait : c->tm->tgt_rd_wait;
    pci_plan_simple(b, w, 0, c->tm->tgt_boundary, out);
}

/* A register the DMA engine does not own, through the card model: 1 done,
 * -2 no such register, -3 refused. */
static int port_reg(pci_card *c, pci_cmd cmd, uint32_t reg, uint32_t *v, sim_time t)
{
    int rc;
    if (cmd == PCI_WRITE) rc = c->port.reg_write ? c->port.reg_write(c->port.ctx, reg, *v, t) : -1;
    else rc = c->port.reg_read ? c->port.reg_read(c->port.ctx, reg, v, t) : -1;
    return rc == 0 ? 1 : rc == -2 ? -3 : -2;
}

/* One region access. data is in bus byte order (= SRAM byte order). */
static int access_region(pci_card *c, pci_cmd cmd, uint32_t off, uint8_t *data, uint32_t len,
                         sim_time t, char *err, size_t errlen)
{
    uint32_t rel, left;
    bar_region r = bar_decode(&c->lay, off, &rel, &left);
    const char *chip = c->lay.chip == CHIP_LANAI4 ? "LANai 4" : "LANai 9";
    if (len > left && r != BAR_NONE) {
        snprintf(err, errlen, "%s access of %u bytes at BAR offset 0x%x runs past the end of the %s",
                 chip, len, off, bar_region_name(r));
        return -1;
    }
    switch (r) {
    case BAR_SRAM:
        if (cmd == PCI_WRITE) {
            memcpy(c->port.sram + rel, data, len);
            if (c->port.sram_written) c->port.sram_written(c->port.ctx, rel, len);
            c->st.pio_bytes_in += len;
        } else {
            memcpy(data, c->port.sram + rel, len);
            c->st.pio_bytes_out += len;
        }
        if (c->port.sram_traffic) c->port.sram_traffic(c->port.ctx, len, t, cmd == PCI_WRITE);
        return 0;
    case BAR_REGS:
        if ((rel & 3) || (len & 3)) {
            snprintf(err, errlen, "%s special registers take whole aligned 32-bit words: "
                     "%u bytes at register offset 0x%x", chip, len, rel);
            return -1;
        }
        for (uint32_t i = 0; i < len; i += 4) {
            uint32_t reg = rel + i, v = 0;
            int h;
            if (cmd == PCI_WRITE) {
                v = be32(data + i);
                h = pci_card_dma_write(c, reg, v, t);
                if (h == 0) h = port_reg(c, cmd, reg, &v, t);
            } else {
                h = pci_card_dma_read(c, reg, &v, t);
                if (h == 0) h = port_reg(c, cmd, reg, &v, t);
                if (h == 1) put_be32(data + i, v);
            }
            if (h == -2) {
                snprintf(err, errlen, "%s has no special register at offset 0x%x (BAR offset 0x%x)",
                         chip, reg, off + i);
                return -1;
            }
            if (h == -3) {
                snprintf(err, errlen, "%s register at offset 0x%x (BAR offset 0x%x): host %s refused: %s", chip,
                         reg, off + i, cmd == PCI_WRITE ? "write" : "read",
                         c->port.reg_why ? c->port.reg_why(c->port.ctx) : "by the card");
                return -1;
            }
            if (h < 0) {
                snprintf(err, errlen, "%s DMA engine refused the %s of register 0x%x: %s", chip,
                         cmd == PCI_WRITE ? "write" : "read", reg, pci_card_dma_fault(c));
                return -1;
            }
        }
        return 0;
    case BAR_DMAPTR:
        if ((rel & 3) || (len & 3)) {
            snprintf(err, errlen, "LANai 9 DMA pointer bank takes aligned 32-bit words (offset 0x%x)", off);
            return -1;
        }
        for (uint32_t i = 0; i < len; i += 4) {
            uint32_t w = rel + i;
            int ch = (int)(w / 8);
            if (w % 8 != 0 || ch >= DMA9_CHANNELS) {
                if (cmd == PCI_READ) put_be32(data + i, 0);
                continue;                     /* the unused words of the bank */
            }
            if (cmd == PCI_WRITE) dma_lanai9_set_ptr(c->d9, ch, be32(data + i), t);
            else {
                uint32_t v = 0;
                dma_lanai9_get_ptr(c->d9, ch, &v);
                put_be32(data + i, v);
            }
        }
        return 0;
    case BAR_EEPROM:
        if (cmd == PCI_WRITE) {
            snprintf(err, errlen, "%s EEPROM at BAR offset 0x%x is read-only", chip, off);
            return -1;
        }
        for (uint32_t i = 0; i < len; i++) {
            uint32_t w = pci_card_eeprom_word(c, rel + i);
            data[i] = (uint8_t)(w >> (8 * (3 - ((rel + i) & 3))));
        }
        return 0;
    case BAR_CONTROL:
    case BAR_CONFIG:
        if (cmd == PCI_WRITE) {
            if (r == BAR_CONTROL && len == 4) c->control = be32(data);
        } else {
            memset(data, 0, len);
            if (r == BAR_CONTROL && len == 4) put_be32(data, c->control);
        }
        return 0;
    case BAR_DOORBELL:
        snprintf(err, errlen, "LANai 9 doorbell region (BAR offset 0x%x) is not modelled "
                 "(GRIM does not use doorbells)", off);
        return -1;
    case BAR_NONE:
    default:
        snprintf(err, errlen, "BAR offset 0x%x is in a hole of the %s board layout (BAR size 0x%x)",
                 off, chip, c->lay.bar_size);
        return -1;
    }
}

static int tgt_access(void *ctx, pci_cmd cmd, uint64_t addr, uint8_t *data, uint32_t len,
                      sim_time t, char *err, size_t errlen)
{
    pci_card *c = ctx;
    uint32_t off = (uint32_t)(addr - c->base);
    if (cmd == PCI_WRITE) c->st.pio_writes++;
    else c->st.pio_reads++;
    /* a burst may straddle regions only by accident; split it */
    while (len) {
        uint32_t rel, left;
        bar_region r = bar_decode(&c->lay, off, &rel, &left);
        uint32_t n = (r != BAR_NONE && left < len) ? left : len;
        if (access_region(c, cmd, off, data, n, t, err, errlen)) return -1;
        off += n;
        data += n;
        len -= n;
    }
    return 0;
}

static const pci_target_ops card_target_ops = {tgt_plan, NULL, tgt_access};

pci_card *pci_card_attach(pci_bus *bus, uint64_t bar_base, const pci_card_port *port,
                          const card_pci_params *tm, char *err, size_t errlen)
{
    pci_card *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    c->bus = bus;
    c->base = bar_base;
    c->port = *port;
    c->tm = tm ? tm : cardpci_for(port->chip);
    if (!c->tm || !port->sram) {
        snprintf(err, errlen, "card port: %s", !port->sram ? "no SRAM image" : "unknown chip");
        free(c);
        return NULL;
    }
    if (bar_layout_for(port->chip, port->sram_size, &c->lay, err, errlen)) {
        free(c);
        return NULL;
    }
    if (bar_base % c->lay.bar_size) {
        snprintf(err, errlen, "BAR base 0x%llx is not aligned to the BAR size 0x%x",
                 (unsigned long long)bar_base, c->lay.bar_size);
        free(c);
        return NULL;
    }
    if (pci_bus_add_target(bus, bar_base, c->lay.bar_size, c->tm->width, &card_target_ops, c,
                           port->chip == CHIP_LANAI4 ? "LANai 4 card" : "LANai 9 card")) {
        snprintf(err, errlen, "BAR 0x%llx+0x%x overlaps another device on %s",
                 (unsigned long long)bar_base, c->lay.bar_size, pci_bus_name(bus));
        free(c);
        return NULL;
    }
    if (port->chip == CHIP_LANAI4) c->d4 = dma_lanai4_new(bus, port, c->tm);
    else c->d9 = dma_lanai9_new(bus, port, c->tm);
    if (!c->d4 && !c->d9) {
        snprintf(err, errlen, "too many bus masters on %s", pci_bus_name(bus));
        free(c);
        return NULL;
    }
    c->irq_line = pci_bus_irq_line_new(bus);
    return c;
}

void pci_card_free(pci_card *c)
{
    if (!c) return;
    if (c->irq_ev) evq_cancel(pci_bus_evq(c->bus), c->irq_ev);
    dma_lanai4_free(c->d4);
    dma_lanai9_free(c->d9);
    free(c);
}

const bar_layout *pci_card_layout(const pci_card *c) { return &c->lay; }
uint64_t pci_card_bar_base(const pci_card *c) { return c->base; }
lanai_chip_id pci_card_chip(const pci_card *c) { return c->lay.chip; }
const card_pci_params *pci_card_timing(const pci_card *c) { return c->tm; }
dma_lanai4 *pci_card_dma4(pci_card *c) { return c->d4; }
dma_lanai9 *pci_card_dma9(pci_card *c) { return c->d9; }
const pci_card_stats *pci_card_stats_of(const pci_card *c) { return &c->st; }

const char *pci_card_dma_fault(const pci_card *c)
{
    return c->d4 ? dma_lanai4_fault(c->d4) : dma_lanai9_fault(c->d9);
}

int pci_card_dma_write(pci_card *c, uint32_t reg_off, uint32_t val, sim_time t)
{
    return c->d4 ? dma_lanai4_write(c->d4, reg_off, val, t) : dma_lanai9_write(c->d9, reg_off, val, t);
}

int pci_card_dma_read(pci_card *c, uint32_t reg_off, uint32_t *val, sim_time t)
{
    return c->d4 ? dma_lanai4_read(c->d4, reg_off, val, t) : dma_lanai9_read(c->d9, reg_off, val, t);
}

static void irq_up(void *arg)
{
    pci_card *c = arg;
    c->irq_ev = 0;
    if (c->irq_want) pci_bus_irq_set(c->bus, c->irq_line, 1);
}

void pci_card_set_irq(pci_card *c, int level)
{
    level = level != 0;
    if (level == c->irq_want) return;
    c->irq_want = level;
    if (!level) {                    /* lowering is immediate */
        if (c->irq_ev) evq_cancel(pci_bus_evq(c->bus), c->irq_ev);
        c->irq_ev = 0;
        pci_bus_irq_set(c->bus, c->irq_line, 0);
        return;
    }
    sim_time d = (sim_time)c->tm->irq_delay * pci_bus_params_of(c->bus)->clock_ps;
    if (d == 0) pci_bus_irq_set(c->bus, c->irq_line, 1);
    else c->irq_ev = evq_after(pci_bus_evq(c->bus), d, irq_up, c);
}
