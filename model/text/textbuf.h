/* A bounded text buffer that reports append to: it fills up and then
 * ignores the rest (a report cut short beats a crash or an allocation in
 * the middle of a failure), and always stays NUL-terminated. */
#ifndef MYRISIM_TEXT_TEXTBUF_H
#define MYRISIM_TEXT_TEXTBUF_H

#include <stddef.h>

typedef struct {
    char *buf;
    size_t n, len;             /* capacity, bytes written so far */
} textbuf;

/* Over buf[n] (empty it first: buf[0] = 0 if n > 0). */
textbuf tb_over(char *buf, size_t n);
/* Append printf-style; truncates at the capacity. */
void tb_put(textbuf *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
