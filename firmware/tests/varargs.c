/* Variadic functions written here (not the console's): on the Lanai a
 * variadic call passes every argument, fixed ones included, in consecutive
 * 4-byte stack slots. Sums of ints, of long longs, mixed types selected by a
 * format string, va_copy, and passing a va_list down to a helper.
 * LLVM 14 pitfall (firmware/rt/README.md): clang's va_arg for an 8-byte type
 * rounds its pointer up to 8 while the caller does not align the slot, so a
 * long long is only read correctly when an even number of 4-byte slots
 * precedes it. Every 64-bit argument below sits at such a position; the
 * comments give the slot offsets. */
#include <stdarg.h>
#include "conf.h"

__attribute__((noinline)) i32 sum_int(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    i32 s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, int);
    va_end(ap);
    return s;
}

/* n takes slots 0-7, so every long long starts 8-aligned */
__attribute__((noinline)) i64 sum_ll(i64 n, ...)
{
    va_list ap;
    va_start(ap, n);
    i64 s = 0;
    for (i64 i = 0; i < n; i++) s += va_arg(ap, long long);
    va_end(ap);
    return s;
}

/* 'i' int, 'u' unsigned, 'l' long long, 'c' char (promoted), 's' string hash;
 * fmt takes slot 0, so an 'l' must follow an odd number of 4-byte items */
__attribute__((noinline)) u64 mixed(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    u64 h = 1469598103934665603ull;
    for (; *fmt; fmt++) {
        u64 v = 0;
        switch (*fmt) {
        case 'i': v = (u64)(i64)va_arg(ap, int); break;
        case 'u': v = va_arg(ap, unsigned); break;
        case 'l': v = (u64)va_arg(ap, long long); break;
        case 'c': v = (u64)(va_arg(ap, int) & 0xFF); break;
        case 's': { const char *s = va_arg(ap, const char *); while (*s) v = v * 131 + (unsigned char)*s++; } break;
        }
        h = (h ^ v) * 1099511628211ull;
    }
    va_end(ap);
    return h;
}

static i32 vsum(int n, va_list ap)
{
    i32 s = 0;
    for (int i = 0; i < n; i++) s = s * 3 + va_arg(ap, int);
    return s;
}

/* walks the list twice: once through a copy, once through a helper */
__attribute__((noinline)) i32 twice(int n, ...)
{
    va_list ap, cp;
    va_start(ap, n);
    va_copy(cp, ap);
    i32 a = vsum(n, cp);
    va_end(cp);
    i32 b = 0;
    for (int i = 0; i < n; i++) b += va_arg(ap, int) * (i + 1);
    va_end(ap);
    return a ^ b;
}

/* fixed arguments beyond the four argument registers, then varargs
 * (six fixed slots: the long longs start at offset 24) */
__attribute__((noinline)) i64 many_fixed(int a, int b, int c, int d, int e, int n, ...)
{
    va_list ap;
    va_start(ap, n);
    i64 s = a + b * 10 + c * 100 + d * 1000 + e * 10000;
    for (int i = 0; i < n; i++) s = s * 7 + va_arg(ap, long long);
    va_end(ap);
    return s;
}

int main(void)
{
    con_printf("sum0 %d\n", sum_int(0));
    con_printf("sum1 %d\n", sum_int(1, hidei(42)));
    con_printf("sum5 %d\n", sum_int(5, 1, -2, 3, -4, hidei(5)));
    con_printf("sum12 %d\n", sum_int(12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, hidei(-1000)));
    con_printf("ll3 %lld\n", sum_ll(3, 1ll, -1099511627776ll, hidel(0x123456789ll)));
    con_printf("ll6 %lld\n", sum_ll(6, 10ll, 20ll, -30ll, 4000000000ll, -5000000000ll, hidel(INT64_MAX / 4)));
    for (int n = 0; n < 8; n++)
        con_printf("ll-n%d %lld\n", n, sum_ll(n, hidel(-1), 2ll << 40, 3ll, -34359738368ll, 5ll, 6ll, 7ll, hidel(8)));
    /* offsets: i 4, l 8, u 16, c 20, s 24 */
    con_printf("mixed1 %016llx\n", mixed("ilucs", -5, -7ll, 0xFFFFFFF0u, 'Z', "hello"));
    /* i 4, l 8, l 16, i 24, i 28, l 32 */
    con_printf("mixed2 %016llx\n", mixed("illiil", 1, 2ll, 3ll, 4, 5, hidel(6)));
    /* c 4 8 12 16, s 20, l 24 */
    con_printf("mixed3 %016llx\n", mixed("ccccsl", 'a', 'b', -1, 300, "varargs", hidel(-1)));
    for (int k = 0; k < 6; k++)
        con_printf("mixed-k%d %016llx\n", k, mixed("iuic", hidei(k), (unsigned)k * 0x10001u, -k, 'a' + k));
    con_printf("mixed4 %016llx\n", mixed(""));
    con_printf("twice %d\n", twice(6, 3, 1, 4, 1, 5, hidei(9)));
    con_printf("many %lld\n", many_fixed(1, 2, 3, 4, 5, 3, 100ll, -200ll, hidel(300)));
    return 0;
}
