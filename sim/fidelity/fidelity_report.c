/* Writing results/REPORT.md from the inputs fidelity_read collected. */
#include "fidelity.h"

#include "../outputs/textfmt.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const double tol[3] = {5, 10, 25};

typedef struct fig_view {
    const char *name;
    int published;                 /* values in results/reference/, -1: no file */
    int rows, simulated;           /* comparison rows, rows with a value */
} fig_view;

typedef struct tally {
    int compared[2], within[2][3];   /* [exact, approx] */
    int bounds, bounds_ok, no_value;
} tally;

static void md_cell(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '|')
            fputc('\\', f);
        fputc(*s == '\n' ? ' ' : *s, f);
    }
}

static int cmp_view(const void *a, const void *b)
{
    return fidelity_figure_cmp(((const fig_view *)a)->name, ((const fig_view *)b)->name);
}

/* Every figure of the reference directory and of the comparisons, once. */
static fig_view *collect_figures(const fid_input *in, int *n)
{
    fig_view *v = calloc((size_t)(in->nfigures + in->nentries + 1), sizeof *v);
    *n = 0;
    for (int i = 0; i < in->nfigures + in->nentries; i++) {
        const char *name = i < in->nfigures ? in->figures[i].name : in->entries[i - in->nfigures].figure;
        int k = 0;
        while (k < *n && strcmp(v[k].name, name))
            k++;
        if (k == *n) {
            v[k].name = name;
            v[k].published = -1;
            (*n)++;
        }
        if (i < in->nfigures) {
            v[k].published = (v[k].published < 0 ? 0 : v[k].published) + in->figures[i].published;
        } else {
            v[k].rows++;
            v[k].simulated += in->entries[i - in->nfigures].has_sim;
        }
    }
    qsort(v, (size_t)*n, sizeof *v, cmp_view);
    return v;
}

static void count(const fid_entry *e, tally *t)
{
    if (!e->has_sim) {
        t->no_value++;
        return;
    }
    if (e->kind == REF_BOUND) {
        t->bounds++;
        t->bounds_ok += ref_bound_holds(e->cmp, e->sim, e->ref);
        return;
    }
    if (!e->has_err)
        return;
    int k = e->kind == REF_APPROX;
    t->compared[k]++;
    for (int i = 0; i < 3; i++)
        t->within[k][i] += fabs(e->err_pct) <= tol[i];
}

static void kind_row(FILE *f, const char *label, int compared, const int within[3])
{
    fprintf(f, "| %s | %d | %d | %d | %d |\n", label, compared, within[0], within[1], within[2]);
}

static void summary(FILE *f, const fid_input *in, const fig_view *v, int nv)
{
    tally t;
    memset(&t, 0, sizeof t);
    for (int i = 0; i < in->nentries; i++)
        count(&in->entries[i], &t);
    int all[3];
    for (int i = 0; i < 3; i++)
        all[i] = t.within[0][i] + t.within[1][i];
    fputs("## Fidelity summary\n\n", f);
    fputs("| kind | compared | within 5% | within 10% | within 25% |\n|---|---|---|---|---|\n", f);
    kind_row(f, "exact", t.compared[0], t.within[0]);
    kind_row(f, "approx", t.compared[1], t.within[1]);
    kind_row(f, "**all**", t.compared[0] + t.compared[1], all);
    int with = 0;
    for (int i = 0; i < nv; i++)
        with += v[i].simulated > 0;
    fprintf(f, "\nBounds: %d of %d satisfied, %d violated.\n", t.bounds_ok, t.bounds, t.bounds - t.bounds_ok);
    fprintf(f, "Reference values without a simulated value (the run failed): %d.\n", t.no_value);
    fprintf(f, "Figures and tables with a simulated result: %d of %d.\n", with, nv);
    fprintf(f, "Comparisons: %d, from %d result director%s; published values in `%s`: %d in %d files.\n\n",
            in->nentries, in->ndirs, in->ndirs == 1 ? "y" : "ies", in->refdir, in->refvalues, in->reffiles);
}

static void missing(FILE *f, const fig_view *v, int nv)
{
    fputs("## Figures with no simulated result yet\n\n", f);
    int any = 0;
    for (int i = 0; i < nv; i++) {
        if (v[i].simulated)
            continue;
        any = 1;
        fputs("- ", f);
        md_cell(f, v[i].name);
        if (v[i].published > 0)
            fprintf(f, ": %d published value%s", v[i].published, v[i].published == 1 ? "" : "s");
        else if (v[i].published == 0)
            fputs(": no published values (no stated values, or withheld as the hidden validation set)", f);
        else
            fputs(": not in the reference directory", f);
        if (v[i].rows)
            fprintf(f, "; %d comparison%s without a simulated value", v[i].rows, v[i].rows == 1 ? "" : "s");
        fputc('\n', f);
    }
    if (!any)
        fputs("None: every figure has at least one simulated value.\n", f);
    fputc('\n', f);
}

