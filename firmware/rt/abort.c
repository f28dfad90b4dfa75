/* abort: clang lowers __builtin_trap() to a call here. Report through the
 * simulator's assert path (the core stops with an assertion fault whose
 * message is "abort"); should the core run on, exit with 134 (128 + SIGABRT,
 * as a shell would show it) and park. */
#include "rt.h"
#include "sim.h"

void abort(void)
{
    SIM_REG(SIMSVC_ASSERT) = (unsigned int)(unsigned long)"abort";
    SIM_REG(SIMSVC_EXIT) = 134;
    for (;;) {}
}
