/* Helpers for the scenario tests: a scratch directory per test under
 * build/tests/sim/, scenario files written from text, and build/myrisim run
 * with its exit status and stderr captured. */
#ifndef MYRISIM_SIM_UTIL_H
#define MYRISIM_SIM_UTIL_H

#include <stddef.h>

/* A fresh, empty directory build/tests/sim/<name>; returns its path (one of 4
 * rotating buffers: the last four stay valid). */
const char *sim_scratch(const char *name);
void sim_write(const char *path, const char *text);
/* The whole file, NUL-terminated (static buffer per call slot: 4 slots). */
char *sim_read(const char *path, size_t *len);
int sim_exists(const char *path);
/* Data row `row` (0 = the first after the header) of a CSV file, as text in
 * one of sim_read's slots; the test fails if the file or the row is missing. */
char *sim_csv_row(const char *path, int row);
/* Column col of the first data row of a CSV (the file dir/file), as a
 * number; fails the test naming the file and column when it is missing or
 * empty (a failed run). */
double sim_csv_col(const char *path, const char *col);
double sim_csv_col_in(const char *dir, const char *file, const char *col);
/* The first n numbers of the first data row of dir/file into v: 0, or -1
 * when the file, the row or a number is missing (the caller asserts). */
int sim_csv_nums_in(const char *dir, const char *file, double *v, int n);
/* Run "build/myrisim ARGS" from the repository root; returns the exit status
 * (-1 if it did not exit normally). stderr and stdout are kept for
 * sim_stderr()/sim_stdout(). */
int sim_cli(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *sim_stderr(void);
const char *sim_stdout(void);
/* sim_cli that must exit 0: otherwise the test fails at the caller's line,
 * naming the command and its status, with the run's stderr as its note. */
#define SIM_RUN_OK(...) sim_run_ok_at(__FILE__, __LINE__, __VA_ARGS__)
void sim_run_ok_at(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A valid selftest scenario; tests derive bad ones from it. */
extern const char *const sim_base_cfg;
/* Copy of text with the first occurrence of from replaced by to. */
char *sim_replace(const char *text, const char *from, const char *to);
/* dir/variant.cfg: the repository's scenario scen with the first `from`
 * replaced by `to` (the test fails if it is absent) and every relative
 * path ("./...) made to point beside scen, so the copy finds its files.
 * Returns the new file's path (one of sim_replace's slots). */
const char *sim_cfg_variant(const char *dir, const char *scen, const char *from, const char *to);
/* Are two files byte-identical? */
int sim_same_file(const char *a, const char *b);

#endif
