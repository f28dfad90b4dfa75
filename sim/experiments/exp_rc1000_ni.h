/* The NI-injection variant of kind rc1000_stage (exp_rc1000_ni.c). */
#ifndef MYRISIM_EXPERIMENTS_EXP_RC1000_NI_H
#define MYRISIM_EXPERIMENTS_EXP_RC1000_NI_H

#include "experiments.h"
#include "exp_util.h"

#include "../../model/host/host_profile.h"
#include "../scenario/runspec.h"

/* One run: acquire0_us, inject_us, release0_us as the NI's firmware times
 * them, bytes of payload, the FPGA at clock_ps. via: the host acquires and
 * releases bank 0 through the NI instead (firmware/bench/rc1000_merge.c;
 * acquire0_us, release0_us as the host process sees them). */
void rc1000_ni_run(const run_spec *r, run_result *res, const host_profile *hp, uint32_t bytes, sim_time clock_ps,
                   int via);

#endif
