/* myrisim list | describe | report | show | --help, and the options every
 * command shares; `run` is in cli_run.c. */
#define _GNU_SOURCE
#include "myrisim.h"

#include "cli_common.h"
#include "describe.h"
#include "../runner/executor.h"
#include "../fidelity/fidelity.h"
#include "../outputs/outputs.h"
#include "../scenario/runspec.h"
#include "../scenario/scenario.h"
#include "../experiments/trace_run.h"
#include "show.h"
#include "regress_cli.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


void cli_usage(FILE *f)
{
    fputs("usage: myrisim run FILE... [--set KEY=VALUE ...] [--out DIR] [--quick] [--jobs N]\n"
          "                    [--trace FILE [--trace-x X] [--trace-series NAME] [--trace-max-events N]]\n"
          "                    [--emit-jobs DIR]\n"
          "       myrisim job DIR FIRST [COUNT]\n"
          "       myrisim merge DIR [--out DIR]\n"
          "       myrisim describe FILE [--set KEY=VALUE ...]\n"
          "       myrisim list [DIR]\n"
          "       myrisim report [--reference DIR] [--out FILE] RESULT_DIR...\n"
          "       myrisim show RESULT_DIR\n"
          "       myrisim baseline|regress|ab|profile ... (each with --help; docs/regress.md)\n"
          "       myrisim --help\n",
          f);
}

static void help(void)
{
    cli_usage(stdout);
    puts("\nmyrisim simulates Myrinet clusters. A scenario file (libconfig) names the cluster,\n"
         "the experiment, a sweep, series, plots and the dissertation's reference values;\n"
         "see docs/scenarios.md.\n\n"
         "  run        run every series at every sweep point, each run in its own process,\n"
         "             and write CSV, plots (PNG, SVG), comparison.csv, settings.csv and\n"
         "             report.md into\n"
         "             --out DIR (default results/NAME/); with several FILEs, all their runs\n"
         "             share one pool of --jobs processes and each scenario's outputs go to\n"
         "             DIR/<file name without .cfg> (default DIR: results)\n"
         "             With --emit-jobs DIR nothing runs: DIR gets one job per run (jobs.txt,\n"
         "             a command file for GNU parallel), a Slurm array script (slurm.sh) and\n"
         "             the run command itself (manifest); docs/scenarios.md\n"
         "  job        run jobs FIRST..FIRST+COUNT-1 (default COUNT 1) of DIR, each result into\n"
         "             DIR/results/K.txt\n"
         "  merge      write the outputs of DIR's jobs, exactly as the run on one machine\n"
         "             would (into --out DIR, else the run command's own --out)\n"
         "  describe   print what a scenario would run\n"
         "  list       every scenario under DIR (default scenarios/) with its title\n"
         "  report     read RESULT_DIR/comparison.csv (and settings.csv) of each result\n"
         "             directory and write the\n"
         "             fidelity report --out FILE (default results/REPORT.md); published values\n"
         "             from --reference DIR (default results/reference)\n"
         "  show       print RESULT_DIR/comparison.csv as a table beside the dissertation's\n"
         "             values, and the directory's plots\n"
         "  baseline   record the regression baselines (scenarios/regress/; docs/regress.md)\n"
         "  regress    run the regression set against its baselines, JUnit report (make regress)\n"
         "  ab         compare two firmware versions (git revisions or image directories)\n"
         "  profile    cycles per firmware function and call path, folded stacks, flame graphs\n\n"
         "  --set KEY=VALUE  change a setting by dotted path: cluster.ni=lanai9,\n"
         "                   sweep.values=[64,128], series.0.name=\"x\"\n"
         "  --quick          run only the sweep's quick subset (a reference with quick_x is\n"
         "                   compared there instead, labelled reduced)\n"
         "  --jobs N         run up to N runs at once (default 1)\n"
         "  --trace FILE     write a Chrome/Perfetto trace of one run (FILE.json.gz: gzip; kinds\n"
         "                   ni_pingpong and host; docs/tracing.md): the first series' first point,\n"
         "                   or --trace-series NAME / --trace-x X (a sweep point); at most\n"
         "                   --trace-max-events N events (default 2000000)\n\n"
         "exit status: 0 ok, 1 a run failed, 2 bad scenario or usage, 3 deadlock (not expected)\n"
         "environment: MYRISIM_ROOT (repository root), MYRISIM_RUN_GUARD (CPU seconds a run may\n"
         "use before it is killed, or wall seconds it may wait idle; default 600, a safety net only)\n\n"
         "experiment kinds:");
    const experiment_kind *const *k = experiment_kinds();
    for (int i = 0; k[i]; i++)
        printf("  %-10s %s\n", k[i]->name, k[i]->summary);
}

