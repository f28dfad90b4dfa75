/* console.h over stdio, so the conformance programs can run on the host and
 * produce the reference output the simulated runs are compared against.
 * Every conversion documented in console.h is a subset of C's printf, so
 * vprintf gives the behaviour the firmware console must match. */
#include <stdarg.h>
#include <stdio.h>

#include "console.h"

void con_putc(int c)
{
    putchar(c);
}

void con_puts(const char *s)
{
    fputs(s, stdout);
}

int con_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vprintf(fmt, ap);
    va_end(ap);
    return n;
}
