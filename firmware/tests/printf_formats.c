/* The console's printf subset itself: every conversion, flag, width and
 * length modifier documented in console.h, including padding, negative
 * numbers, extreme values and %%. The firmware console must print exactly
 * what the host's printf prints. */
#include <stddef.h>
#include "conf.h"

int main(void)
{
    static const i32 iv[] = { 0, 1, -1, 42, -42, 12345, -2147483647 - 1, 2147483647 };
    for (int i = 0; i < 8; i++) {
        i32 v = hidei(iv[i]);
        con_printf("[%d] [%i] [%5d] [%-5d] [%05d] [%+d] [% d] [%+6d] [%-+7d] [% 05d]\n", v, v, v, v, v, v, v, v, v,
                   v);
        con_printf("[%u] [%x] [%X] [%o] [%10u] [%-10x] [%010X] [%12o]\n", (u32)v, (u32)v, (u32)v, (u32)v, (u32)v,
                   (u32)v, (u32)v, (u32)v);
    }
    static const i64 lv[] = { 0, -1, 4294967296ll, -4294967296ll, INT64_MAX, INT64_MIN, 1000000000000ll };
    for (int i = 0; i < 7; i++) {
        i64 v = hidel(lv[i]);
        con_printf("[%lld] [%llu] [%llx] [%llX] [%llo] [%25lld] [%-22lld] [%020llx] [%+lld]\n", v, (u64)v, (u64)v,
                   (u64)v, (u64)v, v, v, (u64)v, v);
        con_printf("[%lli] [% lld] [%022llu]\n", v, v, (u64)v);
    }
    /* h and hh: the argument is converted to short / char before printing */
    static const i32 sv[] = { 0, 127, 128, 255, 256, -1, -129, 32767, 32768, 65535, 65536, -32769 };
    for (int i = 0; i < 12; i++) {
        i32 v = hidei(sv[i]);
        con_printf("[%hd] [%hu] [%hx] [%hhd] [%hhu] [%hhx] [%6hd] [%-4hhu]\n", (short)v, (unsigned short)v,
                   (unsigned short)v, (signed char)v, (unsigned char)v, (unsigned char)v, (short)v,
                   (unsigned char)v);
    }
    /* l on 32-bit and 64-bit longs: pass values that fit in 32 bits */
    long lg = (long)hidei(-123456);
    unsigned long ul = (unsigned long)hide32(4000000000u);
    con_printf("[%ld] [%lu] [%lx] [%8ld] [%-12lu]\n", lg, ul, ul, lg, ul);
    /* z: size_t */
    size_t sz = (size_t)hide32(123456);
    con_printf("[%zu] [%zx] [%8zu]\n", sz, sz, sz);
    /* characters and strings */
    con_printf("[%c] [%3c] [%-3c] [%c%c%c]\n", 'A', 'b', 'c', 'x', hidei('y'), '0' + hidei(7));
    const char *s = "conformance";
    con_printf("[%s] [%15s] [%-15s] [%.4s] [%8.3s] [%-8.3s] [%.0s] [%.20s]\n", s, s, s, s, s, s, s, s);
    con_printf("[%s] [%5s] [%-5s]\n", "", "", "");
    con_printf("100%% [%%] [%5d%%]\n", hidei(50));
    /* widths larger than the value and zero itself */
    con_printf("[%1d] [%2d] [%08d] [%-8d] [%+05d] [%x] [%08x] [%o] [%u]\n", hidei(123), hidei(-5), hidei(-5),
               hidei(-5), hidei(0), hide32(0), hide32(0), hide32(0), hide32(0));
    /* return value is the character count */
    int n = con_printf("%s=%d;", "len", hidei(-77));
    int m = con_printf("%lld|%10s|%c\n", hidel(-9000000000ll), "x", 'q');
    con_printf("counts %d %d\n", n, m);
    con_puts("puts without newline");
    con_putc('\n');
    for (int c = 32; c < 127; c++) con_putc(c);
    con_putc('\n');
    return 0;
}
