/* Firmware profiles as call trees (docs/regress.md): exclusive and
 * inclusive cycles per function and per call path, folded stacks (the text
 * speedscope and inferno read: "a;b;c CYCLES" per line), and flame graphs
 * drawn here as SVG: one run's, or the difference between two runs (frames
 * sized by the second, coloured by the change). */
#ifndef MYRISIM_REGRESS_FLAME_H
#define MYRISIM_REGRESS_FLAME_H

#include "baseline.h"

#include <stdio.h>

/* paths[i].name "a;b;c", .cycles exclusive. */
int flame_write_folded(const char *path, const bl_fn *paths, int n);
/* Read a folded file back (for --diff); -1 with "file:line: why". */
int flame_read_folded(const char *path, bl_fn **paths, int *n, char *err, size_t errlen);

/* Per function: exclusive, inclusive cycles and entries, most inclusive
 * first; then per call path: inclusive and exclusive. */
void flame_print_tables(FILE *f, const bl_fn *paths, int n, int top);

/* An SVG flame graph of b; with a (not NULL), the differential graph of a
 * -> b. title goes on top. 0 or -1. */
int flame_write_svg(const char *path, const char *title, const bl_fn *b, int nb, const bl_fn *a, int na);

#endif
