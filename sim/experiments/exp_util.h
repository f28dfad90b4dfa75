/* Helpers shared by the experiment kinds (firmware, ni_pingpong, host). */
#ifndef MYRISIM_EXPERIMENTS_EXP_UTIL_H
#define MYRISIM_EXPERIMENTS_EXP_UTIL_H

#include "../../model/lanai/lanai.h"
#include "../scenario/cfgtree.h"
#include "../runner/result.h"
#include "../scenario/runspec.h"

#include <stddef.h>

/* "./x" and "../x" are relative to the scenario file, other relative paths
 * to the repository root, absolute paths as they are. */
void exp_path(const run_spec *r, const char *path, char *out, size_t len);
/* 1 if s is a C identifier (a parameter that becomes -DNAME=VALUE). */
int exp_c_identifier(const char *s);
/* Every console line "measure NAME VALUE" becomes a measurement. */
void exp_console_measures(const char *text, run_result *res);
/* Append the last max_lines lines of text to the failure report, indented. */
/* "pc 0x00000123 (main+0x1c)": where a core stopped, for failure reports
 * (a run stopped at its limit names the loop it was spinning in). */
const char *exp_where(const lanai_core *c, char *buf, size_t len);
void exp_fail_lines(run_result *res, const char *text, int max_lines);
/* A report whose first line is its headline (the deadlock report): that
 * line as is, then the rest indented; the first max_lines lines, then how
 * many more there were. */
void exp_fail_report(run_result *res, const char *text, int max_lines);

/* A number setting must lie in [lo, hi] (NaN never does) before it is
 * scaled or cast to an integer type; the message names the key. */
void exp_check_range(const run_spec *r, const char *path, double dflt, double lo, double hi, diag *d);
/* Simulated-time settings in us become ps in a uint64_t: 1e12 us (11.6 days) keeps them far inside. */
#define EXP_MAX_US 1e12
/* Load-time check of experiment.cflags: at most EXP_MAX_CFLAGS, each a
 * usable compiler flag. */
#define EXP_MAX_CFLAGS 16
void exp_check_cflags(const run_spec *r, diag *d);
/* Load-time checks of the keys that shape a firmware build: every
 * experiment.cflags entry is a usable compiler flag, every experiment.params
 * name a C identifier (it becomes -DNAME=VALUE), and experiment.marks, if
 * given, is [start, end] of mark numbers. Errors go to d. */
void exp_check_build(const run_spec *r, diag *d);
/* Load-time check of a prebuilt image (experiment.elf) for an NI of chip:
 * one whose chip marker names the other chip is an error at that key (the
 * NI loader, lanai_load_firmware, would refuse it at run time). */
void exp_check_elf_chip(const run_spec *r, const char *chip, diag *d);
/* Build (or find in the cache) the image of C source src for chip with
 * -<experiment.opt>, experiment.cflags and, if defines, one -D per
 * parameter. 0, or -1 with the builder's message in err. */
int exp_build_image(const run_spec *r, const char *src, const char *chip, int defines, char *elf, size_t elflen,
                    char *err, size_t errlen);
/* This run's NI image: experiment.elf as given, else experiment.firmware
 * (default default_src) built as exp_build_image does. 0, or -1 with the
 * builder's message in res. */
int exp_image_for(const run_spec *r, const char *default_src, const char *chip, int defines, char *elf,
                  size_t elflen, run_result *res);
/* The stretch to measure on core c: the first mark with the start id
 * (experiment.marks[0], default 1) and the first end mark (default 2) after
 * it. 0, or -1 (and the ids in *start_id, *end_id for a message). */
int exp_marks(const run_spec *r, const lanai_core *c, const lanai_mark **m1, const lanai_mark **m2, int *start_id,
              int *end_id);

#endif
