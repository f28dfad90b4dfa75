/* A bounded text buffer that reports append to (see textbuf.h). */
#include "textbuf.h"

#include <stdarg.h>
#include <stdio.h>

textbuf tb_over(char *buf, size_t n)
{
    if (n) buf[0] = 0;
    return (textbuf){buf, n, 0};
}

void tb_put(textbuf *o, const char *fmt, ...)
{
    if (!o->n || o->len + 1 >= o->n) return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(o->buf + o->len, o->n - o->len, fmt, ap);
    va_end(ap);
    if (k > 0) o->len += (size_t)k < o->n - o->len ? (size_t)k : o->n - o->len - 1;
}
