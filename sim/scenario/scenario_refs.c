/* The references list of a scenario. An element is either inline,
 *   { series = "A"; x = 64; y = 19.0; source = "L2492"; }
 * or selects rows of a reference file (results/reference/, refdata.h),
 *   { series = "A"; x = 64; select = { series = "LANai 4"; metric = "max_copy_bandwidth"; }; }
 * where the value, its kind, source line and figure come from the row. A
 * selection may match several rows that carry their own x (a whole curve);
 * rows without an x take the element's x. docs/scenarios.md has the rules. */
#include "scenario.h"

#include "../outputs/textfmt.h"
#include "../outputs/units.h"

#include <stdlib.h>
#include <string.h>

static const char *str(const config_setting_t *g, const char *name, const char *dflt)
{
    const char *v;
    return config_setting_lookup_string(g, name, &v) ? v : dflt;
}

static int in_sweep(const scenario *sc, double x)
{
    for (int i = 0; i < sc->sweep.n; i++)
        if (same_x(sc->sweep.values[i], x))
            return 1;
    return 0;
}

static sim_ref *new_ref(scenario *sc, int *cap)
{
    if (sc->nrefs == *cap) {
        *cap = *cap ? *cap * 2 : 8;
        sc->refs = realloc(sc->refs, (size_t)*cap * sizeof *sc->refs);
    }
    sim_ref *r = &sc->refs[sc->nrefs++];
    memset(r, 0, sizeof *r);
    return r;
}

/* "./x" and "../x" are relative to the scenario file, other relative paths
 * to the repository root (as for firmware sources). */
static void resolve(const scenario *sc, const char *path, char *out, size_t len)
{
    if (path[0] == '/')
        snprintf(out, len, "%s", path);
    else if (!strncmp(path, "./", 2) || !strncmp(path, "../", 3))
        snprintf(out, len, "%s/%s", sc->dir, path);
    else
        snprintf(out, len, "%s/%s", sc->root, path);
}

/* The reference file, loaded on first use; NULL (errors reported) if it
 * does not load. The pointer is good until the next file is loaded; its
 * strings (shown, the table's) stay put. */
static const sim_ref_file *ref_file(scenario *sc, const config_setting_t *at, const char *shown, diag *d)
{
    char path[2200];
    resolve(sc, shown, path, sizeof path);
    for (int i = 0; i < sc->nreffiles; i++)
        if (!strcmp(sc->reffiles[i].resolved, path))
            return sc->reffiles[i].failed ? NULL : &sc->reffiles[i];
    sc->reffiles = realloc(sc->reffiles, (size_t)(sc->nreffiles + 1) * sizeof *sc->reffiles);
    sim_ref_file *f = &sc->reffiles[sc->nreffiles++];
    f->resolved = strdup(path);
    f->shown = strdup(shown);
    f->failed = ref_table_load(path, shown, stderr, &f->table) != 0;
    if (f->failed) {
        diag_at(d, at, "cannot use the reference file %s (errors above)", shown);
        return NULL;
    }
    return f;
}

static void inline_ref(scenario *sc, const config_setting_t *g, sim_ref *r, diag *d)
{
    static const char *const only_files[] = {"file", "scale"};
    for (int k = 0; k < 2; k++)
        if (config_setting_get_member(g, only_files[k]))
            diag_at(d, config_setting_get_member(g, only_files[k]),
                    "'%s' belongs to values read from a reference file, which need a 'select'", only_files[k]);
    const config_setting_t *y = config_setting_get_member(g, "y");
    if (!y)
        diag_at(d, g, "missing required key 'y' (or 'select' a row of a reference file)");
    else
        cfg_number(y, &r->y);
    r->source = str(g, "source", NULL);
    if (!r->source) {
        diag_at(d, g, "missing required key 'source'");
        r->source = "";
    } else if (!source_lines_ok(r->source)) {
        diag_at(d, config_setting_get_member(g, "source"),
                "'%s' is not a dissertation line reference (expected e.g. \"L2492\" or \"L1740-L1749\")", r->source);
    }
    r->figure = sc->figure[0] ? sc->figure : sc->name;
    r->unit = measure_unit(r->measure);
    r->location = str(g, "location", "");
    r->kind = REF_EXACT;
    r->cmp = CMP_NONE;
    ref_kind_parse(str(g, "kind", "exact"), &r->kind);   /* the schema checked the name */
    const char *cmp = str(g, "cmp", NULL);
    if (cmp)
        ref_cmp_parse(cmp, &r->cmp);
    if (r->kind == REF_BOUND && !cmp)
        diag_at(d, config_setting_get_member(g, "kind"), "a bound needs 'cmp' (\"<\", \"<=\", \">\" or \">=\")");
    if (r->kind != REF_BOUND && cmp)
        diag_at(d, config_setting_get_member(g, "cmp"), "'cmp' is only for kind = \"bound\"");
}

