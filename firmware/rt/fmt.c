/* fmt_vformat: C's printf conversions with the output of C's printf (the
 * tests compare firmware output with native runs): %d %i %u %x %X %o %c %s
 * %p %% and, in fmt_float.c, %f %F %e %E %g %G; flags - 0 + space #, width
 * (also *), precision (for %s the maximum length; for integers the minimum
 * number of digits, as in C), length modifiers hh h l ll z (L for double).
 * Plain C with no Lanai specifics: output goes through the sink (fmt.h).
 * 64-bit values use the runtime's 64-bit helpers; values that fit in 32
 * bits take the cheaper 32-bit division. */
#include "fmt.h"

typedef fmt_spec spec;

int fmt_pad(fmt_out *o, char c, int n)
{
    for (int i = 0; i < n; i++) o->put(o, c);
    return n > 0 ? n : 0;
}

/* Digits of v in base 8, 10 or 16, most significant first; returns count. */
static int to_digits(unsigned long long v, unsigned base, int upper, char *buf)
{
    const char *set = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    char tmp[24];
    int n = 0;
    if (base == 10) {
        while (v > 0xFFFFFFFFull) {   /* nine digits per 64-bit division */
            unsigned long long q = v / 1000000000u;
            /* v - 10^9 q < 2^32, so the low words suffice (no 64-bit multiply) */
            unsigned int r = (unsigned int)v - (unsigned int)q * 1000000000u;
            for (int k = 0; k < 9; k++, r /= 10) tmp[n++] = set[r % 10];
            v = q;
        }
        for (unsigned int w = (unsigned int)v; w; w /= 10) tmp[n++] = set[w % 10];
    } else {
        unsigned shift = base == 16 ? 4 : 3;
        for (; v; v >>= shift) tmp[n++] = set[(unsigned)v & (base - 1)];
    }
    for (int i = 0; i < n; i++) buf[i] = tmp[n - 1 - i];
    return n;
}

static int emit_number(fmt_out *o, const spec *s, unsigned long long mag, int negative, int is_signed,
                       unsigned base, int upper, const char *prefix)
{
    char digits[24], pre[4];
    int nd = to_digits(mag, base, upper, digits), np = 0;
    if (mag == 0 && s->prec != 0) digits[nd++] = '0';   /* "%.0d" of 0 prints nothing, as in C */
    if (is_signed) {
        if (negative) pre[np++] = '-';
        else if (s->plus) pre[np++] = '+';
        else if (s->space) pre[np++] = ' ';
    }
    for (; prefix && *prefix; prefix++) pre[np++] = *prefix;
    int zeros = s->prec > nd ? s->prec - nd : 0;
    int len = np + zeros + nd, count = 0;
    if (s->zero && !s->left && s->prec < 0 && s->width > len) {
        zeros += s->width - len;
        len = s->width;
    }
    if (!s->left) count += fmt_pad(o, ' ', s->width - len);
    for (int i = 0; i < np; i++) o->put(o, pre[i]);
    count += np + fmt_pad(o, '0', zeros);
    for (int i = 0; i < nd; i++) o->put(o, digits[i]);
    count += nd;
    if (s->left) count += fmt_pad(o, ' ', s->width - len);
    return count;
}

static int emit_string(fmt_out *o, const spec *s, const char *str)
{
    int n = 0;
    if (!str) str = "(null)";
    while (str[n] && (s->prec < 0 || n < s->prec)) n++;   /* never read past the precision */
    int count = s->left ? 0 : fmt_pad(o, ' ', s->width - n);
    for (int i = 0; i < n; i++) o->put(o, str[i]);
    count += n;
    if (s->left) count += fmt_pad(o, ' ', s->width - n);
    return count;
}

/* 64-bit and double variadic arguments. clang-14's own va_arg for the Lanai
 * reads an 8-byte argument from the wrong place half the time (it rounds its
 * pointer up to 8; the caller packs every argument in 4-byte slots, high word
 * first). firmware/rt/include/stdarg.h (from the toolchain work) fixes
 * va_arg itself; until that header is in, these read the two words one by
 * one, which matches the caller either way. */
#if defined(__lanai__) && !defined(MYRISIM_RT_STDARG_H)
static unsigned long long arg_u64(va_list *ap)
{
    unsigned int hi = va_arg(*ap, unsigned int);
    unsigned int lo = va_arg(*ap, unsigned int);
    return (unsigned long long)hi << 32 | lo;
}
#define arg_double_bits(ap) arg_u64(ap)
#else
static unsigned long long arg_u64(va_list *ap) { return va_arg(*ap, unsigned long long); }
static uint64_t arg_double_bits(va_list *ap)
{
    union { double d; uint64_t u; } v = {.d = va_arg(*ap, double)};
    return v.u;
}
#endif

/* Length modifiers, as a count of 'l' (2 = ll) or of 'h' (negative). */
enum { LEN_HH = -2, LEN_H = -1, LEN_INT = 0, LEN_L = 1, LEN_LL = 2, LEN_Z = 3 };

