/* --trace: which run is traced, and the trace's life in that run's child
 * process (docs/tracing.md). The experiment kinds that support tracing bind
 * their model to trace_cur (model/trace/trace_cosim.h); the executor opens
 * and closes it around the run. */
#ifndef MYRISIM_EXPERIMENTS_TRACE_RUN_H
#define MYRISIM_EXPERIMENTS_TRACE_RUN_H

#include "../runner/result.h"
#include "../scenario/runspec.h"

#include <stdint.h>

/* The run to trace among nseries x nx runs (index series * nx + point):
 * the series named `series` (default the first) at the sweep point x_text
 * (default the first point run). -1 and a message on stderr if there is no
 * such series or point. */
int sim_trace_pick(const scenario *sc, const double *xs, int nx, const char *x_text, const char *series);
/* --trace-max-events: 0 = the default (TRACE_DEFAULT_MAX_EVENTS). */
void sim_trace_set_max(uint64_t max_events);

/* In the run's child: open r->trace (if set and the kind traces), run, close.
 * A trace that cannot be written fails the run. */
void sim_trace_begin(const run_spec *r, run_result *res);
void sim_trace_end(const run_spec *r, run_result *res);

#endif
