// The SystemC shell of the NI co-simulation: the same stepping as the C
// driver (model/node/cosim.c), with one SC_THREAD per node and one pumping
// the event queue. Thin on purpose: all model logic stays in C.
#ifndef MYRISIM_SIM_SYSTEMC_COSIM_SC_H
#define MYRISIM_SIM_SYSTEMC_COSIM_SC_H

extern "C" {
#include "../../model/node/cosim.h"
}

// Run the cluster under SystemC until every core halted, a fault, a
// deadlock or `until` (ps). Sets the SystemC time resolution to 1 ps, so it
// must run before any sc_time exists, and calls sc_start: once per process.
cosim_status cosim_run_systemc(cosim *s, sim_time until);

#endif
