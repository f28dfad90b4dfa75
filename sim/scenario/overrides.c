/* --set KEY=VALUE: change any setting of the scenario by its dotted path
 * before validation, as if the file had said so. The path must be a key the
 * schema knows (list elements by index: series.0.name or series[0].name);
 * the value is read with libconfig's own syntax, and a bare word is taken as
 * a string where the key wants one. */
#include "scenario.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_error(const char *arg, const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "--set %s: ", arg);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
}

static int is_index(const char *t, long *idx)
{
    char *end;
    size_t l = strlen(t);
    char buf[32];
    if (t[0] == '[' && l > 2 && l < sizeof buf && t[l - 1] == ']') {
        memcpy(buf, t + 1, l - 2);
        buf[l - 2] = 0;
        t = buf;
    }
    *idx = strtol(t, &end, 10);
    return *t && !*end;
}

static int wants_string(const key_spec *k)
{
    return k->type == KT_STRING || k->type == KT_SCALAR || k->type == KT_INT_OR_STRING;
}

int apply_set(config_t *cfg, const char *arg, diag *d)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg) {
        fprintf(stderr, "--set %s: expected KEY=VALUE\n", arg);
        d->errors++;
        return -1;
    }
    char key[256];
    snprintf(key, sizeof key, "%.*s", (int)(eq - arg), arg);
    const char *text = eq + 1;

    const char *kname = NULL;
    config_lookup_string(cfg, "experiment.kind", &kname);
    const experiment_kind *kind = kname ? experiment_find(kname) : NULL;

    /* Walk the path through the schema and the tree together; groups the
     * file left out are created on the way. */
    char path[256];
    size_t n = 0;
    for (const char *c = key; *c && n + 2 < sizeof path; c++) {
        if (*c == '[' && n > 0 && path[n - 1] != '.')
            path[n++] = '.';
        path[n++] = *c;
    }
    path[n] = 0;
    config_setting_t *node = config_root_setting(cfg);
    const key_spec *members = scenario_keys, *spec = NULL;
    int kind_keys = 0;
    char *save = NULL;
    char *tok = strtok_r(path, ".", &save);
    char last[128] = "";
    config_setting_t *parent = NULL;
    while (tok) {
        char *next = strtok_r(NULL, ".", &save);
        long idx;
        if (spec && spec->type == KT_LIST) {
            if (!is_index(tok, &idx)) {
                set_error(key, "'%s' is a list: index it by number (%s.0...)", tok, tok);
                d->errors++;
                return -1;
            }
            config_setting_t *e = node ? config_setting_get_elem(node, (unsigned)idx) : NULL;
            if (idx < 0 || !e) {
                set_error(key, "no element %s in '%s'", tok, last);
                d->errors++;
                return -1;
            }
            node = e;
            members = spec->members;
            kind_keys = 0;
            spec = NULL;
            tok = next;
            continue;
        }
        if (spec && spec->type != KT_GROUP) {
            set_error(key, "'%s' has no members (it is %s)", last, schema_type_desc(spec->type));
            d->errors++;
            return -1;
        }
        spec = schema_member(members, kind_keys, kind, tok);
        if (!spec) {
            set_error(key, "no such setting '%s'%s", tok, kind_keys && !kind ? " (set experiment.kind first)" : "");
            d->errors++;
            return -1;
        }
        snprintf(last, sizeof last, "%s", tok);
        parent = node;
        config_setting_t *child = config_setting_get_member(node, tok);
        if (next && !child) {
            if (spec->type != KT_GROUP) {
                set_error(key, "'%s' is not in the file, so it has no element to change%s", tok, "");
                d->errors++;
                return -1;
            }
            child = config_setting_add(node, tok, CONFIG_TYPE_GROUP);
        }
        if (next && child && child->type != CONFIG_TYPE_GROUP &&
            !(spec->type == KT_LIST && (child->type == CONFIG_TYPE_LIST))) {
            set_error(key, "'%s' is not a group in the file%s", tok, "");
            d->errors++;
            return -1;
        }
        node = child;
        members = spec->members;
        kind_keys = spec->flags & KF_KIND_KEYS;
        tok = next;
    }
    if (!spec || !parent) {
        set_error(key, "a whole list element cannot be replaced%s%s", "", "");
        d->errors++;
        return -1;
    }

    /* Parse the value in libconfig syntax; fall back to a plain string. */
    config_t tmp;
    config_init(&tmp);
    size_t blen = strlen(text) + 16;
    char *buf = malloc(blen);
    snprintf(buf, blen, "v = %s;", text);
    int parsed = config_read_string(&tmp, buf) == CONFIG_TRUE;
    free(buf);
    config_setting_t *val = parsed ? config_lookup(&tmp, "v") : NULL;
    if ((!val || (val->type != CONFIG_TYPE_STRING && !schema_type_ok(spec, val))) && wants_string(spec)) {
        config_destroy(&tmp);
        config_init(&tmp);
        val = config_setting_add(config_root_setting(&tmp), "v", CONFIG_TYPE_STRING);
        config_setting_set_string(val, text);
    }
    int rc = -1;
    /* libconfig reads an integer beyond 64 bits without complaint (as -1) */
    int beyond = 0;
    if (val && (val->type == CONFIG_TYPE_INT || val->type == CONFIG_TYPE_INT64)) {
        errno = 0;
        strtoll(text, NULL, 0);
        beyond = errno == ERANGE;
    }
    if (beyond) {
        fprintf(stderr, "--set %s: value '%s' is beyond the 64-bit integer range\n", key, text);
        d->errors++;
    } else if (!val) {
        fprintf(stderr, "--set %s: cannot read value '%s': %s (expected %s)\n", key, text,
                config_error_text(&tmp) ? config_error_text(&tmp) : "syntax error", schema_type_desc(spec->type));
        d->errors++;
    } else if (!schema_type_ok(spec, val)) {
        fprintf(stderr, "--set %s: value '%s' is %s, but %s must be %s\n", key, text, cfg_type_name(val->type), last,
                schema_type_desc(spec->type));
        d->errors++;
    } else {
        if (config_setting_get_member(parent, last))
            config_setting_remove(parent, last);
        /* Setting one form of a choice drops the other (values vs from/to). */
        if (spec->conflicts) {
            char cl[128];
            snprintf(cl, sizeof cl, "%s", spec->conflicts);
            char *s2 = NULL;
            for (char *c = strtok_r(cl, ",", &s2); c; c = strtok_r(NULL, ",", &s2))
                if (config_setting_get_member(parent, c))
                    config_setting_remove(parent, c);
        }
        rc = cfg_copy(parent, last, val) ? 0 : -1;
        if (rc) {
            fprintf(stderr, "--set %s: cannot store the value\n", key);
            d->errors++;
        }
    }
    config_destroy(&tmp);
    return rc;
}
