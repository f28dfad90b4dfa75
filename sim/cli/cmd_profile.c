/* myrisim profile SCENARIO: one run's firmware profile per NI, exclusive
 * and inclusive cycles per function and call path, folded stacks and
 * flame graphs (sim/regress/flame.h, docs/regress.md). */
#define _GNU_SOURCE
#include "cli_common.h"
#include "myrisim.h"
#include "regress_cli.h"
#include "../regress/collect.h"
#include "../regress/flame.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
    fputs("usage: myrisim profile SCENARIO [--series NAME] [--x X] [--out DIR] [--window T0:T1]\n"
          "                       [--diff DIR] [--top N] [--images DIR]\n", f);
}

static void help(void)
{
    usage(stdout);
    puts("\nRuns one run of SCENARIO (the first series at the first sweep point, or --series /\n"
         "--x) with every NI's firmware profiled, and prints per NI the cycles per firmware\n"
         "function (inclusive and exclusive) and per call path. Call paths come from the\n"
         "call and return sequences clang emits for the LANai (docs/regress.md). Writes into\n"
         "--out DIR (default build/profile/<file stem>: results/ holds only what make reproduce writes):\n"
         "  profile.txt      the tables\n"
         "  niK.folded       folded stacks of NI K (\"a;b;c CYCLES\"; speedscope, inferno)\n"
         "  niK.svg          its flame graph\n"
         "  niK.diff.svg     with --diff DIR: the differential flame graph from DIR/niK.folded\n"
         "                   (an earlier profile) to this run\n\n"
         "  --window T0:T1   count only cycles between T0 and T1 microseconds of each NI's time\n"
         "  --top N          rows per table (default 25)\n"
         "  --images DIR     prebuilt firmware images X.elf from DIR/X.elf where present\n\n"
         "exit status: 0 ok, 1 the run failed, 2 bad scenario or usage");
}

int cli_cmd_profile(int argc, char **argv)
{
    regress_opts o;
    static const char *const valued[] = {"--out", "--window", "--diff", "--top", "--images", "--series", "--x", NULL};
    if (regress_parse(argc, argv, &o, NULL, valued)) {
        usage(stderr);
        return MYRISIM_BAD_INPUT;
    }
    if (o.help) {
        help();
        return MYRISIM_OK;
    }
    if (o.nfiles != 1) {
        fprintf(stderr, "myrisim profile: give one scenario file\n");
        usage(stderr);
        return MYRISIM_BAD_INPUT;
    }
    if (o.top == 5) o.top = 25;
    double t0, t1;
    char extra;
    if (o.window && (sscanf(o.window, "%lf:%lf%c", &t0, &t1, &extra) != 2 || t0 < 0 || t1 <= t0)) {
        fprintf(stderr, "myrisim profile: --window wants T0:T1 in microseconds with 0 <= T0 < T1, not '%s'\n",
                o.window);
        return MYRISIM_BAD_INPUT;
    }
    if (o.window) setenv("MYRISIM_LANAI_PROF_WINDOW", o.window, 1);
    char root[PATH_MAX], dir[PATH_MAX + 64], stem[256];
    cli_find_root(root, sizeof root);
    regress_stem(o.files[0], stem, sizeof stem);
    if (o.out) snprintf(dir, sizeof dir, "%s", o.out);
    else snprintf(dir, sizeof dir, "build/profile/%s", stem);
    baseline b;
    int st = regress_collect_one(o.files[0], root, o.series, o.x, &b);
    if (st) return st;
    if (cli_mkdirs(dir)) {
        fprintf(stderr, "myrisim profile: cannot create %s: %s\n", dir, strerror(errno));
        baseline_free(&b);
        return MYRISIM_RUN_FAILED;
    }
    bl_run *r = &b.run[0];
    if (r->error[0]) {
        fprintf(stderr, "myrisim profile: the run failed: %s\n", r->error);
        baseline_free(&b);
        return MYRISIM_RUN_FAILED;
    }
    char path[PATH_MAX + 200];
    snprintf(path, sizeof path, "%s/profile.txt", dir);
    FILE *txt = fopen(path, "w");
    for (int pass = 0; pass < 2; pass++) {
        FILE *f = pass ? txt : stdout;
        if (!f) continue;
        fprintf(f, "# firmware profile: %s, %s%s%s\n", b.scenario, r->label, o.window ? ", window (us) " : "",
                o.window ? o.window : "");
        for (int k = 0; k < r->nni; k++) {
            fprintf(f, "\nNI %d (%s):\n", r->ni[k].ni, r->ni[k].chip);
            flame_print_tables(f, r->ni[k].path, r->ni[k].npath, o.top);
            if (r->ni[k].nsrc)
                fprintf(f, "  %14s %10s  %s\n", "exclusive", "entries",
                        "source function (inlined code under the function inlined; DWARF of the debug twins)");
            for (int j = 0; j < r->ni[k].nsrc && j < o.top; j++)
                fprintf(f, "  %14llu %10llu  %s\n", (unsigned long long)r->ni[k].src[j].cycles,
                        (unsigned long long)r->ni[k].src[j].calls, r->ni[k].src[j].name);
        }
    }
    int bad = !txt || fclose(txt);
    for (int k = 0; k < r->nni; k++) {
        bl_ni *n = &r->ni[k];
        char title[512];
        snprintf(title, sizeof title, "%s, %s: NI %d (%s)", b.scenario, r->label, n->ni, n->chip);
        snprintf(path, sizeof path, "%s/ni%d.folded", dir, n->ni);
        bad |= flame_write_folded(path, n->path, n->npath);
        snprintf(path, sizeof path, "%s/ni%d.svg", dir, n->ni);
        bad |= flame_write_svg(path, title, n->path, n->npath, NULL, 0);
        if (o.diff) {
            char old[PATH_MAX + 200], err[PATH_MAX + 300];
            bl_fn *a;
            int na;
            snprintf(old, sizeof old, "%s/ni%d.folded", o.diff, n->ni);
            if (flame_read_folded(old, &a, &na, err, sizeof err)) {
                fprintf(stderr, "myrisim profile: --diff: %s\n", err);
                st = MYRISIM_BAD_INPUT;
                continue;
            }
            char t2[600];
            snprintf(t2, sizeof t2, "difference: %s -> this run (%s)", o.diff, title);
            snprintf(path, sizeof path, "%s/ni%d.diff.svg", dir, n->ni);
            bad |= flame_write_svg(path, t2, n->path, n->npath, a, na);
            free(a);
        }
    }
    if (bad) {
        fprintf(stderr, "myrisim profile: cannot write into %s\n", dir);
        if (!st) st = MYRISIM_RUN_FAILED;
    } else {
        printf("\nprofile, folded stacks and flame graphs in %s/\n", dir);
    }
    baseline_free(&b);
    return st;
}
