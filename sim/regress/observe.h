/* What a run records for regression testing (docs/regress.md), on top of
 * its measurements: the fingerprint of its observable records and each
 * NI's firmware profile. The parent names a directory before the runs
 * start (children inherit it); each run's child then writes
 *   DIR/<scenario>.<run>.fp                 "fingerprint HEX RECORDS"
 *   DIR/<scenario>.<run>.<chip>.<k>.prof    NI k's profile (model/lanai/pcprof.h)
 * Nothing is recorded while no directory is set: a plain `myrisim run`
 * pays one test per run. */
#ifndef MYRISIM_REGRESS_OBSERVE_H
#define MYRISIM_REGRESS_OBSERVE_H

#include "../runner/result.h"
#include "../scenario/runspec.h"

void observe_set_dir(const char *dir);     /* NULL: off */
const char *observe_dir(void);

/* In the run's child, around the run (after sim_trace_begin, before
 * sim_trace_end). */
void observe_begin(const run_spec *r, run_result *res);
void observe_end(const run_spec *r, run_result *res);

/* DIR/<scenario>.<run> for run r: the stem of its files. */
void observe_stem(const char *dir, const char *scenario, int run, char *out, size_t len);

#endif
