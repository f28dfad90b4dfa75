/* Series CSV files, comparison.csv and the reference comparison. */
#include "outputs.h"

#include "textfmt.h"
#include "../runner/expect.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

const run_result *out_result(const sim_outputs *o, int series, int point)
{
    return &o->res[series * o->nx + point];
}

const char *x_title(const scenario *sc)
{
    return sc->sweep.present ? sc->sweep.label : "sweep";
}

const char *run_status(const run_result *r)
{
    return result_outcome(r);
}

void compare_refs(const sim_outputs *o, comparison *cmp)
{
    for (int k = 0; k < o->sc->nrefs; k++) {
        const sim_ref *r = &o->sc->refs[k];
        comparison *c = &cmp[k];
        memset(c, 0, sizeof *c);
        c->ref = r;
        c->x = r->x;
        c->sim = c->err_pct = NAN;
        /* --quick: a reference whose own point is not run is compared at
         * its stand-in, and says so */
        if (o->quick && r->has_quick_x) {
            int own = 0;
            for (int i = 0; i < o->nx; i++)
                own |= same_x(o->xs[i], r->x);
            if (!own) {
                c->x = r->quick_x;
                c->reduced = 1;
            }
        }
        for (int i = 0; i < o->nx; i++)
            if (!o->sc->sweep.present || same_x(o->xs[i], c->x)) {
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

int comparison_large(const comparison *c)
{
    if (!c->ok)
        return 0;
    if (c->ref->kind == REF_BOUND)
        return !c->bound_ok;
    return !isnan(c->err_pct) && fabs(c->err_pct) > LARGE_ERROR_PCT;
}

const char *comparison_note(const sim_outputs *o, const comparison *c, char *buf, size_t len)
{
    char b1[NUM_BUF], b2[NUM_BUF];
    size_t used = 0;
    buf[0] = 0;
    if (c->reduced) {
        int k = snprintf(buf, len, "reduced (--quick): measured at %s = %s, published at %s",
                         x_title(o->sc), fmt_num(c->x, b1), fmt_num(c->ref->x, b2));
        used = k > 0 && (size_t)k < len ? (size_t)k : len - 1;
    }
    const char *why = c->ref->analysis && c->ref->analysis[0] ? c->ref->analysis : o->sc->analysis;
    if (comparison_large(c) && why[0])
        snprintf(buf + used, len - used, "%slarge error: see %s", used ? "; " : "", why);
    return buf;
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

/* One row per point: the swept value (none without a sweep), every
 * measurement the run gave for that point (a run that failed, or a
 * measurement it did not give, leaves the field empty), then the run's
 * status, so an empty row still says why. */
int write_series_csv(const sim_outputs *o)
{
    const scenario *sc = o->sc;
    for (int s = 0; s < sc->nseries; s++) {
        char name[128];
        snprintf(name, sizeof name, "%s.csv", sc->series[s].slug);
        FILE *f = open_out(o, name);
        if (!f)
            return -1;
        if (sc->sweep.present) {
            csv_field(f, sc->sweep.label);
            fputc(',', f);
        }
        for (int m = 0; m < sc->nmeasures; m++) {
            csv_field(f, sc->measures[m]);
            fputc(',', f);
        }
        fputs("status\n", f);
        for (int i = 0; i < o->nx; i++) {
            char b[NUM_BUF];
            const run_result *r = out_result(o, s, i);
            if (sc->sweep.present)
                fprintf(f, "%s,", fmt_num(o->xs[i], b));
            for (int m = 0; m < sc->nmeasures; m++) {
                double v;
                if (r->ok && result_get(r, sc->measures[m], &v) == 0)
                    fputs(fmt_num(v, b), f);
                fputc(',', f);
            }
            fprintf(f, "%s\n", run_status(r));
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
    fputs("figure,series,", f);
    csv_field(f, x_title(o->sc));
    fputs(",measure,unit,reference,simulated,error_pct,source,location,note\n", f);
    for (int k = 0; k < o->sc->nrefs; k++) {
        const comparison *c = &cmp[k];
        if (!c->ran)
            continue;   /* not in this run's points (--quick or --set sweep) */
        char b[NUM_BUF], rb[REF_FIELD_BUF], note[600];
        csv_field(f, c->ref->figure);
        fputc(',', f);
        csv_field(f, o->sc->series[c->ref->series].name);
        fprintf(f, ",%s,", o->sc->sweep.present ? fmt_num(c->x, b) : "");
        csv_field(f, c->ref->measure);
        fputc(',', f);
        csv_field(f, c->ref->unit);
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
        fputc(',', f);
        csv_field(f, c->ref->location);
        fputc(',', f);
        csv_field(f, comparison_note(o, c, note, sizeof note));
        fputc('\n', f);
    }
    return close_out(f);
}
