/* The card's host side: the card in a PCI slot (model/pci/card.h). Host PIO
 * reaches SRAM and the special registers through the BAR; the LANai's
 * host-DMA registers drive the PCI side's engines; the engines' completion
 * bits, SRAM traffic and faults come back here; ISR & EIMR drives INTA#.
 *
 * Time: host accesses and engine callbacks run inside events (at the event
 * queue's now) and act at once. A LANai register write runs at the core's
 * local time, ahead of the queue: a change of the host line it causes is
 * handed to the PCI side by an event at that time (and the core stops so
 * the event runs before it goes on), exactly like the card's other side
 * effects (docs/network.md). */
#include "card_internal.h"
#include "../pci/card.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct pci_card *card_pci(const ni_card *c) { return c->pci; }
const char *card_fault(const ni_card *c) { return c->fault; }
sim_time card_fault_time(const ni_card *c) { return c->fault_t; }
const char *card_host_why(const ni_card *c) { return c->why; }

static int refuse(ni_card *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int refuse(ni_card *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->why, sizeof c->why, fmt, ap);
    va_end(ap);
    return -2;
}

/* ---- what the PCI side calls (pci_card_port) ---- */

static void p_sram_written(void *ctx, uint32_t addr, uint32_t len)
{
    ni_card *c = ctx;
    lanai_sram_written(c->core, addr, len);   /* drop decoded instructions there */
    c->epoch++;                               /* a parked core may see new data */
    card_progress(c, evq_now(c->q));
}

/* DMA has priority over the core: the bytes of a burst cost the core SRAM
 * cycles, spread over the time the burst takes on this bus. */
static void p_sram_traffic(void *ctx, uint32_t bytes, sim_time t, int changes)
{
    ni_card *c = ctx;
    const pci_bus_params *bp = pci_bus_params_of(c->bus);
    uint32_t w = pci_card_timing(c->pci)->width < bp->width ? pci_card_timing(c->pci)->width : bp->width;
    card_sram_charge(c, t, bytes, (sim_time)((bytes + w - 1) / w) * bp->clock_ps);
    if (changes) card_progress(c, t);
}

static void p_raise_isr(void *ctx, uint32_t bits, sim_time t)
{
    ni_card *c = ctx;
    c->epoch++;
    card_progress(c, t);
    card_isr_set(c, t, bits);
}

static void p_fault(void *ctx, const char *text)
{
    ni_card *c = ctx;
    if (c->fault[0]) return;
    snprintf(c->fault, sizeof c->fault, "%s", text);
    c->fault_t = evq_now(c->q);
    c->epoch++;
    if (c->fault_count) ++*c->fault_count;
    evq_note_wake(c->q);   /* the co-simulation's driver looks at faults then */
}

static int p_reg_read(void *ctx, uint32_t off, uint32_t *val, sim_time t)
{
    return card_host_reg_read(ctx, off, val, t);
}

static int p_reg_write(void *ctx, uint32_t off, uint32_t val, sim_time t)
{
    return card_host_reg_write(ctx, off, val, t);
}

static const char *p_why(void *ctx) { return ((ni_card *)ctx)->why; }

int card_attach_pci(ni_card *c, struct pci_bus *bus, uint64_t bar_base, char *err, size_t errlen)
{
    return card_attach_pci_tm(c, bus, bar_base, NULL, err, errlen);
}

int card_attach_pci_tm(ni_card *c, struct pci_bus *bus, uint64_t bar_base, const card_pci_params *tm, char *err,
                       size_t errlen)
{
    if (c->pci) {
        snprintf(err, errlen, "%s: the card is already in a PCI slot", c->name);
        return -1;
    }
    pci_card_port port = {
        .ctx = c, .chip = c->chip->id, .sram = lanai_sram(c->core), .sram_size = lanai_sram_size(c->core),
        .sram_written = p_sram_written, .sram_traffic = p_sram_traffic,
        .reg_read = p_reg_read, .reg_write = p_reg_write, .reg_why = p_why,
        .raise_isr = p_raise_isr, .fault = p_fault,
    };
    char why[300];
    c->bus = bus;
    c->pci = pci_card_attach(bus, bar_base, &port, tm, why, sizeof why);
    if (!c->pci) {
        snprintf(err, errlen, "%s: %s", c->name, why);
        c->bus = NULL;
        return -1;
    }
    pci_card_set_irq(c->pci, c->line);
    return 0;
}

void card_hostif_free(ni_card *c)
{
    evq_cancel(c->q, c->line_ev);
    c->line_ev = 0;
    pci_card_free(c->pci);
    c->pci = NULL;
}

void card_hostif_reset(ni_card *c)
{
    evq_cancel(c->q, c->line_ev);
    c->line_ev = 0;
    c->ctr_read = UINT64_MAX;
    c->fault[0] = 0;
    c->fault_t = 0;
    if (c->pci) pci_card_set_irq(c->pci, c->line);
}

/* ---- the host interrupt line ---- */

static void line_event(void *arg)
{
    ni_card *c = arg;
    c->line_ev = 0;
    pci_card_set_irq(c->pci, c->line_pending);
}

void card_pci_line(ni_card *c, sim_time t, int level)
{
    if (!c->lanai_side) {            /* an event or a host access: now */
        evq_cancel(c->q, c->line_ev);
        c->line_ev = 0;
        pci_card_set_irq(c->pci, level);
        return;
    }
    c->line_pending = level;
    if (!c->line_ev) {
        c->line_ev = evq_at(c->q, t, line_event, c);
        lanai_request_stop(c->core);
    }
}

/* ---- the LANai side of the host-DMA registers ---- */

static int dmaptr_channel(card_reg r) { return (int)(r - R_DMAPTR0); }

