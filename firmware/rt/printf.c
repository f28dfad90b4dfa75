/* <stdio.h>'s output functions: snprintf and vsnprintf into a buffer,
 * printf, vprintf, putchar and puts on the console; one formatter (fmt.c). */
#include <stdio.h>

#include "console.h"
#include "fmt.h"

/* Keeps the first cap - 1 characters and counts them all, as C requires. */
static void to_buffer(fmt_out *o, char c)
{
    if (o->len + 1 < o->cap) o->buf[o->len] = c;
    o->len++;
}

int vsnprintf(char *restrict buf, size_t size, const char *restrict fmt, va_list ap)
{
    fmt_out o = {to_buffer, buf, size, 0};
    va_list aq;
    va_copy(aq, ap);
    int n = fmt_vformat(&o, fmt, &aq);
    va_end(aq);
    if (size) buf[o.len < size ? o.len : size - 1] = 0;
    return n;
}

int snprintf(char *restrict buf, size_t size, const char *restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return n;
}

static void to_console(fmt_out *o, char c)
{
    (void)o;
    con_putc(c);
}

int vprintf(const char *restrict fmt, va_list ap)
{
    fmt_out o = {to_console, NULL, 0, 0};
    va_list aq;
    va_copy(aq, ap);
    int n = fmt_vformat(&o, fmt, &aq);
    va_end(aq);
    return n;
}

int printf(const char *restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vprintf(fmt, ap);
    va_end(ap);
    return n;
}

int putchar(int c)
{
    con_putc(c);
    return (unsigned char)c;
}

int puts(const char *s)
{
    con_puts(s);
    con_putc('\n');
    return 1;
}
