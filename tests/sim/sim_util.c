/* Helpers of the scenario tests (sim_util.h): scratch directories, files,
 * build/myrisim runs with their status and output captured. */
#define _GNU_SOURCE
#include "sim_util.h"

#include "../harness/harness.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

const char *const sim_base_cfg =
    "name = \"t\";\n"
    "title = \"T\";\n"
    "cluster = { ni = \"lanai4\"; };\n"
    "experiment = { kind = \"selftest\"; scale = 2.0; params = { A = 1; }; };\n"
    "sweep = { param = \"experiment.params.N\"; from = 4; to = 64; times = 2; quick = [8, 32]; };\n"
    "series = ( { name = \"A\"; }, { name = \"B\"; cluster = { ni = \"lanai9\"; }; experiment = { offset = 100; }; } );\n"
    "measurements = [ \"y\", \"x_squared\" ];\n"
    "plots = ( { name = \"p\"; title = \"Test plot\"; y = \"y\"; xlabel = \"n\"; ylabel = \"y (units)\"; logx = true; } );\n"
    "references = ( { series = \"A\"; x = 16; y = 30; source = \"L1\"; } );\n";

const char *sim_scratch(const char *name)
{
    static char paths[4][1024];   /* rotating: a test may hold a few at once */
    static int next;
    char *path = paths[next++ % 4];
    char cmd[2200];
    snprintf(path, sizeof paths[0], "%s/build/tests/sim/%s", harness_root(), name);
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s'", path, path);
    if (system(cmd) != 0)
        harness_fail(__FILE__, __LINE__, "cannot create %s", path);
    return path;
}

void sim_write(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        harness_fail(__FILE__, __LINE__, "cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

char *sim_read(const char *path, size_t *len)
{
    static char *slots[4];
    static int next;
    FILE *f = fopen(path, "rb");
    if (!f)
        harness_fail(__FILE__, __LINE__, "cannot read %s", path);
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    char chunk[8192];
    size_t k;
    while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
        fwrite(chunk, 1, k, m);
    fclose(f);
    fclose(m);
    free(slots[next]);
    slots[next] = buf;
    next = (next + 1) % 4;
    if (len)
        *len = n;
    return buf;
}

double sim_csv_col(const char *path, const char *col)
{
    size_t len;
    char *t = sim_read(path, &len);
    if (!t) harness_fail(__FILE__, __LINE__, "no %s", path);
    char *nl = strchr(t, '\n');
    if (!nl) harness_fail(__FILE__, __LINE__, "%s: no data row", path);
    *nl = 0;
    int idx = -1, i = 0;
    for (char *h = t, *c; h; h = c ? c + 1 : NULL, i++) {
        c = strchr(h, ',');
        if (c) *c = 0;
        if (!strcmp(h, col)) idx = i;
    }
    if (idx < 0) harness_fail(__FILE__, __LINE__, "%s: no column %s", path, col);
    char *row = nl + 1;
    for (i = 0; i < idx && row; i++) {
        row = strchr(row, ',');
        if (row) row++;
    }
    if (!row || *row == ',' || *row == '\n' || !*row) harness_fail(__FILE__, __LINE__, "%s: %s is empty (the run failed?)", path, col);
    return strtod(row, NULL);
}

double sim_csv_col_in(const char *dir, const char *file, const char *col)
{
    char path[700];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    return sim_csv_col(path, col);
}

int sim_csv_nums_in(const char *dir, const char *file, double *v, int n)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    size_t len;
    char *s = sim_read(path, &len);
    const char *p = s ? strchr(s, '\n') : NULL;
    for (int i = 0; p && i < n; i++) {
        if (sscanf(p + 1, "%lf", &v[i]) != 1) return -1;
        p = strchr(p + 1, ',');
    }
    return p ? 0 : -1;
}

char *sim_csv_row(const char *path, int row)
{
    size_t len;
    char *t = sim_read(path, &len);
    if (!t) harness_fail(__FILE__, __LINE__, "no %s", path);
    char *l = strchr(t, '\n');
    for (int i = 0; l && i < row; i++) l = strchr(l + 1, '\n');
    if (!l || !l[1]) harness_fail(__FILE__, __LINE__, "%s: no row %d", path, row);
    char *e = strchr(l + 1, '\n');
    if (e) *e = 0;
    return l + 1;
}

int sim_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && st.st_size > 0;
}

