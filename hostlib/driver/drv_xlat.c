/* The driver's translation service for the GRIM firmware (drv_xlat.h). */
#include "drv_xlat.h"
#include "../be32.h"

#include "../../firmware/grim/grim_abi.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HOST_SIG (1u << 30)     /* the ISR bit the LANai raises (both chips) */
#define PAGE 4096u
#define MAX_BLOCKS 256

typedef struct xblock {
    uint32_t va, len, lc;
    uint8_t *ptr;
} xblock;

struct drv_xlat {
    drv *d;
    platform *p;
    uint32_t ctrl;
    uint8_t *req;              /* the request area (contiguous pinned) */
    uint64_t req_phys;
    uint32_t last_seq;
    uint32_t served, pages;
    sim_time last_ps;
    uint32_t last_pages;
    xblock blk[MAX_BLOCKS];
    int nblk;
    char err[300];
};

static void xerr(drv_xlat *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void xerr(drv_xlat *x, const char *fmt, ...)
{
    if (x->err[0]) return;     /* keep the first */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->err, sizeof x->err, fmt, ap);
    va_end(ap);
}

static uint32_t sram(const drv_xlat *x, uint32_t a) { return plat_card_layout(x->p)->sram.off + a; }

static const xblock *find(const drv_xlat *x, uint32_t va, uint32_t len, uint32_t lc)
{
    for (int i = 0; i < x->nblk; i++) {
        const xblock *b = &x->blk[i];
        if (va >= b->va && (uint64_t)va + len <= (uint64_t)b->va + b->len && b->lc == lc) return b;
    }
    return NULL;
}

/* Build the entry for [va, va+len): the pages it touches, clipped to the
 * registered block, one lookup per page, physically adjacent pages merged
 * into one run; at most GRIM_X_MAX_RUNS runs (the entry then covers less). */
static int translate(drv_xlat *x, const xblock *b, uint32_t va, uint32_t len, uint32_t lc, uint8_t *e,
                     uint32_t *ebytes)
{
    uint32_t lo = va & ~(PAGE - 1), hi = (uint32_t)(((uint64_t)va + len + PAGE - 1) & ~(uint64_t)(PAGE - 1));
    if (lo < b->va) lo = b->va;
    if (hi > b->va + b->len || hi < lo) hi = b->va + b->len;
    uint32_t nruns = 0, covered = 0;
    uint64_t run_pa = 0;
    uint32_t run_len = 0;
    for (uint32_t a = lo; a < hi;) {
        uint32_t piece = PAGE - (a & (PAGE - 1));
        if (piece > hi - a) piece = hi - a;
        uint64_t pa;
        size_t contig;
        if (plat_virt_to_phys(x->p, b->ptr + (a - b->va), &pa, &contig)) return -1;
        x->pages++;
        if (run_len && run_pa + run_len == pa) {
            run_len += piece;
        } else {
            if (run_len) {
                be32_put(e + GRIM_X_RUNS + 8 * nruns, (uint32_t)run_pa);
                be32_put(e + GRIM_X_RUNS + 8 * nruns + 4, run_len);
                nruns++;
                if (nruns == GRIM_X_MAX_RUNS) {
                    run_len = 0;
                    break;
                }
            }
            run_pa = pa;
            run_len = piece;
        }
        covered += piece;
        a += piece;
    }
    if (run_len) {
        be32_put(e + GRIM_X_RUNS + 8 * nruns, (uint32_t)run_pa);
        be32_put(e + GRIM_X_RUNS + 8 * nruns + 4, run_len);
        nruns++;
    } else if (nruns == GRIM_X_MAX_RUNS) {
        covered = 0;           /* recount what the runs hold */
        for (uint32_t i = 0; i < nruns; i++) covered += be32_get(e + GRIM_X_RUNS + 8 * i + 4);
    }
    be32_put(e + GRIM_X_VALID, 1);
    be32_put(e + GRIM_X_LC, lc);
    be32_put(e + GRIM_X_VA, lo);
    be32_put(e + GRIM_X_LEN, covered);
    be32_put(e + GRIM_X_NRUNS, nruns);
    *ebytes = GRIM_X_RUNS + 8 * nruns;
    return 0;
}

