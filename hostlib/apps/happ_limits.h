/* Upper bounds on host-program parameters that the scenario check
 * enforces before any run (bad input, exit status 2, naming the key):
 * what the firmware or the library holds, so a scenario asking for more
 * fails at once instead of deep inside a run. */
#ifndef MYRISIM_APPS_HAPP_LIMITS_H
#define MYRISIM_APPS_HAPP_LIMITS_H

typedef struct happ_limit {
    const char *program, *param;
    double max;
    const char *why;
} happ_limit;

/* Ended by an entry whose program is NULL. */
extern const happ_limit happ_limits[];

#endif