static void figure_section(FILE *f, const fid_input *in, const fig_view *fv)
{
    char b1[NUM_BUF], b2[NUM_BUF], rb[REF_FIELD_BUF];
    tally t;
    memset(&t, 0, sizeof t);
    for (int i = 0; i < in->nentries; i++)
        if (!strcmp(in->entries[i].figure, fv->name))
            count(&in->entries[i], &t);
    fputs("## ", f);
    md_cell(f, fv->name);
    fputs("\n\n", f);
    int compared = t.compared[0] + t.compared[1];
    fprintf(f, "%d comparison%s", fv->rows, fv->rows == 1 ? "" : "s");
    if (fv->published >= 0)
        fprintf(f, " (%d published value%s)", fv->published, fv->published == 1 ? "" : "s");
    fprintf(f, ": %d compared, within 5%%: %d, 10%%: %d, 25%%: %d", compared, t.within[0][0] + t.within[1][0],
            t.within[0][1] + t.within[1][1], t.within[0][2] + t.within[1][2]);
    if (t.bounds)
        fprintf(f, "; bounds: %d of %d satisfied", t.bounds_ok, t.bounds);
    fputs(".\n\n| series | at | measure | unit | published | kind | simulated | error | where in the dissertation | "
          "note | results |\n|---|---|---|---|---|---|---|---|---|---|---|\n",
          f);
    for (int i = 0; i < in->nentries; i++) {
        const fid_entry *e = &in->entries[i];
        if (strcmp(e->figure, fv->name))
            continue;
        fputs("| ", f);
        md_cell(f, e->series);
        fputs(" | ", f);
        if (e->has_x) {
            md_cell(f, e->xname);
            fprintf(f, " = %s", fmt_num(e->x, b1));
        } else {
            fputc('-', f);
        }
        fputs(" | ", f);
        md_cell(f, e->measure);
        fputs(" | ", f);
        md_cell(f, e->unit[0] ? e->unit : "-");
        fprintf(f, " | %s | %s | ", ref_field_format(e->kind, e->cmp, e->ref, rb), ref_kind_name(e->kind));
        if (!e->has_sim)
            fputs("no value | - | ", f);
        else if (e->kind == REF_BOUND)
            fprintf(f, "%s | %s | ", fmt_num(e->sim, b2),
                    ref_bound_holds(e->cmp, e->sim, e->ref) ? "satisfied" : "violated");
        else if (e->has_err)
            fprintf(f, "%s | %+.2f%% | ", fmt_num(e->sim, b2), e->err_pct);
        else
            fprintf(f, "%s | - | ", fmt_num(e->sim, b2));
        if (e->location[0]) {
            md_cell(f, e->location);
            fputs("; ", f);
        }
        fputs("text line ", f);
        md_cell(f, e->source);
        fputs(" | ", f);
        md_cell(f, e->note);
        fputs(" | ", f);
        md_cell(f, e->dir);
        fputs(" |\n", f);
    }
    fputc('\n', f);
}

int fidelity_write(const fid_input *in, const char *out_path, FILE *err)
{
    FILE *f = fopen(out_path, "w");
    if (!f) {
        fprintf(err, "myrisim: cannot write %s: %s\n", out_path, strerror(errno));
        return -1;
    }
    int nv;
    fig_view *v = collect_figures(in, &nv);
    fputs("# Fidelity of myrisim against the dissertation\n\n", f);
    fputs("Every published value a scenario compares, beside the simulated value, grouped by figure. "
          "Written by `myrisim report` from the `comparison.csv` of these result directories:", f);
    for (int i = 0; i < in->ndirs; i++) {
        fputs(i ? ", `" : " `", f);
        md_cell(f, in->dirs[i]);
        fputc('`', f);
    }
    if (!in->ndirs)
        fputs(" (none)", f);
    fprintf(f, ". The published values are transcribed in `%s` (its README.md gives the columns and kinds).\n\n",
            in->refdir);
    fputs("Kinds: *exact* is a number the text states and *approx* one it hedges (\"approximately\", \"close to\"); "
          "both are compared by their error. A *bound* is a stated limit (\"less than 10 KB\"), shown as `<`, `<=`, "
          "`>` or `>=` and either satisfied or violated.\n\n",
          f);
    summary(f, in, v, nv);
    missing(f, v, nv);
    fidelity_differences(f, in);
    for (int i = 0; i < nv; i++)
        if (v[i].rows)
            figure_section(f, in, &v[i]);
    free(v);
    int bad = ferror(f);
    if (fclose(f) || bad) {
        fprintf(err, "myrisim: write error on %s\n", out_path);
        return -1;
    }
    return 0;
}
