/* Runs every point of a scenario, each in its own forked child (SystemC can
 * elaborate only once per process). Children write their result over a pipe;
 * the parent keeps results in run-index order, so output does not depend on
 * scheduling. A child that fails, crashes or outlives the CPU-time guard is
 * reported with its scenario, series and x; the parent never hangs. */
#ifndef MYRISIM_RUNNER_EXECUTOR_H
#define MYRISIM_RUNNER_EXECUTOR_H

#include "result.h"
#include "../scenario/runspec.h"

typedef struct exec_opts {
    int jobs;              /* children at once (>= 1) */
    double guard_s;        /* CPU-time safety net per run (executor.c); never affects results */
    int progress;          /* one line per finished run on stderr */
    int reused;            /* out: runs that took the result of an identical run */
} exec_opts;

/* Run runs[0..n) and fill results[0..n). Returns the number of failed runs.
 * Runs with the same settings (run_key.h), within a scenario or across the
 * scenarios of one call (make reproduce pools every file), are simulated
 * once and the others take that result, unless a run writes files of its
 * own (--trace, regression records, MYRISIM_LANAI_PROF) or
 * MYRISIM_RUN_REUSE=0. */
int execute_runs(const run_spec *runs, int n, run_result *results, exec_opts *o);

#endif
