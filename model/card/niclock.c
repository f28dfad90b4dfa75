/* ni_clock_init: reduce 1e12 / hz. */
#include "niclock.h"

#include <stdlib.h>

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int ni_clock_init(ni_clock *k, uint64_t hz)
{
    const uint64_t ps = 1000000000000ull;
    if (hz == 0) return -1;
    uint64_t g = gcd(ps, hz);
    k->num = ps / g;
    k->den = hz / g;
    k->wide = k->num > UINT64_MAX / k->den;   /* b * num or r * den could overflow */
    k->a_max = (SIM_TIME_NEVER - 1) / k->num;
    k->q_max = UINT64_MAX / k->den;
    k->narrow = !k->wide && k->den < UINT32_MAX && k->num <= UINT32_MAX / (k->den + 1);
    return 0;
}

uint64_t *ni_clock_frac_new(const ni_clock *k)
{
    if (k->wide || k->den > 4096u) return NULL;
    uint64_t *f = malloc((size_t)k->den * sizeof *f);
    if (!f) return NULL;
    for (uint64_t r = 0; r < k->den; r++) f[r] = r * k->num / k->den;   /* < num * den: fits (not wide) */
    return f;
}