/* Where an inline reference (or a file row without an x) sits on the sweep. */
static void place_x(const scenario *sc, const config_setting_t *g, sim_ref *r, const char *row, diag *d)
{
    const config_setting_t *x = config_setting_get_member(g, "x");
    r->in_sweep = 1;
    if (!sc->sweep.present) {
        if (x)
            diag_at(d, x, "there is no sweep, so a reference has no x");
    } else if (!x) {
        if (row)
            diag_at(d, g, "%s has no x: give the sweep point it is compared at with 'x'", row);
        else
            diag_at(d, g, "missing required key 'x' (the scenario has a sweep)");
    } else {
        cfg_number(x, &r->x);
        r->in_sweep = in_sweep(sc, r->x);
        if (!r->in_sweep && !sc->sweep.overridden) {
            char b[NUM_BUF];
            diag_at(d, x, "reference x = %s is not a point of the sweep", fmt_num(r->x, b));
        }
    }
}

/* Names of a column's distinct values among rows (for "it has: ..."). */
static void list_values(const ref_table *t, const char *series, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < t->nrows && used + 4 < len; i++) {
        const char *v = series ? t->rows[i].metric : t->rows[i].series;
        if (series && strcmp(t->rows[i].series, series))
            continue;
        int seen = 0;
        for (int j = 0; j < i && !seen; j++) {
            const char *w = series ? t->rows[j].metric : t->rows[j].series;
            seen = (!series || !strcmp(t->rows[j].series, series)) && !strcmp(v, w);
        }
        if (!seen) {
            int k = snprintf(buf + used, len - used, "%s'%s'", used ? ", " : "", v);
            if (k < 0 || (size_t)k >= len - used)
                break;
            used += (size_t)k;
        }
    }
}

static void no_match(const ref_table *t, const config_setting_t *sel, const char *fig, const char *series,
                     const char *metric, const config_setting_t *selx, diag *d)
{
    char have[600];
    int series_rows = 0, metric_rows = 0;
    for (int i = 0; i < t->nrows; i++)
        if (!strcmp(t->rows[i].series, series) && (!fig || !strcmp(t->rows[i].figure, fig))) {
            series_rows++;
            metric_rows += !strcmp(t->rows[i].metric, metric);
        }
    if (t->nrows == 0) {
        diag_at(d, sel, "the reference file %s holds no values (see results/reference/README.md)", t->shown);
    } else if (!series_rows) {
        list_values(t, NULL, have, sizeof have);
        diag_at(d, sel, "no row of %s has series '%s'%s%s%s (its series: %s)", t->shown, series, fig ? " and figure '" : "",
                fig ? fig : "", fig ? "'" : "", have);
    } else if (!metric_rows) {
        list_values(t, series, have, sizeof have);
        diag_at(d, sel, "no row of %s has series '%s' and metric '%s' (its metrics: %s)", t->shown, series, metric, have);
    } else {
        double x = 0;
        char b[NUM_BUF];
        cfg_number(selx, &x);
        diag_at(d, sel, "no row of %s has series '%s', metric '%s' and x = %s", t->shown, series, metric, fmt_num(x, b));
    }
}

