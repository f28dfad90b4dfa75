/* Baseline comparison (compare.h). */
#define _GNU_SOURCE
#include "compare.h"

#include <libconfig.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *cmp_fmt(double v, char buf[40])
{
    snprintf(buf, 40, "%.12g", v);
    return buf;
}

const char *cmp_unit(const char *m)
{
    static const struct { const char *suf, *unit; } u[] = {
        {"_us", "us"}, {"_ns", "ns"}, {"_ps", "ps"}, {"_mbs", "MB/s"}, {"_bytes", "B"}, {"_pct", "%"},
        {"cycles", "cycles"}, {"insns", "instructions"}, {"events", "events"},
    };
    size_t l = strlen(m);
    for (size_t i = 0; i < sizeof u / sizeof u[0]; i++) {
        size_t s = strlen(u[i].suf);
        if (l >= s && !strcmp(m + l - s, u[i].suf)) return u[i].unit;
    }
    return "";
}

int regress_tolerances(const char *file, tol_list *t, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    config_t c;
    config_init(&c);
    int rc = 0;
    if (config_read_file(&c, file) != CONFIG_TRUE) {
        snprintf(err, errlen, "%s:%d: %s", file, config_error_line(&c), config_error_text(&c));
        config_destroy(&c);
        return -1;
    }
    config_setting_t *s = config_lookup(&c, "regress_tolerance");
    for (int i = 0; s && i < config_setting_length(s) && t->n < 16; i++) {
        const char *e = config_setting_get_string_elem(s, i);
        const char *eq = e ? strchr(e, '=') : NULL;
        char *end = NULL;
        double v = eq ? strtod(eq + 1, &end) : 0;
        if (!eq || eq == e || !end || *end || end == eq + 1 || v < 0 || eq - e >= 64) {
            snprintf(err, errlen, "%s:%d: regress_tolerance: '%s' is not METRIC=RELATIVE (e.g. \"events=0.01\")", file,
                     config_setting_source_line(s), e ? e : "?");
            rc = -1;
            break;
        }
        snprintf(t->name[t->n], 64, "%.*s", (int)(eq - e), e);
        t->rel[t->n++] = v;
    }
    config_destroy(&c);
    return rc;
}

static double tol_of(const tol_list *t, const char *m)
{
    for (int i = 0; t && i < t->n; i++)
        if (!strcmp(t->name[i], m)) return t->rel[i];
    return 0;
}

static cmp_item *add(scen_cmp *c, const char *label, const char *what)
{
    if (!(c->nitem & (c->nitem - 1))) {
        cmp_item *v = realloc(c->item, (size_t)(c->nitem ? 2 * c->nitem : 1) * sizeof *v);
        if (!v) exit(3);
        c->item = v;
    }
    cmp_item *i = &c->item[c->nitem++];
    memset(i, 0, sizeof *i);
    snprintf(i->label, sizeof i->label, "%s", label);
    snprintf(i->what, sizeof i->what, "%s", what);
    i->ok = 1;
    return i;
}

static const bl_run *find_run(const baseline *b, const char *label)
{
    for (int i = 0; i < b->nrun; i++)
        if (!strcmp(b->run[i].label, label)) return &b->run[i];
    return NULL;
}

static int same(double a, double b, double tol)
{
    char x[40], y[40];
    if (!strcmp(cmp_fmt(a, x), cmp_fmt(b, y))) return 1;
    if (tol <= 0) return 0;
    double m = fabs(a) > fabs(b) ? fabs(a) : fabs(b);
    return fabs(a - b) <= tol * m;
}

static void sum_fn(scen_cmp *c, int ni, const char *chip, const char *name, uint64_t cyc, uint64_t ent, int side)
{
    for (int i = 0; i < c->nfn; i++)
        if (c->fn[i].ni == ni && !strcmp(c->fn[i].chip, chip) && !strcmp(c->fn[i].name, name)) {
            if (side) c->fn[i].b += cyc;
            else c->fn[i].a += cyc;
            if (ent > c->fn[i].entries) c->fn[i].entries = ent;
            return;
        }
    if (!(c->nfn & (c->nfn - 1))) {
        cmp_fn *v = realloc(c->fn, (size_t)(c->nfn ? 2 * c->nfn : 1) * sizeof *v);
        if (!v) exit(3);
        c->fn = v;
    }
    cmp_fn *f = &c->fn[c->nfn++];
    memset(f, 0, sizeof *f);
    f->ni = ni;
    snprintf(f->chip, sizeof f->chip, "%s", chip);
    snprintf(f->name, sizeof f->name, "%s", name);
    if (side) f->b = cyc;
    else f->a = cyc;
    f->entries = ent;
}

