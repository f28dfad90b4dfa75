/* The CSV reader (csvread.h): quoted fields, fields spanning lines, and
 * the line each row starts on for error messages. */
#include "csvread.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* A growable byte buffer for one field. */
typedef struct field_buf {
    char *s;
    size_t n, cap;
} field_buf;

static void put(field_buf *b, char c)
{
    if (b->n + 1 >= b->cap) {
        b->cap = b->cap ? b->cap * 2 : 64;
        b->s = realloc(b->s, b->cap);
    }
    b->s[b->n++] = c;
    b->s[b->n] = 0;
}

static char *take_field(field_buf *b)
{
    char *s = b->n ? b->s : strdup("");
    b->s = NULL;
    b->n = b->cap = 0;
    return s;
}

static void add_field(csv_row *r, char *text)
{
    r->fields = realloc(r->fields, (size_t)(r->nfields + 1) * sizeof *r->fields);
    r->fields[r->nfields++] = text;
}

static void free_row(csv_row *r)
{
    for (int i = 0; i < r->nfields; i++)
        free(r->fields[i]);
    free(r->fields);
}

/* Keep a finished row unless it is a blank line (one empty unquoted field). */
static void end_row(csv_table *t, csv_row *r, int quoted)
{
    if (r->nfields == 1 && !r->fields[0][0] && !quoted) {
        free_row(r);
    } else {
        t->rows = realloc(t->rows, (size_t)(t->nrows + 1) * sizeof *t->rows);
        t->rows[t->nrows++] = *r;
    }
    memset(r, 0, sizeof *r);
}

int csv_read(const char *path, const char *shown, FILE *err, csv_table *t)
{
    memset(t, 0, sizeof *t);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(err, "%s: cannot read: %s\n", shown, strerror(errno));
        return -1;
    }
    csv_row row = {1, 0, NULL};
    field_buf b = {NULL, 0, 0};
    int line = 1, in_quotes = 0, after_quote = 0, row_quoted = 0, c, bad = 0, quote_line = 0;
    while (!bad && (c = fgetc(f)) != EOF) {
        if (c == 0) {
            fprintf(err, "%s:%d: NUL byte in the file\n", shown, line);
            bad = 1;
        } else if (in_quotes) {
            if (c == '"') {
                int d = fgetc(f);
                if (d == '"') {
                    put(&b, '"');
                } else {
                    in_quotes = 0;
                    after_quote = 1;
                    if (d != EOF)
                        ungetc(d, f);
                }
            } else {
                if (c == '\n')
                    line++;
                put(&b, (char)c);
            }
        } else if (c == '"') {
            if (b.n || after_quote) {
                fprintf(err, "%s:%d: a quote inside an unquoted field (quote the whole field and double the quote)\n",
                        shown, line);
                bad = 1;
            } else {
                in_quotes = row_quoted = 1;
                quote_line = line;
            }
        } else if (c == ',') {
            add_field(&row, take_field(&b));
            after_quote = 0;
        } else if (c == '\r' || c == '\n') {
            if (c == '\r') {
                int d = fgetc(f);
                if (d != '\n' && d != EOF)
                    ungetc(d, f);
            }
            add_field(&row, take_field(&b));
            end_row(t, &row, row_quoted);
            after_quote = row_quoted = 0;
            row.line = ++line;
        } else if (after_quote) {
            fprintf(err, "%s:%d: text after the closing quote of a field\n", shown, line);
            bad = 1;
        } else {
            put(&b, (char)c);
        }
    }
    if (!bad && in_quotes) {
        fprintf(err, "%s:%d: quoted field is not closed before the end of the file\n", shown, quote_line);
        bad = 1;
    }
    if (!bad && (b.n || row.nfields || after_quote)) {   /* last line without a newline */
        add_field(&row, take_field(&b));
        end_row(t, &row, row_quoted);
    }
    free(b.s);
    free_row(&row);
    fclose(f);
    if (!bad && t->nrows == 0) {
        fprintf(err, "%s:1: empty file (expected a header line)\n", shown);
        bad = 1;
    }
    if (bad) {
        csv_free(t);
        return -1;
    }
    return 0;
}

void csv_free(csv_table *t)
{
    for (int i = 0; i < t->nrows; i++)
        free_row(&t->rows[i]);
    free(t->rows);
    memset(t, 0, sizeof *t);
}

int csv_column(const csv_table *t, const char *name)
{
    if (t->nrows == 0)
        return -1;
    for (int i = 0; i < t->rows[0].nfields; i++)
        if (!strcmp(t->rows[0].fields[i], name))
            return i;
    return -1;
}
