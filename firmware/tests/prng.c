/* Pseudo-random generators whose sequences are exactly specified: a 32-bit
 * LCG, xorshift64, splitmix64 and a multiply-with-carry generator, each
 * printed for a stretch and summarised, plus uniform bucket counts. */
#include "conf.h"

static u32 lcg(u32 *s) { return *s = *s * 1664525u + 1013904223u; }
static u64 xorshift64(u64 *s)
{
    u64 x = *s;
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    return *s = x;
}
static u64 splitmix64(u64 *s)
{
    u64 z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static u32 mwc(u32 *z, u32 *w)
{
    *z = 36969 * (*z & 65535) + (*z >> 16);
    *w = 18000 * (*w & 65535) + (*w >> 16);
    return (*z << 16) + *w;
}

int main(void)
{
    u32 s = hide32(1);
    for (int i = 0; i < 8; i++) con_printf("lcg %08x\n", lcg(&s));
    u64 x = hide64(88172645463325252ull);
    for (int i = 0; i < 8; i++) con_printf("xs64 %016llx\n", xorshift64(&x));
    u64 sm = hide64(0);
    for (int i = 0; i < 8; i++) con_printf("sm64 %016llx\n", splitmix64(&sm));
    u32 z = hide32(362436069), w = hide32(521288629);
    for (int i = 0; i < 8; i++) con_printf("mwc %08x\n", mwc(&z, &w));
    u32 bucket[10] = { 0 };
    u64 sum = 0;
    for (int i = 0; i < 3000; i++) {
        u64 r = splitmix64(&sm);
        bucket[r % 10]++;
        sum += r >> 40;
        lcg(&s);
        xorshift64(&x);
    }
    for (int i = 0; i < 10; i++) con_printf("bucket %d %u\n", i, bucket[i]);
    con_printf("sum %llu lcg %08x xs %016llx\n", sum, s, x);
    return 0;
}
