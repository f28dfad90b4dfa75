/* The parts of <stdio.h> firmware/rt provides on the Lanai: formatted
 * output to a buffer (snprintf, vsnprintf) and to the console (printf,
 * vprintf, putchar, puts), all through one formatter (console.c) with C's
 * conversions: %d %i %u %x %X %o %c %s %p %% %f %F %e %E %g %G, flags
 * - + space 0 #, width and precision (also *), length hh h l ll z.
 * No files. In a native build that shares these include paths it defers
 * to the system header. */
#ifndef __lanai__
#include_next <stdio.h>
#else
#ifndef MYRISIM_INCLUDE_STDIO_H
#define MYRISIM_INCLUDE_STDIO_H

#include <stdarg.h>
#include <stddef.h>

#define EOF (-1)

int snprintf(char *restrict buf, size_t size, const char *restrict fmt, ...) __attribute__((format(printf, 3, 4)));
int vsnprintf(char *restrict buf, size_t size, const char *restrict fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));
int printf(const char *restrict fmt, ...) __attribute__((format(printf, 1, 2)));
int vprintf(const char *restrict fmt, va_list ap) __attribute__((format(printf, 1, 0)));
int putchar(int c);
int puts(const char *s);   /* adds a newline, as C's puts does */

#endif
#endif
