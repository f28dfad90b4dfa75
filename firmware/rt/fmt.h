/* The formatter behind con_printf, printf and snprintf (fmt.c, fmt_float.c):
 * C's printf conversions written to an output sink, so the console and a
 * buffer share one implementation. Internal to firmware/rt. */
#ifndef MYRISIM_RT_FMT_H
#define MYRISIM_RT_FMT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

typedef struct fmt_out {
    void (*put)(struct fmt_out *o, char c);
    char *buf;          /* buffer sinks: where to write, capacity, written so far */
    size_t cap, len;
} fmt_out;

typedef struct {
    int left, zero, plus, space, alt;   /* flags - 0 + space # */
    int width, prec;                    /* prec < 0: none given */
} fmt_spec;

/* Format f with the arguments at *ap; returns the characters produced. */
int fmt_vformat(fmt_out *o, const char *f, va_list *ap);

/* %f %F %e %E %g %G of the IEEE double with bit pattern `bits`: exact
 * decimal expansion, rounded half to even at the last printed digit (the
 * output of glibc's printf). Integer arithmetic only (no soft-float). */
int fmt_double(fmt_out *o, const fmt_spec *s, char conv, uint64_t bits);

int fmt_pad(fmt_out *o, char c, int n);   /* n copies of c (none if n <= 0); returns the count */

#endif
