/* myrisim run FILE...: the runs of one or more scenarios in one pool of
 * processes, then each scenario's outputs and summary line. */
#define _GNU_SOURCE
#include "cli_common.h"
#include "run_cmd.h"
#include "../runner/executor.h"
#include "../runner/expect.h"
#include "../fidelity/fidelity.h"
#include "myrisim.h"
#include "../outputs/outputs.h"
#include "../scenario/runspec.h"
#include "../scenario/scenario.h"
#include "../experiments/trace_run.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Failed runs with their error text; runs that stopped as their series
 * expects (a teaching deadlock) say so, with the watchdog's whole report. */
static void report_failures(const scenario *sc, const run_spec *runs, const run_result *res, int n)
{
    for (int i = 0; i < n; i++) {
        char label[256];
        run_label(&runs[i], label, sizeof label);
        int met = run_expected_stop(&runs[i], &res[i]);
        if (run_missed_stop(&runs[i], &res[i])) {
            fprintf(stderr, "myrisim: run failed: scenario %s, %s: expected a %s (expect = \"%s\"), but the run completed\n",
                    sc->name, label, run_expect_name(&runs[i]), run_expect_name(&runs[i]));
            continue;
        }
        if (res[i].ok)
            continue;
        if (met)
            fprintf(stderr, "myrisim: scenario %s, %s: %s, as expected; the watchdog's report:\n", sc->name, label,
                    result_outcome(&res[i]));
        else
            fprintf(stderr, "myrisim: run failed: scenario %s, %s:\n", sc->name, label);
        const char *p = res[i].error;
        while (*p) {
            const char *nl = strchr(p, '\n');
            int l = nl ? (int)(nl - p) : (int)strlen(p);
            fprintf(stderr, "  %.*s\n", l, p);
            p += l + (nl ? 1 : 0);
        }
    }
}

/* "results/table5_4.cfg" -> "table5_4" */
static void file_stem(const char *path, char *out, size_t len)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t l = strlen(b);
    if (l > 4 && !strcmp(b + l - 4, ".cfg")) l -= 4;
    snprintf(out, len, "%.*s", (int)(l < len ? l : len - 1), b);
}

/* Load one scenario and make its output directory; 0 or MYRISIM_BAD_INPUT. */
static int job_load(sc_job *j, const char *file, const char *root, const cli_opts *o, int make_dirs)
{
    if (scenario_load(&j->sc, file, root, o->sets, o->nsets))
        return MYRISIM_BAD_INPUT;
    if (o->nfiles > 1) {
        char stem[512];
        file_stem(file, stem, sizeof stem);
        snprintf(j->outdir, sizeof j->outdir, "%s/%s", o->out ? o->out : "results", stem);
    } else if (o->out) {
        snprintf(j->outdir, sizeof j->outdir, "%s", o->out);
    } else {
        snprintf(j->outdir, sizeof j->outdir, "results/%s", j->sc.name);
    }
    if (make_dirs && cli_mkdirs(j->outdir)) {
        fprintf(stderr, "myrisim: cannot create %s: %s\n", j->outdir, strerror(errno));
        scenario_free(&j->sc);
        return MYRISIM_BAD_INPUT;
    }
    j->xs = scenario_points(&j->sc, o->quick, &j->nx);
    j->n = j->nx * j->sc.nseries;
    return 0;
}

/* Lay out the job's runs at runs[0..n); traced: the run index to trace or -1. */
static void job_runs(sc_job *j, run_spec *runs, run_result *res, int traced, const char *trace)
{
    j->runs = runs;
    j->res = res;
    for (int s = 0; s < j->sc.nseries; s++)
        for (int i = 0; i < j->nx; i++) {
            run_spec *r = &runs[s * j->nx + i];
            r->sc = &j->sc;
            r->series = s;
            r->index = s * j->nx + i;
            r->x = j->xs[i];
            r->trace = r->index == traced ? trace : NULL;
        }
}

/* Outputs, the summary line; the job's exit status. */
static int job_finish(sc_job *j, const cli_opts *o)
{
    const scenario *sc = &j->sc;
    /* A run that stopped as its series expects is not a failure; one that
     * completed where a deadlock was expected is; a deadlock nobody
     * expected keeps exit status 3. */
    int n = j->n, failed = 0, met = 0, deadlocked = 0;
    for (int i = 0; i < n; i++) {
        if (run_expected_stop(&j->runs[i], &j->res[i]))
            met++;
        else if (!j->res[i].ok || run_missed_stop(&j->runs[i], &j->res[i]))
            failed++;
        if (!j->res[i].ok && !run_expected_stop(&j->runs[i], &j->res[i]))
            deadlocked |= j->res[i].deadlocked;
    }
    report_failures(sc, j->runs, j->res, n);
    sim_outputs out = {sc, j->xs, j->nx, j->res, o->quick, j->outdir, o->sets, o->nsets};
    comparison *cmp = calloc((size_t)(sc->nrefs ? sc->nrefs : 1), sizeof *cmp);
    compare_refs(&out, cmp);
    int bad = 0;
    bad |= write_series_csv(&out);
    bad |= write_comparison_csv(&out, cmp);
    bad |= write_settings_csv(&out);
    bad |= write_plots(&out);
    bad |= write_report(&out, cmp, failed);

    ref_tally t;
    tally_refs(sc, cmp, &t);
    printf("%s: %d runs, %d failed; ", sc->name, n, failed);
    if (met)
        printf("%d stopped by the watchdog as expected; ", met);
    if (t.values)
        printf("fidelity: %d of %d reference values compared, within 5%%: %d, 10%%: %d, 25%%: %d", t.compared, t.values,
               t.within[0], t.within[1], t.within[2]);
    if (t.bounds)
        printf("%sbounds: %d of %d satisfied", t.values ? "; " : "", t.bounds_ok, t.bounds);
    if (!sc->nrefs)
        printf("no reference values");
    if (t.not_run)
        printf(" (%d not in the points run)", t.not_run);
    printf("; results in %s/\n", j->outdir);
    free(cmp);
    /* A deadlock is the more specific failure: it wins over other failed runs. */
    return deadlocked ? MYRISIM_DEADLOCK : failed || bad ? MYRISIM_RUN_FAILED : MYRISIM_OK;
}

