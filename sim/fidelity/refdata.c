/* Loading and checking the published values in results/reference/ (a CSV per figure
 * or table; refdata.h); every bad row is an error naming file and line. */
#include "refdata.h"

#include "../scenario/scenario.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const ref_columns[] = {"figure", "series", "x",        "x_unit", "metric", "value",
                                   "unit",   "kind",   "location", "source", "quote",  NULL};

enum { C_FIGURE, C_SERIES, C_X, C_XUNIT, C_METRIC, C_VALUE, C_UNIT, C_KIND, C_LOCATION, C_SOURCE, C_QUOTE, NCOLS };

const char *ref_figure_of_file(const char *path, char *buf, size_t len)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (n < 5 || strcmp(base + n - 4, ".csv"))
        return NULL;
    n -= 4;
    const char *word = NULL, *rest = NULL;
    if (!strncmp(base, "fig", 3)) {
        word = "Figure";
        rest = base + 3;
    } else if (!strncmp(base, "table", 5)) {
        word = "Table";
        rest = base + 5;
    } else if (!strncmp(base, "appendix_", 9) && n == 10 && islower((unsigned char)base[9])) {
        snprintf(buf, len, "Appendix %c", toupper((unsigned char)base[9]));
        return buf;
    } else {
        return NULL;
    }
    /* <chapter>_<number>: digits, one underscore, digits */
    const char *end = base + n, *p = rest;
    int chap = 0, num = 0;
    while (p < end && isdigit((unsigned char)*p))
        p++, chap++;
    if (!chap || p >= end || *p != '_')
        return NULL;
    const char *q = ++p;
    while (p < end && isdigit((unsigned char)*p))
        p++, num++;
    if (!num || p != end)
        return NULL;
    snprintf(buf, len, "%s %.*s.%.*s", word, chap, rest, num, q);
    return buf;
}

static int parse_number(const char *s, double *v)
{
    char *end;
    if (!*s || isspace((unsigned char)*s))
        return -1;
    *v = strtod(s, &end);
    return *end || isnan(*v) || isinf(*v) ? -1 : 0;
}

static int metric_ok(const char *m)
{
    if (!islower((unsigned char)*m))
        return 0;
    for (; *m; m++)
        if (!islower((unsigned char)*m) && !isdigit((unsigned char)*m) && *m != '_')
            return 0;
    return 1;
}

/* Map header names to column indexes; every column must be known and
 * present exactly once. */
static int map_header(const ref_table *t, FILE *err, int col[NCOLS])
{
    const csv_row *h = &t->csv.rows[0];
    int errors = 0;
    for (int c = 0; c < NCOLS; c++)
        col[c] = -1;
    for (int i = 0; i < h->nfields; i++) {
        int known = -1;
        for (int c = 0; c < NCOLS; c++)
            if (!strcmp(h->fields[i], ref_columns[c]))
                known = c;
        if (known < 0) {
            fprintf(err, "%s:%d: unknown column '%s' (the columns are figure,series,x,x_unit,metric,value,unit,kind,"
                         "location,source,quote)\n", t->shown, h->line, h->fields[i]);
            errors++;
        } else if (col[known] >= 0) {
            fprintf(err, "%s:%d: column '%s' appears twice\n", t->shown, h->line, h->fields[i]);
            errors++;
        } else {
            col[known] = i;
        }
    }
    for (int c = 0; c < NCOLS; c++)
        if (col[c] < 0 && !errors) {
            fprintf(err, "%s:%d: missing column '%s'\n", t->shown, h->line, ref_columns[c]);
            errors++;
        }
    return errors;
}

#define ROW_ERR(...)                                                                                               \
    do {                                                                                                           \
        fprintf(err, "%s:%d: ", t->shown, line);                                                                   \
        fprintf(err, __VA_ARGS__);                                                                                 \
        fputc('\n', err);                                                                                          \
        errors++;                                                                                                  \
    } while (0)

