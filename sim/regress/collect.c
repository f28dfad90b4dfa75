/* regress_collect: load, run with observations, read back (collect.h). */
#define _GNU_SOURCE
#include "collect.h"

#include "observe.h"
#include "inline.h"
#include "../experiments/exp_util.h"
#include "../cli/myrisim.h"
#include "../outputs/textfmt.h"
#include "../runner/executor.h"
#include "../experiments/trace_run.h"
#include "../scenario/runspec.h"
#include "../scenario/scenario.h"

#include <dirent.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

char **regress_default_set(const char *root, int *n)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/scenarios/regress", root);
    *n = 0;
    DIR *d = opendir(dir);
    if (!d) return NULL;
    char **v = NULL;
    int cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 5 || strcmp(e->d_name + l - 4, ".cfg")) continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 16;
            v = realloc(v, (size_t)cap * sizeof *v);
        }
        char p[4400];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        v[(*n)++] = strdup(p);
    }
    closedir(d);
    if (*n) qsort(v, (size_t)*n, sizeof *v, cmp_str);
    return v;
}

void regress_stem(const char *path, char *out, size_t len)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t l = strlen(b);
    if (l > 4 && !strcmp(b + l - 4, ".cfg")) l -= 4;
    snprintf(out, len, "%.*s", (int)(l < len ? l : len - 1), b);
}

/* rm -r of the observation directory (flat: files only). */
static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (e->d_name[0] == '.') continue;
            char p[4400];
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
        closedir(d);
    }
    rmdir(dir);
}

/* Inline ranges per prebuilt image, loaded once per image. */
typedef struct inl_cache { char path[2048]; inl_map m; int ok; } inl_cache;
static inl_cache *cache;
static int ncache;

static const inl_map *inline_for(const run_spec *r)
{
    const char *given = run_string(r, "experiment.elf", NULL);
    if (!given) return NULL;                 /* built from source: no twin */
    char elf[2048];
    exp_path(r, given, elf, sizeof elf);
    for (int i = 0; i < ncache; i++)
        if (!strcmp(cache[i].path, elf)) return cache[i].ok ? &cache[i].m : NULL;
    cache = realloc(cache, (size_t)(ncache + 1) * sizeof *cache);
    inl_cache *c = &cache[ncache++];
    snprintf(c->path, sizeof c->path, "%s", elf);
    char err[600], dbg[2100];
    c->ok = inline_map_load(elf, &c->m, err, sizeof err) == 0;
    /* twins that exist but do not match the image: say so (built with other flags?) */
    size_t l = strlen(elf);
    snprintf(dbg, sizeof dbg, "%.*s.dbg", (int)(l > 4 ? l - 4 : l), elf);
    if (!c->ok && access(dbg, F_OK) == 0)
        fprintf(stderr, "myrisim: note: %s; inlined code stays with its containing function\n", err);
    return c->ok ? &c->m : NULL;
}

static void free_cache(void)
{
    for (int i = 0; i < ncache; i++) inline_map_free(&cache[i].m);
    free(cache);
    cache = NULL;
    ncache = 0;
}

/* The profiles of one run: STEM.<chip>.<k>.prof, NI k. */
static void read_profiles(bl_run *br, const char *stem, const inl_map *inl)
{
    char pat[4500];
    snprintf(pat, sizeof pat, "%.4400s.*.prof", stem);
    glob_t g;
    if (glob(pat, 0, NULL, &g)) return;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        const char *p = g.gl_pathv[i] + strlen(stem) + 1;   /* chip.k.prof */
        const char *dot = strchr(p, '.');
        int k = dot ? atoi(dot + 1) : 0;
        char err[600];
        if (baseline_add_prof(br, k, g.gl_pathv[i], inl, err, sizeof err)) fprintf(stderr, "myrisim: %s\n", err);
    }
    globfree(&g);
}

