/* myrisim regress [SCENARIO...]: run the regression set against its
 * baselines; what `make regress` runs (docs/regress.md). */
#define _GNU_SOURCE
#include "cli_common.h"
#include "myrisim.h"
#include "regress_cli.h"
#include "../regress/collect.h"
#include "../regress/compare.h"
#include "../regress/report.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
    fputs("usage: myrisim regress [SCENARIO...] [--baselines DIR] [--junit FILE] [--jobs N] [--top N]\n"
          "                        [--images DIR]\n", f);
}

static void help(void)
{
    usage(stdout);
    puts("\nRuns each scenario (default: every scenarios/regress/*.cfg) and compares it with its\n"
         "baseline DIR/<file stem>.txt (default scenarios/regress/baselines): every metric must\n"
         "match exactly (to the 12 digits the baseline keeps) unless the scenario declares a\n"
         "relative tolerance (regress_tolerance = [ \"METRIC=0.01\" ]), and every run's\n"
         "fingerprint must be equal. Prints each changed metric and the firmware functions\n"
         "whose cycles changed most; always writes the JUnit report --junit FILE (default\n"
         "build/regress/junit.xml; schema scenarios/regress/junit.xsd).\n\n"
         "  --top N   functions listed per scenario (default 5)\n"
         "  --jobs N  runs at once (default 2)\n"
         "  --images DIR  prebuilt firmware images X.elf from DIR/X.elf where present (try a\n"
         "            firmware change against the baselines without rebuilding the tree)\n\n"
         "After an intended change: myrisim baseline --update (make regress-update).\n\n"
         "exit status: 0 everything matches, 1 something changed or a run failed, 2 a missing\n"
         "or corrupt baseline, a bad scenario or usage");
}

int cli_cmd_regress(int argc, char **argv)
{
    regress_opts o;
    static const char *const valued[] = {"--baselines", "--junit", "--jobs", "--top", "--images", NULL};
    if (regress_parse(argc, argv, &o, NULL, valued)) {
        usage(stderr);
        return MYRISIM_BAD_INPUT;
    }
    if (o.help) {
        help();
        return MYRISIM_OK;
    }
    char root[PATH_MAX], dir[PATH_MAX + 64], junit[PATH_MAX + 64];
    cli_find_root(root, sizeof root);
    if (o.baselines) snprintf(dir, sizeof dir, "%s", o.baselines);
    else snprintf(dir, sizeof dir, "%s/%s", root, REGRESS_BASELINE_DIR);
    if (o.junit) {
        snprintf(junit, sizeof junit, "%s", o.junit);
        char *slash = strrchr(junit, '/');
        if (slash && slash != junit) {
            *slash = 0;
            cli_mkdirs(junit);
            *slash = '/';
        }
    } else {
        snprintf(junit, sizeof junit, "%s/build/regress", root);
        cli_mkdirs(junit);
        strcat(junit, "/junit.xml");
    }
    int n;
    char **files = regress_files(&o, root, &n);
    if (!n) return MYRISIM_BAD_INPUT;
    baseline *want = calloc((size_t)n, sizeof *want), *got = calloc((size_t)n, sizeof *got);
    scen_cmp *cmp = calloc((size_t)n, sizeof *cmp);
    char **errors = calloc((size_t)n, sizeof *errors), **names = calloc((size_t)n, sizeof *names);
    int st = MYRISIM_OK, bad_input = 0;
    /* baselines first: a missing or corrupt one is said before anything runs */
    for (int i = 0; i < n; i++) {
        char stem[256], path[PATH_MAX + 400], err[PATH_MAX + 600];
        regress_stem(files[i], stem, sizeof stem);
        names[i] = strdup(stem);
        snprintf(path, sizeof path, "%s/%s.txt", dir, stem);
        if (baseline_read(&want[i], path, err, sizeof err)) {
            fprintf(stderr, "myrisim regress: %s\n", err);
            errors[i] = strdup(err);
            bad_input = 1;
        }
    }
    int rc = regress_collect((const char *const *)files, n, root, o.jobs, got);
    if (rc) {
        st = rc;
        for (int i = 0; i < n; i++)
            if (!errors[i]) errors[i] = strdup("the scenario could not be loaded (see the messages above)");
    }
    int changed = 0;
    for (int i = 0; i < n && !rc; i++) {
        if (errors[i]) continue;
        tol_list t;
        char err[PATH_MAX + 600];
        if (regress_tolerances(files[i], &t, err, sizeof err)) {
            fprintf(stderr, "myrisim regress: %s\n", err);
            errors[i] = strdup(err);
            bad_input = 1;
            continue;
        }
        compare_baselines(&want[i], &got[i], &t, &cmp[i]);
        if (cmp[i].failed) {
            changed++;
            printf("%s: %d of %d comparisons changed\n", names[i], cmp[i].failed, cmp[i].nitem);
            report_text(stdout, &cmp[i], o.top);
        } else {
            printf("%s: %d comparisons, all match\n", names[i], cmp[i].nitem);
        }
    }
    if (junit_write(junit, cmp, (const char *const *)names, (const char *const *)errors, n)) {
        fprintf(stderr, "myrisim regress: cannot write %s\n", junit);
        if (!st) st = MYRISIM_RUN_FAILED;
    } else {
        printf("JUnit report: %s\n", junit);
    }
    if (!st) st = bad_input ? MYRISIM_BAD_INPUT : changed ? MYRISIM_RUN_FAILED : MYRISIM_OK;
    if (changed)
        printf("regress: %d scenario%s changed; if intended, re-record: make regress-update\n", changed,
               changed == 1 ? "" : "s");
    for (int i = 0; i < n; i++) {
        baseline_free(&want[i]);
        baseline_free(&got[i]);
        compare_free(&cmp[i]);
        free(errors[i]);
        free(names[i]);
    }
    free(want);
    free(got);
    free(cmp);
    free(errors);
    free(names);
    regress_free_files(files, n);
    return st;
}