static void file_refs(scenario *sc, const config_setting_t *g, const sim_ref *proto, int *cap, diag *d)
{
    const config_setting_t *sel = config_setting_get_member(g, "select");
    static const char *const from_file[] = {"y", "source", "kind", "cmp", "location"};
    int errors = d->errors;
    for (int k = 0; k < 5; k++)
        if (config_setting_get_member(g, from_file[k]))
            diag_at(d, config_setting_get_member(g, from_file[k]),
                    "'%s' comes from the reference file when the reference has a 'select'", from_file[k]);
    const config_setting_t *fs = config_setting_get_member(g, "file");
    if (!fs)
        fs = config_lookup(&sc->cfg, "reference_file");
    if (!fs) {
        diag_at(d, sel, "no reference file: give 'file' here or 'reference_file' at the top level");
        return;
    }
    double scale = 1;
    const config_setting_t *ss = config_setting_get_member(g, "scale");
    if (ss && (cfg_number(ss, &scale) || !(scale > 0)))
        diag_at(d, ss, "scale must be a positive number");
    const sim_ref_file *rf = ref_file(sc, fs, config_setting_get_string(fs), d);
    if (!rf || d->errors > errors)
        return;
    const ref_table *t = &rf->table;
    const char *fig = str(sel, "figure", NULL), *series = str(sel, "series", ""), *metric = str(sel, "metric", "");
    const config_setting_t *selx = config_setting_get_member(sel, "x");
    double want_x = 0;
    cfg_number(selx, &want_x);
    int matched = 0, without_x = 0, first_line = 0;
    for (int i = 0; i < t->nrows; i++) {
        const ref_row *row = &t->rows[i];
        if ((fig && strcmp(row->figure, fig)) || strcmp(row->series, series) || strcmp(row->metric, metric) ||
            (selx && (!row->has_x || !same_x(row->x, want_x))))
            continue;
        matched++;
        if (!row->has_x && without_x++) {
            diag_at(d, sel, "matches several rows without an x in %s (lines %d and %d); narrow the selection", t->shown,
                    first_line, row->line);
            continue;
        }
        if (!row->has_x)
            first_line = row->line;
        char where[1200];
        snprintf(where, sizeof where, "%s:%d", t->shown, row->line);
        sim_ref *r = new_ref(sc, cap);
        *r = *proto;
        r->y = row->value * scale;
        r->kind = row->kind;
        r->cmp = row->cmp;
        r->source = row->source;
        r->location = row->location;
        /* scaled values are in the measurement's unit, not the file's */
        r->unit = scale == 1 ? row->unit : measure_unit(r->measure);
        r->figure = row->figure;
        r->file = rf->shown;
        r->file_line = row->line;
        if (!r->note[0])
            r->note = row->quote;
        const config_setting_t *gx = config_setting_get_member(g, "x");
        if (!row->has_x) {
            place_x(sc, g, r, where, d);
        } else if (!sc->sweep.present) {
            r->in_sweep = 1;   /* one point: the row's x describes the fixed setting */
            if (gx)
                diag_at(d, gx, "there is no sweep, so a reference has no x");
        } else {
            double ex;
            if (gx && (cfg_number(gx, &ex) || !same_x(ex, row->x))) {
                char b[NUM_BUF];
                diag_at(d, gx, "%s has its own x = %s; 'x' is for rows without one (pick rows with select.x)", where,
                        fmt_num(row->x, b));
            }
            r->x = row->x;
            r->in_sweep = in_sweep(sc, r->x);
            if (!r->in_sweep && !sc->sweep.overridden) {
                char b[NUM_BUF];
                diag_at(d, sel, "reference x = %s (%s) is not a point of the sweep", fmt_num(r->x, b), where);
            }
        }
    }
    if (!matched)
        no_match(t, sel, fig, series, metric, selx, d);
}

/* quick_x: the sweep point that stands in for the reference's own x under
 * --quick (a reduced but representative run, labelled so in the outputs). */
static void quick_stand_in(const scenario *sc, const config_setting_t *g, int from, diag *d)
{
    const config_setting_t *q = config_setting_get_member(g, "quick_x");
    if (!q)
        return;
    double v = 0;
    cfg_number(q, &v);
    int ok = 0;
    for (int i = 0; i < sc->sweep.nquick; i++)
        ok |= same_x(sc->sweep.quick[i], v);
    if (!sc->sweep.present || !ok) {
        char b[NUM_BUF];
        diag_at(d, q, "quick_x = %s is not a point of the sweep's quick subset", fmt_num(v, b));
        return;
    }
    for (int k = from; k < sc->nrefs; k++) {
        sc->refs[k].has_quick_x = 1;
        sc->refs[k].quick_x = v;
    }
}

void scenario_decode_refs(scenario *sc, diag *d)
{
    const config_setting_t *list = config_lookup(&sc->cfg, "references");
    int n = list ? config_setting_length(list) : 0, cap = 0;
    sc->nrefs = 0;
    for (int i = 0; i < n; i++) {
        const config_setting_t *g = config_setting_get_elem(list, (unsigned)i);
        sim_ref proto;
        memset(&proto, 0, sizeof proto);
        const char *series = str(g, "series", "");
        proto.series = scenario_series_index(sc, series);
        if (proto.series < 0)
            diag_at(d, config_setting_get_member(g, "series"), "no series named '%s'", series);
        proto.measure = str(g, "measure", sc->nmeasures ? sc->measures[0] : "");
        if (!scenario_has_measure(sc, proto.measure))
            diag_at(d, config_setting_get_member(g, "measure"), "'%s' is not one of the measurements", proto.measure);
        proto.note = str(g, "note", "");
        proto.analysis = str(g, "analysis", "");
        int from = sc->nrefs;
        if (config_setting_get_member(g, "select")) {
            file_refs(sc, g, &proto, &cap, d);
        } else {
            sim_ref *r = new_ref(sc, &cap);
            *r = proto;
            inline_ref(sc, g, r, d);
            place_x(sc, g, r, NULL, d);
        }
        quick_stand_in(sc, g, from, d);
    }
    if (!sc->refs)
        sc->refs = calloc(1, sizeof *sc->refs);
}

void scenario_free_refs(scenario *sc)
{
    for (int i = 0; i < sc->nreffiles; i++) {
        free(sc->reffiles[i].resolved);
        free(sc->reffiles[i].shown);
        ref_table_free(&sc->reffiles[i].table);
    }
    free(sc->reffiles);
    free(sc->refs);
    sc->reffiles = NULL;
    sc->refs = NULL;
    sc->nreffiles = sc->nrefs = 0;
}
