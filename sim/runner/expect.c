/* Outcomes against expectations (expect.h). A watchdog stop is a deadlock
 * unless its report opens with LIVELOCK (model/node/livelock.c). */
#include "expect.h"

#include <stdio.h>
#include <string.h>

const char *result_outcome(const run_result *r)
{
    if (r->ok)
        return "ok";
    if (!r->deadlocked)
        return "failed";
    return strncmp(r->error, "LIVELOCK", 8) ? "deadlock" : "livelock";
}

static sc_expect expect_of(const run_spec *s)
{
    return s->sc->series[s->series].expect;
}

const char *run_expect_name(const run_spec *s)
{
    return expect_names[expect_of(s)];
}

int expect_met(sc_expect e, const run_result *r)
{
    return e != SC_EXPECT_COMPLETE && !strcmp(result_outcome(r), expect_names[e]);
}

int expect_missed(sc_expect e, const run_result *r)
{
    return e != SC_EXPECT_COMPLETE && r->ok;
}

int run_expected_stop(const run_spec *s, const run_result *r)
{
    return expect_met(expect_of(s), r);
}

int run_missed_stop(const run_spec *s, const run_result *r)
{
    return expect_missed(expect_of(s), r);
}

void result_first_line(const run_result *r, char *out, size_t len)
{
    size_t l = strcspn(r->error, "\n");
    snprintf(out, len, "%.*s", (int)(l < len ? l : len - 1), r->error);
}
