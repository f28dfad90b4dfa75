/* Scenario loading: parse, --set, schema check, then the semantic checks
 * that need more than one key (sweep points, series, plots, references,
 * clusters, the experiment kind's own checks). */
#include "scenario.h"

#include "cluster.h"
#include "runspec.h"
#include "../outputs/textfmt.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *str(const config_setting_t *g, const char *name, const char *dflt)
{
    const char *v;
    return config_setting_lookup_string(g, name, &v) ? v : dflt;
}

int source_lines_ok(const char *s)
{
    /* One or more "L<n>" or "L<n>-L<m>" items separated by ", ". */
    for (;;) {
        if (*s++ != 'L' || !isdigit((unsigned char)*s))
            return 0;
        while (isdigit((unsigned char)*s))
            s++;
        if (*s == '-') {
            s++;
            if (*s == 'L')
                s++;
            if (!isdigit((unsigned char)*s))
                return 0;
            while (isdigit((unsigned char)*s))
                s++;
        }
        if (!*s)
            return 1;
        if (*s++ != ',')
            return 0;
        while (*s == ' ')
            s++;
    }
}

int scenario_series_index(const scenario *sc, const char *name)
{
    for (int i = 0; i < sc->nseries; i++)
        if (!strcmp(sc->series[i].name, name))
            return i;
    return -1;
}

int scenario_has_measure(const scenario *sc, const char *name)
{
    for (int i = 0; i < sc->nmeasures; i++)
        if (!strcmp(sc->measures[i], name))
            return 1;
    return 0;
}

static int in_list(const double *v, int n, double x)
{
    for (int i = 0; i < n; i++)
        if (same_x(v[i], x))
            return 1;
    return 0;
}

const double *scenario_points(const scenario *sc, int quick, int *n)
{
    static const double zero = 0;
    if (!sc->sweep.present) {
        *n = 1;
        return &zero;
    }
    *n = quick ? sc->sweep.nquick : sc->sweep.n;
    return quick ? sc->sweep.quick : sc->sweep.values;
}

static int kind_measure(const experiment_kind *k, const char *m)
{
    for (int i = 0; k->measures && k->measures[i]; i++)
        if (!strcmp(k->measures[i], m))
            return 1;
    return 0;
}

/* The swept path must name a numeric setting. */
static int sweep_param_ok(const scenario *sc, const char *param)
{
    const char *pfx = "experiment.params.";
    if (!strncmp(param, pfx, strlen(pfx)))
        return param[strlen(pfx)] != 0 && !strchr(param + strlen(pfx), '.');
    const key_spec *members = scenario_keys, *spec = NULL;
    int kind_keys = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", param);
    char *save = NULL;
    for (char *t = strtok_r(buf, ".", &save); t; t = strtok_r(NULL, ".", &save)) {
        if (spec && spec->type != KT_GROUP)
            return 0;
        spec = schema_member(members, kind_keys, sc->kind, t);
        if (!spec)
            return 0;
        members = spec->members;
        kind_keys = spec->flags & KF_KIND_KEYS;
    }
    return spec && (spec->type == KT_INT || spec->type == KT_NUMBER || spec->type == KT_INT_OR_STRING ||
                    spec->type == KT_SCALAR);
}

static void decode_sweep(scenario *sc, diag *d)
{
    const config_setting_t *sw = config_lookup(&sc->cfg, "sweep");
    if (!sw)
        return;
    sim_sweep *s = &sc->sweep;
    s->present = 1;
    s->param = str(sw, "param", "");
    const char *last = strrchr(s->param, '.');
    s->label = str(sw, "label", last ? last + 1 : s->param);
    if (!sweep_param_ok(sc, s->param))
        diag_at(d, config_setting_get_member(sw, "param"),
                "'%s' is not a numeric setting (use experiment.params.NAME or a numeric key such as cluster.nodes)",
                s->param);
    if (sweep_expand(sw, d, &s->values, &s->n))
        return;
    const config_setting_t *q = config_setting_get_member(sw, "quick");
    if (!q) {
        s->quick = malloc((size_t)s->n * sizeof *s->quick);
        memcpy(s->quick, s->values, (size_t)s->n * sizeof *s->quick);
        s->nquick = s->n;
        return;
    }
    s->nquick = config_setting_length(q);
    if (s->nquick > s->n) {
        diag_at(d, q, "the quick subset has %d values, the sweep only %d points", s->nquick, s->n);
        s->nquick = 0;
        return;
    }
    s->quick = malloc((size_t)(s->nquick ? s->nquick : 1) * sizeof *s->quick);
    if (s->nquick == 0)
        diag_at(d, q, "the quick subset is empty");
    for (int i = 0; i < s->nquick; i++) {
        cfg_number(config_setting_get_elem(q, (unsigned)i), &s->quick[i]);
        if (!in_list(s->values, s->n, s->quick[i])) {
            char b[NUM_BUF];
            diag_at(d, q, "quick value %s is not a point of the sweep", fmt_num(s->quick[i], b));
        }
    }
}

