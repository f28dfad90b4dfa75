/* Regression observations of one run (observe.h). The fingerprint comes
 * from the trace hooks: a traced run's trace computes it anyway; an
 * untraced one gets a silent trace that only keeps bindings and hashes. The
 * profiles come from the cores themselves (MYRISIM_LANAI_PROF, set in the
 * child before the cluster is built, written when each core is freed). */
#define _GNU_SOURCE
#include "observe.h"

#include "../../model/trace/trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dir;
static int own_trace;          /* this child made trace_cur (silent) */

void observe_set_dir(const char *d)
{
    free(dir);
    dir = d ? strdup(d) : NULL;
}

const char *observe_dir(void) { return dir; }

void observe_stem(const char *d, const char *scenario, int run, char *out, size_t len)
{
    snprintf(out, len, "%s/%s.%d", d, scenario, run);
}

void observe_begin(const run_spec *r, run_result *res)
{
    if (!dir) return;
    char stem[4096];
    observe_stem(dir, r->sc->name, r->index, stem, sizeof stem);
    setenv("MYRISIM_LANAI_PROF", stem, 1);
    if (!trace_cur && r->sc->kind->supports_trace) {
        trace_cur = trace_new_silent();
        own_trace = 1;
        if (!trace_cur) result_fail(res, "out of memory for the fingerprint");
    }
}

void observe_end(const run_spec *r, run_result *res)
{
    if (!dir) return;
    unsetenv("MYRISIM_LANAI_PROF");
    char path[4200];
    observe_stem(dir, r->sc->name, r->index, path, sizeof path - 8);
    strcat(path, ".fp");
    FILE *f = fopen(path, "w");
    if (!f) {
        result_fail(res, "cannot write %s", path);
        return;
    }
    if (trace_cur) {
        uint64_t n;
        uint64_t h = trace_fingerprint(trace_cur, &n);
        fprintf(f, "fingerprint %016llx %llu\n", (unsigned long long)h, (unsigned long long)n);
    } else {
        fprintf(f, "fingerprint none 0\n");
    }
    if (fclose(f)) result_fail(res, "cannot write %s", path);
    if (own_trace) {
        char err[256];
        trace_close(trace_cur, err, sizeof err);
        trace_cur = NULL;
        own_trace = 0;
    }
}
