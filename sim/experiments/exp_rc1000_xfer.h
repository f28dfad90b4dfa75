/* The transfer variants of kind rc1000_stage (exp_rc1000_xfer.c): host to
 * card injection by PIO or zero-copy DMA (Figure 6.8), and a 2 MB page
 * loaded by zero-copy DMA and unloaded by one-copy DMA (Table 7.2). */
#ifndef MYRISIM_EXPERIMENTS_EXP_RC1000_XFER_H
#define MYRISIM_EXPERIMENTS_EXP_RC1000_XFER_H

#include "experiments.h"
#include "exp_util.h"

#include "../../model/host/host.h"
#include "../../model/host/hostmem.h"
#include "../../hostlib/rc1000/rc1000_dma.h"
#include "../../model/rc1000/pci.h"
#include "../scenario/runspec.h"

#define BANK1 (1u << 21)           /* card SRAM byte address of bank 1 */
#define BOUNCE RCD_BOUNCE          /* TPIL's one-copy buffer (hostlib/tpil/tpil.h) */

/* One host with the card at BAR 0x80000000 on its first bus, the card
 * configured (with cp's inputs; NULL: configured at once) and polling. */
typedef struct {
    evq *q;
    host *h;
    rc1000 *c;
    rc1000_pci *rp;
    hm_space *k, *u;           /* kernel (descriptors, bounce) and the user's space */
    rcd dma;                   /* the card's DMA channel as the host drives it (hostlib/rc1000/rc1000_dma.h) */
} rcx;
int rcx_open(rcx *x, const host_profile *hp, const rc1000_params *cp, char *err, size_t n);
void rcx_close(rcx *x);
/* Blocking host steps on the event queue; 0 or -1 (rcx_fail_text says why). */
void rcx_flag(void *ctx, int st);
int rcx_wait(rcx *x, int *f);
int rcx_reg_w(rcx *x, uint32_t reg, uint32_t v);
int rcx_reg_r(rcx *x, uint32_t reg, uint32_t *v);
int rcx_cpu(rcx *x, sim_time d);
int rcx_acquire(rcx *x, uint32_t banks);
/* bytes of pinned-able user memory ubuf to card SRAM byte address ladr
 * (to_pci 0) or back, zero-copy: pinned, rcd_zero_copy, unpinned. */
int rcx_zero_copy(rcx *x, uint8_t *ubuf, uint32_t bytes, uint32_t ladr, int to_pci, char *why, size_t n);
/* Card SRAM to dst through the bounce buffer (bounce, physical bpa), one
 * copy (rcd_one_copy_out). */
int rcx_one_copy_out(rcx *x, uint8_t *dst, uint32_t bytes, uint32_t ladr, uint8_t *bounce, uint64_t bpa);
const char *rcx_fail_text(rcx *x, const char *why);

/* op "inject": bandwidth_mbs and time_us of BYTES into bank 1 by `pio`
 * (plain, mmx, sse) or "dma" (zero-copy: one chained descriptor per 4 KB
 * page of pinned user memory). */
void rc1000_inject_run(const run_spec *r, run_result *res, const host_profile *hp, uint32_t bytes, const char *how);
/* op "page": load_us, unload_us of a 2 MB page (bank 1). */
void rc1000_page_run(const run_spec *r, run_result *res, const host_profile *hp);

#endif
