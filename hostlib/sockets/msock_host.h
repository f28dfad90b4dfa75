/* The host side of an unmodified sockets program: one msock_proc per
 * simulated process fills the program's msock_api table (msock_api.h),
 * loads its own copy of the program (so every host has its own globals)
 * and runs its main with the host's argv. */
#ifndef MYRISIM_SOCKETS_MSOCK_HOST_H
#define MYRISIM_SOCKETS_MSOCK_HOST_H

#include "msock.h"
#include "msock_api.h"

#include <stdio.h>

typedef struct msock_proc msock_proc;

/* out: where the process's stdout and stderr go (owned by the caller).
 * fn_cycles: CPU cycles charged per function the program enters. */
msock_proc *msock_proc_new(platform *p, msock *m, uint32_t node, uint32_t nodes, FILE *out, uint32_t fn_cycles);
void msock_proc_free(msock_proc *pr);
/* Load a private copy of the shared object `so` and run its main with
 * argv (argc entries). Returns main's (or exit's) status, or -1 with a
 * message in err when it cannot load or the host failed under it. */
int msock_proc_run(msock_proc *pr, const char *so, int argc, char **argv, char *err, size_t errlen);

#endif
