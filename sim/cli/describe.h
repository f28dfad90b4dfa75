/* Human-readable summaries of a scenario: `myrisim describe` and the setup
 * section of report.md share them. */
#ifndef MYRISIM_CLI_DESCRIBE_H
#define MYRISIM_CLI_DESCRIBE_H

#include "../scenario/scenario.h"

#include <stdio.h>

/* The settings one series runs with: cluster, kind, firmware, parameters. */
void describe_series(FILE *f, const scenario *sc, int series, const char *indent);
/* The sweep in words: "BYTES = 1024, 4096, ... (5 points; quick: 65536)". */
void describe_sweep(FILE *f, const scenario *sc);
/* Everything, for `myrisim describe`. */
void describe_scenario(FILE *f, const scenario *sc);

#endif