static long long signed_arg(va_list *ap, int len)
{
    switch (len) {
    case LEN_HH: return (signed char)va_arg(*ap, int);
    case LEN_H: return (short)va_arg(*ap, int);
    case LEN_L: return va_arg(*ap, long);
    case LEN_LL: return (long long)arg_u64(ap);
    case LEN_Z: return (ptrdiff_t)va_arg(*ap, size_t);
    default: return va_arg(*ap, int);
    }
}

static unsigned long long unsigned_arg(va_list *ap, int len)
{
    switch (len) {
    case LEN_HH: return (unsigned char)va_arg(*ap, unsigned int);
    case LEN_H: return (unsigned short)va_arg(*ap, unsigned int);
    case LEN_L: return va_arg(*ap, unsigned long);
    case LEN_LL: return arg_u64(ap);
    case LEN_Z: return va_arg(*ap, size_t);
    default: return va_arg(*ap, unsigned int);
    }
}

int fmt_vformat(fmt_out *o, const char *f, va_list *ap)
{
    int count = 0;
    while (*f) {
        if (*f != '%') {
            o->put(o, *f++);
            count++;
            continue;
        }
        const char *start = f++;
        spec s = {0, 0, 0, 0, 0, 0, -1};
        for (;; f++) {
            if (*f == '-') s.left = 1;
            else if (*f == '#') s.alt = 1;
            else if (*f == '0') s.zero = 1;
            else if (*f == '+') s.plus = 1;
            else if (*f == ' ') s.space = 1;
            else break;
        }
        if (*f == '*') {
            s.width = va_arg(*ap, int);
            if (s.width < 0) {
                s.left = 1;
                s.width = -s.width;
            }
            f++;
        } else {
            while (*f >= '0' && *f <= '9') s.width = s.width * 10 + (*f++ - '0');
        }
        if (*f == '.') {
            f++;
            s.prec = 0;
            if (*f == '*') {
                s.prec = va_arg(*ap, int);   /* negative: as if none given */
                f++;
            } else {
                while (*f >= '0' && *f <= '9') s.prec = s.prec * 10 + (*f++ - '0');
            }
        }
        int len = LEN_INT;
        if (*f == 'h') { len = LEN_H; if (*++f == 'h') { len = LEN_HH; f++; } }
        else if (*f == 'l') { len = LEN_L; if (*++f == 'l') { len = LEN_LL; f++; } }
        else if (*f == 'z') { len = LEN_Z; f++; }
        else if (*f == 'L') f++;   /* long double is double here */
        char conv = *f;
        if (conv) f++;
        switch (conv) {
        case 'd':
        case 'i': {
            long long v = signed_arg(ap, len);
            unsigned long long mag = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
            count += emit_number(o, &s, mag, v < 0, 1, 10, 0, NULL);
            break;
        }
        case 'u': count += emit_number(o, &s, unsigned_arg(ap, len), 0, 0, 10, 0, NULL); break;
        case 'x':
        case 'X': {
            unsigned long long v = unsigned_arg(ap, len);
            const char *pre = s.alt && v ? (conv == 'x' ? "0x" : "0X") : NULL;
            count += emit_number(o, &s, v, 0, 0, 16, conv == 'X', pre);
            break;
        }
        case 'o': {
            /* '#': the first digit is a 0 (a "0" prefix unless the precision
             * already gives leading zeros; %#.0o of 0 prints "0") */
            unsigned long long v = unsigned_arg(ap, len);
            spec os = s;
            char d[24];
            int nd = to_digits(v, 8, 0, d);
            if (s.alt && !v && !os.prec) os.prec = 1;
            count += emit_number(o, &os, v, 0, 0, 8, 0, s.alt && v && s.prec <= nd ? "0" : NULL);
            break;
        }
        case 'f':
        case 'F':
        case 'e':
        case 'E':
        case 'g':
        case 'G': count += fmt_double(o, &s, conv, arg_double_bits(ap)); break;
        case 'p': {
            void *p = va_arg(*ap, void *);
            spec ps = s;
            ps.prec = -1;
            ps.zero = 0;
            if (!p) count += emit_string(o, &ps, "(nil)");   /* C library convention */
            else count += emit_number(o, &s, (unsigned long)p, 0, 0, 16, 0, "0x");
            break;
        }
        case 'c': {
            char c = (char)va_arg(*ap, int);
            if (!s.left) count += fmt_pad(o, ' ', s.width - 1);
            o->put(o, c);
            count++;
            if (s.left) count += fmt_pad(o, ' ', s.width - 1);
            break;
        }
        case 's': count += emit_string(o, &s, va_arg(*ap, const char *)); break;
        case '%':
            o->put(o, '%');
            count++;
            break;
        default:   /* unknown or truncated conversion: print it as written */
            for (; start < f; start++, count++) o->put(o, *start);
            break;
        }
    }
    return count;
}
