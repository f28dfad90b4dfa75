/* report.md: title and source, the setup, every reference value beside the
 * simulated one with its error, the plots, the results per series and any
 * failed runs (and the runs stopped as their series expects). */
#include "outputs.h"

#include "../cli/describe.h"
#include "../runner/expect.h"
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

/* The runs that stopped as expected (expected = 1) or that failed, each with
 * its error text; a run that completed where a deadlock was expected says so. */
static void report_runs(FILE *f, const sim_outputs *o, int expected)
{
    const scenario *sc = o->sc;
    char b1[NUM_BUF];
    for (int s = 0; s < sc->nseries; s++)
        for (int i = 0; i < o->nx; i++) {
            const run_result *r = out_result(o, s, i);
            sc_expect e = sc->series[s].expect;
            int missed = expect_missed(e, r);
            if (expect_met(e, r) != expected || (!expected && r->ok && !missed))
                continue;
            fputs("- ", f);
            md_cell(f, sc->series[s].name);
            if (sc->sweep.present)
                fprintf(f, ", %s=%s", sc->sweep.label, fmt_num(o->xs[i], b1));
            if (missed)
                fprintf(f, ": expected a %s (`expect = \"%s\"`), but the run completed\n\n", expect_names[e],
                        expect_names[e]);
            else
                fprintf(f, ":\n\n```\n%s\n```\n\n", r->error);
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
        fputs("## Comparison with the dissertation\n\n", f);
        fputs("| series | ", f);
        md_cell(f, x_title(sc));
        fputs(" | measure | unit | dissertation | kind | simulated | error | where in the dissertation | note |\n", f);
        fputs("|---|---|---|---|---|---|---|---|---|---|\n", f);
        for (int k = 0; k < sc->nrefs; k++) {
            const comparison *c = &cmp[k];
            const sim_ref *r = c->ref;
            char note[600];
            fputs("| ", f);
            md_cell(f, sc->series[r->series].name);
            fprintf(f, " | %s | %s | ", sc->sweep.present ? fmt_num(c->x, b1) : "-", r->measure);
            md_cell(f, r->unit[0] ? r->unit : "-");
            fprintf(f, " | %s%s | %s | ", r->kind == REF_BOUND ? ref_cmp_symbol(r->cmp) : r->kind == REF_APPROX ? "~" : "",
                    fmt_num(r->y, b2), ref_kind_name(r->kind));
            if (!c->ran)
                fputs("not run | - | ", f);
            else if (!c->ok)
                fputs("run failed | - | ", f);
            else if (r->kind == REF_BOUND)
                fprintf(f, "%s | %s | ", fmt_num(c->sim, b1), c->bound_ok ? "satisfied" : "violated");
            else if (isnan(c->err_pct))
                fprintf(f, "%s | - | ", fmt_num(c->sim, b1));
            else
                fprintf(f, "%s | %+.1f%% | ", fmt_num(c->sim, b1), c->err_pct);
            if (r->location[0]) {
                md_cell(f, r->location);
                fputs("; ", f);
            }
            fprintf(f, "text line %s", r->source);
            if (r->file)
                fprintf(f, " (%s:%d)", r->file, r->file_line);
            fputs(" | ", f);
            md_cell(f, comparison_note(o, c, note, sizeof note));
            if (r->note[0] && !r->file) {   /* an inline value's own note */
                fputs(note[0] ? "; " : "", f);
                md_cell(f, r->note);
            }
            fputs(" |\n", f);
        }
        ref_tally t;
        tally_refs(sc, cmp, &t);
        fputs("\nKinds: *exact* is a number the text states, *approx* one it hedges (\"approximately\"), both "
              "compared by their error; a *bound* is a stated limit (\"less than 10 KB\"), satisfied or violated.\n\n",
              f);
        fprintf(f, "Fidelity: %d of %d reference values compared; within 5%%: %d, within 10%%: %d, within 25%%: %d.",
                t.compared, t.values, t.within[0], t.within[1], t.within[2]);
        if (t.bounds)
            fprintf(f, " Bounds: %d of %d satisfied.", t.bounds_ok, t.bounds);
        if (sc->analysis[0])
            fprintf(f, " Errors beyond %.0f%% and violated bounds are discussed in %s.", LARGE_ERROR_PCT, sc->analysis);
        fputs("\n\n", f);
    }

    for (int p = 0; p < sc->nplots; p++)
        fprintf(f, "## %s\n\n![%s](%s.png)\n\nVector version: [%s.svg](%s.svg); script: [%s.gp](%s.gp).\n\n",
                sc->plots[p].title, sc->plots[p].title, sc->plots[p].name, sc->plots[p].name, sc->plots[p].name,
                sc->plots[p].name, sc->plots[p].name);

    fputs("## Results\n\n", f);
    for (int s = 0; s < sc->nseries; s++) {
        fputs("### ", f);
        md_cell(f, sc->series[s].name);
        fprintf(f, " (%s.csv)\n\n|", sc->series[s].slug);
        if (sc->sweep.present) {
            fputc(' ', f);
            md_cell(f, sc->sweep.label);
            fputs(" |", f);
        }
        for (int m = 0; m < sc->nmeasures; m++)
            fprintf(f, " %s |", sc->measures[m]);
        fputs(" status |\n|", f);
        for (int m = 0; m < sc->nmeasures + 1 + sc->sweep.present; m++)
            fputs("---|", f);
        fputc('\n', f);
        for (int i = 0; i < o->nx; i++) {
            const run_result *r = out_result(o, s, i);
            fputc('|', f);
            if (sc->sweep.present)
                fprintf(f, " %s |", fmt_num(o->xs[i], b1));
            for (int m = 0; m < sc->nmeasures; m++) {
                double v;
                if (!r->ok)
                    fputs(expect_met(sc->series[s].expect, r) ? " - |" : " failed |", f);
                else if (result_get(r, sc->measures[m], &v) == 0)
                    fprintf(f, " %s |", fmt_num(v, b1));
                else
                    fputs(" - |", f);
            }
            fprintf(f, " %s |\n", run_status(r));
        }
        fputc('\n', f);
    }

    /* Runs on damaged links carry the damage statistics (exp_drops.h); a
     * scenario without damage has none, and its report stays as it was. */
    int damaged = 0;
    double v;
    for (int s = 0; s < sc->nseries; s++)
        for (int i = 0; i < o->nx; i++)
            damaged |= result_get(out_result(o, s, i), "crc_missed", &v) == 0;
    if (damaged) {
        fputs("## Link damage\n\nChunks the links corrupted or lost, packets the NIs received with a damaged "
              "byte or lost bytes, how many of those passed the CRC, and of those how many had lost bytes "
              "(experiment.link_corrupt_prob, link_loss_prob; docs/network.md).\n\n| series |", f);
        if (sc->sweep.present) {
            fputc(' ', f);
            md_cell(f, sc->sweep.label);
            fputs(" |", f);
        }
        fputs(" corrupted_chunks | lost_chunks | damaged_packets | crc_missed | crc_missed_short |\n|---|---|---|---|---|---|", f);
        fputs(sc->sweep.present ? "---|\n" : "\n", f);
        static const char *const dm[5] = {"corrupted_chunks", "lost_chunks", "damaged_packets", "crc_missed",
                                          "crc_missed_short"};
        for (int s = 0; s < sc->nseries; s++)
            for (int i = 0; i < o->nx; i++) {
                const run_result *r = out_result(o, s, i);
                if (result_get(r, "crc_missed", &v)) continue;
                fputs("| ", f);
                md_cell(f, sc->series[s].name);
                fputs(" |", f);
                if (sc->sweep.present) fprintf(f, " %s |", fmt_num(o->xs[i], b1));
                for (int m = 0; m < 5; m++)
                    fprintf(f, " %s |", result_get(r, dm[m], &v) ? "-" : fmt_num(v, b1));
                fputc('\n', f);
            }
        fputc('\n', f);
    }

    int met = 0;
    for (int s = 0; s < sc->nseries; s++)
        for (int i = 0; i < o->nx; i++)
            met += expect_met(sc->series[s].expect, out_result(o, s, i));
    if (met) {
        /* A teaching scenario's deadlock: the watchdog's report, cycle first. */
        fprintf(f, "## Stopped by the watchdog, as expected (%d)\n\n", met);
        report_runs(f, o, 1);
    }
    if (failed) {
        fprintf(f, "## Failed runs (%d)\n\n", failed);
        report_runs(f, o, 0);
    }
    int bad = ferror(f);
    if (fclose(f) || bad) {
        fprintf(stderr, "myrisim: write error on %s\n", path);
        return -1;
    }
    return 0;
}
