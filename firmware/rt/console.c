/* con_printf: the formatter (fmt.c) writing to the console through
 * con_putc. Kept apart from con_simsvc.c so another con_putc can be
 * paired with it. */
#include "console.h"
#include "fmt.h"

static void to_console(fmt_out *o, char c)
{
    (void)o;
    con_putc(c);
}

int con_printf(const char *fmt, ...)
{
    fmt_out o = {to_console, NULL, 0, 0};
    va_list ap;
    va_start(ap, fmt);
    int n = fmt_vformat(&o, fmt, &ap);
    va_end(ap);
    return n;
}
