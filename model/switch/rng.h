/* The seeded generator behind error injection (splitmix64): each link owns
 * one, so a run's losses depend only on the seed, never on other links. */
#ifndef MYRISIM_SWITCH_RNG_H
#define MYRISIM_SWITCH_RNG_H

#include <stdint.h>

typedef struct { uint64_t s; } sw_rng;

void sw_rng_seed(sw_rng *r, uint64_t seed);
uint64_t sw_rng_next(sw_rng *r);
/* Uniform in [0, 1). */
double sw_rng_unit(sw_rng *r);

#endif
