/* A `run` command loaded and laid out: every scenario file checked, every
 * run's spec in one array. `run` executes the runs here; `run --emit-jobs`,
 * `job` and `merge` (cli_jobs.c) split the same runs across processes or
 * machines and assemble the same outputs. */
#ifndef MYRISIM_CLI_RUN_CMD_H
#define MYRISIM_CLI_RUN_CMD_H

#include "cli_common.h"
#include "../runner/executor.h"
#include "../scenario/scenario.h"

#include <limits.h>

/* One scenario of a run command: loaded, its points and runs laid out. */
typedef struct sc_job {
    scenario sc;
    char outdir[2048];
    const double *xs;
    int nx, n;
    run_spec *runs;         /* into the command's one array */
    run_result *res;
} sc_job;

typedef struct run_cmd {
    cli_opts o;
    char root[PATH_MAX];
    sc_job *jobs;           /* one per FILE */
    int nloaded, total;     /* files loaded; runs in all */
    run_spec *runs;         /* [total], in output order */
    run_result *res;        /* [total] */
} run_cmd;

/* Parse argv (as `myrisim run ...`), load every file, lay out the runs.
 * out: replaces --out when not NULL. for_jobs: make no output directories
 * and print no per-scenario lines (emit, job). A MYRISIM_* status; free
 * with run_cmd_free either way. */
int run_cmd_load(run_cmd *rc, int argc, char **argv, const char *out, int for_jobs);
exec_opts run_cmd_exec_opts(int jobs);     /* --jobs plus the CPU-time guard */
/* Every scenario's outputs and summary line from rc->res; the exit status. */
int run_cmd_finish(run_cmd *rc);
void run_cmd_free(run_cmd *rc);

/* cli_jobs.c */
int jobs_emit(run_cmd *rc, int argc, char **argv);

#endif
