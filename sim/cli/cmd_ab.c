/* myrisim ab --a REV|DIR --b REV|DIR [SCENARIO...]: two firmware versions
 * over the same scenarios, metric deltas, fingerprints, the functions whose
 * cycles moved (docs/regress.md). */
#define _GNU_SOURCE
#include "cli_common.h"
#include "myrisim.h"
#include "regress_cli.h"
#include "../regress/collect.h"
#include "../regress/compare.h"
#include "../regress/report.h"
#include "../regress/flame.h"
#include "../outputs/textfmt.h"

#include <dirent.h>
#include <glob.h>
#include <stdarg.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void usage(FILE *f)
{
    fputs("usage: myrisim ab --a REV|DIR --b REV|DIR [SCENARIO...] [--format md|json] [--out DIR]\n"
          "                  [--jobs N] [--top N]\n", f);
}

static void help(void)
{
    usage(stdout);
    puts("\nRuns the scenarios (default: every scenarios/regress/*.cfg) with two firmware versions\n"
         "and prints, per scenario, every metric of both with its delta and unit, whether each\n"
         "run's fingerprint is equal, and per NI the firmware functions with the largest cycle\n"
         "deltas (A -> B).\n\n"
         "A version is either\n"
         "  DIR  a directory of prebuilt images (e.g. build/fw/grim of another build): each image\n"
         "       X.elf a scenario names is taken from DIR/X.elf where present; the rest of the\n"
         "       tree is this one;\n"
         "  REV  a git revision, checked out in a temporary worktree. When the two versions agree\n"
         "       on the host/firmware ABI (firmware/grim/grim_abi.h), this myrisim runs both,\n"
         "       with each worktree's firmware, scenarios and firmware sources; when the ABI\n"
         "       differs, both whole trees are built and each runs its own build/myrisim\n"
         "       (`myrisim baseline`, which that revision must have).\n\n"
         "  --format md|json  what goes to stdout (default md)\n"
         "  --out DIR         also write DIR/ab.md, DIR/ab.json and, per scenario, run and NI,\n"
         "                    the differential flame graph A -> B (DIR/<scenario>/<run>.niK.diff.svg)\n"
         "  --top N           functions per NI (default 5)\n"
         "  --jobs N          runs at once (default 2)\n\n"
         "exit status: 0 compared (differences are the answer, not an error), 1 a build or a\n"
         "run failed, 2 bad usage, revision or scenario");
}

/* A directory holding at least one *.elf. */
static int image_dir(const char *p)
{
    DIR *d = opendir(p);
    if (!d) return 0;
    struct dirent *e;
    int found = 0;
    while (!found && (e = readdir(d))) {
        size_t l = strlen(e->d_name);
        found = l > 4 && !strcmp(e->d_name + l - 4, ".elf");
    }
    closedir(d);
    return found;
}

