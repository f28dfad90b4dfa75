/* A run's identity: the text of every setting its experiment can read
 * (each path under cluster and experiment, resolved through the sweep, the
 * series' overrides and the file, with its type), the sweep value, the
 * parameters' order and the directories relative paths are taken from.
 * Experiments read only those (run_setting and friends), so two runs with
 * the same key simulate the same thing and, the model being deterministic,
 * give the same result: the executor runs such a run once (executor.c). */
#ifndef MYRISIM_RUNNER_RUN_KEY_H
#define MYRISIM_RUNNER_RUN_KEY_H

#include "../scenario/runspec.h"

/* malloc'd text; the caller frees it */
char *run_key(const run_spec *r);

#endif
