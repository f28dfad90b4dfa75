/* The fault handlers (rc1000_fault.c) run by the process that serves the
 * card (rc1000_host.h): their steps over the platform's device window, the
 * banks through the process's arbiter (rch_acquire), 2 MB pages moved by the
 * card's DMA channel between a bank and the process's pinned copy of the
 * page as Table 7.2 moves them (rc1000_dma.c, the code kind rc1000_stage's
 * harness runs): out by one-copy DMA through a 128 KB bounce buffer, in by
 * zero-copy DMA. */
#include "rc1000_dma.h"
#include "rc1000_host.h"
#include "rc1000_fault.h"

#include <stdio.h>

struct hf {
    rch *r;
    sim_time config_reset;         /* configuration plus reset: when the FPGA runs again */
    const rch_pages *db;           /* page faults: the host's copies of the pages */
};

#define PAGE_BYTES (RC_BANK_WORDS * 4u)

/* The node's steps for the shared transfers (rc1000_dma.h) */
static int dma_reg_w(void *c, uint32_t reg, uint32_t v)
{
    rch *r = c;
    return plat_dev_write32(r->p, RC_BAR_REGS + reg, v)
               ? (snprintf(r->err, sizeof r->err, "page DMA: %s", plat_error(r->p)), -1) : 0;
}
static int dma_reg_r(void *c, uint32_t reg, uint32_t *v)
{
    rch *r = c;
    return plat_dev_read32(r->p, RC_BAR_REGS + reg, v)
               ? (snprintf(r->err, sizeof r->err, "page DMA status: %s", plat_error(r->p)), -1) : 0;
}
static int dma_cpu(void *c, sim_time d)
{
    rch *r = c;
    return plat_compute(r->p, d) ? (snprintf(r->err, sizeof r->err, "%s", plat_error(r->p)), -1) : 0;
}
static sim_time dma_now(void *c) { return plat_now(((rch *)c)->p); }
static int dma_copy(void *c, void *dst, const void *src, size_t n)
{
    rch *r = c;
    return plat_memcpy(r->p, dst, src, n) ? (snprintf(r->err, sizeof r->err, "%s", plat_error(r->p)), -1) : 0;
}
/* (a page-table lookup, charged: the harness's model memory translates free) */
static int dma_phys(void *c, const void *p, uint64_t *pa)
{
    rch *r = c;
    size_t contig;
    return plat_virt_to_phys(r->p, p, pa, &contig)
               ? (snprintf(r->err, sizeof r->err, "page DMA: %s", plat_error(r->p)), -1) : 0;
}

/* The bounce buffer and the descriptor room, once per process (pinned,
 * contiguous; plat_alloc_contig has no free, like rch_open's buffer). */
static int dma_open(rch *r)
{
    if (r->bounce) return 0;
    r->dma.o = (rcd_ops){r, dma_reg_w, dma_reg_r, dma_cpu, dma_now, dma_copy, dma_phys,
                         1e12 / plat_bus_peak_Bps(r->p)};
    r->bounce = plat_alloc_contig(r->p, RCD_BOUNCE, &r->bounce_pa);
    r->desc = r->bounce ? plat_alloc_contig(r->p, rcd_chain_bytes(PAGE_BYTES), &r->desc_pa) : NULL;
    if (!r->desc) return snprintf(r->err, sizeof r->err, "page DMA buffers: %s", plat_error(r->p)), -1;
    return 0;
}

static int hf_page(void *c, unsigned frame, uint32_t page, int out)
{
    struct hf *h = c;
    uint8_t *b = h->db->page(h->db->ctx, page);
    if (!b) return snprintf(h->r->err, sizeof h->r->err, "no host copy of page %u", page), -1;
    return out ? rcd_one_copy_out(&h->r->dma, b, PAGE_BYTES, frame << 21, h->r->bounce, h->r->bounce_pa)
               : rcd_zero_copy(&h->r->dma, b, PAGE_BYTES, frame << 21, 0, h->r->desc, h->r->desc_pa);
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
static int hf_cpu(void *c, sim_time d) { return dma_cpu(((struct hf *)c)->r, d); }
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
    if (dma_open(r)) return -1;
    struct hf h = {r, 0, db};
    const rcf_ops ops = {&h,      hf_acquire,  hf_read,    hf_write, hf_cpu, hf_now, NULL, NULL, hf_error,
                         hf_page_out, hf_page_in, hf_resume};
    char err[sizeof r->err];
    sim_time t0 = plat_now(r->p);
    int rc = rcf_page_fault(&ops, t, err, sizeof err);
    if (rc) snprintf(r->err, sizeof r->err, "%s", err);
    r->pfaults++;
    r->pfault_ps += plat_now(r->p) - t0;
    if (!rc) r->unload_ps += t->unload, r->load_ps += t->load, r->unloads += t->unloads, r->loads += t->loads;
    return rc;
}