static int serve(void *ctx, uint32_t bits)
{
    drv_xlat *x = ctx;
    (void)bits;
    /* the request is in kernel memory the NI wrote by DMA: reading it is a
     * few loads, not charged separately from the interrupt entry */
    uint32_t seq = be32_get(x->req + GRIM_XR_SEQ), lc = be32_get(x->req + GRIM_XR_LC);
    uint32_t va = be32_get(x->req + GRIM_XR_VA), len = be32_get(x->req + GRIM_XR_LEN);
    uint32_t slot = be32_get(x->req + GRIM_XR_SLOT);
    if (seq == x->last_seq) return 0;   /* no new request behind this HOST_SIG */
    x->last_seq = seq;
    sim_time t0 = plat_now(x->p);
    uint32_t pages0 = x->pages;
    uint8_t e[GRIM_XLAT_BYTES];
    memset(e, 0, sizeof e);
    uint32_t ebytes = 8;
    int dyn_lo = GRIM_XLAT + GRIM_XLAT_STATIC * GRIM_XLAT_BYTES, dyn_hi = GRIM_XLAT + GRIM_XLAT_ENTRIES * GRIM_XLAT_BYTES;
    if ((int64_t)slot < dyn_lo || (int64_t)slot >= dyn_hi || (slot - GRIM_XLAT) % GRIM_XLAT_BYTES) {
        xerr(x, "translation request %u names slot 0x%x, not a dynamic entry of the cache (0x%x..0x%x)", seq, slot,
             dyn_lo, dyn_hi - GRIM_XLAT_BYTES);
        return plat_pio_write32(x->p, sram(x, GRIM_CTRL + GRIM_C_XREQ_DONE), seq);
    }
    const xblock *b = len ? find(x, va, len, lc) : NULL;
    if (!b) {
        xerr(x, "translation request %u: virtual 0x%x + %u bytes of LC %u is not registered memory", seq, va, len,
             lc);
    } else if (translate(x, b, va, len, lc, e, &ebytes)) {
        return -1;
    }
    x->served++;
    /* the entry (VALID = 0 for a refused request), then DONE: posted
     * writes reach the card in order */
    if (plat_pio_write(x->p, sram(x, slot), e, ebytes, PLAT_PIO_PLAIN) ||
        plat_pio_write32(x->p, sram(x, GRIM_CTRL + GRIM_C_XREQ_DONE), seq))
        return -1;
    x->last_ps = plat_now(x->p) - t0;
    x->last_pages = x->pages - pages0;
    return 0;
}

drv_xlat *drv_xlat_open(drv *d, uint32_t ctrl, char *err, size_t errlen)
{
    drv_xlat *x = calloc(1, sizeof *x);
    if (!x) {
        snprintf(err, errlen, "translation service: out of memory");
        return NULL;
    }
    x->d = d;
    x->p = drv_platform(d);
    x->ctrl = ctrl;
    x->req = drv_alloc_contig(d, 64, &x->req_phys);
    if (!x->req) {
        snprintf(err, errlen, "translation request area: %s", drv_error(d));
        free(x);
        return NULL;
    }
    memset(x->req, 0, 64);
    if (drv_enable_irq(d, HOST_SIG)) {
        snprintf(err, errlen, "translation service: %s", drv_error(d));
        plat_free(x->p, x->req);
        free(x);
        return NULL;
    }
    drv_set_isr_hook(d, HOST_SIG, serve, x);
    return x;
}

void drv_xlat_close(drv_xlat *x)
{
    if (!x) return;
    drv_set_isr_hook(x->d, 0, NULL, NULL);
    plat_free(x->p, x->req);
    free(x);
}

uint64_t drv_xlat_req_phys(const drv_xlat *x) { return x->req_phys; }
uint32_t drv_xlat_served(const drv_xlat *x) { return x->served; }
uint32_t drv_xlat_pages(const drv_xlat *x) { return x->pages; }
void drv_xlat_last(const drv_xlat *x, sim_time *ps, uint32_t *pages)
{
    *ps = x->last_ps;
    *pages = x->last_pages;
}
const char *drv_xlat_error(const drv_xlat *x) { return x->err; }

int drv_xlat_add(drv_xlat *x, uint32_t va, void *ptr, uint32_t len, uint32_t lc)
{
    if (x->nblk == MAX_BLOCKS) return -1;
    x->blk[x->nblk++] = (xblock){va, len, lc, ptr};
    return 0;
}

int drv_xlat_remove(drv_xlat *x, uint32_t va)
{
    for (int i = 0; i < x->nblk; i++)
        if (x->blk[i].va == va) {
            x->blk[i] = x->blk[--x->nblk];
            return 0;
        }
    return -1;
}
