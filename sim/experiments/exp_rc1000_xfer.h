/* The transfer variants of kind rc1000_stage (exp_rc1000_xfer.c): host to
 * card injection by PIO or zero-copy DMA (Figure 6.8), and a 2 MB page
 * loaded by zero-copy DMA and unloaded by one-copy DMA (Table 7.2). */
#ifndef MYRISIM_EXPERIMENTS_EXP_RC1000_XFER_H
#define MYRISIM_EXPERIMENTS_EXP_RC1000_XFER_H

#include "experiments.h"
#include "exp_util.h"

#include "../../model/host/host.h"
#include "../scenario/runspec.h"

/* op "inject": bandwidth_mbs and time_us of BYTES into bank 1 by `pio`
 * (plain, mmx, sse) or "dma" (zero-copy: one chained descriptor per 4 KB
 * page of pinned user memory). */
void rc1000_inject_run(const run_spec *r, run_result *res, const host_profile *hp, uint32_t bytes, const char *how);
/* op "page": load_us, unload_us of a 2 MB page (bank 1). */
void rc1000_page_run(const run_spec *r, run_result *res, const host_profile *hp);

#endif
