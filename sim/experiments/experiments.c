/* The experiment-kind registry (experiments.h): one line per kind. */
#include "experiments.h"

#include <string.h>

extern const experiment_kind ni_pingpong_kind;   /* sim/experiments/exp_ni_pingpong.c */
extern const experiment_kind host_kind;          /* sim/experiments/exp_host.c */
extern const experiment_kind rc1000_stage_kind;  /* sim/experiments/exp_rc1000.c */

static const experiment_kind *const registry[] = {
    &firmware_kind,
    &ni_pingpong_kind,
    &host_kind,
    &rc1000_stage_kind,
    &selftest_kind,
    NULL,
};

const experiment_kind *const *experiment_kinds(void)
{
    return registry;
}

const experiment_kind *experiment_find(const char *name)
{
    for (int i = 0; registry[i]; i++)
        if (!strcmp(registry[i]->name, name))
            return registry[i];
    return NULL;
}