/* g's `expect` (already checked against expect_names by the schema), or dflt. */
static sc_expect expect_of(const config_setting_t *g, sc_expect dflt)
{
    const char *v = NULL;
    if (!g || !config_setting_lookup_string(g, "expect", &v))
        return dflt;
    for (int i = 0; expect_names[i]; i++)
        if (!strcmp(expect_names[i], v))
            return (sc_expect)i;
    return dflt;
}

static void decode_series(scenario *sc, diag *d)
{
    sc_expect top = expect_of(config_root_setting(&sc->cfg), SC_EXPECT_COMPLETE);
    const config_setting_t *list = config_lookup(&sc->cfg, "series");
    int n = list ? config_setting_length(list) : 0;
    if (list && n == 0)
        diag_at(d, list, "the series list is empty");
    sc->nseries = n ? n : 1;
    sc->series = calloc((size_t)sc->nseries, sizeof *sc->series);
    if (!n) {
        sc->series[0].name = "default";
        sc->series[0].expect = top;
        snprintf(sc->series[0].slug, sizeof sc->series[0].slug, "default");
        return;
    }
    for (int i = 0; i < n; i++) {
        config_setting_t *g = config_setting_get_elem(list, (unsigned)i);
        sim_series *s = &sc->series[i];
        s->set = g;
        s->name = str(g, "name", "?");
        s->expect = expect_of(g, top);
        slugify(s->name, s->slug, sizeof s->slug);
        for (int j = 0; j < i; j++) {
            if (!strcmp(sc->series[j].name, s->name))
                diag_at(d, g, "series name '%s' is used twice", s->name);
            else if (!strcmp(sc->series[j].slug, s->slug))
                diag_at(d, g, "series '%s' and '%s' would share the file %s.csv", sc->series[j].name, s->name, s->slug);
        }
        if (!strcmp(s->slug, "comparison") || !strcmp(s->slug, "report"))
            diag_at(d, g, "series name '%s' clashes with an output file", s->name);
    }
}

static void decode_measures(scenario *sc, diag *d)
{
    const config_setting_t *m = config_lookup(&sc->cfg, "measurements");
    sc->nmeasures = config_setting_length(m);
    if (sc->nmeasures == 0)
        diag_at(d, m, "name at least one measurement");
    sc->measures = calloc((size_t)(sc->nmeasures ? sc->nmeasures : 1), sizeof *sc->measures);
    for (int i = 0; i < sc->nmeasures; i++) {
        const char *name = config_setting_get_string_elem(m, i);
        sc->measures[i] = name;
        if (sc->kind && !sc->kind->custom_measures && !kind_measure(sc->kind, name))
            diag_at(d, m, "kind '%s' does not measure '%s'", sc->kind->name, name);
        if (!name[0] || strpbrk(name, " ,\"\t\n") || !strcmp(name, "x"))
            diag_at(d, m, "'%s' is not a usable measurement name", name);
        for (int j = 0; j < i; j++)
            if (!strcmp(sc->measures[j], name))
                diag_at(d, m, "measurement '%s' is listed twice", name);
    }
}

