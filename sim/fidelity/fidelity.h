/* The fidelity report across scenarios (`myrisim report`): reads the
 * comparison.csv of several result directories and the published values
 * under results/reference/, and writes one Markdown file (results/REPORT.md)
 * with a summary (values within 5, 10 and 25%, bounds satisfied), the
 * figures that have no simulated result yet, and every compared value
 * grouped by figure. The output depends only on the inputs: directories are
 * taken in sorted order and figures in their natural order. */
#ifndef MYRISIM_FIDELITY_H
#define MYRISIM_FIDELITY_H

#include "refkind.h"

#include <stdio.h>

/* One row of a comparison.csv. */
typedef struct fid_entry {
    char *figure, *series, *source;
    char *xname;                   /* the sweep's label: what x is ("bytes") */
    char *measure, *unit, *location, *note;
    const char *dir;               /* the result directory it came from */
    int has_x, has_sim, has_err;
    double x, ref, sim, err_pct;
    ref_kind kind;
    ref_cmp cmp;
} fid_entry;

/* One row of a result directory's settings.csv (series, setting, value). */
typedef struct fid_setting {
    const char *dir;
    char *series, *key, *value;
} fid_setting;

/* A figure of results/reference/ and how many values it publishes. */
typedef struct fid_figure {
    char *name;
    int published;
} fid_figure;

typedef struct fid_input {
    char **dirs;                   /* sorted */
    int ndirs;
    fid_entry *entries;
    int nentries;
    fid_setting *settings;         /* every directory's settings.csv (optional) */
    int nsettings;
    fid_figure *figures;           /* from the reference directory */
    int nfigures;
    int reffiles, refvalues;
    const char *refdir;
} fid_input;

/* Read every DIR/comparison.csv and the reference directory. Errors go to
 * err naming file and line; returns the number of errors. */
int fidelity_read(fid_input *in, const char *const *dirs, int ndirs, const char *refdir, FILE *err);
void fidelity_free(fid_input *in);

/* Figure names in their natural order: Figure 4.6 < Figure 4.10 < Table 5.1
 * < Appendix A < anything else. */
int fidelity_figure_cmp(const char *a, const char *b);

/* The report's section on published values two directories compare with
 * different simulated results, and the settings that differ
 * (fidelity_differ.c). */
void fidelity_differences(FILE *f, const fid_input *in);

/* Write the report; 0, or -1 after printing why. */
int fidelity_write(const fid_input *in, const char *out_path, FILE *err);

#endif
