/* What the regression commands (baseline, regress, ab, profile) share:
 * their options and the scenario list (docs/regress.md). */
#ifndef MYRISIM_CLI_REGRESS_CLI_H
#define MYRISIM_CLI_REGRESS_CLI_H

#include "cli_common.h"

#define REGRESS_BASELINE_DIR "scenarios/regress/baselines"

typedef struct regress_opts {
    const char *files[MAX_FILES];
    int nfiles, jobs, top, update, help;
    const char *out, *baselines, *junit, *a, *b, *format, *window, *diff, *images, *series, *x;
} regress_opts;

/* argv[2..]: SCENARIOs, the boolean flags and the options taking a value
 * (both NULL-terminated lists); -1 with a message on bad usage. */
int regress_parse(int argc, char **argv, regress_opts *o, const char *const *flags, const char *const *valued);
char **regress_files(const regress_opts *o, const char *root, int *n);
void regress_free_files(char **v, int n);

int cli_cmd_baseline(int argc, char **argv);   /* cmd_baseline.c */
int cli_cmd_regress(int argc, char **argv);    /* cmd_regress.c */
int cli_cmd_ab(int argc, char **argv);         /* cmd_ab.c */
int cli_cmd_profile(int argc, char **argv);    /* cmd_profile.c */

#endif
