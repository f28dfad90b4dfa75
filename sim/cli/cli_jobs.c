/* Sweeps beyond one machine. `run FILE... --emit-jobs DIR` runs nothing: it
 * writes the run command (DIR/manifest), one shell command per run
 * (DIR/jobs.txt, which GNU parallel reads as its command file) and a Slurm
 * array script (DIR/slurm.sh). `job DIR K [COUNT]` reloads the command from
 * the manifest and runs run K (and the next ones) exactly as the local pool
 * would, each in a forked child, writing the result in the executor's own
 * wire format to DIR/results/K.txt. `merge DIR` reloads the command, reads
 * every result and writes the outputs through the same code as a local run,
 * so they are byte-identical to it. Works wherever DIR and the checkout are
 * shared; the manifest records the working directory the paths are
 * relative to. */
#define _GNU_SOURCE
#include "run_cmd.h"
#include "myrisim.h"
#include "../runner/expect.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MANIFEST_MAGIC "myrisim-jobs 1"
#define SLURM_MAX_TASKS 1000   /* below Slurm's default MaxArraySize (1001) */

/* Write s single-quoted for sh. */
static void sh_quote(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++)
        if (*s == '\'')
            fputs("'\\''", f);
        else
            fputc(*s, f);
    fputc('\'', f);
}

