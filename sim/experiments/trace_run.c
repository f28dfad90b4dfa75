/* --trace (trace_run.h): choosing the traced run and opening and closing
 * its recorder in the run's child process. */
#include "trace_run.h"

#include "../../model/trace/trace.h"
#include "experiments.h"
#include "../outputs/textfmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t max_events;

void sim_trace_set_max(uint64_t n) { max_events = n; }

int sim_trace_pick(const scenario *sc, const double *xs, int nx, const char *x_text, const char *series)
{
    int s = 0, i = 0;
    if (series) {
        s = scenario_series_index(sc, series);
        if (s < 0) {
            fprintf(stderr, "myrisim: --trace-series: scenario %s has no series '%s'; its series:", sc->name, series);
            for (int k = 0; k < sc->nseries; k++)
                fprintf(stderr, "%s '%s'", k ? "," : "", sc->series[k].name);
            fputc('\n', stderr);
            return -1;
        }
    }
    if (x_text) {
        char *end;
        double x = strtod(x_text, &end);
        for (i = 0; *x_text && !*end && i < nx && xs[i] != x; i++) {
        }
        if (!*x_text || *end || i == nx) {
            char b[NUM_BUF];
            fprintf(stderr, "myrisim: --trace-x %s is not a point of this run of %s; the points:", x_text, sc->name);
            for (int k = 0; k < nx; k++)
                fprintf(stderr, " %s", fmt_num(xs[k], b));
            fputc('\n', stderr);
            return -1;
        }
    }
    return s * nx + i;
}

void sim_trace_begin(const run_spec *r, run_result *res)
{
    if (!r->trace || !r->sc->kind->supports_trace)
        return;
    char err[600], label[256], b[NUM_BUF];
    trace_cur = trace_open(r->trace, max_events, err, sizeof err);
    if (!trace_cur) {
        result_fail(res, "--trace: %s", err);
        return;
    }
    trace_meta(trace_cur, "scenario", r->sc->name);
    trace_meta(trace_cur, "series", r->sc->series[r->series].name);
    if (r->sc->sweep.present) {
        trace_meta(trace_cur, "sweep", r->sc->sweep.label);
        trace_meta(trace_cur, "x", fmt_num(r->x, b));
    }
    trace_meta(trace_cur, "run", run_label(r, label, sizeof label));
    trace_meta(trace_cur, "time_unit", "ts and dur in microseconds of simulated time (ps precision)");
}

void sim_trace_end(const run_spec *r, run_result *res)
{
    (void)r;
    if (!trace_cur)
        return;
    char err[600];
    if (trace_close(trace_cur, err, sizeof err))
        result_fail(res, "--trace: %s", err);
    trace_cur = NULL;
}