static uint64_t absdiff(const cmp_fn *f) { return f->a > f->b ? f->a - f->b : f->b - f->a; }

static int by_delta(const void *x, const void *y)
{
    const cmp_fn *a = x, *b = y;
    int wa = a->entries <= 1, wb = b->entries <= 1;
    if (wa != wb) return wa - wb;
    uint64_t da = absdiff(a), db = absdiff(b);
    if (da != db) return da < db ? 1 : -1;
    if (a->ni != b->ni) return a->ni - b->ni;
    if (strcmp(a->chip, b->chip)) return strcmp(a->chip, b->chip);
    return strcmp(a->name, b->name);
}

/* Both sides per source function when both have it (DWARF), else per
 * symbol: never one of each. */
static int use_src(const bl_run *a, const bl_run *b)
{
    for (int k = 0; k < a->nni; k++)
        if (!a->ni[k].nsrc) return 0;
    for (int k = 0; k < b->nni; k++)
        if (!b->ni[k].nsrc) return 0;
    return a->nni > 0 && b->nni > 0;
}

static void add_profiles(scen_cmp *c, const bl_run *r, int side, int src)
{
    for (int k = 0; r && k < r->nni; k++) {
        const bl_fn *f = src ? r->ni[k].src : r->ni[k].fn;
        int n = src ? r->ni[k].nsrc : r->ni[k].nfn;
        for (int j = 0; j < n; j++) sum_fn(c, r->ni[k].ni, r->ni[k].chip, f[j].name, f[j].cycles, f[j].calls, side);
    }
}

void compare_baselines(const baseline *a, const baseline *b, const tol_list *t, scen_cmp *c)
{
    memset(c, 0, sizeof *c);
    c->a = a;
    c->b = b;
    for (int i = 0; i < b->nrun; i++) {
        const bl_run *rb = &b->run[i], *ra = find_run(a, rb->label);
        if (!ra || ra->error[0] || rb->error[0]) {
            if (ra && ra->error[0] && rb->error[0]) continue;      /* failed both times: nothing new */
            cmp_item *it = add(c, rb->label, "run");
            it->ok = 0;
            snprintf(it->msg, sizeof it->msg, "%s", !ra ? "not in the baseline"
                                                    : rb->error[0] ? rb->error : "failed in the baseline, runs now");
            continue;
        }
        for (int m = 0; m < ra->nm; m++) {
            cmp_item *it = add(c, rb->label, ra->m[m].name);
            const bl_metric *mb = bl_find_metric(rb, ra->m[m].name);
            it->have_a = 1;
            it->a = ra->m[m].v;
            it->tol = tol_of(t, it->what);
            if (!mb) {
                it->ok = 0;
                snprintf(it->msg, sizeof it->msg, "no longer reported");
                continue;
            }
            it->have_b = 1;
            it->b = mb->v;
            it->ok = same(it->a, it->b, it->tol);
        }
        for (int m = 0; m < rb->nm; m++)
            if (!bl_find_metric(ra, rb->m[m].name)) {
                cmp_item *it = add(c, rb->label, rb->m[m].name);
                it->have_b = 1;
                it->b = rb->m[m].v;
                it->ok = 0;
                snprintf(it->msg, sizeof it->msg, "new metric, not in the baseline");
            }
        cmp_item *it = add(c, rb->label, "fingerprint");
        it->have_a = ra->has_fp;
        it->have_b = rb->has_fp;
        it->a = (double)ra->records;
        it->b = (double)rb->records;
        it->ok = ra->has_fp == rb->has_fp && ra->fp == rb->fp && ra->records == rb->records;
        if (!it->ok)
            snprintf(it->msg, sizeof it->msg, "fingerprint %016llx (%llu records) -> %016llx (%llu records)",
                     (unsigned long long)ra->fp, (unsigned long long)ra->records, (unsigned long long)rb->fp,
                     (unsigned long long)rb->records);
        int src = use_src(ra, rb);
        add_profiles(c, ra, 0, src);
        add_profiles(c, rb, 1, src);
    }
    for (int i = 0; i < a->nrun; i++)
        if (!find_run(b, a->run[i].label)) {
            cmp_item *it = add(c, a->run[i].label, "run");
            it->ok = 0;
            snprintf(it->msg, sizeof it->msg, "in the baseline (%s) but not run now", a->run[i].label);
        }
    for (int i = 0; i < c->nitem; i++) c->failed += !c->item[i].ok;
    if (c->nfn) qsort(c->fn, (size_t)c->nfn, sizeof *c->fn, by_delta);
}

void compare_free(scen_cmp *c)
{
    free(c->item);
    free(c->fn);
    memset(c, 0, sizeof *c);
}
