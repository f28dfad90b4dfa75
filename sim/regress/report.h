/* What a comparison prints: plain text (make regress), Markdown and JSON
 * (myrisim ab), JUnit XML (CI; junit.c). */
#ifndef MYRISIM_REGRESS_REPORT_H
#define MYRISIM_REGRESS_REPORT_H

#include "compare.h"

#include <stdio.h>

/* Changed metrics, fingerprints and the top functions by cycle change. */
void report_text(FILE *f, const scen_cmp *c, int top);
/* Every metric with its delta and unit, fingerprints, top functions per NI. */
void report_markdown(FILE *f, const scen_cmp *c, int n, const char *a_name, const char *b_name, int top);
void report_json(FILE *f, const scen_cmp *c, int n, const char *a_name, const char *b_name, int top);

/* JUnit XML: a testsuite per scenario, a testcase per run x metric and per
 * run's fingerprint; errors[i] (a scenario that could not be compared at
 * all, e.g. a bad baseline) becomes one failing testcase. 0 or -1. */
int junit_write(const char *path, const scen_cmp *c, const char *const *names, const char *const *errors, int n);

#endif
