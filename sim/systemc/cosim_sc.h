/* The SystemC shell of the co-simulation: the C driver's stepping
 * (model/node/cosim.c) in one SC_THREAD, the stepper, and one SC_THREAD per
 * host process; SystemC time advances when a host process acts. Thin on
 * purpose: all model logic stays in C. Callable from C and C++. */
#ifndef MYRISIM_SYSTEMC_COSIM_SC_H
#define MYRISIM_SYSTEMC_COSIM_SC_H

#ifdef __cplusplus
extern "C" {
#endif

#include "../../model/node/hosts.h"

/* Run the cluster under SystemC until every core halted, a fault, a
 * deadlock or `until` (ps). Sets the SystemC time resolution to 1 ps, so it
 * must run before any sc_time exists, and calls sc_start: once per process. */
cosim_status cosim_run_systemc(cosim *s, sim_time until);

/* The same with host processes procs[0..n) (model/node/hosts.h), each an
 * SC_THREAD on its node's host: the run ends when every process has
 * returned and every core halted, at a fault or a deadlock (the processes
 * then see their platform calls fail, "the simulation stopped: ...", and
 * unwind), or at `until`. Same results as the plain-C backend for one
 * process. Once per process, like cosim_run_systemc. */
cosim_status cosim_run_systemc_hosts(cosim *s, cosim_proc *procs, int n, sim_time until);

#ifdef __cplusplus
}
#endif

#endif
