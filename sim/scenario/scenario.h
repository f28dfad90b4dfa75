/* A loaded scenario: the libconfig tree (after --set overrides), checked
 * against the schema, plus the parts every command needs decoded: series,
 * sweep points, plots and reference values. Settings an experiment reads are
 * looked up per run through a run_spec (runspec.h), which layers the series'
 * overrides and the sweep value over the file. */
#ifndef MYRISIM_SCENARIO_H
#define MYRISIM_SCENARIO_H

#include "cfgtree.h"
#include "../experiments/experiments.h"
#include "../fidelity/refdata.h"

/* The outcome a series' runs are meant to have (key `expect`; schema.c's
 * expect_names in this order). */
typedef enum sc_expect { SC_EXPECT_COMPLETE, SC_EXPECT_DEADLOCK, SC_EXPECT_LIVELOCK } sc_expect;

typedef struct sim_series {
    const char *name;
    sc_expect expect;              /* top-level `expect`, or the series' own */
    config_setting_t *set;         /* the series group (overrides), NULL if implicit */
    char slug[64];                 /* CSV file name stem */
} sim_series;

typedef struct sim_plot {
    const char *name, *title, *x, *y, *xlabel, *ylabel;
    int logx, logy;
    const config_setting_t *series;   /* the series it draws (names), NULL: all */
} sim_plot;

typedef struct sim_ref {
    int series;                    /* index into series */
    double x, y;                   /* y: the published value (a bound's limit) */
    const char *measure, *source, *note;
    const char *analysis;          /* where this value's large error is explained ("": the scenario's) */
    const char *unit;              /* the published value's unit */
    const char *location;          /* where a reader of the dissertation finds it ("" inline) */
    const char *figure;            /* the figure or table the value belongs to */
    ref_kind kind;                 /* exact, approx or bound (refkind.h) */
    ref_cmp cmp;                   /* bounds: simulated <cmp> y must hold */
    const char *file;              /* reference CSV it came from (as named), or NULL */
    int file_line;                 /* ... and its line */
    int in_sweep;                  /* its x is a point of the (possibly --set) sweep */
    int has_quick_x;               /* --quick compares it at quick_x instead (a reduced run) */
    double quick_x;
} sim_ref;

/* A reference file read for this scenario (loaded once however many
 * references select from it). */
typedef struct sim_ref_file {
    char *resolved, *shown;
    ref_table table;
    int failed;                    /* did not load; its errors were reported */
} sim_ref_file;

typedef struct sim_sweep {
    int present;
    const char *param;             /* dotted path, e.g. "experiment.params.BYTES" */
    const char *label;             /* x column title in the report */
    double *values;
    int n;
    double *quick;                 /* --quick subset (defaults to values) */
    int nquick;
    int overridden;                /* changed by --set: references may fall outside */
} sim_sweep;

typedef struct scenario {
    config_t cfg;
    char path[1024];               /* as given */
    char dir[1024];                /* its directory, for "./" paths */
    char root[1024];               /* repository root */
    const char *name, *title, *figure, *source, *description;
    const char *analysis;          /* where large errors are discussed ("" if nowhere) */
    const experiment_kind *kind;
    sim_sweep sweep;
    sim_series *series;
    int nseries;
    const char **measures;
    int nmeasures;
    sim_plot *plots;
    int nplots;
    sim_ref *refs;
    int nrefs;
    sim_ref_file *reffiles;
    int nreffiles;
} scenario;

/* Read, apply --set overrides ("key=value"), validate and decode. root is the
 * repository root (firmware paths and tools). On bad input prints every error
 * to stderr and returns -1 (the scenario is freed). */
int scenario_load(scenario *sc, const char *path, const char *root, const char *const *sets, int nsets);
void scenario_free(scenario *sc);

/* The x values that run: the quick subset or the whole sweep (one point, x=0,
 * without a sweep). */
const double *scenario_points(const scenario *sc, int quick, int *n);
int scenario_series_index(const scenario *sc, const char *name);
/* Does plot p draw series s? */
int plot_shows(const sim_plot *p, const scenario *sc, int s);
int scenario_has_measure(const scenario *sc, const char *name);

/* Decode the references list: inline values and rows selected from
 * reference files (scenario_refs.c). Needs series, measures and sweep. */
void scenario_decode_refs(scenario *sc, diag *d);
void scenario_free_refs(scenario *sc);

/* Apply one "key=value" override to a tree (overrides.c). */
int apply_set(config_t *cfg, const char *arg, diag *d);

/* Expand a sweep group into its values (sweep.c). */
int sweep_expand(const config_setting_t *sweep, diag *d, double **values, int *n);

/* Is this a well-formed dissertation reference such as "L2492" or
 * "L1740-L1749, L1788"? */
int source_lines_ok(const char *s);

#endif
