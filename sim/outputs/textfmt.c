/* Stable text formatting (textfmt.h): numbers, CSV fields, file-name slugs. */
#include "textfmt.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

const char *fmt_num(double v, char buf[NUM_BUF])
{
    if (isnan(v))
        snprintf(buf, NUM_BUF, "nan");
    else if (v == floor(v) && fabs(v) < 1e15)
        snprintf(buf, NUM_BUF, "%.0f", v == 0 ? 0.0 : v);   /* no "-0" */
    else
        snprintf(buf, NUM_BUF, "%.6g", v);
    return buf;
}

const char *fmt_exact(double v, char buf[NUM_BUF])
{
    if (v == floor(v) && fabs(v) < 1e15)
        snprintf(buf, NUM_BUF, "%.0f", v == 0 ? 0.0 : v);
    else
        snprintf(buf, NUM_BUF, "%.17g", v);
    return buf;
}

void csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\n\r")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

void slugify(const char *name, char *out, size_t len)
{
    size_t n = 0;
    int dash = 0;
    for (; *name && n + 2 < len; name++) {
        unsigned char c = (unsigned char)*name;
        if (isalnum(c)) {
            if (dash && n > 0)
                out[n++] = '-';
            out[n++] = (char)tolower(c);
            dash = 0;
        } else {
            dash = 1;
        }
    }
    if (n == 0 && len > 1)
        out[n++] = 'x';
    out[n] = 0;
}

int same_x(double a, double b)
{
    double m = fmax(fabs(a), fabs(b));
    return fabs(a - b) <= 1e-9 * (m > 1 ? m : 1);
}
