/* Helpers over libconfig trees (cfgtree.h): diagnostics naming file, line
 * and key, dotted paths, numeric reads, deep copies. */
#include "cfgtree.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *cfg_path(const config_setting_t *s, char *buf, size_t len)
{
    /* Collect the chain from s up to (not including) the root, then print it
     * top-down. */
    const config_setting_t *chain[64];
    int n = 0;
    for (const config_setting_t *p = s; p && p->parent && n < 64; p = p->parent)
        chain[n++] = p;
    size_t used = 0;
    buf[0] = 0;
    for (int i = n - 1; i >= 0 && used < len; i--) {
        const config_setting_t *p = chain[i];
        int k;
        if (p->name)
            k = snprintf(buf + used, len - used, "%s%s", used ? "." : "", p->name);
        else
            k = snprintf(buf + used, len - used, "[%d]", config_setting_index(p));
        if (k < 0)
            break;
        used += (size_t)k;
    }
    return buf;
}

void diag_at(diag *d, const config_setting_t *s, const char *fmt, ...)
{
    char path[256] = "";
    if (s)
        cfg_path(s, path, sizeof path);
    if (s && s->line == 0)
        fprintf(stderr, "%s: --set %s: ", d->file, path);
    else if (s && path[0])
        fprintf(stderr, "%s:%u: %s: ", d->file, s->line, path);
    else if (s)
        fprintf(stderr, "%s:%u: ", d->file, s->line);
    else
        fprintf(stderr, "%s: ", d->file);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    d->errors++;
}

int cfg_is_number(const config_setting_t *s)
{
    return s && (s->type == CONFIG_TYPE_INT || s->type == CONFIG_TYPE_INT64 ||
                 s->type == CONFIG_TYPE_FLOAT);
}

int cfg_number(const config_setting_t *s, double *v)
{
    if (!s)
        return -1;
    switch (s->type) {
    case CONFIG_TYPE_INT: *v = config_setting_get_int(s); return 0;
    case CONFIG_TYPE_INT64: *v = (double)config_setting_get_int64(s); return 0;
    case CONFIG_TYPE_FLOAT: *v = config_setting_get_float(s); return 0;
    default: return -1;
    }
}

const char *cfg_type_name(int type)
{
    switch (type) {
    case CONFIG_TYPE_GROUP: return "a group { ... }";
    case CONFIG_TYPE_INT:
    case CONFIG_TYPE_INT64: return "an integer";
    case CONFIG_TYPE_FLOAT: return "a number";
    case CONFIG_TYPE_STRING: return "a string";
    case CONFIG_TYPE_BOOL: return "a boolean";
    case CONFIG_TYPE_ARRAY: return "an array [ ... ]";
    case CONFIG_TYPE_LIST: return "a list ( ... )";
    default: return "nothing";
    }
}

config_setting_t *cfg_copy(config_setting_t *parent, const char *name, const config_setting_t *src)
{
    int agg = parent->type == CONFIG_TYPE_LIST || parent->type == CONFIG_TYPE_ARRAY;
    config_setting_t *d = config_setting_add(parent, agg ? NULL : name, src->type);
    if (!d)
        return NULL;
    switch (src->type) {
    case CONFIG_TYPE_INT: config_setting_set_int(d, config_setting_get_int(src)); break;
    case CONFIG_TYPE_INT64: config_setting_set_int64(d, config_setting_get_int64(src)); break;
    case CONFIG_TYPE_FLOAT: config_setting_set_float(d, config_setting_get_float(src)); break;
    case CONFIG_TYPE_BOOL: config_setting_set_bool(d, config_setting_get_bool(src)); break;
    case CONFIG_TYPE_STRING: config_setting_set_string(d, config_setting_get_string(src)); break;
    default:
        for (int i = 0; i < config_setting_length(src); i++) {
            const config_setting_t *e = config_setting_get_elem(src, (unsigned)i);
            if (!cfg_copy(d, e->name, e))
                return NULL;
        }
    }
    return d;
}

config_setting_t *cfg_lookup(const config_setting_t *s, const char *path)
{
    /* "series[1].x" is read as "series.[1].x". */
    char buf[256];
    size_t n = 0;
    for (const char *c = path; *c && n + 2 < sizeof buf; c++) {
        if (*c == '[' && n > 0 && buf[n - 1] != '.')
            buf[n++] = '.';
        buf[n++] = *c;
    }
    buf[n] = 0;
    config_setting_t *cur = (config_setting_t *)s;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ".", &save); tok && cur; tok = strtok_r(NULL, ".", &save)) {
        char *t = tok;
        size_t tl = strlen(t);
        if (t[0] == '[' && tl > 2 && t[tl - 1] == ']') {
            t[tl - 1] = 0;
            t++;
        }
        char *end;
        long idx = strtol(t, &end, 10);
        if (*t && !*end) {
            if (cur->type != CONFIG_TYPE_LIST && cur->type != CONFIG_TYPE_ARRAY)
                return NULL;
            cur = idx < 0 ? NULL : config_setting_get_elem(cur, (unsigned)idx);
        } else {
            if (cur->type != CONFIG_TYPE_GROUP)
                return NULL;
            cur = config_setting_get_member(cur, t);
        }
    }
    return cur;
}
