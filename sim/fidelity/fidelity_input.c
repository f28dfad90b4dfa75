/* Inputs of the fidelity report: comparison.csv files and the reference
 * directory, checked as strictly as scenario files. */
#define _GNU_SOURCE
#include "fidelity.h"

#include "csvread.h"
#include "refdata.h"

#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The third column is named after the scenario's sweep ("bytes", "sweep"
 * without one); the others are fixed. */
static const char *const cmp_columns[] = {"figure",    "series", NULL,     "measure",  "unit", "reference",
                                          "simulated", "error_pct", "source", "location", "note"};
#define NCMP 11
static const char *const cmp_columns_text =
    "figure,series,<the sweep's label>,measure,unit,reference,simulated,error_pct,source,location,note";

static int number(const char *s, double *v)
{
    char *end;
    if (!*s || isspace((unsigned char)*s))
        return -1;
    *v = strtod(s, &end);
    return *end || isnan(*v) || isinf(*v) ? -1 : 0;
}

static int cmp_strp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int header_ok(const csv_row *h)
{
    if (h->nfields != NCMP)
        return 0;
    for (int i = 0; i < NCMP; i++)
        if (cmp_columns[i] ? strcmp(h->fields[i], cmp_columns[i]) != 0 : !h->fields[i][0])
            return 0;
    return 1;
}

static int read_comparison(fid_input *in, const char *dir, FILE *err)
{
    char path[2100];
    snprintf(path, sizeof path, "%s/comparison.csv", dir);
    csv_table t;
    if (csv_read(path, path, err, &t))
        return 1;
    int errors = 0;
    if (!header_ok(&t.rows[0])) {
        fprintf(err, "%s:%d: not a comparison.csv: the header must be %s\n", path, t.rows[0].line, cmp_columns_text);
        csv_free(&t);
        return 1;
    }
    in->entries = realloc(in->entries, (size_t)(in->nentries + t.nrows) * sizeof *in->entries);
    for (int i = 1; i < t.nrows; i++) {
        const csv_row *r = &t.rows[i];
        if (r->nfields != NCMP) {
            fprintf(err, "%s:%d: %d fields, expected %d (%s)\n", path, r->line, r->nfields, NCMP, cmp_columns_text);
            errors++;
            continue;
        }
        fid_entry e;
        memset(&e, 0, sizeof e);
        e.dir = dir;
        int bad = 0;
        if (!r->fields[0][0] || !r->fields[1][0] || !r->fields[3][0] || !r->fields[8][0]) {
            fprintf(err, "%s:%d: figure, series, measure and source must not be empty\n", path, r->line);
            bad++;
        }
        e.has_x = r->fields[2][0] != 0;
        if (e.has_x && number(r->fields[2], &e.x)) {
            fprintf(err, "%s:%d: %s '%s' is not a number\n", path, r->line, t.rows[0].fields[2], r->fields[2]);
            bad++;
        }
        if (ref_field_parse(r->fields[5], &e.kind, &e.cmp, &e.ref)) {
            fprintf(err, "%s:%d: reference '%s' is not a number, ~number (approx) or <, <=, >, >= number (bound)\n",
                    path, r->line, r->fields[5]);
            bad++;
        }
        e.has_sim = r->fields[6][0] != 0;
        if (e.has_sim && number(r->fields[6], &e.sim)) {
            fprintf(err, "%s:%d: simulated '%s' is not a number\n", path, r->line, r->fields[6]);
            bad++;
        }
        e.has_err = r->fields[7][0] != 0;
        if (e.has_err && number(r->fields[7], &e.err_pct)) {
            fprintf(err, "%s:%d: error_pct '%s' is not a number\n", path, r->line, r->fields[7]);
            bad++;
        }
        if (bad) {
            errors += bad;
            continue;
        }
        /* The run's own error (full precision) when it gave one. */
        if (!e.has_err && e.has_sim && e.kind != REF_BOUND) {
            e.err_pct = ref_error_pct(e.kind, e.ref, e.sim);
            e.has_err = !isnan(e.err_pct);
        }
        e.figure = strdup(r->fields[0]);
        e.series = strdup(r->fields[1]);
        e.source = strdup(r->fields[8]);
        e.xname = strdup(t.rows[0].fields[2]);
        e.measure = strdup(r->fields[3]);
        e.unit = strdup(r->fields[4]);
        e.location = strdup(r->fields[9]);
        e.note = strdup(r->fields[10]);
        in->entries[in->nentries++] = e;
    }
    csv_free(&t);
    return errors;
}

/* DIR/settings.csv, written beside comparison.csv since it existed; a
 * directory without one just has no settings to compare. */
