/* Host <-> RC-1000 transfers beside the pipeline stage: Figure 6.8's
 * injection (TPIL's PIO loops and its zero-copy DMA, adapted to the card:
 * L1955) and Table 7.2's page traffic (load by zero-copy DMA, unload by
 * one-copy DMA through TPIL's 128 KB bounce buffer: L2191). The host holds
 * bank 1 (a scratchpad page frame) through the CPLD, untimed; the card's
 * PLX-9080-style channel runs the DMAs, chained descriptors in pinned host
 * memory; both transfers and the host's wait for the channel (TPIL's: a
 * spin, then polls of the done bit) are hostlib/rc1000/rc1000_dma.c's, which
 * the GRIM node's process serving page faults runs too. */
#include "exp_rc1000_xfer.h"

#include "../../model/host/host_profile.h"
#include "../../model/host/hostmem.h"
#include "../../model/rc1000/pci.h"
#include "../../model/rc1000/rc1000_map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BAR 0x80000000ull

void rcx_flag(void *ctx, int st) { *(int *)ctx = st == 0 ? 1 : -1; }

int rcx_wait(rcx *x, int *f)
{
    while (!*f && evq_pending(x->q) && !rc1000_error(x->c)) evq_step(x->q);
    return *f == 1 ? 0 : -1;
}

int rcx_reg_w(rcx *x, uint32_t reg, uint32_t v)
{
    int f = 0;
    if (host_pio_write(x->h, 0, BAR + RC_BAR_REGS + reg, &v, 4, HPIO_PLAIN, rcx_flag, &f)) return -1;
    return rcx_wait(x, &f);
}

int rcx_reg_r(rcx *x, uint32_t reg, uint32_t *v)
{
    int f = 0;
    if (host_pio_read(x->h, 0, BAR + RC_BAR_REGS + reg, v, 4, rcx_flag, &f)) return -1;
    return rcx_wait(x, &f);
}

int rcx_cpu(rcx *x, sim_time d)
{
    int f = 0;
    if (host_after(x->h, d, rcx_flag, &f)) return -1;
    return rcx_wait(x, &f);
}

/* The host holds `banks` (request register, grant polls). */
int rcx_acquire(rcx *x, uint32_t banks)
{
    uint32_t g = 0;
    if (rcx_reg_w(x, RC_REG_REQ, banks)) return -1;
    for (int i = 0; i < 100000; i++) {
        if (rcx_reg_r(x, RC_REG_GRANT, &g)) return -1;
        if ((g & banks) == banks) return 0;
    }
    return -1;
}

/* The harness's steps for the shared transfers (hostlib/rc1000/rc1000_dma.h) */
static int dma_reg_w(void *c, uint32_t reg, uint32_t v) { return rcx_reg_w(c, reg, v); }
static int dma_reg_r(void *c, uint32_t reg, uint32_t *v) { return rcx_reg_r(c, reg, v); }
static int dma_cpu(void *c, sim_time d) { return rcx_cpu(c, d); }
static sim_time dma_now(void *c) { return evq_now(((rcx *)c)->q); }
static int dma_copy(void *c, void *dst, const void *src, size_t n)
{
    rcx *x = c;
    if (rcx_cpu(x, host_memcpy_cost(x->h, n))) return -1;
    memcpy(dst, src, n);
    return 0;
}
static int dma_phys(void *c, const void *p, uint64_t *pa)
{
    size_t contig;
    return hm_translate(((rcx *)c)->u, p, pa, &contig);
}

int rcx_open(rcx *x, const host_profile *hp, const rc1000_params *cp, char *err, size_t n)
{
    memset(x, 0, sizeof *x);
    x->q = evq_new();
    x->h = host_new(x->q, hp, 1, err, n);
    rc1000_params p = rc1000_default_params;
    if (cp) p = *cp;
    else p.config_ps = p.reset_ps = 0;
    x->c = x->h ? rc1000_new(x->q, &p, err, n) : NULL;
    x->rp = x->c ? rc1000_pci_attach(x->c, host_bus(x->h, 0), BAR, NULL, err, n) : NULL;
    if (!x->rp) return -1;
    uint32_t *b0 = rc1000_bank(x->c, 0);
    b0[RC_CTL_PAGE] = b0[RC_CTL_PAGE + 1] = RC_PAGE_NONE;
    evq_run_until(x->q, rc1000_configure(x->c) + SIM_US(50));
    x->k = hm_space_new(host_mem(x->h), "kernel");
    x->u = hm_space_new(host_mem(x->h), "user");
    const pci_bus_params *bp = pci_bus_params_of(host_bus(x->h, 0));
    x->dma.o = (rcd_ops){x, dma_reg_w, dma_reg_r, dma_cpu, dma_now, dma_copy, dma_phys, (double)bp->clock_ps / bp->width};
    return 0;
}

void rcx_close(rcx *x)
{
    if (x->u) hm_space_free(x->u);
    if (x->k) hm_space_free(x->k);
    rc1000_pci_free(x->rp);
    rc1000_free(x->c);
    if (x->h) host_free(x->h);
    if (x->q) evq_free(x->q);
}

/* Zero-copy (rcd_zero_copy): the user buffer pinned and the descriptors
 * allocated around the shared transfer (neither charged: the kernel's
 * work, as before the transfer was shared). to_pci: card to host. */
