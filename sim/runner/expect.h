/* A run's outcome against its series' `expect` key: a teaching scenario
 * that is meant to deadlock succeeds when the watchdog stops it, and fails
 * when the run completes instead. */
#ifndef MYRISIM_RUNNER_EXPECT_H
#define MYRISIM_RUNNER_EXPECT_H

#include "result.h"
#include "../scenario/runspec.h"
#include "../scenario/scenario.h"

#include <stddef.h>

/* "ok", "deadlock", "livelock" (the watchdog's livelock report) or "failed". */
const char *result_outcome(const run_result *r);
/* A run of a series expecting e stopped as e says (e is not complete). */
int expect_met(sc_expect e, const run_result *r);
/* A run of a series expecting a deadlock or livelock completed instead. */
int expect_missed(sc_expect e, const run_result *r);
/* The same for a run_spec's series. The run's series expects a deadlock or livelock and the run had it. */
int run_expected_stop(const run_spec *s, const run_result *r);
/* The run's series expects a deadlock or livelock but the run completed. */
int run_missed_stop(const run_spec *s, const run_result *r);
/* The expected outcome's name ("complete", "deadlock", "livelock"). */
const char *run_expect_name(const run_spec *s);
/* The first line of the run's error text (a watchdog report's cycle line). */
void result_first_line(const run_result *r, char *out, size_t len);

#endif
