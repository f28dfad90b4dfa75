/* Long argument lists: more arguments than the four argument registers
 * (r6, r7, r18, r19), so the rest go to the stack; 64-bit arguments split
 * into register pairs or straddling registers and stack; mixed narrow types;
 * and calls through a pointer with the same signatures. */
#include "conf.h"

__attribute__((noinline)) i32 eight(i32 a, i32 b, i32 c, i32 d, i32 e, i32 f, i32 g, i32 h)
{
    return a - 2 * b + 3 * c - 4 * d + 5 * e - 6 * f + 7 * g - 8 * h;
}

__attribute__((noinline)) i64 wide_mix(i32 a, i64 b, i32 c, i64 d, i64 e, i32 f)
{
    return (i64)a * 3 + b - (i64)c * 5 + (d >> 4) - e + f;
}

__attribute__((noinline)) u64 all_wide(u64 a, u64 b, u64 c, u64 d, u64 e)
{
    return (a ^ (b << 1)) + (c ^ (d >> 1)) * 3 + e;
}

__attribute__((noinline)) i32 narrow(signed char a, unsigned char b, short c, unsigned short d, signed char e,
                                     unsigned char f, short g, unsigned short h, i32 i)
{
    return a + b * 2 + c * 3 + d * 4 + e * 5 + f * 6 + g * 7 + h * 8 + i;
}

__attribute__((noinline)) u32 twelve(u32 a, u32 b, u32 c, u32 d, u32 e, u32 f, u32 g, u32 h, u32 i, u32 j, u32 k,
                                     u32 l)
{
    u32 v[12] = { a, b, c, d, e, f, g, h, i, j, k, l };
    u32 s = 0;
    for (int n = 0; n < 12; n++) s = s * 31 + v[n];
    return s;
}

/* passes its own stack arguments on to another call */
__attribute__((noinline)) u32 forward(u32 a, u32 b, u32 c, u32 d, u32 e, u32 f, u32 g)
{
    return twelve(g, f, e, d, c, b, a, a + b, c + d, e + f, g, 0xFFFFFFFFu);
}

int main(void)
{
    con_printf("eight %d\n", eight(hidei(1), 2, 3, 4, 5, 6, 7, hidei(8)));
    con_printf("eight neg %d\n", eight(-1, hidei(-2), -3, -4, -5, -6, -7, -8));
    con_printf("wide_mix %lld\n", wide_mix(hidei(7), 0x100000000ll, -3, hidel(-0x123456789ll), 5, 9));
    con_printf("wide_mix2 %lld\n", wide_mix(-1, -1, -1, -1, hidel(-1), -1));
    con_printf("all_wide %016llx\n", all_wide(hide64(1), 0x8000000000000000ull, 0xFFFFFFFFull, 3, hide64(~0ull)));
    con_printf("narrow %d\n", narrow((signed char)hidei(-100), (unsigned char)hidei(200), (short)hidei(-30000),
                                     (unsigned short)hidei(60000), -1, 255, 32767, 65535, hidei(-1)));
    con_printf("twelve %08x\n", twelve(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, hide32(12)));
    con_printf("forward %08x\n", forward(hide32(10), 20, 30, 40, 50, 60, hide32(70)));
    i32 (*fp)(i32, i32, i32, i32, i32, i32, i32, i32) = eight;
    u64 (*fw)(u64, u64, u64, u64, u64) = all_wide;
    u32 seed = 64;
    for (int k = 0; k < 10; k++) {
        i32 r[8];
        for (int j = 0; j < 8; j++) r[j] = (i32)(xs32(&seed) % 20001) - 10000;
        u64 q = xs64pair(&seed);
        con_printf("ind %d %lld %016llx\n", fp(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]),
                   wide_mix(r[0], (i64)q, r[1], (i64)(q >> 3), r[2], r[3]), fw(q, q >> 1, q << 2, (u64)r[4], 7));
    }
    return 0;
}
