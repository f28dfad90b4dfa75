/* A run's identity (run_key.h): every setting an experiment can read,
 * resolved through the run's layers, as text. */
#include "run_key.h"

#include "../outputs/textfmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A value with its type, so 4 (int), 4.0 (float) and "4" differ as they do
 * to run_string and run_bool; strings length-prefixed so no text can fake
 * a line break. Lists, arrays and groups in full. */
static void value(FILE *f, const config_setting_t *s)
{
    char nb[NUM_BUF];
    double v;
    switch (s->type) {
    case CONFIG_TYPE_STRING: {
        const char *str = config_setting_get_string(s);
        fprintf(f, "s%zu:%s", strlen(str), str);
        return;
    }
    case CONFIG_TYPE_BOOL:
        fputs(config_setting_get_bool(s) ? "b1" : "b0", f);
        return;
    case CONFIG_TYPE_INT:
    case CONFIG_TYPE_INT64:
    case CONFIG_TYPE_FLOAT:
        cfg_number(s, &v);
        fprintf(f, "%c%s", s->type == CONFIG_TYPE_FLOAT ? 'f' : 'i', fmt_exact(v, nb));
        return;
    default: {   /* group, list, array */
        int n = config_setting_length(s);
        fprintf(f, "%c%d(", s->type == CONFIG_TYPE_GROUP ? 'g' : 'l', n);
        for (int i = 0; i < n; i++) {
            const config_setting_t *e = config_setting_get_elem(s, (unsigned)i);
            if (e->name)
                fprintf(f, "%s=", e->name);
            value(f, e);
            fputc(',', f);
        }
        fputc(')', f);
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
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        fprintf(stderr, "myrisim: out of memory for a run key\n");
        exit(3);
    }
    fprintf(f, "root %s\ndir %s\n", r->sc->root, r->sc->dir);
    /* the swept setting as experiments see it (run_number, run_params):
     * the sweep value, not the file's; a sweep elsewhere (unusual) still
     * tells runs apart by a line of its own */
    char nb[NUM_BUF];
    const char *swept = r->sc->sweep.present ? r->sc->sweep.param : NULL;
    if (swept && (!strncmp(swept, "cluster.", 8) || !strncmp(swept, "experiment.", 11)))
        add_path(&ps, swept);
    else if (swept)
        fprintf(f, "swept %s %s\n", swept, fmt_exact(r->x, nb));
    /* file order, then the series' own paths, then the swept one: the
     * order run_params hands the parameters to programs and firmware
     * builds, so equal keys also mean equal parameter order */
    for (int i = 0; i < ps.n; i++) {
        fprintf(f, "%s ", ps.p[i]);
        if (swept && !strcmp(ps.p[i], swept))
            fprintf(f, "x%s", fmt_exact(r->x, nb));
        else
            value(f, run_setting(r, ps.p[i]));
        fputc('\n', f);
        free(ps.p[i]);
    }
    free(ps.p);
    if (fclose(f) || !buf) {
        fprintf(stderr, "myrisim: out of memory for a run key\n");
        exit(3);
    }
    return buf;
}
