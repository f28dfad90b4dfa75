/* Helpers shared by the experiment kinds (firmware, ni_pingpong, host). */
#ifndef MYRISIM_EXP_UTIL_H
#define MYRISIM_EXP_UTIL_H

#include "result.h"
#include "runspec.h"

#include <stddef.h>

/* "./x" and "../x" are relative to the scenario file, other relative paths
 * to the repository root, absolute paths as they are. */
void exp_path(const run_spec *r, const char *path, char *out, size_t len);
/* 1 if s is a C identifier (a parameter that becomes -DNAME=VALUE). */
int exp_c_identifier(const char *s);
/* Every console line "measure NAME VALUE" becomes a measurement. */
void exp_console_measures(const char *text, run_result *res);
/* Append the last max_lines lines of text to the failure report, indented. */
void exp_fail_lines(run_result *res, const char *text, int max_lines);

#endif