static int read_settings(fid_input *in, const char *dir, FILE *err)
{
    char path[2100];
    snprintf(path, sizeof path, "%s/settings.csv", dir);
    FILE *probe = fopen(path, "r");
    if (!probe)
        return 0;
    fclose(probe);
    csv_table t;
    if (csv_read(path, path, err, &t))
        return 1;
    const csv_row *h = &t.rows[0];
    if (h->nfields != 3 || strcmp(h->fields[0], "series") || strcmp(h->fields[1], "setting") ||
        strcmp(h->fields[2], "value")) {
        fprintf(err, "%s:%d: not a settings.csv: the header must be series,setting,value\n", path, h->line);
        csv_free(&t);
        return 1;
    }
    int errors = 0;
    in->settings = realloc(in->settings, (size_t)(in->nsettings + t.nrows) * sizeof *in->settings);
    for (int i = 1; i < t.nrows; i++) {
        const csv_row *r = &t.rows[i];
        if (r->nfields != 3) {
            fprintf(err, "%s:%d: %d fields, expected 3 (series,setting,value)\n", path, r->line, r->nfields);
            errors++;
            continue;
        }
        fid_setting *st = &in->settings[in->nsettings++];
        st->dir = dir;
        st->series = strdup(r->fields[0]);
        st->key = strdup(r->fields[1]);
        st->value = strdup(r->fields[2]);
    }
    csv_free(&t);
    return errors;
}

static int read_refdir(fid_input *in, const char *refdir, FILE *err)
{
    DIR *d = opendir(refdir);
    if (!d) {
        fprintf(err, "%s: cannot read the reference directory\n", refdir);
        return 1;
    }
    char **names = NULL;
    int n = 0, errors = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (e->d_name[0] != '.' && l > 4 && !strcmp(e->d_name + l - 4, ".csv")) {
            names = realloc(names, (size_t)(n + 1) * sizeof *names);
            names[n++] = strdup(e->d_name);
        }
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, cmp_strp);
    for (int i = 0; i < n; i++) {
        char path[2100], fig[64];
        snprintf(path, sizeof path, "%s/%s", refdir, names[i]);
        ref_table t;
        if (ref_table_load(path, path, err, &t)) {
            errors++;
            free(names[i]);
            continue;
        }
        const char *name = ref_figure_of_file(path, fig, sizeof fig);
        if (!name)
            name = t.nrows ? t.rows[0].figure : names[i];
        in->figures = realloc(in->figures, (size_t)(in->nfigures + 1) * sizeof *in->figures);
        in->figures[in->nfigures].name = strdup(name);
        in->figures[in->nfigures].published = t.nrows;
        in->nfigures++;
        in->reffiles++;
        in->refvalues += t.nrows;
        ref_table_free(&t);
        free(names[i]);
    }
    free(names);
    return errors;
}

int fidelity_read(fid_input *in, const char *const *dirs, int ndirs, const char *refdir, FILE *err)
{
    memset(in, 0, sizeof *in);
    in->refdir = refdir;
    in->dirs = calloc((size_t)(ndirs ? ndirs : 1), sizeof *in->dirs);
    for (int i = 0; i < ndirs; i++)
        in->dirs[i] = strdup(dirs[i]);
    in->ndirs = ndirs;
    qsort(in->dirs, (size_t)ndirs, sizeof *in->dirs, cmp_strp);
    int errors = 0;
    for (int i = 0; i < ndirs; i++) {
        if (i && !strcmp(in->dirs[i], in->dirs[i - 1])) {
            fprintf(err, "%s: result directory named twice\n", in->dirs[i]);
            errors++;
            continue;
        }
        errors += read_comparison(in, in->dirs[i], err);
        errors += read_settings(in, in->dirs[i], err);
    }
    errors += read_refdir(in, refdir, err);
    return errors;
}

void fidelity_free(fid_input *in)
{
    for (int i = 0; i < in->nentries; i++) {
        free(in->entries[i].figure);
        free(in->entries[i].series);
        free(in->entries[i].source);
        free(in->entries[i].xname);
        free(in->entries[i].measure);
        free(in->entries[i].unit);
        free(in->entries[i].location);
        free(in->entries[i].note);
    }
    for (int i = 0; i < in->nsettings; i++) {
        free(in->settings[i].series);
        free(in->settings[i].key);
        free(in->settings[i].value);
    }
    free(in->settings);
    for (int i = 0; i < in->nfigures; i++)
        free(in->figures[i].name);
    for (int i = 0; i < in->ndirs; i++)
        free(in->dirs[i]);
    free(in->entries);
    free(in->figures);
    free(in->dirs);
    memset(in, 0, sizeof *in);
}

static int rank(const char *s, const char **rest)
{
    static const char *const words[] = {"Figure ", "Table ", "Appendix "};
    for (int i = 0; i < 3; i++)
        if (!strncmp(s, words[i], strlen(words[i]))) {
            *rest = s + strlen(words[i]);
            return i;
        }
    *rest = s;
    return 3;
}

int fidelity_figure_cmp(const char *a, const char *b)
{
    const char *pa, *pb;
    int ra = rank(a, &pa), rb = rank(b, &pb);
    if (ra != rb)
        return ra - rb;
    /* Natural order: runs of digits compare as numbers. */
    while (*pa && *pb) {
        if (isdigit((unsigned char)*pa) && isdigit((unsigned char)*pb)) {
            char *ea, *eb;
            unsigned long na = strtoul(pa, &ea, 10), nb = strtoul(pb, &eb, 10);
            if (na != nb)
                return na < nb ? -1 : 1;
            pa = ea;
            pb = eb;
        } else {
            if (*pa != *pb)
                return (unsigned char)*pa - (unsigned char)*pb;
            pa++;
            pb++;
        }
    }
    if (*pa || *pb)
        return *pa ? 1 : -1;
    return strcmp(a, b);
}
