/* Running scenarios for regression testing: every run with its
 * observations (observe.h) gathered into one baseline per scenario. */
#ifndef MYRISIM_REGRESS_COLLECT_H
#define MYRISIM_REGRESS_COLLECT_H

#include "baseline.h"

/* The regression set: every *.cfg directly under ROOT/scenarios/regress,
 * sorted; *n files (strdup'ed) in a malloc'ed array. */
char **regress_default_set(const char *root, int *n);

/* Run files[0..n) (each scenario's every series at every sweep point) in
 * one pool of `jobs` processes and fill out[0..n). Returns 0, or the
 * myrisim exit status of the failure (a bad scenario: nothing ran). Failed
 * runs are recorded as such in their baseline, not as a failure here. */
int regress_collect(const char *const *files, int n, const char *root, int jobs, baseline *out);
/* One run of one scenario: the series named `series` (default the first)
 * at sweep point x_text (default the first), as --trace picks; out gets
 * one run. */
int regress_collect_one(const char *file, const char *root, const char *series, const char *x_text, baseline *out);

/* The file stem of a scenario path ("scenarios/regress/grim.cfg" -> "grim"). */
void regress_stem(const char *path, char *out, size_t len);

#endif
