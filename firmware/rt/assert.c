/* __assert_fail: the target of <assert.h>'s assert. Prints the C library's
 * message on the console, then stops the core with an assertion fault
 * whose message is the same text, so lanai-run's report names file, line
 * and expression too (the text is built in a static buffer: the simulator
 * reads it from SRAM when the fault is raised). */
#include <assert.h>
#include <stdio.h>

#include "console.h"
#include "sim.h"

static char msg[256];

void __assert_fail(const char *expr, const char *file, unsigned line, const char *func)
{
    snprintf(msg, sizeof msg, "%s:%u: %s: Assertion `%s' failed.", file, line, func, expr);
    con_puts(msg);
    con_putc('\n');
    sim_assert_fail(msg);
}
