/* A scenario's regression baseline (docs/regress.md): per run, every
 * measurement, the fingerprint of its observable records, and each NI's
 * firmware profile (cycles per function, cycles per call path). Kept in a
 * line-oriented text file that diffs well:
 *
 *   # comment
 *   scenario NAME FILE
 *   run SERIES @ X                         (one block per run, run order)
 *   metric NAME VALUE                      (%.12g)
 *   fingerprint HEX RECORDS | none 0
 *   ni K CHIP cycles N
 *   fn K CYCLES ENTRIES NAME               (NI K's function symbols, most cycles first;
 *                                           entries: executions of the first instruction)
 *   src K CYCLES ENTRIES NAME              (NI K's source functions: inlined code under
 *                                           the function inlined; when the image has
 *                                           debug twins)
 *   error TEXT                             (a run that failed)
 *
 * Call paths are kept in memory only (myrisim profile and ab use them). */
#ifndef MYRISIM_REGRESS_BASELINE_H
#define MYRISIM_REGRESS_BASELINE_H

#include <stdint.h>
#include <stdio.h>

#define BL_NAME 512

typedef struct bl_fn {
    char name[BL_NAME];       /* a function, or a path "a;b;c" */
    uint64_t cycles, calls;
} bl_fn;

typedef struct bl_ni {
    int ni;
    char chip[16];
    uint64_t total;
    bl_fn *fn;                /* per function symbol, most cycles first */
    int nfn;
    bl_fn *src;               /* per source function: inlined code under the function
                                 inlined (DWARF, inline.h); none without debug twins */
    int nsrc;
    bl_fn *path;              /* per call path (exclusive), sorted by path */
    int npath;
} bl_ni;

typedef struct bl_metric {
    char name[64];
    double v;
} bl_metric;

typedef struct bl_run {
    char label[256];          /* "SERIES @ X" */
    bl_metric *m;
    int nm;
    int has_fp;
    uint64_t fp, records;
    bl_ni *ni;
    int nni;
    char error[512];          /* non-empty: the run failed */
} bl_run;

typedef struct baseline {
    char scenario[128];
    char file[1024];          /* the scenario file */
    bl_run *run;
    int nrun;
} baseline;

void baseline_free(baseline *b);
int baseline_write(const baseline *b, FILE *f);
/* Read path; -1 with "path:line: why" in err on a missing or bad file. */
int baseline_read(baseline *b, const char *path, char *err, size_t errlen);

/* Add one NI's profile from a pcprof file; -1 with a message. With inl
 * (the image's inline ranges, inline.h), cycles of inlined code go to the
 * function inlined rather than the one it was inlined into. */
struct inl_map;
int baseline_add_prof(bl_run *r, int ni, const char *path, const struct inl_map *inl, char *err, size_t errlen);
/* "fingerprint HEX N" file of a run; -1 with a message. */
int baseline_read_fp(bl_run *r, const char *path, char *err, size_t errlen);

bl_metric *bl_add_metric(bl_run *r, const char *name, double v);
const bl_metric *bl_find_metric(const bl_run *r, const char *name);

#endif
