/* LANai 9 descriptor-chain host-DMA engines (PCI side). One bus master per
 * channel, so the two directions compete for the bus like two engines. */
#include "dma_lanai9.h"

#include "../trace/hooks.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct chan {
    struct dma_lanai9 *d;
    int ch;
    uint32_t ptr;              /* current block */
    int busy, kick_pending;
    uint32_t next, len, lar, eah, eal;
    pci_master *m;
    pci_txn txn;
} chan;

struct dma_lanai9 {
    pci_bus *bus;
    evq *q;
    pci_card_port port;
    const card_pci_params *tm;
    chan c[DMA9_CHANNELS];
    dma_stats st;
    char fault[300];
};

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

uint16_t dma9_csum16(const uint8_t *p, uint32_t n)
{
    uint64_t s = 0;                 /* a 32-bit sum would overflow past 128 KB */
    uint32_t i = 0;
    for (; i + 1 < n; i += 2) s += (uint32_t)p[i] << 8 | p[i + 1];
    if (i < n) s += (uint32_t)p[i] << 8;
    while (s >> 16) s = (s & 0xFFFF) + (s >> 16);
    return (uint16_t)s;
}

static void fault(dma_lanai9 *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fault(dma_lanai9 *d, const char *fmt, ...)
{
    char buf[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (!d->fault[0]) snprintf(d->fault, sizeof d->fault, "%s", buf);
    if (d->port.fault) d->port.fault(d->port.ctx, buf);
}

static const char *chan_name(int ch) { return ch == 0 ? "L2E" : "E2L"; }

dma_lanai9 *dma_lanai9_new(pci_bus *bus, const pci_card_port *port, const card_pci_params *tm)
{
    dma_lanai9 *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->bus = bus;
    d->q = pci_bus_evq(bus);
    d->port = *port;
    d->tm = tm ? tm : &cardpci_lanai9;
    for (int i = 0; i < DMA9_CHANNELS; i++) {
        char name[32];
        snprintf(name, sizeof name, "lanai9-dma%d-%s", i, chan_name(i));
        d->c[i].d = d;
        d->c[i].ch = i;
        d->c[i].m = pci_master_new(bus, name, d->tm->width, d->tm->dma_latency_timer,
                                   d->tm->dma_max_burst);
        if (!d->c[i].m) {
            free(d);
            return NULL;
        }
    }
    return d;
}

void dma_lanai9_free(dma_lanai9 *d) { free(d); }
const dma_stats *dma_lanai9_stats(const dma_lanai9 *d) { return &d->st; }
const char *dma_lanai9_fault(const dma_lanai9 *d) { return d->fault; }

int dma_lanai9_busy(const dma_lanai9 *d, int ch)
{
    return ch >= 0 && ch < DMA9_CHANNELS && d->c[ch].busy;
}

static sim_time clk(const dma_lanai9 *d) { return pci_bus_params_of(d->bus)->clock_ps; }

static void fetch(void *arg);

static void stop(chan *c, const char *why)
{
    c->busy = 0;
    c->kick_pending = 0;
    if (trace_cur) trace_hdma_end(c->d->port.ctx, c->ch, evq_now(c->d->q), !(c->next & DMA9_E2L), c->len, 1);
    fault(c->d, "LANai 9 host DMA channel %d (%s), block at SRAM 0x%06x: %s",
          c->ch, chan_name(c->ch), c->ptr, why);
}

static void block_done(void *arg)
{
    chan *c = arg;
    dma_lanai9 *d = c->d;
    sim_time t = evq_now(d->q);
    uint8_t *b = d->port.sram + c->ptr;
    uint16_t cs = dma9_csum16(d->port.sram + c->lar, c->len);
    b[4] = (uint8_t)(cs >> 8);
    b[5] = (uint8_t)cs;
    b[6] = b[7] = 0;
    wr32(b, c->next | DMA9_TERMINAL);
    if (d->port.sram_written) d->port.sram_written(d->port.ctx, c->ptr, 8);
    if (d->port.sram_traffic) d->port.sram_traffic(d->port.ctx, 8, t, 1);
    d->st.dmas++;
    d->st.bytes += c->len;
    if (trace_cur) trace_hdma_end(d->port.ctx, c->ch, t, !(c->next & DMA9_E2L), c->len, 0);
    if ((c->next & DMA9_WAKE) && d->port.raise_isr) d->port.raise_isr(d->port.ctx, L9_ISR_WAKE0, t);
    c->ptr = c->next & ~7u;
    evq_at(d->q, t + d->tm->dma_desc * clk(d), fetch, c);
}

static void on_burst(pci_txn *x, void *ctx, uint32_t off, uint32_t n)
{
    chan *c = ctx;
    dma_lanai9 *d = c->d;
    if (x->cmd == PCI_READ && d->port.sram_written) d->port.sram_written(d->port.ctx, c->lar + off, n);
    if (d->port.sram_traffic) d->port.sram_traffic(d->port.ctx, n, evq_now(d->q), 1);
}

static void on_done(pci_txn *x, void *ctx)
{
    chan *c = ctx;
    if (x->resp != PCI_RESP_OK) {
        char why[280];
        snprintf(why, sizeof why, "transfer of %u bytes %s host address 0x%08x failed: %s (%s)",
                 c->len, (c->next & DMA9_E2L) ? "from" : "to", c->eal, pci_resp_name(x->resp),
                 pci_bus_fault_text(c->d->bus));
        stop(c, why);
        return;
    }
    evq_at(c->d->q, x->t_done + c->d->tm->dma_done * clk(c->d), block_done, c);
}

static void fetch(void *arg)
{
    chan *c = arg;
    dma_lanai9 *d = c->d;
    char why[200];
    if (c->ptr & 3 || c->ptr > d->port.sram_size || d->port.sram_size - c->ptr < DMA9_BLOCK_SIZE) {
        snprintf(why, sizeof why, "block pointer is not a word-aligned address inside SRAM (size 0x%x)",
                 d->port.sram_size);
        stop(c, why);
        return;
    }
    const uint8_t *b = d->port.sram + c->ptr;
    if (d->port.sram_traffic) d->port.sram_traffic(d->port.ctx, DMA9_BLOCK_SIZE, evq_now(d->q), 1);
    c->next = rd32(b);
    c->len = rd32(b + 8);
    c->lar = rd32(b + 12);
    c->eah = rd32(b + 16);
    c->eal = rd32(b + 20);
    if (c->next & DMA9_TERMINAL) {
        if (c->kick_pending) {          /* kicked while busy: the block may have been refilled */
            c->kick_pending = 0;
            evq_at(d->q, evq_now(d->q) + d->tm->dma_desc * clk(d), fetch, c);
        } else {
            c->busy = 0;
        }
        return;
    }
    if (c->lar > d->port.sram_size || c->len > d->port.sram_size - c->lar) {
        snprintf(why, sizeof why, "lar 0x%08x + len %u runs past the end of SRAM (0x%x)",
                 c->lar, c->len, d->port.sram_size);
        stop(c, why);
        return;
    }
    if (c->eah != 0) {
        snprintf(why, sizeof why, "host address 0x%08x%08x is above 4 GB (eah must be 0 on these hosts)",
                 c->eah, c->eal);
        stop(c, why);
        return;
    }
    if (trace_cur) trace_hdma_begin(d->port.ctx, c->ch, evq_now(d->q));
    if (c->len == 0) {
        evq_at(d->q, evq_now(d->q), block_done, c);
        return;
    }
    memset(&c->txn, 0, sizeof c->txn);
    c->txn.cmd = (c->next & DMA9_E2L) ? PCI_READ : PCI_WRITE;
    c->txn.addr = c->eal;
    c->txn.data = d->port.sram + c->lar;
    c->txn.len = c->len;
    c->txn.on_done = on_done;
    c->txn.on_burst = on_burst;
    c->txn.ctx = c;
    pci_submit(c->m, &c->txn);
}

static void pulse(dma_lanai9 *d, uint32_t val, sim_time t)
{
    if (t < evq_now(d->q)) t = evq_now(d->q);
    for (int i = 0; i < DMA9_CHANNELS; i++) {
        if (!(val & (1u << (i + 1)))) continue;
        chan *c = &d->c[i];
        if (c->busy) {
            c->kick_pending = 1;
            continue;
        }
        c->busy = 1;
        evq_at(d->q, t + d->tm->dma_start * clk(d), fetch, c);
    }
}

int dma_lanai9_write(dma_lanai9 *d, uint32_t off, uint32_t val, sim_time t)
{
    if (off == L9_REG_PULSE) {
        pulse(d, val, t);
        return 1;
    }
    return 0;
}

int dma_lanai9_read(dma_lanai9 *d, uint32_t off, uint32_t *val, sim_time t)
{
    (void)d;
    (void)t;
    if (off == L9_REG_PULSE) {       /* output pins: pulses read back as 0 */
        *val = 0;
        return 1;
    }
    return 0;
}

int dma_lanai9_set_ptr(dma_lanai9 *d, int ch, uint32_t sram_addr, sim_time t)
{
    (void)t;
    if (ch < 0 || ch >= DMA9_CHANNELS) return -1;
    d->c[ch].ptr = sram_addr;
    return 0;
}

int dma_lanai9_get_ptr(const dma_lanai9 *d, int ch, uint32_t *sram_addr)
{
    if (ch < 0 || ch >= DMA9_CHANNELS) return -1;
    *sram_addr = d->c[ch].ptr;
    return 0;
}
