/* The fault handlers (rc1000_fault.c) run by the process that serves the
 * card (rc1000_host.h): their steps over the platform's device window, the
 * banks through the process's arbiter (rch_acquire), 2 MB pages moved by the
 * card's DMA channel between a bank and the process's pinned copy of the
 * page (one block DMA each way). */
#include "rc1000_host.h"
#include "rc1000_fault.h"

#include <stdio.h>

struct hf {
    rch *r;
    sim_time config_reset;         /* configuration plus reset: when the FPGA runs again */
    const rch_pages *db;           /* page faults: the host's copies of the pages */
};

#define PAGE_BYTES (RC_BANK_WORDS * 4u)

/* One block DMA of the card's channel between bank `frame` and pinned
 * contiguous host memory at pa, waited for as TPIL waits for a card's DMA:
 * the CPU spins for the time the bytes take at the bus's peak, then polls. */
static int block_dma(rch *r, unsigned frame, uint64_t pa, int to_pci)
{
    uint32_t csr = 0;
    if (plat_dev_write32(r->p, RC_BAR_REGS + RC_REG_DMAMODE, 0) ||
        plat_dev_write32(r->p, RC_BAR_REGS + RC_REG_DMAPADR, (uint32_t)pa) ||
        plat_dev_write32(r->p, RC_BAR_REGS + RC_REG_DMALADR, frame << 21) ||
        plat_dev_write32(r->p, RC_BAR_REGS + RC_REG_DMASIZ, PAGE_BYTES) ||
        plat_dev_write32(r->p, RC_BAR_REGS + RC_REG_DMADPR, to_pci ? RC_DPR_TO_PCI : 0) ||
        plat_dev_write32(r->p, RC_BAR_REGS + RC_REG_DMACSR, RC_CSR_ENABLE | RC_CSR_START))
        return snprintf(r->err, sizeof r->err, "page DMA set-up: %s", plat_error(r->p)), -1;
    double peak = plat_bus_peak_Bps(r->p);
    if (peak > 0 && plat_compute(r->p, (sim_time)(PAGE_BYTES / peak * 1e12)))
        return snprintf(r->err, sizeof r->err, "%s", plat_error(r->p)), -1;
    do {
        if (plat_dev_read32(r->p, RC_BAR_REGS + RC_REG_DMACSR, &csr))
            return snprintf(r->err, sizeof r->err, "page DMA status: %s", plat_error(r->p)), -1;
    } while (!(csr & RC_CSR_DONE));
    return 0;
}

static int hf_page(void *c, unsigned frame, uint32_t page, int out)
{
    struct hf *h = c;
    uint64_t pa;
    if (!h->db->page(h->db->ctx, page, &pa))
        return snprintf(h->r->err, sizeof h->r->err, "no host copy of page %u", page), -1;
    return block_dma(h->r, frame, pa, out);
}
static int hf_page_out(void *c, unsigned frame, uint32_t page) { return hf_page(c, frame, page, 1); }
static int hf_page_in(void *c, unsigned frame, uint32_t page) { return hf_page(c, frame, page, 0); }
static int hf_resume(void *c)
{
    rch *r = ((struct hf *)c)->r;
    return plat_dev_write32(r->p, RC_BAR_REGS + RC_REG_CTRL, RC_CTL_RESUME)
               ? (snprintf(r->err, sizeof r->err, "control port: %s", plat_error(r->p)), -1)
               : 0;
}

static int hf_acquire(void *c, uint32_t banks)
{
    rch *r = ((struct hf *)c)->r;
    return banks ? rch_acquire(r, banks) : rch_release(r);
}
static int hf_read(void *c, uint32_t w, uint32_t *v, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (rch_read_word(((struct hf *)c)->r, 0, w + i, v + i)) return -1;
    return 0;
}
static int hf_write(void *c, uint32_t w, const uint32_t *v, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (rch_write_word(((struct hf *)c)->r, 0, w + i, v[i])) return -1;
    return 0;
}
static int hf_cpu(void *c, sim_time d)
{
    rch *r = ((struct hf *)c)->r;
    return plat_compute(r->p, d) ? (snprintf(r->err, sizeof r->err, "%s", plat_error(r->p)), -1) : 0;
}
static sim_time hf_now(void *c) { return plat_now(((struct hf *)c)->r->p); }
static sim_time hf_configure(void *c)
{
    struct hf *h = c;
    sim_time t = plat_now(h->r->p);
    if (plat_dev_write32(h->r->p, RC_BAR_REGS + RC_REG_CONFIG, 1))
        snprintf(h->r->err, sizeof h->r->err, "configuration register: %s", plat_error(h->r->p));
    return t + h->config_reset;
}
static const char *hf_error(void *c) { return ((struct hf *)c)->r->err; }

int rch_function_fault(rch *r, const rcf_function *f, sim_time reset, rcf_times *t)
{
    uint32_t ready, kind;
    if (rch_status(r, &ready, &kind)) return -1;
    if (kind != RC_ST_FFAULT) return snprintf(r->err, sizeof r->err, "no function fault to serve (status kind %u)", kind), -1;
    if (ready) return snprintf(r->err, sizeof r->err, "take the %u results produced before the fault first", ready), -1;
    struct hf h = {r, f->config + reset, NULL};
    const rcf_ops ops = {&h, hf_acquire, hf_read, hf_write, hf_cpu, hf_now, hf_configure, NULL, hf_error, NULL, NULL, NULL};
    char err[sizeof r->err];
    sim_time t0 = plat_now(r->p);
    int rc = rcf_function_fault(&ops, f, t, err, sizeof err);
    if (rc) snprintf(r->err, sizeof r->err, "%s", err);
    else {                                          /* the reset: the frame's count and slots start at 0 */
        r->owed -= r->taken;                        /* (what is still owed stays owed) */
        r->taken = r->next[0] = r->next[1] = 0;
    }
    r->faults++;
    r->fault_ps += plat_now(r->p) - t0;
    return rc;
}

int rch_page_fault(rch *r, const rch_pages *db, struct rcf_times *t)
{
    uint32_t ready, kind;
    if (rch_status(r, &ready, &kind)) return -1;
    if (kind != RC_ST_PFAULT) return snprintf(r->err, sizeof r->err, "no page fault to serve (status kind %u)", kind), -1;
    struct hf h = {r, 0, db};
    const rcf_ops ops = {&h,      hf_acquire,  hf_read,    hf_write, hf_cpu, hf_now, NULL, NULL, hf_error,
                         hf_page_out, hf_page_in, hf_resume};
    char err[sizeof r->err];
    sim_time t0 = plat_now(r->p);
    int rc = rcf_page_fault(&ops, t, err, sizeof err);
    if (rc) snprintf(r->err, sizeof r->err, "%s", err);
    r->pfaults++;
    r->pfault_ps += plat_now(r->p) - t0;
    return rc;
}
