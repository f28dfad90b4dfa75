/* Reading CSV files (RFC 4180 style: fields separated by commas, optionally
 * quoted with "" for a quote inside, quoted fields may span lines). Used for
 * the dissertation's reference values (results/reference/) and for the
 * comparison.csv files the fidelity report reads. Every row keeps the line it
 * starts on so errors can name file:line. */
#ifndef MYRISIM_FIDELITY_CSVREAD_H
#define MYRISIM_FIDELITY_CSVREAD_H

#include <stdio.h>

typedef struct csv_row {
    int line;          /* 1-based line the row starts on */
    int nfields;
    char **fields;     /* NUL-terminated texts */
} csv_row;

typedef struct csv_table {
    csv_row *rows;     /* rows[0] is the header; blank lines are skipped */
    int nrows;
} csv_table;

/* Read path; "shown" is the name used in messages (the path as the user
 * wrote it). On error writes "shown:LINE: why" to err and returns -1 with
 * the table empty. A file without any row is an error ("no header"). */
int csv_read(const char *path, const char *shown, FILE *err, csv_table *t);
void csv_free(csv_table *t);
/* Index of a header column, or -1. */
int csv_column(const csv_table *t, const char *name);

#endif