int run_cmd_load(run_cmd *rc, int argc, char **argv, const char *out, int for_jobs)
{
    memset(rc, 0, sizeof *rc);
    cli_opts *o = &rc->o;
    if (cli_begin(argc, argv, o, 1, rc->root, sizeof rc->root))
        return MYRISIM_BAD_INPUT;
    if (out)
        o->out = out;
    if (o->emit_jobs)
        for_jobs = 1;
    if (o->emit_jobs && o->trace) {
        fprintf(stderr, "myrisim: --trace goes with a run on this machine, not with --emit-jobs\n");
        return MYRISIM_BAD_INPUT;
    }
    /* outputs must not land on inputs: --out is a directory, --trace a new file */
    struct stat st_out;
    if (o->out && stat(o->out, &st_out) == 0 && !S_ISDIR(st_out.st_mode)) {
        fprintf(stderr, "myrisim: --out %s exists and is not a directory (results go into a directory)\n", o->out);
        return MYRISIM_BAD_INPUT;
    }
    for (int i = 0; o->trace && i < o->nfiles; i++)
        if (cli_same_file(o->trace, o->files[i])) {
            fprintf(stderr, "myrisim: --trace %s is the scenario file %s\n", o->trace, o->files[i]);
            return MYRISIM_BAD_INPUT;
        }
    if (o->trace && stat(o->trace, &st_out) == 0 && S_ISDIR(st_out.st_mode)) {
        fprintf(stderr, "myrisim: --trace %s is a directory (name the trace file)\n", o->trace);
        return MYRISIM_BAD_INPUT;
    }
    rc->jobs = calloc((size_t)o->nfiles, sizeof *rc->jobs);
    int st = MYRISIM_OK;
    sc_job *jobs = rc->jobs;
    /* every file is checked before anything runs: a bad one stops at once */
    for (; rc->nloaded < o->nfiles && st == MYRISIM_OK; rc->nloaded++)
        if ((st = job_load(&jobs[rc->nloaded], o->files[rc->nloaded], rc->root, o, !for_jobs)) != MYRISIM_OK)
            break;
    for (int k = 0; k < rc->nloaded && st == MYRISIM_OK; k++)
        rc->total += jobs[k].n;
    rc->runs = calloc((size_t)(rc->total ? rc->total : 1), sizeof *rc->runs);
    rc->res = calloc((size_t)(rc->total ? rc->total : 1), sizeof *rc->res);
    if (st == MYRISIM_OK) {
        sc_job *j0 = &jobs[0];
        if (o->trace && !j0->sc.kind->supports_trace)
            fprintf(stderr, "myrisim: note: --trace is not yet supported for experiment kind '%s'; no trace written\n",
                    j0->sc.kind->name);
        int traced = o->trace ? sim_trace_pick(&j0->sc, j0->xs, j0->nx, o->trace_x, o->trace_series) : -1;
        if (o->trace && traced < 0) st = MYRISIM_BAD_INPUT;
        sim_trace_set_max(o->trace_max);
        for (int k = 0, at = 0; k < rc->nloaded && st == MYRISIM_OK; at += jobs[k].n, k++) {
            job_runs(&jobs[k], rc->runs + at, rc->res + at, k == 0 ? traced : -1, o->trace);
            if (!for_jobs)
                fprintf(stderr, "myrisim: %s: %d runs (%d series x %d points), %d at a time%s\n", jobs[k].sc.name,
                        jobs[k].n, jobs[k].sc.nseries, jobs[k].nx, o->jobs,
                        o->nfiles > 1 ? ", pooled with the other files" : "");
        }
    }
    return st;
}

exec_opts run_cmd_exec_opts(int jobs)
{
    const char *g = getenv("MYRISIM_RUN_GUARD");
    return (exec_opts){jobs, g && atof(g) > 0 ? atof(g) : 600.0, 1, 0};
}

int run_cmd_finish(run_cmd *rc)
{
    int st = MYRISIM_OK;
    for (int k = 0; k < rc->nloaded; k++) {
        int r = job_finish(&rc->jobs[k], &rc->o);
        if (r == MYRISIM_DEADLOCK || (r != MYRISIM_OK && st == MYRISIM_OK)) st = r;
    }
    return st;
}

void run_cmd_free(run_cmd *rc)
{
    for (int k = 0; k < rc->nloaded; k++)
        scenario_free(&rc->jobs[k].sc);
    free(rc->runs);
    free(rc->res);
    free(rc->jobs);
}

int cli_cmd_run(int argc, char **argv)
{
    run_cmd rc;
    int st = run_cmd_load(&rc, argc, argv, NULL, 0);
    if (st == MYRISIM_OK && rc.o.emit_jobs) {
        st = jobs_emit(&rc, argc, argv);
    } else if (st == MYRISIM_OK) {
        exec_opts eo = run_cmd_exec_opts(rc.o.jobs);
        execute_runs(rc.runs, rc.total, rc.res, &eo);
        if (eo.reused)
            fprintf(stderr, "myrisim: %d of %d runs had the same settings as an earlier one and took its result\n",
                    eo.reused, rc.total);
        st = run_cmd_finish(&rc);
    }
    run_cmd_free(&rc);
    return st;
}
