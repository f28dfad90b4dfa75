/* 64-bit division and remainder, signed and unsigned (__divdi3, __udivdi3,
 * __moddi3, __umoddi3): edge values, sign combinations (C truncates toward
 * zero), and the identity a == (a/b)*b + a%b. INT64_MIN / -1 is skipped (UB). */
#include "conf.h"

static const u64 uv[] = {
    0, 1, 2, 3, 7, 10, 0xFFFFFFFFull, 0x100000000ull, 0x100000001ull,
    0x7FFFFFFFFFFFFFFFull, 0x8000000000000000ull, 0xFFFFFFFFFFFFFFFFull,
    0xFFFFFFFFFFFFFFFEull, 1000000007ull, 0x123456789ull, 0xFEDCBA9876543210ull,
};
#define NU (int)(sizeof uv / sizeof uv[0])

static const i64 sv[] = {
    0, 1, -1, 2, -2, 3, -3, 7, -7, 100, -100, 2147483647, -2147483647 - 1,
    4294967296ll, -4294967296ll, INT64_MAX, INT64_MIN, INT64_MIN + 1, 1000000000000000000ll,
};
#define NS (int)(sizeof sv / sizeof sv[0])

int main(void)
{
    int bad = 0;
    for (int i = 0; i < NU; i++)
        for (int j = 1; j < NU; j++) {
            if ((i * 7 + j) % 3) continue;
            u64 a = hide64(uv[i]), b = hide64(uv[j]);
            u64 q = a / b, r = a % b;
            if (q * b + r != a || r >= b) bad++;
            con_printf("u %llx / %llx = %llx r %llx\n", a, b, q, r);
        }
    for (int i = 0; i < NS; i++)
        for (int j = 0; j < NS; j++) {
            i64 a = hidel(sv[i]), b = hidel(sv[j]);
            if (b == 0 || (a == INT64_MIN && b == -1)) continue;
            if ((i + 2 * j) % 3) continue;
            i64 q = a / b, r = a % b;
            if (q * b + r != a) bad++;
            con_printf("s %lld / %lld = %lld r %lld\n", a, b, q, r);
        }
    u32 seed = 7;
    u64 h = 0;
    for (int k = 0; k < 150; k++) {
        u64 a = xs64pair(&seed);
        u64 b = xs64pair(&seed);
        b >>= xs32(&seed) % 64;
        if (b == 0) b = 1;
        u64 q = a / b, r = a % b;
        i64 sa = (i64)a, sb = (i64)b | 1;
        i64 sq = sa / sb, sr = sa % sb;
        h = h * 31 + q + r + (u64)sq + (u64)sr;
        if (k % 15 == 0) con_printf("rnd %3d %llx %llx %lld %lld\n", k, q, r, sq, sr);
    }
    con_printf("hash %016llx bad %d\n", h, bad);
    return bad != 0;
}
