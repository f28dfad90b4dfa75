/* settings.csv: every series' effective settings (the file's cluster and
 * experiment groups with the series' overrides laid over them, the cluster's
 * defaults filled in), one "series,setting,value" row each, sorted by name.
 * `myrisim report` reads it to say which settings differ where two scenarios
 * compare the same published value and get different results. */
#include "outputs.h"

#include "../scenario/cluster.h"
#include "../scenario/runspec.h"
#include "textfmt.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct kv {
    char key[160];
    char value[256];
} kv;

typedef struct kvset {
    kv *v;
    int n, cap;
} kvset;

static void put(kvset *s, const char *key, const char *value)
{
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->v[i].key, key)) {
            snprintf(s->v[i].value, sizeof s->v[i].value, "%s", value);
            return;
        }
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 32;
        s->v = realloc(s->v, (size_t)s->cap * sizeof *s->v);
    }
    snprintf(s->v[s->n].key, sizeof s->v[s->n].key, "%s", key);
    snprintf(s->v[s->n].value, sizeof s->v[s->n].value, "%s", value);
    s->n++;
}

static void value_text(const config_setting_t *s, char *buf, size_t len)
{
    char b[NUM_BUF];
    double v;
    buf[0] = 0;
    if (s->type == CONFIG_TYPE_STRING) {
        snprintf(buf, len, "%s", config_setting_get_string(s));
    } else if (s->type == CONFIG_TYPE_BOOL) {
        snprintf(buf, len, "%s", config_setting_get_bool(s) ? "true" : "false");
    } else if (cfg_number(s, &v) == 0) {
        snprintf(buf, len, "%s", fmt_num(v, b));
    } else if (s->type == CONFIG_TYPE_ARRAY || s->type == CONFIG_TYPE_LIST) {
        size_t used = 0;
        for (int i = 0; i < config_setting_length(s) && used + 2 < len; i++) {
            char e[256];
            value_text(config_setting_get_elem(s, (unsigned)i), e, sizeof e);
            int k = snprintf(buf + used, len - used, "%s%s", i ? " " : "", e);
            if (k < 0)
                break;
            used += (size_t)k;
        }
    }
}

/* Every leaf below g as "prefix.name" = value. */
static void flatten(kvset *s, const config_setting_t *g, const char *prefix)
{
    for (int i = 0; g && i < config_setting_length(g); i++) {
        const config_setting_t *m = config_setting_get_elem(g, (unsigned)i);
        char key[160];
        snprintf(key, sizeof key, "%s.%s", prefix, config_setting_name(m) ? config_setting_name(m) : "?");
        if (m->type == CONFIG_TYPE_GROUP) {
            flatten(s, m, key);
        } else {
            char v[256];
            value_text(m, v, sizeof v);
            put(s, key, v);
        }
    }
}

static int by_key(const void *a, const void *b)
{
    return strcmp(((const kv *)a)->key, ((const kv *)b)->key);
}

int write_settings_csv(const sim_outputs *o)
{
    const scenario *sc = o->sc;
    char path[2048];
    snprintf(path, sizeof path, "%s/settings.csv", o->dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "myrisim: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    fputs("series,setting,value\n", f);
    for (int s = 0; s < sc->nseries; s++) {
        kvset set = {NULL, 0, 0};
        run_spec r = {sc, s, 0, o->nx ? o->xs[0] : 0, NULL};
        cluster_desc c;
        diag d = {sc->path, 0};
        char b[NUM_BUF];
        const config_setting_t *root = config_root_setting(&sc->cfg);
        flatten(&set, config_setting_get_member(root, "cluster"), "cluster");
        flatten(&set, config_setting_get_member(root, "experiment"), "experiment");
        if (sc->series[s].set) {
            flatten(&set, config_setting_get_member(sc->series[s].set, "cluster"), "cluster");
            flatten(&set, config_setting_get_member(sc->series[s].set, "experiment"), "experiment");
        }
        /* the cluster as decoded, defaults included, so an omitted default
         * and the same value written out do not differ */
        if (cluster_decode(&r, &c, &d) == 0) {
            put(&set, "cluster.nodes", fmt_num(c.nodes, b));
            put(&set, "cluster.ni", c.ni);
            put(&set, "cluster.link", c.link);
            put(&set, "cluster.host", c.host);
            put(&set, "cluster.pci", c.pci);
            put(&set, "cluster.routing", c.routing);
            put(&set, "cluster.topology.kind", c.topology);
        }
        if (sc->sweep.present)
            put(&set, sc->sweep.param, "(swept)");
        qsort(set.v, (size_t)set.n, sizeof *set.v, by_key);
        for (int i = 0; i < set.n; i++) {
            csv_field(f, sc->series[s].name);
            fputc(',', f);
            csv_field(f, set.v[i].key);
            fputc(',', f);
            csv_field(f, set.v[i].value);
            fputc('\n', f);
        }
        free(set.v);
    }
    int bad = ferror(f);
    if (fclose(f) || bad) {
        fprintf(stderr, "myrisim: write error on %s\n", path);
        return -1;
    }
    return 0;
}
