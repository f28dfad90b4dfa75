/* report.md: title and source, the setup, every reference value beside the
 * simulated one with its error, the plots, the results per series and any
 * failed runs. */
#include "outputs.h"

#include "describe.h"
#include "textfmt.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Markdown table cells must not hold '|'. */
static void md_cell(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '|')
            fputc('\\', f);
        fputc(*s == '\n' ? ' ' : *s, f);
    }
}

int write_report(const sim_outputs *o, const comparison *cmp, int failed)
{
    const scenario *sc = o->sc;
    char path[2048], b1[NUM_BUF], b2[NUM_BUF];
    snprintf(path, sizeof path, "%s/report.md", o->dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "myrisim: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    fprintf(f, "# %s\n\n", sc->title);
    fprintf(f, "Scenario `%s`", sc->name);
    if (sc->figure[0])
        fprintf(f, ", reproducing %s", sc->figure);
    if (sc->source[0])
        fprintf(f, " (dissertation %s)", sc->source);
    fputs(".", f);
    if (o->quick)
        fputs(" Quick run: only the sweep's quick subset.", f);
    fputs("\n\n", f);
    if (sc->description[0])
        fprintf(f, "%s\n\n", sc->description);
    if (o->nsets) {
        fputs("Overrides:", f);
        for (int i = 0; i < o->nsets; i++)
            fprintf(f, " `--set %s`", o->sets[i]);
        fputs("\n\n", f);
    }

    fputs("## Setup\n\n", f);
    fprintf(f, "- experiment kind: `%s` — %s\n- sweep: ", sc->kind->name, sc->kind->summary);
    describe_sweep(f, sc);
    fputs("\n", f);
    for (int s = 0; s < sc->nseries; s++) {
        fprintf(f, "- series **");
        md_cell(f, sc->series[s].name);
        fputs("**\n", f);
        describe_series(f, sc, s, "  - ");
    }
    fputs("\n", f);

    if (sc->nrefs) {
        int within[3] = {0, 0, 0}, compared = 0;
        const double tol[3] = {5, 10, 25};
        fputs("## Comparison with the dissertation\n\n", f);
        fprintf(f, "| series | %s | measure | dissertation | simulated | error | source | note |\n",
                sc->sweep.present ? sc->sweep.label : "x");
        fputs("|---|---|---|---|---|---|---|---|\n", f);
        for (int k = 0; k < sc->nrefs; k++) {
            const comparison *c = &cmp[k];
            fputs("| ", f);
            md_cell(f, sc->series[c->ref->series].name);
            fprintf(f, " | %s | %s | %s | ", sc->sweep.present ? fmt_num(c->ref->x, b1) : "-", c->ref->measure,
                    fmt_num(c->ref->y, b2));
            if (!c->ran)
                fputs("not run | - | ", f);
            else if (!c->ok)
                fputs("run failed | - | ", f);
            else if (isnan(c->err_pct))
                fprintf(f, "%s | - | ", fmt_num(c->sim, b1));
            else
                fprintf(f, "%s | %+.1f%% | ", fmt_num(c->sim, b1), c->err_pct);
            fprintf(f, "%s | ", c->ref->source);
            md_cell(f, c->ref->note);
            fputs(" |\n", f);
            if (c->ok && !isnan(c->err_pct)) {
                compared++;
                for (int t = 0; t < 3; t++)
                    if (fabs(c->err_pct) <= tol[t])
                        within[t]++;
            }
        }
        fprintf(f, "\nFidelity: %d of %d reference values compared; within 5%%: %d, within 10%%: %d, within 25%%: %d.\n\n",
                compared, sc->nrefs, within[0], within[1], within[2]);
    }

    for (int p = 0; p < sc->nplots; p++)
        fprintf(f, "## %s\n\n![%s](%s.png)\n\nVector version: [%s.svg](%s.svg); script: [%s.gp](%s.gp).\n\n",
                sc->plots[p].title, sc->plots[p].title, sc->plots[p].name, sc->plots[p].name, sc->plots[p].name,
                sc->plots[p].name, sc->plots[p].name);

    fputs("## Results\n\n", f);
    for (int s = 0; s < sc->nseries; s++) {
        fputs("### ", f);
        md_cell(f, sc->series[s].name);
        fprintf(f, " (%s.csv)\n\n| %s |", sc->series[s].slug, sc->sweep.present ? sc->sweep.label : "x");
        for (int m = 0; m < sc->nmeasures; m++)
            fprintf(f, " %s |", sc->measures[m]);
        fputs("\n|---|", f);
        for (int m = 0; m < sc->nmeasures; m++)
            fputs("---|", f);
        fputc('\n', f);
        for (int i = 0; i < o->nx; i++) {
            const run_result *r = out_result(o, s, i);
            fprintf(f, "| %s |", fmt_num(o->xs[i], b1));
            for (int m = 0; m < sc->nmeasures; m++) {
                double v;
                if (!r->ok)
                    fputs(" failed |", f);
                else if (result_get(r, sc->measures[m], &v) == 0)
                    fprintf(f, " %s |", fmt_num(v, b1));
                else
                    fputs(" - |", f);
            }
            fputc('\n', f);
        }
        fputc('\n', f);
    }

    if (failed) {
        fprintf(f, "## Failed runs (%d)\n\n", failed);
        for (int s = 0; s < sc->nseries; s++)
            for (int i = 0; i < o->nx; i++) {
                const run_result *r = out_result(o, s, i);
                if (r->ok)
                    continue;
                fputs("- ", f);
                md_cell(f, sc->series[s].name);
                if (sc->sweep.present)
                    fprintf(f, ", %s=%s", sc->sweep.label, fmt_num(o->xs[i], b1));
                fputs(":\n\n```\n", f);
                fprintf(f, "%s\n```\n\n", r->error);
            }
    }
    int bad = ferror(f);
    if (fclose(f) || bad) {
        fprintf(stderr, "myrisim: write error on %s\n", path);
        return -1;
    }
    return 0;
}