/* The repository root: $MYRISIM_ROOT, else the parent of build/ holding this
 * binary, else the current directory. */
void cli_find_root(char *out, size_t len)
{
    const char *env = getenv("MYRISIM_ROOT");
    if (env && *env) {
        snprintf(out, len, "%s", env);
        return;
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        for (int up = 0; up < 2; up++) {
            char *slash = strrchr(exe, '/');
            if (slash)
                *slash = 0;
        }
        char probe[PATH_MAX + 32];
        snprintf(probe, sizeof probe, "%s/firmware/rt", exe);
        if (access(probe, F_OK) == 0) {
            snprintf(out, len, "%s", exe);
            return;
        }
    }
    if (!getcwd(out, len))
        snprintf(out, len, ".");
}

int cli_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int cli_mkdirs(const char *path)
{
    char buf[2048];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            if (mkdir(buf, 0777) && errno != EEXIST)
                return -1;
            *p = '/';
        }
    return mkdir(buf, 0777) && errno != EEXIST ? -1 : 0;
}


/* "--opt VALUE" or "--opt=VALUE": 1 if argv[*i] is opt (val set), -1 if
 * the value is missing, 0 if it is another argument. */
static int take(int argc, char **argv, int *i, const char *opt, const char **val)
{
    const char *a = argv[*i];
    size_t l = strlen(opt);
    if (!strcmp(a, opt)) {
        if (*i + 1 >= argc) {
            fprintf(stderr, "myrisim: %s needs a value\n", opt);
            return -1;
        }
        *val = argv[++*i];
        return 1;
    }
    if (!strncmp(a, opt, l) && a[l] == '=') {
        *val = a + l + 1;
        return 1;
    }
    return 0;
}

/* The options whose value is kept as it is. */
typedef struct { const char *opt; const char **dst; } string_opt;

/* take() for any of n string options: 1 (stored), -1 or 0 as take(). */
static int take_string(int argc, char **argv, int *i, const string_opt *s, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        const char *val;
        int t = take(argc, argv, i, s[k].opt, &val);
        if (t > 0) *s[k].dst = val;
        if (t) return t;
    }
    return 0;
}

int cli_parse_opts(int argc, char **argv, int first, cli_opts *o, int allow_run_opts)
{
    memset(o, 0, sizeof *o);
    o->jobs = 1;
    const string_opt strs[] = {
        {"--out", &o->out}, {"--trace", &o->trace}, {"--trace-x", &o->trace_x}, {"--trace-series", &o->trace_series},
        {"--emit-jobs", &o->emit_jobs}};
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        const char *val = NULL;
        int t;
        if ((t = take(argc, argv, &i, "--set", &val))) {
            if (t < 0)
                return -1;
            if (o->nsets == MAX_SETS) {
                fprintf(stderr, "myrisim: at most %d --set options\n", MAX_SETS);
                return -1;
            }
            o->sets[o->nsets++] = val;
        } else if (allow_run_opts && (t = take_string(argc, argv, &i, strs, sizeof strs / sizeof strs[0]))) {
            if (t < 0)
                return -1;
        } else if (allow_run_opts && (t = take(argc, argv, &i, "--trace-max-events", &val))) {
            if (t < 0)
                return -1;
            char *end;
            o->trace_max = strtoull(val, &end, 10);
            if (*end || !*val || val[0] == '-' || o->trace_max < 1) {
                fprintf(stderr, "myrisim: --trace-max-events wants a number >= 1, not '%s'\n", val);
                return -1;
            }
        } else if (allow_run_opts && (t = take(argc, argv, &i, "--jobs", &val))) {
            if (t < 0)
                return -1;
            char *end;
            long j = strtol(val, &end, 10);
            if (*end || j < 1 || j > 64) {
                fprintf(stderr, "myrisim: --jobs wants a number from 1 to 64, not '%s'\n", val);
                return -1;
            }
            o->jobs = (int)j;
        } else if (allow_run_opts && !strcmp(a, "--quick")) {
            o->quick = 1;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "myrisim: unknown option '%s'\n", a);
            return -1;
        } else if (!o->file) {
            o->file = o->files[o->nfiles++] = a;
        } else if (allow_run_opts && o->nfiles < MAX_FILES) {
            o->files[o->nfiles++] = a;
        } else {
            fprintf(stderr, "myrisim: unexpected argument '%s'\n", a);
            return -1;
        }
    }
    if (!o->file) {
        fprintf(stderr, "myrisim: no scenario file given\n");
        return -1;
    }
    if (o->nfiles > 1 && o->trace) {
        fprintf(stderr, "myrisim: --trace goes with one scenario file\n");
        return -1;
    }
    if (!o->trace && (o->trace_x || o->trace_series || o->trace_max)) {
        fprintf(stderr, "myrisim: --trace-x, --trace-series and --trace-max-events go with --trace FILE\n");
        return -1;
    }
    return 0;
}

