/* Comparing two baselines of one scenario (A: the recorded or "before"
 * one, B: the new run): metrics within tolerance, fingerprints equal, and
 * the firmware functions whose cycles changed most. */
#ifndef MYRISIM_REGRESS_COMPARE_H
#define MYRISIM_REGRESS_COMPARE_H

#include "baseline.h"

typedef struct cmp_item {
    char label[256];          /* the run: "SERIES @ X" */
    char what[64];            /* a metric, "fingerprint", or "run" (missing or failed) */
    double a, b, tol;         /* tol: relative tolerance (0 = exact) */
    int have_a, have_b;
    int ok;
    char msg[512];
} cmp_item;

typedef struct cmp_fn {
    int ni;
    char chip[16];
    char name[BL_NAME];
    uint64_t a, b;            /* cycles summed over the scenario's runs */
    uint64_t entries;         /* the most entries in one run, either side */
} cmp_fn;

typedef struct scen_cmp {
    const baseline *a, *b;
    cmp_item *item;
    int nitem, failed;
    cmp_fn *fn;               /* most changed first (by |b - a|); functions entered at most
                                 once per run (the main loop, start-up: where firmware waits,
                                 so their cycles move with any timing change) after the rest */
    int nfn;
} scen_cmp;

/* Tolerances a scenario declares: regress_tolerance = [ "METRIC=REL", ... ]
 * (relative, e.g. "events=0.01"). Reads the file itself; bad entries are
 * reported as "file: ..." and count as 0 (exact). */
typedef struct tol_list { char name[64][16]; double rel[16]; int n; } tol_list;
int regress_tolerances(const char *scenario_file, tol_list *t, char *err, size_t errlen);

void compare_baselines(const baseline *a, const baseline *b, const tol_list *t, scen_cmp *out);
void compare_free(scen_cmp *c);

/* A value as its baseline keeps it (%.12g). */
const char *cmp_fmt(double v, char buf[40]);
/* The unit of a metric, from its name's suffix (_us -> us, _mbs -> MB/s). */
const char *cmp_unit(const char *metric);

#endif
