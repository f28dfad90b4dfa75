/* Scenario summaries (describe.h): `myrisim describe` and report.md's
 * set-up section. */
#include "describe.h"

#include "../scenario/cluster.h"
#include "../scenario/runspec.h"
#include "../outputs/textfmt.h"

#include <string.h>

static void list_values(FILE *f, const double *v, int n)
{
    char b[NUM_BUF];
    for (int i = 0; i < n; i++) {
        if (n > 8 && i == 4) {
            fprintf(f, ", ...");
            i = n - 3;
        }
        fprintf(f, "%s%s", i ? ", " : "", fmt_num(v[i], b));
    }
}

void describe_sweep(FILE *f, const scenario *sc)
{
    if (!sc->sweep.present) {
        fputs("none (one run per series)", f);
        return;
    }
    fprintf(f, "%s (%s) = ", sc->sweep.label, sc->sweep.param);
    list_values(f, sc->sweep.values, sc->sweep.n);
    fprintf(f, " (%d point%s; --quick: ", sc->sweep.n, sc->sweep.n == 1 ? "" : "s");
    list_values(f, sc->sweep.quick, sc->sweep.nquick);
    fputc(')', f);
}

void describe_series(FILE *f, const scenario *sc, int series, const char *indent)
{
    int n;
    const double *xs = scenario_points(sc, 0, &n);
    run_spec r = {sc, series, 0, xs[0], NULL};
    cluster_desc c;
    diag d = {sc->path, 0};
    char buf[512];
    cluster_decode(&r, &c, &d);
    fprintf(f, "%scluster: %s\n", indent, cluster_summary(&c, buf, sizeof buf));
    fprintf(f, "%sexperiment: %s", indent, sc->kind->name);
    for (const key_spec *k = sc->kind->keys; k && k->name; k++) {
        char path[128];
        snprintf(path, sizeof path, "experiment.%s", k->name);
        const config_setting_t *s = run_setting(&r, path);
        if (!s)
            continue;
        double v;
        char b[NUM_BUF];
        if (s->type == CONFIG_TYPE_STRING)
            fprintf(f, ", %s %s", k->name, config_setting_get_string(s));
        else if (cfg_number(s, &v) == 0)
            fprintf(f, ", %s %s", k->name, fmt_num(v, b));
        else if (s->type == CONFIG_TYPE_BOOL)
            fprintf(f, ", %s %s", k->name, config_setting_get_bool(s) ? "true" : "false");
        else if (s->type == CONFIG_TYPE_ARRAY || s->type == CONFIG_TYPE_LIST) {
            fprintf(f, ", %s [", k->name);
            for (int i = 0; i < config_setting_length(s); i++) {
                const config_setting_t *e = config_setting_get_elem(s, (unsigned)i);
                if (e->type == CONFIG_TYPE_STRING)
                    fprintf(f, "%s%s", i ? " " : "", config_setting_get_string(e));
                else if (cfg_number(e, &v) == 0)
                    fprintf(f, "%s%s", i ? " " : "", fmt_num(v, b));
            }
            fputc(']', f);
        }
    }
    fputc('\n', f);
    run_param ps[64];
    int np = run_params(&r, ps, 64);
    if (np) {
        fprintf(f, "%sparameters:", indent);
        for (int i = 0; i < np; i++) {
            int swept = sc->sweep.present && !strncmp(sc->sweep.param, "experiment.params.", 18) &&
                        !strcmp(sc->sweep.param + 18, ps[i].name);
            fprintf(f, " %s=%s", ps[i].name, swept ? "(swept)" : ps[i].value);
        }
        fputc('\n', f);
    }
}

void describe_scenario(FILE *f, const scenario *sc)
{
    char b1[NUM_BUF], b2[NUM_BUF];
    fprintf(f, "%s: %s\n", sc->name, sc->title);
    fprintf(f, "  file: %s\n", sc->path);
    if (sc->figure[0] || sc->source[0])
        fprintf(f, "  reproduces: %s%s%s\n", sc->figure, sc->figure[0] && sc->source[0] ? ", dissertation " : "",
                sc->source);
    if (sc->description[0])
        fprintf(f, "  %s\n", sc->description);
    fprintf(f, "  kind: %s (%s)\n", sc->kind->name, sc->kind->summary);
    fputs("  sweep: ", f);
    describe_sweep(f, sc);
    fputc('\n', f);
    fputs("  measurements:", f);
    for (int m = 0; m < sc->nmeasures; m++)
        fprintf(f, " %s", sc->measures[m]);
    fputc('\n', f);
    fprintf(f, "  series (%d):\n", sc->nseries);
    for (int s = 0; s < sc->nseries; s++) {
        fprintf(f, "    %s  -> %s.csv\n", sc->series[s].name, sc->series[s].slug);
        describe_series(f, sc, s, "      ");
    }
    for (int p = 0; p < sc->nplots; p++) {
        const sim_plot *pl = &sc->plots[p];
        fprintf(f, "  plot %s: %s (x: %s, y: %s%s%s)\n", pl->name, pl->title, pl->x, pl->y, pl->logx ? ", log x" : "",
                pl->logy ? ", log y" : "");
    }
    if (sc->nrefs) {
        fprintf(f, "  references (%d):\n", sc->nrefs);
        for (int k = 0; k < sc->nrefs; k++) {
            const sim_ref *r = &sc->refs[k];
            fprintf(f, "    %s", sc->series[r->series].name);
            if (sc->sweep.present)
                fprintf(f, " at %s=%s", sc->sweep.label, fmt_num(r->x, b1));
            fprintf(f, ": %s %s %s%s (%s, %s", r->measure, r->kind == REF_BOUND ? ref_cmp_symbol(r->cmp) : "=",
                    r->kind == REF_APPROX ? "~" : "", fmt_num(r->y, b2), ref_kind_name(r->kind), r->source);
            if (r->file)
                fprintf(f, ", %s:%d", r->file, r->file_line);
            if (r->has_quick_x)
                fprintf(f, "; --quick: at %s=%s, labelled reduced", sc->sweep.label, fmt_num(r->quick_x, b1));
            fprintf(f, ")%s%s\n", r->note[0] ? " " : "", r->note);
        }
    }
    int n;
    scenario_points(sc, 0, &n);
    fprintf(f, "  runs: %d (%d series x %d points)\n", n * sc->nseries, sc->nseries, n);
}
