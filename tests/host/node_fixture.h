/* The host-node runs of node_run.h for tests: a set-up error or a missing
 * measure fails the test. */
#ifndef MYRISIM_HOST_NODE_FIXTURE_H
#define MYRISIM_HOST_NODE_FIXTURE_H

#include "node_run.h"

void nf_run(const char *chip, const host_profile *hp, int bus, const char *app, const nf_param *params,
            int idle_skip, nf_result *r);
void nf_run_spec(const node_spec *sp, const char *app, const nf_param *params, nf_result *r);
double nf_get(const nf_result *r, const char *name);

#endif
