/* One run: a series at a sweep point. Settings are looked up through layers:
 * the swept parameter first, then the series' overrides, then the file. */
#ifndef MYRISIM_SCENARIO_RUNSPEC_H
#define MYRISIM_SCENARIO_RUNSPEC_H

#include "scenario.h"

typedef struct run_spec {
    const scenario *sc;
    int series;             /* index into sc->series */
    int index;              /* run number, in output order */
    double x;               /* sweep value */
    const char *trace;      /* --trace file or NULL */
} run_spec;

/* The setting at a dotted path ("cluster.ni"): series override, else file. */
const config_setting_t *run_setting(const run_spec *r, const char *path);
/* Typed reads with a default; the sweep value wins for the swept path. */
const char *run_string(const run_spec *r, const char *path, const char *dflt);
double run_number(const run_spec *r, const char *path, double dflt);
int run_bool(const run_spec *r, const char *path, int dflt);
int run_has(const run_spec *r, const char *path);
/* Where a value comes from, for messages: the sweep for the swept path,
 * else the setting (NULL if only the default applies). */
const config_setting_t *run_origin(const run_spec *r, const char *path);

/* experiment.params merged over the layers, in a stable order (file order,
 * then series-only names, then the swept name). Values come as text. */
typedef struct run_param { char name[64]; char value[256]; } run_param;
int run_params(const run_spec *r, run_param *out, int max);

/* "series 'LANai 4', x=4096" for messages. */
const char *run_label(const run_spec *r, char *buf, size_t len);

#endif