int cli_begin(int argc, char **argv, cli_opts *o, int allow_run_opts, char *root, size_t len)
{
    if (cli_parse_opts(argc, argv, 2, o, allow_run_opts)) {
        cli_usage(stderr);
        return -1;
    }
    cli_find_root(root, len);
    return 0;
}

static int cmd_describe(int argc, char **argv)
{
    cli_opts o;
    char root[PATH_MAX];
    if (cli_begin(argc, argv, &o, 0, root, sizeof root))
        return MYRISIM_BAD_INPUT;
    scenario sc;
    if (scenario_load(&sc, o.file, root, o.sets, o.nsets))
        return MYRISIM_BAD_INPUT;
    describe_scenario(stdout, &sc);
    scenario_free(&sc);
    return MYRISIM_OK;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void collect(const char *dir, char ***files, int *n, int *cap)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st))
            continue;
        size_t l = strlen(e->d_name);
        if (S_ISDIR(st.st_mode)) {
            collect(path, files, n, cap);
        } else if (l > 4 && !strcmp(e->d_name + l - 4, ".cfg")) {
            if (*n == *cap) {
                *cap = *cap ? *cap * 2 : 32;
                *files = realloc(*files, (size_t)*cap * sizeof **files);
            }
            (*files)[(*n)++] = strdup(path);
        }
    }
    closedir(d);
}

static int cmd_list(int argc, char **argv)
{
    if (argc > 3) {
        cli_usage(stderr);
        return MYRISIM_BAD_INPUT;
    }
    char dir[PATH_MAX];
    if (argc == 3) {
        snprintf(dir, sizeof dir, "%s", argv[2]);
    } else if (access("scenarios", F_OK) == 0) {
        snprintf(dir, sizeof dir, "scenarios");
    } else {
        char root[PATH_MAX - 16];
        cli_find_root(root, sizeof root);
        snprintf(dir, sizeof dir, "%s/scenarios", root);
    }
    struct stat st;
    if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "myrisim: %s is not a directory\n", dir);
        return MYRISIM_BAD_INPUT;
    }
    char **files = NULL;
    int n = 0, cap = 0, broken = 0;
    collect(dir, &files, &n, &cap);
    qsort(files, (size_t)n, sizeof *files, cmp_str);
    for (int i = 0; i < n; i++) {
        config_t c;
        config_init(&c);
        const char *title = NULL;
        if (config_read_file(&c, files[i]) != CONFIG_TRUE) {
            printf("%-48s  (error: line %d: %s)\n", files[i], config_error_line(&c), config_error_text(&c));
            broken++;
        } else if (!config_lookup_string(&c, "title", &title)) {
            printf("%-48s  (no title)\n", files[i]);
        } else {
            printf("%-48s  %s\n", files[i], title);
        }
        config_destroy(&c);
        free(files[i]);
    }
    free(files);
    if (n == 0)
        fprintf(stderr, "myrisim: no *.cfg scenarios under %s\n", dir);
    return broken ? MYRISIM_BAD_INPUT : MYRISIM_OK;
}

