/* The experiment-kind registry. A kind is a C function that performs one run
 * (one series at one sweep point) and reports measurements; it declares the
 * experiment.* keys it accepts so the loader can check them. New kinds
 * (ni_pingpong, host benchmarks, GRIM) add one entry to experiments.c. */
#ifndef MYRISIM_EXPERIMENTS_H
#define MYRISIM_EXPERIMENTS_H

#include "../runner/result.h"
#include "../scenario/schema.h"

struct run_spec;

typedef struct experiment_kind {
    const char *name;
    const char *summary;                /* one line for --help and describe */
    const key_spec *keys;               /* experiment.* keys of this kind */
    const char *const *measures;        /* measurements every run reports */
    int custom_measures;                /* runs may report further names */
    int supports_trace;                 /* honours --trace */
    /* Static checks at load time (files exist, settings agree); report with
     * diag_at and return the number of errors. May be NULL. */
    int (*check)(const struct run_spec *r, diag *d);
    /* Perform the run; runs in its own child process. */
    void (*run)(const struct run_spec *r, run_result *res);
} experiment_kind;

const experiment_kind *experiment_find(const char *name);
/* NULL-terminated list of every kind, in registry order. */
const experiment_kind *const *experiment_kinds(void);

extern const experiment_kind firmware_kind, selftest_kind;

#endif