int rcx_zero_copy(rcx *x, uint8_t *ubuf, uint32_t bytes, uint32_t ladr, int to_pci, char *why, size_t n)
{
    uint64_t dpa;
    uint8_t *d = hm_alloc_contig(x->k, rcd_chain_bytes(bytes), &dpa);
    if (!d || hm_pin(x->u, ubuf, bytes) < 0) {
        snprintf(why, n, "host memory: %s", hm_error(d ? x->u : x->k));
        return -1;
    }
    if (rcd_zero_copy(&x->dma, ubuf, bytes, ladr, to_pci, d, dpa)) {
        snprintf(why, n, "zero-copy DMA: %s", hm_error(x->u));
        return -1;
    }
    hm_unpin(x->u, ubuf, bytes);
    hm_free(x->k, d);
    return 0;
}

const char *rcx_fail_text(rcx *x, const char *why)
{
    if (x->c && rc1000_error(x->c)) return rc1000_error(x->c);
    if (x->h && host_error(x->h)[0]) return host_error(x->h);
    return why[0] ? why : "the host lost the card";
}

int rcx_one_copy_out(rcx *x, uint8_t *dst, uint32_t bytes, uint32_t ladr, uint8_t *bounce, uint64_t bpa)
{
    return rcd_one_copy_out(&x->dma, dst, bytes, ladr, bounce, bpa);
}

void rc1000_inject_run(const run_spec *r, run_result *res, const host_profile *hp, uint32_t bytes, const char *how)
{
    (void)r;
    rcx x;
    char err[256] = "";
    if (rcx_open(&x, hp, NULL, err, sizeof err)) {
        result_fail(res, "rc1000_stage (inject): %s", err);
        rcx_close(&x);
        return;
    }
    uint8_t *src = hm_alloc(x.u, bytes);
    if (!src || rcx_acquire(&x, 2)) goto bad;
    for (uint32_t i = 0; i < bytes; i++) src[i] = (uint8_t)(i * 13 + 5);
    sim_time t0 = evq_now(x.q);
    if (!strcmp(how, "dma")) {
        if (rcx_zero_copy(&x, src, bytes, BANK1, 0, err, sizeof err)) goto bad;
    } else {
        host_pio_mode m = !strcmp(how, "plain") ? HPIO_PLAIN : !strcmp(how, "mmx") ? HPIO_MMX : HPIO_SSE;
        int f = 0;
        if (host_pio_write(x.h, 0, BAR + BANK1, src, bytes, m, rcx_flag, &f) || rcx_wait(&x, &f)) goto bad;
    }
    sim_time t1 = evq_now(x.q);
    /* let posted writes land before checking */
    evq_run_until(x.q, t1 + SIM_US(1000));
    if (memcmp(rc1000_bank(x.c, 1), src, bytes)) {
        result_fail(res, "rc1000_stage (inject): bank 1 does not hold what the host sent");
        rcx_close(&x);
        return;
    }
    double us = (double)(t1 - t0) / 1e6;
    result_set(res, "time_us", us);
    result_set(res, "bandwidth_mbs", bytes / us);
    rcx_close(&x);
    return;
bad:
    result_fail(res, "rc1000_stage (inject): %s", rcx_fail_text(&x, err));
    rcx_close(&x);
}

void rc1000_page_run(const run_spec *r, run_result *res, const host_profile *hp)
{
    (void)r;
    const uint32_t bytes = 2u << 20;
    rcx x;
    char err[256] = "";
    if (rcx_open(&x, hp, NULL, err, sizeof err)) {
        result_fail(res, "rc1000_stage (page): %s", err);
        rcx_close(&x);
        return;
    }
    uint8_t *page = hm_alloc(x.u, bytes), *back = hm_alloc(x.u, bytes);
    uint64_t bpa;
    uint8_t *bounce = hm_alloc_contig(x.k, BOUNCE, &bpa);
    if (!page || !back || !bounce || rcx_acquire(&x, 2)) goto bad;
    for (uint32_t i = 0; i < bytes; i++) page[i] = (uint8_t)(i * 29 + i / 4096);
    /* unload first (the page frame's old page goes out), then the new page in */
    memcpy(rc1000_bank(x.c, 1), page, bytes);
    sim_time t0 = evq_now(x.q);
    if (rcx_one_copy_out(&x, back, bytes, BANK1, bounce, bpa)) goto bad;
    sim_time t1 = evq_now(x.q);
    if (memcmp(back, page, bytes)) {
        result_fail(res, "rc1000_stage (page): the unloaded page differs from the card's");
        rcx_close(&x);
        return;
    }
    memset(rc1000_bank(x.c, 1), 0, bytes);
    sim_time t2 = evq_now(x.q);
    if (rcx_zero_copy(&x, page, bytes, BANK1, 0, err, sizeof err)) goto bad;
    sim_time t3 = evq_now(x.q);
    if (memcmp(rc1000_bank(x.c, 1), page, bytes)) {
        result_fail(res, "rc1000_stage (page): the loaded page differs from the host's");
        rcx_close(&x);
        return;
    }
    result_set(res, "unload_us", (double)(t1 - t0) / 1e6);
    result_set(res, "load_us", (double)(t3 - t2) / 1e6);
    rcx_close(&x);
    return;
bad:
    result_fail(res, "rc1000_stage (page): %s", rcx_fail_text(&x, err));
    rcx_close(&x);
}
