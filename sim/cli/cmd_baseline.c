/* myrisim baseline [SCENARIO...] --out DIR | --update: record the
 * regression baselines (sim/regress/, docs/regress.md). */
#define _GNU_SOURCE
#include "cli_common.h"
#include "myrisim.h"
#include "regress_cli.h"
#include "../regress/collect.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
    fputs("usage: myrisim baseline [SCENARIO...] (--out DIR | --update) [--jobs N] [--images DIR]\n", f);
}

static void help(void)
{
    usage(stdout);
    puts("\nRuns the regression set (default: every scenarios/regress/*.cfg; every series at every\n"
         "sweep point) and writes one baseline per scenario, DIR/<file stem>.txt: each run's\n"
         "measurements, the fingerprint of its observable records (packet heads and tails at\n"
         "every link end and switch output, send/receive DMAs, host-DMA completions, host\n"
         "platform calls, with their times) and each NI's firmware profile (cycles per\n"
         "function). docs/regress.md describes the format.\n\n"
         "  --out DIR    where the baselines go\n"
         "  --update     re-record the committed baselines (scenarios/regress/baselines/),\n"
         "               after an intended change; same as `make regress-update`\n"
         "  --jobs N     runs at once (default 2)\n"
         "  --images DIR take each prebuilt firmware image X.elf (experiment.elf) from DIR/X.elf\n"
         "               where that file exists (another firmware build, same scenarios)\n\n"
         "exit status: 0 ok, 1 a run failed (its baseline records the failure) or a file\n"
         "could not be written, 2 bad scenario or usage");
}

int regress_parse(int argc, char **argv, regress_opts *o, const char *const *flags, const char *const *valued)
{
    memset(o, 0, sizeof *o);
    o->jobs = 2;
    o->top = 5;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            o->help = 1;
            continue;
        }
        int done = 0;
        for (int k = 0; flags && flags[k] && !done; k++)
            if (!strcmp(a, flags[k])) {
                if (!strcmp(a, "--update")) o->update = 1;
                done = 1;
            }
        for (int k = 0; valued && valued[k] && !done; k++) {
            size_t l = strlen(valued[k]);
            const char *v = NULL;
            if (!strcmp(a, valued[k])) {
                if (i + 1 >= argc) {
                    fprintf(stderr, "myrisim %s: %s needs a value\n", argv[1], a);
                    return -1;
                }
                v = argv[++i];
            } else if (!strncmp(a, valued[k], l) && a[l] == '=') {
                v = a + l + 1;
            } else {
                continue;
            }
            done = 1;
            const char *opt = valued[k];
            if (!strcmp(opt, "--jobs") || !strcmp(opt, "--top")) {
                char *end;
                long n = strtol(v, &end, 10);
                if (*end || n < 1 || n > 64) {
                    fprintf(stderr, "myrisim %s: %s wants a number from 1 to 64, not '%s'\n", argv[1], opt, v);
                    return -1;
                }
                if (opt[2] == 'j') o->jobs = (int)n;
                else o->top = (int)n;
            } else if (!strcmp(opt, "--out")) o->out = v;
            else if (!strcmp(opt, "--baselines")) o->baselines = v;
            else if (!strcmp(opt, "--junit")) o->junit = v;
            else if (!strcmp(opt, "--a")) o->a = v;
            else if (!strcmp(opt, "--b")) o->b = v;
            else if (!strcmp(opt, "--format")) o->format = v;
            else if (!strcmp(opt, "--window")) o->window = v;
            else if (!strcmp(opt, "--diff")) o->diff = v;
            else if (!strcmp(opt, "--series")) o->series = v;
            else if (!strcmp(opt, "--x")) o->x = v;
            else if (!strcmp(opt, "--images")) {
                static char abs_dir[PATH_MAX];
                if (!realpath(v, abs_dir)) {
                    fprintf(stderr, "myrisim %s: --images %s: no such directory\n", argv[1], v);
                    return -1;
                }
                o->images = abs_dir;
                setenv("MYRISIM_FW_IMAGES", abs_dir, 1);    /* exp_util.c; the runs' children inherit it */
            }
        }
        if (done) continue;
        if (a[0] == '-' && a[1]) {
            fprintf(stderr, "myrisim %s: unknown option '%s'\n", argv[1], a);
            return -1;
        }
        if (o->nfiles == MAX_FILES) {
            fprintf(stderr, "myrisim %s: at most %d scenarios\n", argv[1], MAX_FILES);
            return -1;
        }
        o->files[o->nfiles++] = a;
    }
    return 0;
}

/* The scenarios named, or the regression set; NULL (message said) if none. */
char **regress_files(const regress_opts *o, const char *root, int *n)
{
    if (o->nfiles) {
        char **v = calloc((size_t)o->nfiles, sizeof *v);
        for (int i = 0; i < o->nfiles; i++) v[i] = strdup(o->files[i]);
        *n = o->nfiles;
        return v;
    }
    char **v = regress_default_set(root, n);
    if (!*n) fprintf(stderr, "myrisim: no scenarios under %s/scenarios/regress\n", root);
    return v;
}

void regress_free_files(char **v, int n)
{
    for (int i = 0; i < n; i++) free(v[i]);
    free(v);
}

int cli_cmd_baseline(int argc, char **argv)
{
    regress_opts o;
    static const char *const flags[] = {"--update", NULL};
    static const char *const valued[] = {"--out", "--jobs", "--images", NULL};
    if (regress_parse(argc, argv, &o, flags, valued)) {
        usage(stderr);
        return MYRISIM_BAD_INPUT;
    }
    if (o.help) {
        help();
        return MYRISIM_OK;
    }
    char root[PATH_MAX], dir[PATH_MAX + 64];
    cli_find_root(root, sizeof root);
    if (!o.out && !o.update) {
        fprintf(stderr, "myrisim baseline: give --out DIR, or --update to re-record the committed baselines\n");
        usage(stderr);
        return MYRISIM_BAD_INPUT;
    }
    if (o.out) snprintf(dir, sizeof dir, "%s", o.out);
    else snprintf(dir, sizeof dir, "%s/%s", root, REGRESS_BASELINE_DIR);
    int n;
    char **files = regress_files(&o, root, &n);
    if (!n) return MYRISIM_BAD_INPUT;
    baseline *b = calloc((size_t)n, sizeof *b);
    int st = regress_collect((const char *const *)files, n, root, o.jobs, b);
    if (!st && cli_mkdirs(dir)) {
        fprintf(stderr, "myrisim baseline: cannot create %s: %s\n", dir, strerror(errno));
        st = MYRISIM_RUN_FAILED;
    }
    for (int i = 0; i < n && !st; i++) {
        char stem[256], path[PATH_MAX + 400];
        regress_stem(files[i], stem, sizeof stem);
        snprintf(path, sizeof path, "%s/%s.txt", dir, stem);
        FILE *f = fopen(path, "w");
        int bad = !f || baseline_write(&b[i], f);
        if (f && fclose(f)) bad = 1;
        int failed = 0;
        for (int r = 0; r < b[i].nrun; r++) failed += b[i].run[r].error[0] != 0;
        if (bad) {
            fprintf(stderr, "myrisim baseline: cannot write %s\n", path);
            st = MYRISIM_RUN_FAILED;
        } else {
            printf("%s: %d runs%s%s\n", path, b[i].nrun, failed ? ", failed: " : "", failed ? "see above" : "");
            if (failed) st = MYRISIM_RUN_FAILED;
        }
    }
    for (int i = 0; i < n; i++) baseline_free(&b[i]);
    free(b);
    regress_free_files(files, n);
    return st;
}
