/* Diagnostics: every message starts with "lanai-ld: error:" so scripts and
 * tests can find it; errors are counted so a pass can report all problems
 * (e.g. every undefined symbol) before the link stops. Every error is bad
 * input: exit status 2. */
#include "ld.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

enum { MAX_SHOWN = 50 };
static int nerrors;
static jmp_buf *bail;   /* set by the fuzz harness: stop by longjmp, not exit */

void ld_diag_reset(jmp_buf *env)
{
    nerrors = 0;
    bail = env;
}

static _Noreturn void stop(void)
{
    if (bail)
        longjmp(*bail, 1);
    exit(2);
}

static void vmsg(const char *kind, const char *fmt, va_list ap)
{
    fprintf(stderr, "lanai-ld: %s: ", kind);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void ld_error(const char *fmt, ...)
{
    nerrors++;
    if (nerrors > MAX_SHOWN) {
        if (nerrors == MAX_SHOWN + 1)
            fprintf(stderr, "lanai-ld: error: too many errors, not showing the rest\n");
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    vmsg("error", fmt, ap);
    va_end(ap);
}

void ld_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmsg("warning", fmt, ap);
    va_end(ap);
}

void ld_fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmsg("error", fmt, ap);
    va_end(ap);
    stop();
}

int ld_error_count(void) { return nerrors; }

void ld_stop_if_errors(void)
{
    if (nerrors) {
        fprintf(stderr, "lanai-ld: %d error%s, no output written\n", nerrors, nerrors == 1 ? "" : "s");
        stop();
    }
}
