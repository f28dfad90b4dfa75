/* Division and remainder by constants: powers of two become shifts (with a
 * sign fix-up for signed operands), other constants call the runtime on the
 * Lanai, so both paths are exercised against the same values. */
#include "conf.h"

#define D(k) x / (k), x % (k)

int main(void)
{
    static const i32 xs[] = { 0, 1, -1, 7, -7, 8, -8, 9, -9, 100, -100, 1023, -1025,
                              123456789, -123456789, 2147483647, -2147483647 - 1 };
    for (int i = 0; i < (int)(sizeof xs / sizeof xs[0]); i++) {
        i32 x = hidei(xs[i]);
        con_printf("s %d: %d %d|%d %d|%d %d|%d %d|%d %d\n", x, D(2), D(4), D(8), D(1024), D(65536));
        con_printf("s %d: %d %d|%d %d|%d %d|%d %d|%d %d|%d %d\n", x, D(3), D(5), D(7), D(10), D(1000), D(-3));
    }
    static const u32 us[] = { 0, 1, 9, 10, 99, 1000, 65535, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0xDEADBEEFu };
    for (int i = 0; i < (int)(sizeof us / sizeof us[0]); i++) {
        u32 x = hide32(us[i]);
        con_printf("u %u: %u %u|%u %u|%u %u|%u %u|%u %u|%u %u\n", x, D(2u), D(3u), D(10u), D(16u), D(60u), D(1000000u));
    }
    /* 64-bit by constants */
    static const i64 ls[] = { 0, -1, 12345678901234ll, -12345678901234ll, INT64_MAX, INT64_MIN };
    for (int i = 0; i < 6; i++) {
        i64 x = hidel(ls[i]);
        con_printf("l %lld: %lld %lld|%lld %lld|%lld %lld\n", x, D(2), D(10), D(4096));
    }
    /* decimal digit extraction, the classic use */
    u32 n = hide32(4000000001u), sum = 0;
    while (n) { sum += n % 10; n /= 10; }
    con_printf("digit sum %u\n", sum);
    return 0;
}
