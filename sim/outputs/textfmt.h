/* Stable text formatting shared by every writer: numbers print the same way on
 * every run (integers exactly, others with %.6g), CSV fields are quoted only
 * when needed, and names become file-name slugs. */
#ifndef MYRISIM_OUTPUTS_TEXTFMT_H
#define MYRISIM_OUTPUTS_TEXTFMT_H

#include <stdio.h>

#define NUM_BUF 40

/* Integral values up to 1e15 print as integers, everything else as %.6g. */
const char *fmt_num(double v, char buf[NUM_BUF]);
/* Full precision for values that travel between processes or into -D flags. */
const char *fmt_exact(double v, char buf[NUM_BUF]);
/* Write s as one CSV field (quoted if it holds a comma, quote or newline). */
void csv_field(FILE *f, const char *s);
/* Lower-case letters and digits, runs of anything else become one '-'. */
void slugify(const char *name, char *out, size_t len);
/* Two values are the same sweep point (relative tolerance 1e-9). */
int same_x(double a, double b);

#endif
