/* A run's result (result.h): measurements, error lines and their text
 * wire format between the child and the parent. */
#include "result.h"

#include "../outputs/textfmt.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void result_init(run_result *r)
{
    memset(r, 0, sizeof *r);
    r->ok = 1;
}

void result_set(run_result *r, const char *name, double v)
{
    for (int i = 0; i < r->n; i++)
        if (!strcmp(r->names[i], name)) {
            r->values[i] = v;
            return;
        }
    if (r->n == RESULT_MAX) {
        result_fail(r, "too many measurements (at most %d)", RESULT_MAX);
        return;
    }
    snprintf(r->names[r->n], RESULT_NAME, "%s", name);
    r->values[r->n++] = v;
}

int result_get(const run_result *r, const char *name, double *v)
{
    for (int i = 0; i < r->n; i++)
        if (!strcmp(r->names[i], name)) {
            *v = r->values[i];
            return 0;
        }
    return -1;
}

/* A report that does not fit says so at its end, once, rather than
 * stopping mid-line without a word. */
static const char cut_note[] = "(more lines did not fit in the run's report)";

static void append_error(run_result *r, const char *text)
{
    size_t used = strlen(r->error), n = strlen(text), c = sizeof cut_note - 1;
    if (used >= c && !strcmp(r->error + used - c, cut_note)) return;   /* cut already */
    if (used + 1 + n + 1 + c + 1 > sizeof r->error) text = cut_note;   /* this line and the note would not fit */
    if (used && used + 1 < sizeof r->error)
        r->error[used++] = '\n';
    snprintf(r->error + used, sizeof r->error - used, "%s", text);
}

void result_fail(run_result *r, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    r->ok = 0;
    append_error(r, line);
}

void result_deadlock(run_result *r)
{
    r->ok = 0;
    r->deadlocked = 1;
}

void result_write(const run_result *r, FILE *f)
{
    char b[NUM_BUF];
    for (int i = 0; i < r->n; i++)
        fprintf(f, "m %s %s\n", r->names[i], fmt_exact(r->values[i], b));
    /* The error text may span lines: send each as its own "error" line. */
    const char *p = r->error;
    while (*p) {
        const char *nl = strchr(p, '\n');
        int len = nl ? (int)(nl - p) : (int)strlen(p);
        fprintf(f, "error %.*s\n", len, p);
        p += len + (nl ? 1 : 0);
    }
    if (r->deadlocked)
        fprintf(f, "deadlock\n");
    fprintf(f, "%s\n", r->ok ? "ok" : "failed");
}

void result_read_line(run_result *r, const char *line)
{
    if (!strncmp(line, "m ", 2)) {
        char name[RESULT_NAME];
        const char *sp = strchr(line + 2, ' ');
        if (!sp || sp - (line + 2) >= RESULT_NAME)
            return;
        memcpy(name, line + 2, (size_t)(sp - (line + 2)));
        name[sp - (line + 2)] = 0;
        result_set(r, name, strtod(sp + 1, NULL));
    } else if (!strncmp(line, "error ", 6)) {
        r->ok = 0;
        append_error(r, line + 6);
    } else if (!strcmp(line, "deadlock")) {
        r->ok = 0;
        r->deadlocked = 1;
    } else if (!strcmp(line, "failed")) {
        r->ok = 0;
    }
}