static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int sh(const char *fmt, ...)
{
    char cmd[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    fprintf(stderr, "myrisim ab: %s\n", cmd);
    int rc = system(cmd);
    return rc == 0 ? 0 : -1;
}

typedef struct side {
    const char *spec;
    int is_dir;
    char commit[64];
    char tree[PATH_MAX];       /* worktree of a revision */
} side;

static int resolve(const char *root, side *s)
{
    if (image_dir(s->spec)) {
        s->is_dir = 1;
        return 0;
    }
    char cmd[PATH_MAX + 300];
    snprintf(cmd, sizeof cmd, "git -C '%s' rev-parse --verify --quiet '%s^{commit}' 2>/dev/null", root, s->spec);
    FILE *p = popen(cmd, "r");
    int ok = p && fgets(s->commit, sizeof s->commit, p);
    if (p) pclose(p);
    s->commit[strcspn(s->commit, "\n")] = 0;
    if (!ok || !s->commit[0]) {
        fprintf(stderr, "myrisim ab: '%s' is neither a directory of firmware images (*.elf) nor a git revision of %s\n",
                s->spec, root);
        return -1;
    }
    return 0;
}

/* Scenario path inside tree: the same path relative to the repository. */
static void in_tree(const char *root, const char *tree, const char *file, char *out, size_t len)
{
    size_t rl = strlen(root);
    if (!strncmp(file, root, rl) && file[rl] == '/') file += rl + 1;
    if (file[0] == '/') snprintf(out, len, "%s", file);
    else snprintf(out, len, "%s/%s", tree, file);
}

static int collect_side(const char *root, side *s, int abi_same, char **files, int n, int jobs, baseline *out,
                        const char *tmp, int k)
{
    if (s->is_dir) {
        char abs_dir[PATH_MAX];
        setenv("MYRISIM_FW_IMAGES", realpath(s->spec, abs_dir) ? abs_dir : s->spec, 1);
        int st = regress_collect((const char *const *)files, n, root, jobs, out);
        unsetenv("MYRISIM_FW_IMAGES");
        return st;
    }
    snprintf(s->tree, sizeof s->tree, "%s/%c", tmp, 'a' + k);
    if (sh("git -C '%s' worktree add --detach --quiet '%s' %s >&2", root, s->tree, s->commit)) return MYRISIM_RUN_FAILED;
    char **tf = calloc((size_t)n, sizeof *tf);
    for (int i = 0; i < n; i++) {
        tf[i] = malloc(PATH_MAX + 600);
        in_tree(root, s->tree, files[i], tf[i], PATH_MAX + 600);
    }
    int st = 0;
    if (abi_same) {
        /* the firmware of that revision, this host build */
        if (sh("make -C '%s' -j%d --no-print-directory build/lanai-cc build/lanai-ld build/fw/librt.a "
               "build/fw/rt/crt0.o build/fw/grim/grim.l4.elf build/fw/grim/grim.l9.elf >&2", s->tree, jobs))
            st = MYRISIM_RUN_FAILED;
        else {
            /* debug twins for DWARF attribution, if that revision knows how to make them
             * (mk/regress.mk); without them its functions are compared per symbol */
            char twins[16384] = "";
            glob_t g;
            char pat[PATH_MAX + 32];
            snprintf(pat, sizeof pat, "%s/firmware/grim/*.c", s->tree);
            if (!glob(pat, 0, NULL, &g)) {
                for (size_t i = 0; i < g.gl_pathc; i++) {
                    const char *b = strrchr(g.gl_pathv[i], '/') + 1;
                    for (int c = 4; c <= 9; c += 5) {
                        size_t l = strlen(twins);
                        snprintf(twins + l, sizeof twins - l, " build/fw/grim/grim.l%d.dbg/%.*s.o", c,
                                 (int)strlen(b) - 2, b);
                    }
                }
                globfree(&g);
            }
            if (twins[0] && sh("make -C '%s' -j%d --no-print-directory%s >&2 2>/dev/null", s->tree, jobs, twins))
                fprintf(stderr, "myrisim ab: %s: no debug twins (older revision?); functions per symbol\n", s->spec);
            st = regress_collect((const char *const *)tf, n, s->tree, jobs, out);
        }
    } else {
        char bdir[PATH_MAX + 32], list[16384] = "";
        snprintf(bdir, sizeof bdir, "%s/%c.baselines", tmp, 'a' + k);
        for (int i = 0; i < n; i++) {
            strncat(list, " '", sizeof list - strlen(list) - 1);
            strncat(list, tf[i], sizeof list - strlen(list) - 1);
            strncat(list, "'", sizeof list - strlen(list) - 1);
        }
        if (sh("make -C '%s' -j%d --no-print-directory all >&2", s->tree, jobs) ||
            sh("MYRISIM_ROOT='%s' '%s/build/myrisim' baseline%s --out '%s' --jobs %d >&2", s->tree, s->tree, list, bdir,
               jobs) < 0) {
            /* a failed run is recorded in its baseline; only a missing file is fatal below */
        }
        for (int i = 0; i < n && !st; i++) {
            char stem[256], path[PATH_MAX + 400], err[PATH_MAX + 600];
            regress_stem(tf[i], stem, sizeof stem);
            snprintf(path, sizeof path, "%s/%s.txt", bdir, stem);
            if (baseline_read(&out[i], path, err, sizeof err)) {
                fprintf(stderr, "myrisim ab: %s\n", err);
                st = MYRISIM_RUN_FAILED;
            }
        }
    }
    for (int i = 0; i < n; i++) free(tf[i]);
    free(tf);
    return st;
}

/* OUT/<scenario>/<run slug>.niK.diff.svg for every run and NI both sides
 * profiled with call paths (REV sides built as whole trees keep none). */
static int write_diff_graphs(const char *out, const baseline *a, const baseline *b, int *written)
{
    int bad = 0;
    for (int i = 0; i < b->nrun; i++) {
        const bl_run *rb = &b->run[i], *ra = NULL;
        for (int j = 0; j < a->nrun && !ra; j++)
            if (!strcmp(a->run[j].label, rb->label)) ra = &a->run[j];
        if (!ra) continue;
        for (int k = 0; k < rb->nni; k++) {
            const bl_ni *nb = &rb->ni[k], *na = NULL;
            for (int j = 0; j < ra->nni && !na; j++)
                if (ra->ni[j].ni == nb->ni) na = &ra->ni[j];
            if (!na || !na->npath || !nb->npath) continue;
            char dir[PATH_MAX], slug[300], path[PATH_MAX + 400], title[800];
            snprintf(dir, sizeof dir, "%s/%s", out, b->scenario);
            cli_mkdirs(dir);
            slugify(rb->label, slug, sizeof slug);
            snprintf(path, sizeof path, "%s/%s.ni%d.diff.svg", dir, slug, nb->ni);
            snprintf(title, sizeof title, "A -> B: %s, %s, NI %d (%s)", b->scenario, rb->label, nb->ni, nb->chip);
            bad |= flame_write_svg(path, title, nb->path, nb->npath, na->path, na->npath);
            (*written)++;
        }
    }
    return bad;
}

int cli_cmd_ab(int argc, char **argv)
{
    regress_opts o;
    static const char *const valued[] = {"--a", "--b", "--format", "--out", "--jobs", "--top", NULL};
    if (regress_parse(argc, argv, &o, NULL, valued)) {
        usage(stderr);
        return MYRISIM_BAD_INPUT;
    }
    if (o.help) {
        help();
        return MYRISIM_OK;
    }
    if (!o.a || !o.b) {
        fprintf(stderr, "myrisim ab: give both --a and --b\n");
        usage(stderr);
        return MYRISIM_BAD_INPUT;
    }
    const char *fmt = o.format ? o.format : "md";
    if (strcmp(fmt, "md") && strcmp(fmt, "json")) {
        fprintf(stderr, "myrisim ab: --format is md or json, not '%s'\n", fmt);
        return MYRISIM_BAD_INPUT;
    }
    char root[PATH_MAX];
    cli_find_root(root, sizeof root);
    side s[2] = {{.spec = o.a}, {.spec = o.b}};
    if (resolve(root, &s[0]) || resolve(root, &s[1])) return MYRISIM_BAD_INPUT;
    int abi_same = 1;
    if (!s[0].is_dir && !s[1].is_dir) {
        char cmd[PATH_MAX + 300];
        snprintf(cmd, sizeof cmd, "git -C '%s' diff --quiet %s %s -- firmware/grim/grim_abi.h", root, s[0].commit,
                 s[1].commit);
        abi_same = system(cmd) == 0;
        fprintf(stderr, "myrisim ab: firmware/grim/grim_abi.h %s between the revisions: %s\n",
                abi_same ? "is the same" : "differs", abi_same ? "this host build runs both firmware versions"
                                                              : "building and running both whole trees");
    }
    int n;
    char **files = regress_files(&o, root, &n);
    if (!n) return MYRISIM_BAD_INPUT;
    char tmp[] = "/tmp/myrisim-ab.XXXXXX";
    if (!mkdtemp(tmp)) {
        fprintf(stderr, "myrisim ab: cannot create a temporary directory\n");
        return MYRISIM_RUN_FAILED;
    }
    baseline *bl[2] = {calloc((size_t)n, sizeof(baseline)), calloc((size_t)n, sizeof(baseline))};
    int st = 0;
    for (int k = 0; k < 2 && !st; k++) st = collect_side(root, &s[k], abi_same, files, n, o.jobs, bl[k], tmp, k);
    scen_cmp *cmp = calloc((size_t)n, sizeof *cmp);
    if (!st) {
        for (int i = 0; i < n; i++) {
            tol_list t;
            char err[PATH_MAX + 600];
            if (regress_tolerances(files[i], &t, err, sizeof err)) fprintf(stderr, "myrisim ab: %s\n", err);
            compare_baselines(&bl[0][i], &bl[1][i], &t, &cmp[i]);
        }
        if (!strcmp(fmt, "md")) report_markdown(stdout, cmp, n, o.a, o.b, o.top);
        else report_json(stdout, cmp, n, o.a, o.b, o.top);
        if (o.out) {
            char p[PATH_MAX + 32];
            cli_mkdirs(o.out);
            snprintf(p, sizeof p, "%s/ab.md", o.out);
            FILE *f = fopen(p, "w");
            if (f) report_markdown(f, cmp, n, o.a, o.b, o.top);
            int bad = !f || fclose(f);
            snprintf(p, sizeof p, "%s/ab.json", o.out);
            f = fopen(p, "w");
            if (f) report_json(f, cmp, n, o.a, o.b, o.top);
            bad |= !f || fclose(f);
            int graphs = 0;
            for (int i = 0; i < n; i++) bad |= write_diff_graphs(o.out, &bl[0][i], &bl[1][i], &graphs);
            if (graphs) fprintf(stderr, "myrisim ab: %d differential flame graphs under %s/<scenario>/\n", graphs, o.out);
            if (bad) {
                fprintf(stderr, "myrisim ab: cannot write into %s\n", o.out);
                st = MYRISIM_RUN_FAILED;
            }
        }
    }
    for (int k = 0; k < 2; k++)
        if (s[k].tree[0]) sh("git -C '%s' worktree remove --force '%s'", root, s[k].tree);
    sh("rm -rf '%s'", tmp);
    for (int i = 0; i < n; i++) {
        baseline_free(&bl[0][i]);
        baseline_free(&bl[1][i]);
        compare_free(&cmp[i]);
    }
    free(bl[0]);
    free(bl[1]);
    free(cmp);
    regress_free_files(files, n);
    return st;
}
