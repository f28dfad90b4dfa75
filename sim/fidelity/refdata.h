/* The dissertation's published values as data: one CSV per figure or table
 * under results/reference/ with the columns
 *   figure,series,x,x_unit,metric,value,unit,kind,location,source,quote
 * (results/reference/README.md has their meaning). Loading checks every row
 * so a typo in a transcription is an error naming file and line, never a
 * silently wrong reference. */
#ifndef MYRISIM_FIDELITY_REFDATA_H
#define MYRISIM_FIDELITY_REFDATA_H

#include "csvread.h"
#include "refkind.h"

#include <stddef.h>
#include <stdio.h>

typedef struct ref_row {
    int line;                      /* line in the CSV file */
    const char *figure, *series, *x_unit, *metric, *unit, *location, *source, *quote;
    int has_x;                     /* the x column is not empty */
    double x, value;
    ref_kind kind;
    ref_cmp cmp;                   /* bounds: from the metric suffix */
} ref_row;

typedef struct ref_table {
    char shown[1024];              /* the file as named by the user */
    ref_row *rows;
    int nrows;
    csv_table csv;                 /* owns the strings */
} ref_table;

/* The columns, in the order the shipped files use. */
extern const char *const ref_columns[];

/* Load and check a reference file; errors go to err as "shown:LINE: why".
 * Returns the number of errors (the table is empty unless 0). */
int ref_table_load(const char *path, const char *shown, FILE *err, ref_table *t);
void ref_table_free(ref_table *t);

/* The figure a file name stands for: "fig5_10.csv" -> "Figure 5.10",
 * "table5_4.csv" -> "Table 5.4", "appendix_a.csv" -> "Appendix A"; NULL for
 * names that follow none of these patterns. */
const char *ref_figure_of_file(const char *path, char *buf, size_t len);

#endif
