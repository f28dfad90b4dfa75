/* The seeded splitmix64 generator of error injection (rng.h). */
#include "rng.h"

void sw_rng_seed(sw_rng *r, uint64_t seed)
{
    r->s = seed;
}

uint64_t sw_rng_next(sw_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double sw_rng_unit(sw_rng *r)
{
    return (double)(sw_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}