static int collect(const char *const *files, int n, const char *root, int jobs, baseline *out, int one,
                   const char *series, const char *x_text)
{
    scenario *sc = calloc((size_t)n, sizeof *sc);
    const double **xs = calloc((size_t)n, sizeof *xs);
    int *nx = calloc((size_t)n, sizeof *nx), loaded = 0, total = 0, st = 0;
    for (; loaded < n; loaded++) {
        if (scenario_load(&sc[loaded], files[loaded], root, NULL, 0)) {
            st = MYRISIM_BAD_INPUT;
            break;
        }
        xs[loaded] = scenario_points(&sc[loaded], 0, &nx[loaded]);
        total += nx[loaded] * sc[loaded].nseries;
    }
    int pick = -1;                  /* one: the run index kept */
    if (!st && one && (pick = sim_trace_pick(&sc[0], xs[0], nx[0], x_text, series)) < 0) {
        st = MYRISIM_BAD_INPUT;
        loaded = n;
    }
    char tmpl[] = "/tmp/myrisim-observe.XXXXXX";
    if (!st && !mkdtemp(tmpl)) {
        fprintf(stderr, "myrisim: cannot create a temporary directory under /tmp\n");
        st = MYRISIM_RUN_FAILED;
    }
    if (!st) {
        run_spec *runs = calloc((size_t)total + 1, sizeof *runs);
        run_result *res = calloc((size_t)total + 1, sizeof *res);
        for (int k = 0, at = 0; k < n; k++)
            for (int s = 0; s < sc[k].nseries; s++)
                for (int i = 0; i < nx[k]; i++)
                    if (pick < 0 || s * nx[k] + i == pick) runs[at++] = (run_spec){&sc[k], s, s * nx[k] + i, xs[k][i], NULL};
        if (pick >= 0) total = 1;
        observe_set_dir(tmpl);
        const char *g = getenv("MYRISIM_RUN_GUARD");
        exec_opts eo = {jobs, g && atof(g) > 0 ? atof(g) : 600.0, 0, 0};
        execute_runs(runs, total, res, &eo);
        observe_set_dir(NULL);
        for (int k = 0, at = 0; k < n; k++) {
            baseline *b = &out[k];
            memset(b, 0, sizeof *b);
            snprintf(b->scenario, sizeof b->scenario, "%s", sc[k].name);
            /* the file as the repository names it */
            size_t rl = strlen(root);
            const char *f = files[k];
            if (!strncmp(f, root, rl) && f[rl] == '/') f += rl + 1;
            snprintf(b->file, sizeof b->file, "%s", f);
            b->nrun = pick >= 0 ? 1 : nx[k] * sc[k].nseries;
            b->run = calloc((size_t)b->nrun, sizeof *b->run);
            for (int j = 0; j < b->nrun; j++, at++) {
                bl_run *br = &b->run[j];
                char xb[NUM_BUF];
                snprintf(br->label, sizeof br->label, "%s @ %s", sc[k].series[runs[at].series].name,
                         fmt_num(runs[at].x, xb));
                if (!res[at].ok) {
                    const char *e = res[at].error;
                    size_t l = strcspn(e, "\n");
                    snprintf(br->error, sizeof br->error, "%.*s", (int)(l < 400 ? l : 400), *e ? e : "failed");
                    fprintf(stderr, "myrisim: %s, %s: run failed: %s\n", sc[k].name, br->label, res[at].error);
                    continue;
                }
                for (int m = 0; m < res[at].n; m++) bl_add_metric(br, res[at].names[m], res[at].values[m]);
                char stem[4400], path[4500], err[600];
                observe_stem(tmpl, sc[k].name, runs[at].index, stem, sizeof stem);
                snprintf(path, sizeof path, "%s.fp", stem);
                if (baseline_read_fp(br, path, err, sizeof err)) fprintf(stderr, "myrisim: %s\n", err);
                read_profiles(br, stem, inline_for(&runs[at]));
            }
        }
        remove_dir(tmpl);
        free_cache();
        free(runs);
        free(res);
    }
    for (int k = 0; k < loaded; k++) scenario_free(&sc[k]);
    free(sc);
    free(xs);
    free(nx);
    return st;
}

int regress_collect(const char *const *files, int n, const char *root, int jobs, baseline *out)
{
    return collect(files, n, root, jobs, out, 0, NULL, NULL);
}

int regress_collect_one(const char *file, const char *root, const char *series, const char *x_text, baseline *out)
{
    return collect(&file, 1, root, 1, out, 1, series, x_text);
}
