/* LANai 4 register-driven host-DMA engine (PCI side). */
#include "dma_lanai4.h"

#include "../trace/hooks.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct dma_lanai4 {
    pci_bus *bus;
    evq *q;
    pci_card_port port;
    const card_pci_params *tm;
    pci_master *m;
    uint32_t ear, lar, dir, sts;
    /* the transfer latched when DMA_CTR was written */
    uint32_t len, x_ear, x_lar, x_dir;
    int busy;                  /* DMA_CTR written, DMA_INT not yet raised */
    int submitted;
    sim_time t_start, t_submit;
    pci_txn txn;
    dma_stats st;
    char fault[300];
};

static void fault(dma_lanai4 *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fault(dma_lanai4 *d, const char *fmt, ...)
{
    char buf[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (!d->fault[0]) snprintf(d->fault, sizeof d->fault, "%s", buf);
    if (d->port.fault) d->port.fault(d->port.ctx, buf);
}

dma_lanai4 *dma_lanai4_new(pci_bus *bus, const pci_card_port *port, const card_pci_params *tm)
{
    dma_lanai4 *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->bus = bus;
    d->q = pci_bus_evq(bus);
    d->port = *port;
    d->tm = tm ? tm : &cardpci_lanai4;
    d->m = pci_master_new(bus, "lanai4-dma", d->tm->width, d->tm->dma_latency_timer,
                          d->tm->dma_max_burst);
    if (!d->m) {
        free(d);
        return NULL;
    }
    return d;
}

void dma_lanai4_free(dma_lanai4 *d) { free(d); }
int dma_lanai4_busy(const dma_lanai4 *d) { return d->busy; }
const dma_stats *dma_lanai4_stats(const dma_lanai4 *d) { return &d->st; }
const char *dma_lanai4_fault(const dma_lanai4 *d) { return d->fault; }
pci_master *dma_lanai4_master(dma_lanai4 *d) { return d->m; }

static sim_time clk(const dma_lanai4 *d) { return pci_bus_params_of(d->bus)->clock_ps; }

static void finish(void *arg)
{
    dma_lanai4 *d = arg;
    sim_time t = evq_now(d->q);
    d->busy = 0;
    d->st.dmas++;
    d->st.bytes += d->len;
    d->st.busy_ps += t - d->t_start;
    if (trace_cur) trace_hdma_end(d->port.ctx, 0, t, !d->x_dir, d->len, 0);
    if (d->port.raise_isr) d->port.raise_isr(d->port.ctx, L4_ISR_DMA_INT, t);
}

static void on_burst(pci_txn *x, void *ctx, uint32_t off, uint32_t n)
{
    dma_lanai4 *d = ctx;
    sim_time t = evq_now(d->q);
    if (x->cmd == PCI_READ && d->port.sram_written) d->port.sram_written(d->port.ctx, d->x_lar + off, n);
    if (d->port.sram_traffic) d->port.sram_traffic(d->port.ctx, n, t, 1);
}

static void on_done(pci_txn *x, void *ctx)
{
    dma_lanai4 *d = ctx;
    if (x->resp != PCI_RESP_OK) {
        d->busy = 0;
        if (trace_cur) trace_hdma_end(d->port.ctx, 0, evq_now(d->q), !d->x_dir, d->len, 1);
        fault(d, "LANai 4 host DMA (%s, EAR 0x%08x, LAR 0x%06x, %u bytes) failed: %s on the PCI bus (%s)",
              d->x_dir ? "host->LANai" : "LANai->host", d->x_ear, d->x_lar, d->len,
              pci_resp_name(x->resp), pci_bus_fault_text(d->bus));
        return;
    }
    evq_at(d->q, x->t_done + d->tm->dma_done * clk(d), finish, d);
}

static void submit(void *arg)
{
    dma_lanai4 *d = arg;
    memset(&d->txn, 0, sizeof d->txn);
    d->txn.cmd = d->x_dir ? PCI_READ : PCI_WRITE;
    d->txn.addr = d->x_ear;
    d->txn.data = d->port.sram + d->x_lar;
    d->txn.len = d->len;
    d->txn.on_done = on_done;
    d->txn.on_burst = on_burst;
    d->txn.ctx = d;
    d->submitted = 1;
    pci_submit(d->m, &d->txn);
}

static int start(dma_lanai4 *d, uint32_t count, sim_time t)
{
    if (d->busy) {
        fault(d, "LANai 4 host DMA: DMA_CTR written (0x%x) while a DMA of %u bytes is in progress",
              count, d->len);
        return -1;
    }
    if (d->ear & 3 || d->lar & 3) {
        fault(d, "LANai 4 host DMA: EAR 0x%08x and LAR 0x%08x must be word-aligned", d->ear, d->lar);
        return -1;
    }
    uint32_t len = (count + 3) & ~3u;
    if (d->lar > d->port.sram_size || len > d->port.sram_size - d->lar) {
        fault(d, "LANai 4 host DMA: LAR 0x%08x + %u bytes runs past the end of SRAM (0x%x)",
              d->lar, len, d->port.sram_size);
        return -1;
    }
    d->len = len;
    d->x_ear = d->ear;
    d->x_lar = d->lar;
    d->x_dir = d->dir & 1;
    d->busy = 1;
    d->submitted = 0;
    d->t_start = t;
    if (trace_cur) trace_hdma_begin(d->port.ctx, 0, t);
    if (t < evq_now(d->q)) t = evq_now(d->q);
    d->t_submit = t + d->tm->dma_start * clk(d);
    if (len == 0) {
        evq_at(d->q, d->t_submit, finish, d);
        return 1;
    }
    evq_at(d->q, d->t_submit, submit, d);
    return 1;
}

int dma_lanai4_write(dma_lanai4 *d, uint32_t off, uint32_t val, sim_time t)
{
    switch (off) {
    case L4_REG_EAR: d->ear = val; return 1;
    case L4_REG_LAR: d->lar = val; return 1;
    case L4_REG_DMA_DIR: d->dir = val; return 1;
    case L4_REG_DMA_STS: d->sts = val; return 1;
    case L4_REG_DMA_CTR: return start(d, val, t);
    default: return 0;
    }
}

int dma_lanai4_read(dma_lanai4 *d, uint32_t off, uint32_t *val, sim_time t)
{
    switch (off) {
    case L4_REG_EAR: *val = d->ear; return 1;
    case L4_REG_LAR: *val = d->lar; return 1;
    case L4_REG_DMA_DIR: *val = d->dir; return 1;
    case L4_REG_DMA_STS: *val = d->sts; return 1;
    case L4_REG_DMA_CTR:
        if (!d->busy) *val = 0;
        else if (!d->submitted || t < d->t_submit) *val = d->len;
        else {
            uint32_t done = pci_txn_progress(&d->txn, t);
            *val = done >= d->len ? 0 : d->len - done;
        }
        return 1;
    default: return 0;
    }
}