int card_hostdma_write(ni_card *c, uint32_t addr, card_reg r, sim_time t, uint32_t val)
{
    uint32_t off = addr - c->chip->base;
    if (!c->pci) {
        /* no host: the registers are storage, starting a DMA is an error */
        if (r == R_DMA_CTR && val)
            return card_refuse(c, addr, "host DMA of %u bytes: host DMA needs a PCI model "
                               "(this card is in no host's PCI slot)", val);
        if (r == R_PULSE && val)
            return card_refuse(c, addr, "PULSE 0x%x would start host DMA: host DMA needs a PCI model "
                               "(this card is in no host's PCI slot)", val);
        c->reg[r] = val;
        return 0;
    }
    if (r >= R_DMAPTR0 && r <= R_DMAPTR3) {
        int ch = dmaptr_channel(r);
        if (ch < DMA9_CHANNELS) dma_lanai9_set_ptr(pci_card_dma9(c->pci), ch, val, t);
        else c->reg[r] = val;
        return 0;
    }
    int h = pci_card_dma_write(c->pci, off, val, t);
    if (h < 0) return card_refuse(c, addr, "%s", pci_card_dma_fault(c->pci));
    if (h == 0) {
        c->reg[r] = val;              /* e.g. the LANai 9's LAR, an FPGA register */
        return 0;
    }
    if (r == R_DMA_CTR || r == R_PULSE) lanai_request_stop(c->core);   /* the engine starts by an event */
    return 0;
}

int card_hostdma_read(ni_card *c, uint32_t addr, card_reg r, uint64_t cycle, sim_time t, uint32_t *val)
{
    if (!c->pci) return 0;
    if (r >= R_DMAPTR0 && r <= R_DMAPTR3 && dmaptr_channel(r) < DMA9_CHANNELS)
        return dma_lanai9_get_ptr(pci_card_dma9(c->pci), dmaptr_channel(r), val) == 0;
    if (r == R_DMA_CTR) c->ctr_read = cycle;
    return pci_card_dma_read(c->pci, addr - c->chip->base, val, t) == 1;
}

/* A LANai 4 DMA_CTR counts down with the bursts' progress, between events:
 * a loop that read it while a DMA is moving cannot be skipped. */
uint64_t card_hostif_next_change(const ni_card *c, uint64_t since)
{
    if (!c->pci || c->ctr_read == UINT64_MAX || c->ctr_read < since) return UINT64_MAX;
    dma_lanai4 *d = pci_card_dma4(c->pci);
    return d && dma_lanai4_busy(d) ? since + 1 : UINT64_MAX;
}

/* ---- the registers as the host sees them ---- */

static int host_decode(ni_card *c, uint32_t off, card_reg *r)
{
    if (off >= c->chip->size || (off & 3)) return -1;
    *r = (card_reg)c->chip->slot[off / 4];
    if (*r == R_NONE) return -1;
    if (*r == R_SINGLE || *r == R_CONTEXT)
        return refuse(c, "%s is not modelled (%s)", c->chip->slot_name[off / 4],
                      *r == R_SINGLE ? "single-character send/receive" : "context pipeline register");
    return 0;
}

int card_host_reg_read(ni_card *c, uint32_t off, uint32_t *val, sim_time t)
{
    card_reg r;
    int rc = host_decode(c, off, &r);
    if (rc) return rc;
    if (r >= R_DMAPTR0 && r <= R_DMAPTR3 && c->pci && dmaptr_channel(r) < DMA9_CHANNELS)
        return dma_lanai9_get_ptr(pci_card_dma9(c->pci), dmaptr_channel(r), val) == 0 ? 0 : -1;
    switch (r) {
    case R_ISR: *val = card_isr(c, t); break;
    case R_EIMR: *val = c->eimr; break;
    case R_RTC: *val = card_timer_up(&c->rtc, t); break;
    case R_IT0: case R_IT1: case R_IT2: *val = card_timer_down(&c->it[r - R_IT0], t); break;
    case R_RMP: *val = c->rcv.rmp; break;
    case R_RML: *val = c->rcv.rml; break;
    default: *val = c->reg[r]; break;
    }
    return 0;
}

int card_host_reg_write(ni_card *c, uint32_t off, uint32_t val, sim_time t)
{
    card_reg r;
    int rc = host_decode(c, off, &r);
    if (rc) return rc;
    c->epoch++;                     /* the firmware may see it */
    card_progress(c, t);
    switch (r) {
    case R_ISR: {
        /* the host's doorbells are set by writing them; every other bit
         * (HOST_SIG included) is cleared by writing a one */
        uint32_t bells = val & c->chip->doorbells;
        card_host_isr_write(c, t, val & ~bells);
        if (bells) card_host_signal(c, t, bells);
        return 0;
    }
    case R_EIMR:
        c->eimr = val;
        card_line_update(c, t);
        return 0;
    case R_RTC:
        card_timer_load_up(&c->rtc, t, val);
        return 0;
    case R_IT0: case R_IT1: case R_IT2:
        card_timer_load_down(c, &c->it[r - R_IT0], t, val);
        return 0;
    case R_RMP: case R_RML: case R_SML: case R_SMLT:
        return refuse(c, "%s drives the packet interface, which only the LANai programs (not modelled from the host)",
                      c->chip->slot_name[off / 4]);
    case R_DMAPTR0: case R_DMAPTR1: case R_DMAPTR2: case R_DMAPTR3:
        if (c->pci && dmaptr_channel(r) < DMA9_CHANNELS) {
            dma_lanai9_set_ptr(pci_card_dma9(c->pci), dmaptr_channel(r), val, t);
            return 0;
        }
        break;
    default: break;
    }
    c->reg[r] = val;
    return 0;
}