static char out_buf[65536], err_buf[65536];

static void slurp(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "r");
    buf[0] = 0;
    if (!f)
        return;
    size_t n = fread(buf, 1, len - 1, f);
    buf[n] = 0;
    fclose(f);
}

int sim_cli(const char *fmt, ...)
{
    char args[4096], cmd[8192], out[1100], err[1100];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    /* per process: suites run side by side (tests/harness -j) */
    snprintf(out, sizeof out, "%s/build/tests/sim/.stdout.%ld", harness_root(), (long)getpid());
    snprintf(err, sizeof err, "%s/build/tests/sim/.stderr.%ld", harness_root(), (long)getpid());
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/build/tests/sim' && cd '%s' && build/myrisim %s >'%s' 2>'%s'",
             harness_root(), harness_root(), args, out, err);
    int st = system(cmd);
    slurp(out, out_buf, sizeof out_buf);
    slurp(err, err_buf, sizeof err_buf);
    unlink(out);
    unlink(err);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

void sim_run_ok_at(const char *file, int line, const char *fmt, ...)
{
    char args[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    int st = sim_cli("%s", args);
    if (st) {
        harness_note("%s", err_buf);
        harness_fail(file, line, "build/myrisim %s: exit status %d", args, st);
    }
}

const char *sim_stderr(void) { return err_buf; }
const char *sim_stdout(void) { return out_buf; }

char *sim_replace(const char *text, const char *from, const char *to)
{
    static char *slots[4];
    static int next;
    const char *at = strstr(text, from);
    if (!at)
        harness_fail(__FILE__, __LINE__, "'%s' not in the base scenario", from);
    size_t n = strlen(text) - strlen(from) + strlen(to) + 1;
    char *r = malloc(n);
    snprintf(r, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    free(slots[next]);
    slots[next] = r;
    next = (next + 1) % 4;
    return r;
}

const char *sim_cfg_variant(const char *dir, const char *scen, const char *from, const char *to)
{
    char src[1024], here[1100];
    snprintf(src, sizeof src, "%s/%s", harness_root(), scen);
    const char *slash = strrchr(src, '/');
    snprintf(here, sizeof here, "\"%.*s/", (int)(slash - src), src);
    const char *base = sim_replace(sim_read(src, NULL), from, to);
    /* every "./ in one forward pass: `here` itself holds "./ when the root
     * is relative (runner started in the repository as `.`), so replacing
     * from the start again would never end */
    size_t nb = strlen(base), nh = strlen(here), cnt = 0;
    for (const char *p = strstr(base, "\"./"); p; p = strstr(p + 3, "\"./")) cnt++;
    char *text = malloc(nb + cnt * nh + 1), *o = text;
    for (const char *p = base, *q; (q = strstr(p, "\"./")); p = q + 3) {
        memcpy(o, p, (size_t)(q - p));
        o += q - p;
        memcpy(o, here, nh);
        o += nh;
        base = q + 3;
    }
    strcpy(o, base);
    static char path[4][1100];
    static int k;
    k = (k + 1) % 4;
    snprintf(path[k], sizeof path[k], "%s/variant.cfg", dir);
    sim_write(path[k], text);
    free(text);
    return path[k];
}

int sim_same_file(const char *a, const char *b)
{
    size_t la, lb;
    char *da = sim_read(a, &la), *db = sim_read(b, &lb);
    return la == lb && memcmp(da, db, la) == 0;
}
