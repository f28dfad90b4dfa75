/* Number theory with 32- and 64-bit integers: Euclid's and the binary GCD,
 * LCM, modular exponentiation with 64-bit intermediates, the extended
 * Euclid for modular inverses, and integer square roots. */
#include "conf.h"

static u32 gcd_euclid(u32 a, u32 b) { while (b) { u32 t = a % b; a = b; b = t; } return a; }
static u64 gcd_binary(u64 a, u64 b)
{
    if (!a) return b;
    if (!b) return a;
    int k = __builtin_ctzll(a | b);
    a >>= __builtin_ctzll(a);
    while (b) {
        b >>= __builtin_ctzll(b);
        if (a > b) { u64 t = a; a = b; b = t; }
        b -= a;
    }
    return a << k;
}
static u32 powmod(u32 b, u32 e, u32 m)
{
    u64 r = 1, x = b % m;
    while (e) {
        if (e & 1) r = r * x % m;
        x = x * x % m;
        e >>= 1;
    }
    return (u32)r;
}
static i64 inverse(i64 a, i64 m)
{
    i64 t = 0, nt = 1, r = m, nr = a % m;
    while (nr) {
        i64 q = r / nr, tmp;
        tmp = t - q * nt; t = nt; nt = tmp;
        tmp = r - q * nr; r = nr; nr = tmp;
    }
    if (r != 1) return -1;
    return t < 0 ? t + m : t;
}
static u32 isqrt(u64 n)
{
    u64 x = n, y = (x + 1) / 2;
    while (y < x) { x = y; y = (x + n / x) / 2; }
    return (u32)x;
}

int main(void)
{
    static const u32 pairs[][2] = { { 0, 5 }, { 12, 18 }, { 17, 5 }, { 1071, 462 }, { 0xFFFFFFFFu, 0xFFFF },
                                    { 1u << 31, 1u << 20 }, { 999999937u, 999999929u }, { 46368, 28657 } };
    for (int i = 0; i < 8; i++) {
        u32 a = hide32(pairs[i][0]), b = hide32(pairs[i][1]);
        u32 g = gcd_euclid(a, b);
        u64 l = g ? (u64)a / g * b : 0;
        con_printf("gcd(%u,%u)=%u bin %llu lcm %llu\n", a, b, g, gcd_binary(a, b), l);
    }
    con_printf("gcd64 %llu %llu\n", gcd_binary(hide64(0x123456789ABCDEF0ull), 0xFEDCBA9876543210ull),
               gcd_binary(hide64(1ull << 62), 3ull << 40));
    for (u32 e = 0; e < 40; e += 7)
        con_printf("pow 3^%u mod 1000000007 = %u, 2^%u mod 65521 = %u\n", e * 1000, powmod(3, hide32(e * 1000), 1000000007u),
                   e, powmod(2, e, 65521));
    /* Fermat: a^(p-1) = 1 mod p for prime p */
    con_printf("fermat %u %u\n", powmod(12345, 1000000006u, 1000000007u), powmod(2, 65520, 65521));
    for (i64 a = 2; a < 40; a += 5) {
        i64 inv = inverse(hidel(a), 1000000007ll);
        con_printf("inv %lld = %lld check %lld\n", a, inv, inv * a % 1000000007ll);
    }
    con_printf("inv none %lld\n", inverse(hidel(6), 9));
    static const u64 sq[] = { 0, 1, 2, 3, 4, 15, 16, 17, 1000000, 0xFFFFFFFFull, 0xFFFFFFFE00000001ull,
                              123456789012345ull };
    for (int i = 0; i < 12; i++) con_printf("isqrt(%llu)=%u\n", sq[i], isqrt(hide64(sq[i])));
    return 0;
}
