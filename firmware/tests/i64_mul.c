/* 64-bit multiplication (__muldi3 on the Lanai): unsigned wrap-around,
 * signed products that fit, and 32x32->64 widening multiplies, which the
 * Lanai also lowers to __muldi3. */
#include "conf.h"

static const u64 vals[] = {
    0, 1, 2, 3, 10, 0xFFFFull, 0x10000ull, 0x7FFFFFFFull, 0x80000000ull,
    0xFFFFFFFFull, 0x100000001ull, 0xDEADBEEFCAFEBABEull, 0x8000000000000000ull,
    0xFFFFFFFFFFFFFFFFull, 0x0123456789ABCDEFull,
};
#define NV (int)(sizeof vals / sizeof vals[0])

/* |a*b| fits in i64 (checked with unsigned magnitudes) */
static int mul_ok(i64 a, i64 b)
{
    u64 ma = a < 0 ? 0 - (u64)a : (u64)a;
    u64 mb = b < 0 ? 0 - (u64)b : (u64)b;
    if (ma == 0 || mb == 0) return 1;
    u64 lim = ((a < 0) != (b < 0)) ? 0x8000000000000000ull : 0x7FFFFFFFFFFFFFFFull;
    return ma <= lim / mb;
}

int main(void)
{
    for (int i = 0; i < NV; i++)
        for (int j = i; j < NV; j += 2) {
            u64 a = hide64(vals[i]), b = hide64(vals[j]);
            con_printf("u %llx * %llx = %016llx\n", a, b, a * b);
        }
    static const i64 sv[] = { 0, 1, -1, 7, -7, 65536, -65536, 2147483647, -2147483647 - 1,
                              3037000499ll, -3037000499ll, 4294967296ll, -4611686018427387904ll };
    int ns = (int)(sizeof sv / sizeof sv[0]);
    for (int i = 0; i < ns; i++)
        for (int j = 0; j < ns; j++) {
            i64 a = hidel(sv[i]), b = hidel(sv[j]);
            if (mul_ok(a, b) && (i + j) % 2 == 0) con_printf("s %lld * %lld = %lld\n", a, b, a * b);
        }
    /* widening: both operands 32-bit, product 64-bit */
    u32 seed = 99;
    for (int k = 0; k < 24; k++) {
        u32 a = xs32(&seed), b = xs32(&seed);
        i32 sa = (i32)a, sb = (i32)b;
        con_printf("w %08x*%08x u=%016llx s=%lld\n", a, b, (u64)a * b, (i64)sa * sb);
    }
    /* high word of a 64x64 product via 32-bit halves, checked against a full multiply of parts */
    u64 acc = 1;
    for (int k = 1; k <= 25; k++) {
        acc *= hide64((u64)k * 2654435761u);
        if (k % 5 == 0) con_printf("chain %d %016llx\n", k, acc);
    }
    /* factorials up to 20! fit in u64 */
    u64 f = 1;
    for (u32 k = 1; k <= 20; k++) {
        f *= hide32(k);
        con_printf("%2u! = %llu\n", k, f);
    }
    return 0;
}
