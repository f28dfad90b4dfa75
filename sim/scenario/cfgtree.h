/* Helpers over libconfig trees: error messages that name file, line and key,
 * the dotted path of a setting, numeric reads and deep copies. */
#ifndef MYRISIM_SCENARIO_CFGTREE_H
#define MYRISIM_SCENARIO_CFGTREE_H

#include <libconfig.h>
#include <stdio.h>

/* Collects bad-input errors; every message is "FILE:LINE: KEY: text". */
typedef struct diag {
    const char *file;   /* the scenario file */
    int errors;
} diag;

/* Report an error at setting s (s may be NULL: file-level). Settings created
 * by --set have no line and are reported as "--set KEY". */
void diag_at(diag *d, const config_setting_t *s, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Dotted path of s from the root: "series[1].cluster.ni". */
const char *cfg_path(const config_setting_t *s, char *buf, size_t len);

/* A number (int, int64 or float); returns 0 and sets *v, or -1. */
int cfg_number(const config_setting_t *s, double *v);
int cfg_is_number(const config_setting_t *s);
const char *cfg_type_name(int type);

/* Copy src (any type) as a new member of parent; name is ignored for lists
 * and arrays. Returns the new setting or NULL. */
config_setting_t *cfg_copy(config_setting_t *parent, const char *name, const config_setting_t *src);

/* Look up a dotted path below s; components that are decimal numbers (or
 * "[n]") index lists. NULL if absent. */
config_setting_t *cfg_lookup(const config_setting_t *s, const char *path);

#endif