static int write_file_atomic(const char *path, const char *what, int (*body)(FILE *, void *), void *ctx, int exec)
{
    char tmp[PATH_MAX + 32];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, "myrisim: cannot write %s (%s): %s\n", tmp, what, strerror(errno));
        return -1;
    }
    int bad = body(f, ctx);
    bad |= fclose(f) != 0;
    if (!bad && exec) bad = chmod(tmp, 0755) != 0;
    if (bad || rename(tmp, path)) {
        fprintf(stderr, "myrisim: cannot write %s (%s): %s\n", path, what, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

/* ---- emit ---- */

typedef struct emit_ctx {
    const run_cmd *rc;
    int argc;
    char **argv;
    char dir[PATH_MAX], self[PATH_MAX], cwd[PATH_MAX];
} emit_ctx;

static int is_emit_opt(char **argv, int i, int *skip)
{
    if (!strcmp(argv[i], "--emit-jobs")) { *skip = 2; return 1; }
    if (!strncmp(argv[i], "--emit-jobs=", 12)) { *skip = 1; return 1; }
    return 0;
}

static int manifest_body(FILE *f, void *p)
{
    emit_ctx *e = p;
    fprintf(f, "%s\ncwd %s\nruns %d\n", MANIFEST_MAGIC, e->cwd, e->rc->total);
    for (int i = 2, skip; i < e->argc; i++) {
        if (is_emit_opt(e->argv, i, &skip)) {
            i += skip - 1;
            continue;
        }
        fprintf(f, "arg %s\n", e->argv[i]);
    }
    fputs("end\n", f);
    return 0;
}

static int jobs_body(FILE *f, void *p)
{
    emit_ctx *e = p;
    for (int k = 0; k < e->rc->total; k++) {
        sh_quote(f, e->self);
        fputs(" job ", f);
        sh_quote(f, e->dir);
        fprintf(f, " %d\n", k);
    }
    return 0;
}

static int slurm_body(FILE *f, void *p)
{
    emit_ctx *e = p;
    int n = e->rc->total, per = (n + SLURM_MAX_TASKS - 1) / SLURM_MAX_TASKS;
    int tasks = (n + per - 1) / per;
    fprintf(f, "#!/bin/sh\n"
               "# A Slurm job array for the %d runs of a myrisim run command, %d run%s per task.\n"
               "# Submit with: sbatch ", n, per, per == 1 ? "" : "s");
    sh_quote(f, e->dir);
    fputs("/slurm.sh   then, when every task has ended: myrisim merge ", f);
    sh_quote(f, e->dir);
    fprintf(f, "\n#SBATCH --job-name=myrisim\n#SBATCH --array=0-%d\n#SBATCH --ntasks=1\n"
               "#SBATCH --cpus-per-task=1\n#SBATCH --output=%s/logs/%%a.out\n",
            tasks - 1, e->dir);
    fprintf(f, "exec ");
    sh_quote(f, e->self);
    fputs(" job ", f);
    sh_quote(f, e->dir);
    fprintf(f, " \"$((SLURM_ARRAY_TASK_ID * %d))\" %d\n", per, per);
    return 0;
}

int jobs_emit(run_cmd *rc, int argc, char **argv)
{
    emit_ctx e = {.rc = rc, .argc = argc, .argv = argv};
    for (int i = 2; i < argc; i++)
        if (strchr(argv[i], '\n')) {
            fprintf(stderr, "myrisim: --emit-jobs: an argument holds a newline: '%s'\n", argv[i]);
            return MYRISIM_BAD_INPUT;
        }
    if (cli_mkdirs(rc->o.emit_jobs) || !realpath(rc->o.emit_jobs, e.dir)) {
        fprintf(stderr, "myrisim: cannot create %s: %s\n", rc->o.emit_jobs, strerror(errno));
        return MYRISIM_BAD_INPUT;
    }
    ssize_t l = readlink("/proc/self/exe", e.self, sizeof e.self - 1);
    if (l <= 0 || !getcwd(e.cwd, sizeof e.cwd)) {
        fprintf(stderr, "myrisim: --emit-jobs: cannot find this program or the working directory: %s\n",
                strerror(errno));
        return MYRISIM_RUN_FAILED;
    }
    e.self[l] = 0;
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/results", e.dir);
    int bad = cli_mkdirs(path);
    snprintf(path, sizeof path, "%s/logs", e.dir);
    bad |= cli_mkdirs(path);
    if (bad) {
        fprintf(stderr, "myrisim: cannot create %s: %s\n", path, strerror(errno));
        return MYRISIM_RUN_FAILED;
    }
    snprintf(path, sizeof path, "%s/manifest", e.dir);
    bad |= write_file_atomic(path, "the run command", manifest_body, &e, 0);
    snprintf(path, sizeof path, "%s/jobs.txt", e.dir);
    bad |= write_file_atomic(path, "the job list", jobs_body, &e, 0);
    snprintf(path, sizeof path, "%s/slurm.sh", e.dir);
    bad |= write_file_atomic(path, "the Slurm script", slurm_body, &e, 1);
    if (bad)
        return MYRISIM_RUN_FAILED;
    printf("%d jobs in %s/: run them with  parallel < %s/jobs.txt  or  sbatch %s/slurm.sh,\n"
           "then  myrisim merge %s%s%s\n",
           rc->total, e.dir, e.dir, e.dir, e.dir, rc->o.out ? " --out " : "", rc->o.out ? rc->o.out : "");
    return MYRISIM_OK;
}

/* ---- the manifest, read back ---- */

typedef struct manifest {
    char cwd[PATH_MAX];
    int runs;
    int argc;
    char **argv;            /* "myrisim" "run" args... */
} manifest;

static void manifest_free(manifest *m)
{
    for (int i = 0; i < m->argc; i++)
        free(m->argv[i]);
    free(m->argv);
    m->argv = NULL;
    m->argc = 0;
}

static int manifest_read(const char *dir, manifest *m)
{
    memset(m, 0, sizeof *m);
    char path[PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/manifest", dir);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "myrisim: %s: %s (make it with myrisim run FILE... --emit-jobs %s)\n", path, strerror(errno),
                dir);
        return -1;
    }
    m->argv = calloc(2, sizeof *m->argv);
    m->argv[m->argc++] = strdup("myrisim");
    m->argv[m->argc++] = strdup("run");
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int ln = 0, ended = 0, bad = 0;
    m->runs = -1;
    while (!bad && !ended && (len = getline(&line, &cap, f)) >= 0) {
        ln++;
        if (len && line[len - 1] == '\n') line[--len] = 0;
        if (ln == 1) {
            bad = strcmp(line, MANIFEST_MAGIC) != 0;
        } else if (!strncmp(line, "cwd ", 4) && (size_t)len - 4 < sizeof m->cwd) {
            strcpy(m->cwd, line + 4);
        } else if (!strncmp(line, "runs ", 5)) {
            char *end;
            long r = strtol(line + 5, &end, 10);
            bad = *end || r < 0 || r > 100000000;
            m->runs = (int)r;
        } else if (!strncmp(line, "arg ", 4)) {
            m->argv = realloc(m->argv, (size_t)(m->argc + 1) * sizeof *m->argv);
            m->argv[m->argc++] = strdup(line + 4);
        } else if (!strcmp(line, "end")) {
            ended = 1;
        } else {
            bad = 1;
        }
    }
    free(line);
    fclose(f);
    if (bad || !ended || !m->cwd[0] || m->runs < 0) {
        fprintf(stderr, "myrisim: %s:%d: not a myrisim job manifest (%s)\n", path, ln,
                bad ? "unexpected line" : "incomplete: no cwd, runs or end line");
        manifest_free(m);
        return -1;
    }
    return 0;
}

/* Reload the run command of dir; 0 or a MYRISIM_* status. */
static int reload(const char *dir, manifest *m, run_cmd *rc, const char *out, int for_jobs)
{
    memset(rc, 0, sizeof *rc);
    if (manifest_read(dir, m))
        return MYRISIM_BAD_INPUT;
    if (chdir(m->cwd)) {
        fprintf(stderr, "myrisim: %s/manifest: cannot enter the run's directory %s: %s\n", dir, m->cwd,
                strerror(errno));
        return MYRISIM_BAD_INPUT;
    }
    int st = run_cmd_load(rc, m->argc, m->argv, out, for_jobs);
    if (st == MYRISIM_OK && rc->total != m->runs) {
        fprintf(stderr, "myrisim: %s/manifest: the run command now gives %d runs, not %d: a scenario file changed "
                        "since --emit-jobs\n", dir, rc->total, m->runs);
        st = MYRISIM_BAD_INPUT;
    }
    return st;
}

static int result_path(char *out, size_t len, const char *dir, int k)
{
    return snprintf(out, len, "%s/results/%d.txt", dir, k) >= (int)len;
}

typedef struct { const run_result *r; } result_ctx;
static int result_body(FILE *f, void *p)
{
    result_write(((result_ctx *)p)->r, f);
    return 0;
}

/* `myrisim job DIR FIRST [COUNT]` */
int cli_cmd_job(int argc, char **argv)
{
    char *end;
    long first = argc >= 4 ? strtol(argv[3], &end, 10) : -1;
    long count = argc == 5 ? strtol(argv[4], &end, 10) : 1;
    if (argc < 4 || argc > 5 || first < 0 || count < 1) {
        fprintf(stderr, "usage: myrisim job DIR FIRST [COUNT]   (DIR from myrisim run ... --emit-jobs DIR)\n");
        return MYRISIM_BAD_INPUT;
    }
    char dir[PATH_MAX];
    if (!realpath(argv[2], dir)) {
        fprintf(stderr, "myrisim job: %s: %s\n", argv[2], strerror(errno));
        return MYRISIM_BAD_INPUT;
    }
    manifest m;
    run_cmd rc;
    int st = reload(dir, &m, &rc, NULL, 1);
    if (st == MYRISIM_OK && first >= rc.total) {
        fprintf(stderr, "myrisim job: %s has %d jobs (0..%d), not %ld\n", dir, rc.total, rc.total - 1, first);
        st = MYRISIM_BAD_INPUT;
    }
    int failed = 0;
    for (long k = first; st == MYRISIM_OK && k < first + count && k < rc.total; k++) {
        exec_opts eo = run_cmd_exec_opts(1);
        result_init(&rc.res[k]);
        execute_runs(&rc.runs[k], 1, &rc.res[k], &eo);
        /* a job that stopped as its series expects (expect.h) did its job */
        failed += run_expected_stop(&rc.runs[k], &rc.res[k])
                      ? 0
                      : !rc.res[k].ok || run_missed_stop(&rc.runs[k], &rc.res[k]);
        char path[PATH_MAX + 32];
        result_ctx c = {&rc.res[k]};
        if (result_path(path, sizeof path, dir, (int)k) || write_file_atomic(path, "a job's result", result_body, &c, 0))
            st = MYRISIM_RUN_FAILED;
    }
    run_cmd_free(&rc);
    manifest_free(&m);
    return st != MYRISIM_OK ? st : failed ? MYRISIM_RUN_FAILED : MYRISIM_OK;
}

/* Read DIR/results/K.txt into r; a missing or cut-off file fails the run.
 * 1 if the file is missing. */
static int result_load(const char *dir, int k, run_result *r)
{
    char path[PATH_MAX + 32];
    result_init(r);
    result_path(path, sizeof path, dir, k);
    FILE *f = fopen(path, "r");
    if (!f) {
        result_fail(r, "job %d has no result (%s: %s): it did not run, or was stopped", k, path, strerror(errno));
        return 1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int complete = 0;
    while ((len = getline(&line, &cap, f)) >= 0) {
        if (len && line[len - 1] == '\n') line[--len] = 0;
        result_read_line(r, line);
        complete = !strcmp(line, "ok") || !strcmp(line, "failed");
    }
    free(line);
    fclose(f);
    if (!complete) {
        result_init(r);
        result_fail(r, "job %d's result %s is cut off (no final ok/failed line)", k, path);
    }
    return 0;
}

/* `myrisim merge DIR [--out OUT]` */
int cli_cmd_merge(int argc, char **argv)
{
    const char *out = NULL;
    if (argc == 5 && !strcmp(argv[3], "--out"))
        out = argv[4];
    else if (argc == 4 && !strncmp(argv[3], "--out=", 6))
        out = argv[3] + 6;
    if (argc < 3 || (argc > 3 && !out) || (out && !*out)) {
        fprintf(stderr, "usage: myrisim merge DIR [--out OUT]   (DIR from myrisim run ... --emit-jobs DIR)\n");
        return MYRISIM_BAD_INPUT;
    }
    char dir[PATH_MAX], outabs[PATH_MAX];
    if (!realpath(argv[2], dir)) {
        fprintf(stderr, "myrisim merge: %s: %s\n", argv[2], strerror(errno));
        return MYRISIM_BAD_INPUT;
    }
    /* --out is the caller's path; the reload runs in the manifest's cwd */
    if (out && out[0] != '/') {
        char here[PATH_MAX];
        if (!getcwd(here, sizeof here) || snprintf(outabs, sizeof outabs, "%s/%s", here, out) >= (int)sizeof outabs) {
            fprintf(stderr, "myrisim merge: --out %s: path too long\n", out);
            return MYRISIM_BAD_INPUT;
        }
        out = outabs;
    }
    manifest m;
    run_cmd rc;
    int st = reload(dir, &m, &rc, out, 0);
    if (st == MYRISIM_OK) {
        int missing = 0;
        for (int k = 0; k < rc.total; k++)
            missing += result_load(dir, k, &rc.res[k]);
        if (missing)
            fprintf(stderr, "myrisim merge: %d of %d jobs have no result in %s/results/\n", missing, rc.total, dir);
        st = run_cmd_finish(&rc);
    }
    run_cmd_free(&rc);
    manifest_free(&m);
    return st;
}
