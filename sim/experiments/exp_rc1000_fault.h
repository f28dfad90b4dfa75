/* The host's fault handlers for the RC-1000 endpoint (exp_rc1000_fault.c). */
#ifndef MYRISIM_EXPERIMENTS_EXP_RC1000_FAULT_H
#define MYRISIM_EXPERIMENTS_EXP_RC1000_FAULT_H

#include "experiments.h"
#include "exp_util.h"

#include "../../model/host/host_profile.h"
#include "../scenario/runspec.h"

/* op "fault": experiment.fault = "function" (Table 7.1) or "page" (Table 7.2). */
void rc1000_fault_run(const run_spec *r, run_result *res, const host_profile *hp);

#endif
