/* Series CSV files, comparison.csv and the reference comparison. */
#include "outputs.h"

#include "textfmt.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

const run_result *out_result(const sim_outputs *o, int series, int point)
{
    return &o->res[series * o->nx + point];
}

void compare_refs(const sim_outputs *o, comparison *cmp)
{
    for (int k = 0; k < o->sc->nrefs; k++) {
        const sim_ref *r = &o->sc->refs[k];
        comparison *c = &cmp[k];
        memset(c, 0, sizeof *c);
        c->ref = r;
        c->sim = c->err_pct = NAN;
        for (int i = 0; i < o->nx; i++)
            if (!o->sc->sweep.present || same_x(o->xs[i], r->x)) {
                c->ran = 1;
                const run_result *res = out_result(o, r->series, i);
                if (res->ok && result_get(res, r->measure, &c->sim) == 0) {
                    c->ok = 1;
                    c->err_pct = ref_error_pct(r->kind, r->y, c->sim);
                    c->bound_ok = r->kind == REF_BOUND && ref_bound_holds(r->cmp, c->sim, r->y);
                }
                break;
            }
    }
}

const double ref_tolerances[3] = {5, 10, 25};

void tally_refs(const scenario *sc, const comparison *cmp, ref_tally *t)
{
    memset(t, 0, sizeof *t);
    for (int k = 0; k < sc->nrefs; k++) {
        const comparison *c = &cmp[k];
        t->not_run += !c->ran;
        if (c->ref->kind == REF_BOUND) {
            t->bounds++;
            t->bounds_compared += c->ok;
            t->bounds_ok += c->ok && c->bound_ok;
            continue;
        }
        t->values++;
        if (!c->ok || isnan(c->err_pct))
            continue;
        t->compared++;
        for (int i = 0; i < 3; i++)
            t->within[i] += fabs(c->err_pct) <= ref_tolerances[i];
    }
}

static FILE *open_out(const sim_outputs *o, const char *name)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", o->dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "myrisim: cannot write %s: %s\n", path, strerror(errno));
    return f;
}

static int close_out(FILE *f)
{
    int bad = ferror(f);
    if (fclose(f) || bad) {
        fprintf(stderr, "myrisim: write error\n");
        return -1;
    }
    return 0;
}

int write_series_csv(const sim_outputs *o)
{
    const scenario *sc = o->sc;
    for (int s = 0; s < sc->nseries; s++) {
        char name[128];
        snprintf(name, sizeof name, "%s.csv", sc->series[s].slug);
        FILE *f = open_out(o, name);
        if (!f)
            return -1;
        csv_field(f, sc->sweep.present ? sc->sweep.label : "x");
        for (int m = 0; m < sc->nmeasures; m++) {
            fputc(',', f);
            csv_field(f, sc->measures[m]);
        }
        fputc('\n', f);
        for (int i = 0; i < o->nx; i++) {
            char b[NUM_BUF];
            const run_result *r = out_result(o, s, i);
            fputs(fmt_num(o->xs[i], b), f);
            /* A failed run or a missing measurement leaves the field empty. */
            for (int m = 0; m < sc->nmeasures; m++) {
                double v;
                fputc(',', f);
                if (r->ok && result_get(r, sc->measures[m], &v) == 0)
                    fputs(fmt_num(v, b), f);
            }
            fputc('\n', f);
        }
        if (close_out(f))
            return -1;
    }
    return 0;
}

int write_comparison_csv(const sim_outputs *o, const comparison *cmp)
{
    FILE *f = open_out(o, "comparison.csv");
    if (!f)
        return -1;
    fputs("figure,series,x,reference,simulated,error_pct,source\n", f);
    for (int k = 0; k < o->sc->nrefs; k++) {
        const comparison *c = &cmp[k];
        if (!c->ran)
            continue;   /* not in this run's points (--quick or --set sweep) */
        char b[NUM_BUF], rb[REF_FIELD_BUF];
        csv_field(f, c->ref->figure);
        fputc(',', f);
        csv_field(f, o->sc->series[c->ref->series].name);
        fprintf(f, ",%s", o->sc->sweep.present ? fmt_num(c->ref->x, b) : "");
        /* The kind travels as a prefix of the reference ("~119", "<10"). */
        fprintf(f, ",%s,", ref_field_format(c->ref->kind, c->ref->cmp, c->ref->y, rb));
        if (c->ok) {
            fputs(fmt_num(c->sim, b), f);
            if (!isnan(c->err_pct))
                fprintf(f, ",%.2f,", c->err_pct);
            else
                fputs(",,", f);
        } else {
            fputs(",,", f);
        }
        csv_field(f, c->ref->source);
        fputc('\n', f);
    }
    return close_out(f);
}
