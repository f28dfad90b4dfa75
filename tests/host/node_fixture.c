/* The host-node test fixture (node_fixture.h). */
#include "node_fixture.h"
#include "../harness/harness.h"

#include <math.h>

void nf_run(const char *chip, const host_profile *hp, int bus, const char *app, const nf_param *params,
            int idle_skip, nf_result *r)
{
    char err[600];
    node_spec sp = {chip, hp, bus, 1, idle_skip, NULL, 0, 0};
    if (node_run(harness_root(), &sp, app, params, r, err, sizeof err))
        harness_fail(__FILE__, __LINE__, "%s", err);
}

void nf_run_spec(const node_spec *sp, const char *app, const nf_param *params, nf_result *r)
{
    char err[600];
    if (node_run(harness_root(), sp, app, params, r, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
}

double nf_get(const nf_result *r, const char *name)
{
    double v = node_get(r, name);
    if (isnan(v)) harness_fail(__FILE__, __LINE__, "the run reported no measure %s (rc %d: %s)", name, r->rc, r->err);
    return v;
}