static void decode_plots(scenario *sc, diag *d)
{
    const config_setting_t *list = config_lookup(&sc->cfg, "plots");
    sc->nplots = list ? config_setting_length(list) : 0;
    sc->plots = calloc((size_t)(sc->nplots ? sc->nplots : 1), sizeof *sc->plots);
    for (int i = 0; i < sc->nplots; i++) {
        const config_setting_t *g = config_setting_get_elem(list, (unsigned)i);
        sim_plot *p = &sc->plots[i];
        p->name = str(g, "name", "plot");
        p->title = str(g, "title", "");
        p->x = str(g, "x", "x");
        p->y = str(g, "y", "");
        p->xlabel = str(g, "xlabel", sc->sweep.present ? sc->sweep.label : "x");
        p->ylabel = str(g, "ylabel", p->y);
        int b;
        p->logx = config_setting_lookup_bool(g, "logx", &b) ? b : 0;
        p->logy = config_setting_lookup_bool(g, "logy", &b) ? b : 0;
        p->series = config_setting_get_member(g, "series");
        for (int k = 0; p->series && k < config_setting_length(p->series); k++) {
            const config_setting_t *e = config_setting_get_elem(p->series, (unsigned)k);
            const char *n = config_setting_get_string(e);
            if (n && scenario_series_index(sc, n) < 0)
                diag_at(d, e, "no series named '%s'", n);
        }
        int bad = !p->name[0];
        for (const char *c = p->name; *c; c++)
            bad |= !islower((unsigned char)*c) && !isdigit((unsigned char)*c) && *c != '_' && *c != '-';
        if (bad)
            diag_at(d, config_setting_get_member(g, "name"),
                    "plot name '%s' must be lower-case letters, digits, '_' and '-'", p->name);
        if (!scenario_has_measure(sc, p->y))
            diag_at(d, config_setting_get_member(g, "y"), "'%s' is not one of the measurements", p->y);
        if (strcmp(p->x, "x") && !scenario_has_measure(sc, p->x))
            diag_at(d, config_setting_get_member(g, "x"), "'%s' is neither \"x\" nor one of the measurements", p->x);
        if (!sc->sweep.present)
            diag_at(d, g, "a plot needs a sweep");
        for (int j = 0; j < i; j++)
            if (!strcmp(sc->plots[j].name, p->name))
                diag_at(d, g, "plot name '%s' is used twice", p->name);
    }
}

int plot_shows(const sim_plot *p, const scenario *sc, int s)
{
    if (!p->series)
        return 1;
    for (int k = 0; k < config_setting_length(p->series); k++) {
        const char *n = config_setting_get_string(config_setting_get_elem(p->series, (unsigned)k));
        if (n && !strcmp(n, sc->series[s].name))
            return 1;
    }
    return 0;
}

/* Parameter names and values must fit a run_param (runspec.h) whole: a
 * name cut short would name another parameter and a value cut short would
 * reach the firmware silently changed. */
static void check_params(const config_setting_t *params, diag *d)
{
    for (int i = 0; params && i < config_setting_length(params); i++) {
        const config_setting_t *p = config_setting_get_elem(params, (unsigned)i);
        if (strlen(p->name) >= sizeof ((run_param *)0)->name)
            diag_at(d, p, "parameter name longer than %d characters", (int)sizeof ((run_param *)0)->name - 1);
        else if (p->type == CONFIG_TYPE_STRING && strlen(config_setting_get_string(p)) >= sizeof ((run_param *)0)->value)
            diag_at(d, p, "value longer than %d characters", (int)sizeof ((run_param *)0)->value - 1);
    }
}

/* Bounds on what a scenario may ask for: runs are series x points, every
 * one decoded and checked here and run later. */
enum { MAX_SERIES = 1000, MAX_RUNS = 100000 };
static void check_counts(scenario *sc, diag *d)
{
    const char *pfx = "experiment.params.";
    if (sc->sweep.present && !strncmp(sc->sweep.param, pfx, strlen(pfx)) &&
        strlen(sc->sweep.param + strlen(pfx)) >= sizeof ((run_param *)0)->name)
        diag_at(d, config_lookup(&sc->cfg, "sweep.param"), "parameter name longer than %d characters",
                (int)sizeof ((run_param *)0)->name - 1);
    check_params(config_lookup(&sc->cfg, "experiment.params"), d);
    for (int i = 0; i < sc->nseries; i++)
        if (sc->series[i].set)
            check_params(config_setting_lookup(sc->series[i].set, "experiment.params"), d);
    if (sc->nseries > MAX_SERIES)
        diag_at(d, config_lookup(&sc->cfg, "series"), "%d series, at most %d", sc->nseries, MAX_SERIES);
    else if ((long long)sc->nseries * (sc->sweep.present ? sc->sweep.n : 1) > MAX_RUNS)
        diag_at(d, config_lookup(&sc->cfg, "sweep"), "%d series x %d points is more than %d runs", sc->nseries,
                sc->sweep.n, MAX_RUNS);
}

