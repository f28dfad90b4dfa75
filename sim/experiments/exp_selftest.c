/* Experiment kind "selftest": no simulation, just arithmetic on x. It lets
 * the tests exercise sweeps, series, the executor's failure handling (a run
 * that fails, crashes or hangs) and the writers in milliseconds. */
#include "experiments.h"

#include "../scenario/runspec.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

static const char *const mode_names[] = {"ok", "fail", "crash", "hang", "spin", NULL};

static const key_spec selftest_keys[] = {
    {"mode", KT_STRING, 0, NULL, mode_names, "selftest mode", NULL, "ok (default), fail, crash, hang (waits) or spin (computes forever)"},
    {"at", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "the x where mode applies (default: every x)"},
    {"scale", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "y = scale * x + offset (default 1)"},
    {"offset", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "(default 0)"},
    {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL},
};

static const char *const selftest_measures[] = {"y", "x_squared", NULL};

static void selftest_run(const run_spec *r, run_result *res)
{
    const char *mode = run_string(r, "experiment.mode", "ok");
    int here = !run_has(r, "experiment.at") || run_number(r, "experiment.at", 0) == r->x;
    if (here && !strcmp(mode, "fail")) {
        result_fail(res, "selftest: asked to fail");
        return;
    }
    if (here && !strcmp(mode, "crash"))
        raise(SIGSEGV);
    if (here && !strcmp(mode, "hang"))
        for (;;)
            pause();
    if (here && !strcmp(mode, "spin"))
        for (volatile unsigned long k = 0;; k++) {
        }
    result_set(res, "y", run_number(r, "experiment.scale", 1) * r->x + run_number(r, "experiment.offset", 0));
    result_set(res, "x_squared", r->x * r->x);
}

const experiment_kind selftest_kind = {
    .name = "selftest",
    .summary = "arithmetic on x without simulation (tests the scenario machinery)",
    .keys = selftest_keys,
    .measures = selftest_measures,
    .custom_measures = 0,
    .supports_trace = 0,
    .check = NULL,
    .run = selftest_run,
};
