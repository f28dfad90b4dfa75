/* Sieve of Eratosthenes over a byte array and over a bit array in words,
 * prime counts per range, the last primes found, twin primes, and a check
 * of each against trial division. */
#include "conf.h"

#define LIMIT 20000

static unsigned char composite[LIMIT + 1];
static u32 bits[(LIMIT >> 5) + 1];

static int trial(u32 n)
{
    if (n < 2) return 0;
    for (u32 d = 2; d * d <= n; d++)
        if (n % d == 0) return 0;
    return 1;
}

int main(void)
{
    for (u32 i = 2; i * i <= LIMIT; i++)
        if (!composite[i])
            for (u32 j = i * i; j <= LIMIT; j += i) composite[j] = 1;
    bits[0] = 3; /* 0 and 1 are not prime */
    for (u32 i = 2; i * i <= LIMIT; i++)
        if (!(bits[i >> 5] >> (i & 31) & 1))
            for (u32 j = i * i; j <= LIMIT; j += i) bits[j >> 5] |= 1u << (j & 31);
    int count = 0, twins = 0, bad = 0;
    u32 last = 0, sum = 0;
    for (u32 n = 2; n <= LIMIT; n++) {
        int p = !composite[n];
        if (p != !(bits[n >> 5] >> (n & 31) & 1)) bad++;
        if (p) {
            count++;
            sum += n;
            if (last && n - last == 2) twins++;
            last = n;
        }
        if (n % 2000 == 0) con_printf("pi(%u)=%d twins %d sum %u\n", n, count, twins, sum);
    }
    /* spot-check against trial division */
    for (u32 n = 0; n < 300; n++)
        if (trial(n) != (n >= 2 && !composite[n])) bad++;
    for (u32 n = LIMIT - 200; n <= LIMIT; n++)
        if (trial(n) != !composite[n]) bad++;
    con_printf("largest primes:");
    int shown = 0;
    for (u32 n = LIMIT; n > 2 && shown < 10; n--)
        if (!composite[n]) { con_printf(" %u", n); shown++; }
    con_printf("\ncount %d bad %d\n", count, bad);
    return bad != 0;
}