/* Per series: the cluster and the kind's own checks, at every point. */
static void check_runs(scenario *sc, diag *d)
{
    int n;
    const double *xs = scenario_points(sc, 0, &n);
    for (int s = 0; s < sc->nseries; s++)
        for (int i = 0; i < n; i++) {
            run_spec r = {sc, s, 0, xs[i], NULL};
            cluster_desc c;
            int e = cluster_decode(&r, &c, d);
            if (!e && sc->kind->check)
                e = sc->kind->check(&r, d);
            if (e)
                break;
        }
}

static void dirname_of(const char *path, char *out, size_t len)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(out, len, ".");
    else
        snprintf(out, len, "%.*s", (int)(slash - path), path);
}

int scenario_load(scenario *sc, const char *path, const char *root, const char *const *sets, int nsets)
{
    memset(sc, 0, sizeof *sc);
    snprintf(sc->path, sizeof sc->path, "%s", path);
    dirname_of(path, sc->dir, sizeof sc->dir);
    snprintf(sc->root, sizeof sc->root, "%s", root);
    config_init(&sc->cfg);
    diag d = {sc->path, 0};
    if (config_read_file(&sc->cfg, path) != CONFIG_TRUE) {
        if (config_error_type(&sc->cfg) == CONFIG_ERR_FILE_IO) {
            /* libconfig keeps no errno: ask the file system why, once more */
            FILE *f = fopen(path, "r");
            int why = f ? EISDIR : errno;
            if (f) fclose(f);
            fprintf(stderr, "%s: cannot read the scenario file: %s%s\n", path, strerror(why),
                    why == ENOENT ? " (`myrisim list` shows every scenario)" : "");
        } else
            fprintf(stderr, "%s:%d: syntax error: %s\n", config_error_file(&sc->cfg) ? config_error_file(&sc->cfg) : path,
                    config_error_line(&sc->cfg), config_error_text(&sc->cfg));
        scenario_free(sc);
        return -1;
    }
    for (int i = 0; i < nsets; i++) {
        diag sd = {sc->path, 0};
        if (apply_set(&sc->cfg, sets[i], &sd))
            d.errors++;
        else if (!strncmp(sets[i], "sweep.", 6))
            sc->sweep.overridden = 1;
    }
    if (d.errors) {
        scenario_free(sc);
        return -1;
    }
    const char *kname = NULL;
    config_setting_t *ks = config_lookup(&sc->cfg, "experiment.kind");
    if (ks && ks->type == CONFIG_TYPE_STRING) {
        kname = config_setting_get_string(ks);
        sc->kind = experiment_find(kname);
        if (!sc->kind) {
            char names[200] = "";
            const experiment_kind *const *all = experiment_kinds();
            for (int i = 0; all[i]; i++)
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "", all[i]->name);
            diag_at(&d, ks, "unknown experiment kind '%s' (known: %s)", kname, names);
        }
    }
    schema_validate(config_root_setting(&sc->cfg), sc->kind, &d);
    if (d.errors) {
        scenario_free(sc);
        return -1;
    }
    config_setting_t *root_s = config_root_setting(&sc->cfg);
    sc->name = str(root_s, "name", "");
    sc->title = str(root_s, "title", "");
    sc->figure = str(root_s, "figure", "");
    sc->source = str(root_s, "source", "");
    sc->description = str(root_s, "description", "");
    sc->analysis = str(root_s, "analysis", "");
    for (const char *c = sc->name; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '_' && *c != '-' && *c != '.') {
            diag_at(&d, config_setting_get_member(root_s, "name"),
                    "'%s' is not a usable scenario name (letters, digits, '_', '-', '.')", sc->name);
            break;
        }
    if (sc->source[0] && !source_lines_ok(sc->source))
        diag_at(&d, config_setting_get_member(root_s, "source"),
                "'%s' is not a dissertation line reference (expected e.g. \"L2476-L2499\")", sc->source);
    decode_measures(sc, &d);
    decode_series(sc, &d);
    decode_sweep(sc, &d);
    check_counts(sc, &d);
    if (!d.errors) {
        decode_plots(sc, &d);
        scenario_decode_refs(sc, &d);
    }
    if (!d.errors)
        check_runs(sc, &d);
    if (d.errors) {
        scenario_free(sc);
        return -1;
    }
    return 0;
}

void scenario_free(scenario *sc)
{
    config_destroy(&sc->cfg);
    free(sc->sweep.values);
    free(sc->sweep.quick);
    free(sc->series);
    free(sc->measures);
    free(sc->plots);
    scenario_free_refs(sc);
    memset(sc, 0, sizeof *sc);
}
