/* `myrisim show RESULT_DIR`: a result directory's comparison with the
 * dissertation as an aligned text table, then the paths of its plots. This
 * is what `make run` prints for the headline (Table 5.4). */
#include "show.h"

#include "../fidelity/csvread.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

/* The widest data field of a column (the header row is shown by its own
 * title). */
static int width(const csv_table *t, int col)
{
    int w = 0;
    for (int r = 1; r < t->nrows; r++) {
        int n = col < t->rows[r].nfields ? (int)strlen(t->rows[r].fields[col]) : 0;
        if (n > w) w = n;
    }
    return w;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The plots (PNG and SVG) in dir, sorted. */
static void list_plots(const char *dir, FILE *out)
{
    DIR *d = opendir(dir);
    if (!d) return;
    char *names[256];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 256) {
        size_t l = strlen(e->d_name);
        if (l > 4 && (!strcmp(e->d_name + l - 4, ".png") || !strcmp(e->d_name + l - 4, ".svg")))
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], by_name);
    for (int i = 0; i < n; i++) {
        fprintf(out, "%s %s/%s\n", i ? "      " : "plots:", dir, names[i]);
        free(names[i]);
    }
}

int show_result(const char *dir, FILE *out, FILE *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/comparison.csv", dir);
    csv_table t;
    if (csv_read(path, path, err, &t)) return -1;
    /* The third column is the sweep's point, named after the sweep. */
    enum { NC = 10 };
    static const char *const cols[NC] = {"figure", "series", NULL, "measure", "unit", "reference", "simulated",
                                         "error_pct", "source", "note"};
    const char *heads[NC] = {"", "series", "", "measure", "unit", "thesis", "simulated", "error %", "line", "note"};
    int idx[NC], w[NC];
    for (int i = 0; i < NC; i++) {
        idx[i] = cols[i] ? csv_column(&t, cols[i]) : t.rows[0].nfields > 2 ? 2 : -1;
        if (idx[i] < 0) {
            fprintf(err, "%s:1: no column '%s' (written by an older myrisim? run the scenario again)\n", path,
                    cols[i] ? cols[i] : "3");
            csv_free(&t);
            return -1;
        }
        if (!cols[i]) heads[i] = t.rows[0].fields[2];
        w[i] = width(&t, idx[i]);
        if ((int)strlen(heads[i]) > w[i]) w[i] = (int)strlen(heads[i]);
    }
    /* one block per figure or table, in the order they first appear */
    for (int r = 1; r < t.nrows; r++) {
        const char *figure = idx[0] < t.rows[r].nfields ? t.rows[r].fields[idx[0]] : "";
        int seen = 0;
        for (int q = 1; q < r && !seen; q++)
            seen = idx[0] < t.rows[q].nfields && !strcmp(t.rows[q].fields[idx[0]], figure);
        if (seen) continue;
        fprintf(out, "%s%s\n  %-*s  %*s  %-*s  %-*s  %*s  %*s  %*s  %s\n", r > 1 ? "\n" : "", figure, w[1],
                heads[1], w[2], heads[2], w[3], heads[3], w[4], heads[4], w[5], heads[5], w[6], heads[6], w[7],
                heads[7], heads[8]);
        for (int q = r; q < t.nrows; q++) {
            const csv_row *row = &t.rows[q];
            const char *f[NC];
            for (int i = 0; i < NC; i++) f[i] = idx[i] < row->nfields ? row->fields[idx[i]] : "";
            if (strcmp(f[0], figure)) continue;
            fprintf(out, "  %-*s  %*s  %-*s  %-*s  %*s  %*s  %*s  %-*s", w[1], f[1], w[2], *f[2] ? f[2] : "-", w[3],
                    f[3], w[4], *f[4] ? f[4] : "-", w[5], f[5], w[6], *f[6] ? f[6] : "-", w[7], *f[7] ? f[7] : "-",
                    *f[9] ? w[8] : 0, f[8]);
            fprintf(out, "%s%s\n", *f[9] ? "  " : "", f[9]);
        }
    }
    csv_free(&t);
    fputc('\n', out);
    list_plots(dir, out);
    return 0;
}
