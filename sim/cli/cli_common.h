/* What the myrisim commands share: parsed options, the usage text, the
 * repository root, directory creation. */
#ifndef MYRISIM_CLI_COMMON_H
#define MYRISIM_CLI_COMMON_H

#include <stddef.h>
#include <stdio.h>

#define MAX_SETS 64
#define MAX_FILES 256

typedef struct cli_opts {
    const char *file, *out, *trace, *trace_x, *trace_series;
    const char *emit_jobs;          /* run --emit-jobs DIR (cli_jobs.c) */
    const char *files[MAX_FILES];   /* run: every FILE given; file = files[0] */
    int nfiles;
    unsigned long long trace_max;
    const char *sets[MAX_SETS];
    int nsets, quick, jobs;
} cli_opts;

void cli_usage(FILE *f);
/* argv[first..]: options and FILEs (several only with allow_run_opts). */
int cli_parse_opts(int argc, char **argv, int first, cli_opts *o, int allow_run_opts);
/* $MYRISIM_ROOT, else the parent of build/ holding this binary, else "." */
void cli_find_root(char *out, size_t len);
int cli_mkdirs(const char *path);            /* mkdir -p */
/* Do two paths name the same existing file (device and inode)? */
int cli_same_file(const char *a, const char *b);
/* A command's start: options from argv[2..] (usage on stderr if bad: -1)
 * and the repository root into root. */
int cli_begin(int argc, char **argv, cli_opts *o, int allow_run_opts, char *root, size_t len);

int cli_cmd_run(int argc, char **argv);     /* cli_run.c */
int cli_cmd_job(int argc, char **argv);     /* cli_jobs.c */
int cli_cmd_merge(int argc, char **argv);   /* cli_jobs.c */

#endif
