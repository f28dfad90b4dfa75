/* What one run produced: named measurements, or an error. A run executes in
 * a child process and sends its result to the parent as text lines
 * ("m NAME VALUE", "error TEXT"), so this is also the wire format. */
#ifndef MYRISIM_RUNNER_RESULT_H
#define MYRISIM_RUNNER_RESULT_H

#include <stdio.h>

#define RESULT_MAX 32
#define RESULT_NAME 48

typedef struct run_result {
    int ok;                       /* 1 once the run finished without error */
    int deadlocked;               /* the watchdog stopped it (exit status 3) */
    int n;
    char names[RESULT_MAX][RESULT_NAME];
    double values[RESULT_MAX];
    char error[8192];             /* why the run failed (may hold several lines) */
} run_result;

void result_init(run_result *r);
/* Set (or replace) a measurement. */
void result_set(run_result *r, const char *name, double v);
int result_get(const run_result *r, const char *name, double *v);
/* Mark the run failed and append a line to its error text. */
void result_fail(run_result *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Mark the run failed by a deadlock (myrisim then exits with status 3). */
void result_deadlock(run_result *r);

/* Wire format: write everything, or apply one received line. */
void result_write(const run_result *r, FILE *f);
void result_read_line(run_result *r, const char *line);

#endif