static int cmd_report(int argc, char **argv)
{
    const char *refdir = NULL, *out = "results/REPORT.md";
    const char **dirs = calloc((size_t)argc, sizeof *dirs);
    int ndirs = 0;
    for (int i = 2; i < argc; i++) {
        const char *val = NULL;
        int t;
        if ((t = take(argc, argv, &i, "--reference", &val)) > 0) {
            refdir = val;
        } else if (t == 0 && (t = take(argc, argv, &i, "--out", &val)) > 0) {
            out = val;
        } else if (t < 0) {
            free(dirs);
            return MYRISIM_BAD_INPUT;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "myrisim: unknown option '%s'\n", argv[i]);
            cli_usage(stderr);
            free(dirs);
            return MYRISIM_BAD_INPUT;
        } else {
            dirs[ndirs++] = argv[i];
        }
    }
    char root_ref[PATH_MAX];
    if (!refdir) {
        refdir = "results/reference";
        if (access(refdir, F_OK) != 0) {
            char root[PATH_MAX - 32];
            cli_find_root(root, sizeof root);
            snprintf(root_ref, sizeof root_ref, "%s/results/reference", root);
            refdir = root_ref;
        }
    }
    /* The reference directory holds published values, not a run: a glob
     * over every directory under results/ names it too; it is left out. */
    char ref_real[PATH_MAX], dir_real[PATH_MAX];
    if (realpath(refdir, ref_real)) {
        int k = 0;
        for (int i = 0; i < ndirs; i++)
            if (!realpath(dirs[i], dir_real) || strcmp(dir_real, ref_real)) dirs[k++] = dirs[i];
        ndirs = k;
    }
    /* the report must not replace one of its own inputs */
    struct stat ost;
    if (stat(out, &ost) == 0 && S_ISDIR(ost.st_mode)) {
        fprintf(stderr, "myrisim: report: --out %s is a directory (name the report file)\n", out);
        free(dirs);
        return MYRISIM_BAD_INPUT;
    }
    for (int i = 0; i < ndirs; i++) {
        char cmp[PATH_MAX + 32];
        snprintf(cmp, sizeof cmp, "%s/comparison.csv", dirs[i]);
        if (cli_same_file(out, cmp) || cli_same_file(out, dirs[i])) {
            fprintf(stderr, "myrisim: report: --out %s is one of the inputs (%s)\n", out, cmp);
            free(dirs);
            return MYRISIM_BAD_INPUT;
        }
    }
    fid_input in;
    int errors = fidelity_read(&in, dirs, ndirs, refdir, stderr);
    free(dirs);
    if (errors) {
        fprintf(stderr, "myrisim: report: %d error%s in the inputs; nothing written\n", errors, errors == 1 ? "" : "s");
        fidelity_free(&in);
        return MYRISIM_BAD_INPUT;
    }
    char parent[2048];
    snprintf(parent, sizeof parent, "%s", out);
    char *slash = strrchr(parent, '/');
    if (slash && slash != parent) {
        *slash = 0;
        if (cli_mkdirs(parent)) {
            fprintf(stderr, "myrisim: cannot create %s: %s\n", parent, strerror(errno));
            fidelity_free(&in);
            return MYRISIM_RUN_FAILED;
        }
    }
    int bad = fidelity_write(&in, out, stderr);
    if (!bad)
        printf("%s: %d comparisons from %d result director%s, %d published values in %s\n", out, in.nentries, in.ndirs,
               in.ndirs == 1 ? "y" : "ies", in.refvalues, refdir);
    fidelity_free(&in);
    return bad ? MYRISIM_RUN_FAILED : MYRISIM_OK;
}

int myrisim_main(int argc, char **argv)
{
    if (argc < 2) {
        cli_usage(stderr);
        return MYRISIM_BAD_INPUT;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        help();
        return MYRISIM_OK;
    }
    if (!strcmp(cmd, "run"))
        return cli_cmd_run(argc, argv);
    static const struct { const char *name; int (*fn)(int, char **); } more_cmds[] = {
        {"job", cli_cmd_job},           {"merge", cli_cmd_merge}, {"baseline", cli_cmd_baseline},
        {"regress", cli_cmd_regress},   {"ab", cli_cmd_ab},       {"profile", cli_cmd_profile}};
    for (size_t i = 0; i < sizeof more_cmds / sizeof more_cmds[0]; i++)
        if (!strcmp(cmd, more_cmds[i].name))
            return more_cmds[i].fn(argc, argv);
    if (!strcmp(cmd, "describe"))
        return cmd_describe(argc, argv);
    if (!strcmp(cmd, "list"))
        return cmd_list(argc, argv);
    if (!strcmp(cmd, "report"))
        return cmd_report(argc, argv);
    if (!strcmp(cmd, "show")) {
        if (argc != 3) {
            fprintf(stderr, "myrisim show: give one result directory (e.g. results/table5_4)\n");
            return MYRISIM_BAD_INPUT;
        }
        if (show_result(argv[2], stdout, stderr)) {
            fprintf(stderr, "myrisim show: %s is not a result directory (run a scenario into it first)\n", argv[2]);
            return MYRISIM_BAD_INPUT;
        }
        return MYRISIM_OK;
    }
    fprintf(stderr, "myrisim: unknown command '%s'\n", cmd);
    cli_usage(stderr);
    return MYRISIM_BAD_INPUT;
}
