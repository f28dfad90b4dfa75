/* A run's identity (run_key.h): every setting an experiment can read,
 * resolved through the run's layers, as text. */
#include "run_key.h"

#include "../outputs/textfmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *buf;
    size_t len, cap;
} text;

static void put(text *t, const char *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 1024;
        while (t->len + n + 1 > cap)
            cap *= 2;
        char *b = realloc(t->buf, cap);
        if (!b) {
            fprintf(stderr, "myrisim: out of memory for a run key\n");
            exit(3);
        }
        t->buf = b;
        t->cap = cap;
    }
    memcpy(t->buf + t->len, s, n);
    t->len += n;
    t->buf[t->len] = 0;
}

static void puts_(text *t, const char *s) { put(t, s, strlen(s)); }

/* A value with its type, so 4 (int), 4.0 (float) and "4" differ as they do
 * to run_string and run_bool; strings length-prefixed so no text can fake
 * a line break. Lists, arrays and groups in full. */
static void value(text *t, const config_setting_t *s)
{
    char b[64], nb[NUM_BUF];
    double v;
    switch (s->type) {
    case CONFIG_TYPE_STRING: {
        const char *str = config_setting_get_string(s);
        snprintf(b, sizeof b, "s%zu:", strlen(str));
        puts_(t, b);
        puts_(t, str);
        return;
    }
    case CONFIG_TYPE_BOOL:
        puts_(t, config_setting_get_bool(s) ? "b1" : "b0");
        return;
    case CONFIG_TYPE_INT:
    case CONFIG_TYPE_INT64:
    case CONFIG_TYPE_FLOAT:
        cfg_number(s, &v);
        snprintf(b, sizeof b, "%c%s", s->type == CONFIG_TYPE_FLOAT ? 'f' : 'i', fmt_exact(v, nb));
        puts_(t, b);
        return;
    default: {   /* group, list, array */
        int n = config_setting_length(s);
        snprintf(b, sizeof b, "%c%d(", s->type == CONFIG_TYPE_GROUP ? 'g' : 'l', n);
        puts_(t, b);
        for (int i = 0; i < n; i++) {
            const config_setting_t *e = config_setting_get_elem(s, (unsigned)i);
            if (e->name) {
                puts_(t, e->name);
                puts_(t, "=");
            }
            value(t, e);
            puts_(t, ",");
        }
        puts_(t, ")");
        return;
    }
    }
}

/* Dotted paths of the leaves below s (prefix "cluster", ...): a group's
 * members are walked, anything else is a leaf. Each path once, in the
 * order first met. */
typedef struct {
    char **p;
    int n, cap;
} paths;

static void add_path(paths *ps, const char *p)
{
    for (int i = 0; i < ps->n; i++)
        if (!strcmp(ps->p[i], p))
            return;
    if (ps->n == ps->cap) {
        ps->cap = ps->cap ? ps->cap * 2 : 64;
        char **np = realloc(ps->p, (size_t)ps->cap * sizeof *np);
        if (!np) {
            fprintf(stderr, "myrisim: out of memory for a run key\n");
            exit(3);
        }
        ps->p = np;
    }
    ps->p[ps->n++] = strdup(p);
}

static void leaves(paths *ps, const config_setting_t *s, const char *prefix)
{
    if (!s)
        return;
    if (s->type != CONFIG_TYPE_GROUP) {
        add_path(ps, prefix);
        return;
    }
    for (int i = 0; i < config_setting_length(s); i++) {
        const config_setting_t *e = config_setting_get_elem(s, (unsigned)i);
        char p[512];
        snprintf(p, sizeof p, "%s.%s", prefix, e->name);
        leaves(ps, e, p);
    }
}

char *run_key(const run_spec *r)
{
    static const char *const roots[] = {"cluster", "experiment"};
    const sim_series *s = &r->sc->series[r->series];
    const config_setting_t *file = config_root_setting(&r->sc->cfg);
    paths ps = {0};
    for (int k = 0; k < 2; k++) {
        leaves(&ps, cfg_lookup(file, roots[k]), roots[k]);
        if (s->set)
            leaves(&ps, cfg_lookup(s->set, roots[k]), roots[k]);
    }
    text t = {0};
    puts_(&t, "root ");
    puts_(&t, r->sc->root);
    puts_(&t, "\ndir ");
    puts_(&t, r->sc->dir);
    puts_(&t, "\n");
    /* the swept setting as experiments see it (run_number, run_params):
     * the sweep value, not the file's */
    const char *swept = r->sc->sweep.present ? r->sc->sweep.param : NULL;
    if (swept && (!strncmp(swept, "cluster.", 8) || !strncmp(swept, "experiment.", 11)))
        add_path(&ps, swept);
    for (int i = 0; i < ps.n; i++) {
        puts_(&t, ps.p[i]);
        puts_(&t, " ");
        if (swept && !strcmp(ps.p[i], swept)) {
            char nb[NUM_BUF];
            puts_(&t, "x");
            puts_(&t, fmt_exact(r->x, nb));
        } else {
            value(&t, run_setting(r, ps.p[i]));
        }
        puts_(&t, "\n");
        free(ps.p[i]);
    }
    free(ps.p);
    if (swept) {   /* a sweep elsewhere (unusual) still tells runs apart */
        char nb[NUM_BUF];
        puts_(&t, "swept ");
        puts_(&t, swept);
        puts_(&t, " ");
        puts_(&t, fmt_exact(r->x, nb));
        puts_(&t, "\n");
    }
    /* the parameters in the order the program and firmware builds get them */
    run_param pr[64];
    int np = run_params(r, pr, 64);
    for (int i = 0; i < np; i++) {
        puts_(&t, "param ");
        puts_(&t, pr[i].name);
        puts_(&t, "\n");
    }
    return t.buf;
}