static int check_row(ref_table *t, const csv_row *cr, const int col[NCOLS], const char *file_figure, FILE *err,
                     ref_row *r)
{
    int errors = 0, line = cr->line;
    int ncol = t->csv.rows[0].nfields;
    if (cr->nfields != ncol) {
        ROW_ERR("%d fields, but the header has %d (a comma inside a field needs quotes)", cr->nfields, ncol);
        return errors;
    }
    const char *f[NCOLS];
    for (int c = 0; c < NCOLS; c++)
        f[c] = cr->fields[col[c]];
    memset(r, 0, sizeof *r);
    r->line = line;
    r->figure = f[C_FIGURE];
    r->series = f[C_SERIES];
    r->x_unit = f[C_XUNIT];
    r->metric = f[C_METRIC];
    r->unit = f[C_UNIT];
    r->location = f[C_LOCATION];
    r->source = f[C_SOURCE];
    r->quote = f[C_QUOTE];
    static const int required[] = {C_FIGURE, C_SERIES, C_METRIC, C_VALUE, C_UNIT, C_KIND, C_LOCATION,
                                    C_SOURCE, C_QUOTE};
    for (size_t i = 0; i < sizeof required / sizeof *required; i++)
        if (!f[required[i]][0])
            ROW_ERR("column '%s' is empty", ref_columns[required[i]]);
    if (errors)
        return errors;
    if (file_figure && strcmp(r->figure, file_figure))
        ROW_ERR("figure '%s' does not belong in this file (it holds %s)", r->figure, file_figure);
    if (parse_number(f[C_VALUE], &r->value))
        ROW_ERR("value '%s' is not a number", f[C_VALUE]);
    r->has_x = f[C_X][0] != 0;
    if (r->has_x && parse_number(f[C_X], &r->x))
        ROW_ERR("x '%s' is not a number (leave it empty when the value has no x)", f[C_X]);
    if (r->has_x && !r->x_unit[0])
        ROW_ERR("x is given but x_unit is empty");
    if (!r->has_x && r->x_unit[0])
        ROW_ERR("x_unit '%s' is given but x is empty", r->x_unit);
    if (!metric_ok(r->metric))
        ROW_ERR("metric '%s' must be lower-case letters, digits and '_'", r->metric);
    r->cmp = ref_cmp_of_metric(r->metric);
    if (ref_kind_parse(f[C_KIND], &r->kind)) {
        ROW_ERR("kind '%s' is not exact, approx or bound", f[C_KIND]);
    } else if (r->kind == REF_BOUND && r->cmp == CMP_NONE) {
        ROW_ERR("a bound's metric must end in _lt, _le, _gt or _ge to say which way it holds ('%s')", r->metric);
    } else if (r->kind != REF_BOUND && r->cmp != CMP_NONE) {
        ROW_ERR("metric '%s' ends like a bound (_lt/_le/_gt/_ge) but the kind is '%s'", r->metric, f[C_KIND]);
    }
    if (!source_lines_ok(r->source))
        ROW_ERR("source '%s' is not a dissertation line reference (expected e.g. L2492)", r->source);
    return errors;
}

int ref_table_load(const char *path, const char *shown, FILE *err, ref_table *t)
{
    memset(t, 0, sizeof *t);
    snprintf(t->shown, sizeof t->shown, "%s", shown);
    if (csv_read(path, shown, err, &t->csv))
        return 1;
    int col[NCOLS];
    int errors = map_header(t, err, col);
    char fig[64];
    const char *file_figure = ref_figure_of_file(path, fig, sizeof fig);
    if (!errors) {
        t->rows = calloc((size_t)(t->csv.nrows > 1 ? t->csv.nrows - 1 : 1), sizeof *t->rows);
        for (int i = 1; i < t->csv.nrows; i++) {
            int e = check_row(t, &t->csv.rows[i], col, file_figure, err, &t->rows[t->nrows]);
            errors += e;
            if (!e)
                t->nrows++;
        }
    }
    if (errors)
        ref_table_free(t);
    return errors;
}

void ref_table_free(ref_table *t)
{
    free(t->rows);
    csv_free(&t->csv);
    t->rows = NULL;
    t->nrows = 0;
}
