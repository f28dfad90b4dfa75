/* What `myrisim run` writes into its output directory: one CSV per series,
 * a gnuplot script with PNG and SVG per plot, comparison.csv, settings.csv
 * and report.md.
 * Everything is a function of the scenario and the results only: no times,
 * no paths of the machine, numbers in one stable format. */
#ifndef MYRISIM_OUTPUTS_H
#define MYRISIM_OUTPUTS_H

#include "../runner/result.h"
#include "../scenario/scenario.h"

typedef struct sim_outputs {
    const scenario *sc;
    const double *xs;          /* the points that ran */
    int nx;
    const run_result *res;     /* res[series * nx + point] */
    int quick;
    const char *dir;
    const char *const *sets;   /* --set overrides, named in the report */
    int nsets;
} sim_outputs;

/* A reference value beside its simulated counterpart. */
typedef struct comparison {
    const sim_ref *ref;
    double x;                  /* the point compared: the reference's x, or its quick_x */
    int reduced;               /* --quick compared it at quick_x, not at its own x */
    int ran;                   /* its x was among the points run */
    int ok;                    /* ... and that run produced the measure */
    double sim, err_pct;       /* err_pct: NAN for bounds (and zero references) */
    int bound_ok;              /* bounds: sim <cmp> y holds */
} comparison;

/* Counts over the comparisons: exact/approx values within 5, 10 and 25%,
 * bounds satisfied. */
typedef struct ref_tally {
    int values, compared, within[3];   /* exact and approx references */
    int bounds, bounds_compared, bounds_ok;
    int not_run;                       /* x not among the points run */
} ref_tally;
extern const double ref_tolerances[3]; /* 5, 10, 25 (percent) */
void tally_refs(const scenario *sc, const comparison *cmp, ref_tally *t);

/* An error beyond this (percent), or a violated bound, is a large error: the
 * outputs point to the scenario's analysis beside it. */
#define LARGE_ERROR_PCT 25.0
int comparison_large(const comparison *c);
/* The comparison's note: the --quick stand-in and the pointer to the
 * analysis beside a large error; "" if neither. */
const char *comparison_note(const sim_outputs *o, const comparison *c, char *buf, size_t len);
/* The x column's title: the sweep's label, or "sweep" (empty) without one. */
const char *x_title(const scenario *sc);
/* What a run finished as: "ok", "deadlock", "livelock" or "failed". */
const char *run_status(const run_result *r);

const run_result *out_result(const sim_outputs *o, int series, int point);
/* Fills cmp (sc->nrefs entries). */
void compare_refs(const sim_outputs *o, comparison *cmp);

/* Each returns 0, or -1 after printing why. */
int write_series_csv(const sim_outputs *o);
int write_comparison_csv(const sim_outputs *o, const comparison *cmp);
int write_settings_csv(const sim_outputs *o);
int write_plots(const sim_outputs *o);
int write_report(const sim_outputs *o, const comparison *cmp, int failed);

#endif
