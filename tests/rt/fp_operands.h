/* Operand generator for the soft-float checks, shared by the host test
 * (test_softfloat.c, millions of operands against the host FPU) and the ISS
 * fixture (fixtures/rt_float.c, the same code as firmware). Plain C with
 * 32-bit arithmetic only, so the firmware build needs no 64-bit multiply.
 * Mixes uniformly random bit patterns with values near the format's edges
 * (zeros, subnormals, the normal/subnormal border, 1, the largest finite,
 * infinities, NaNs) and second operands close to the first (cancellation,
 * ties), so rounding's hard cases come up often. */
#ifndef MYRISIM_RT_FP_OPERANDS_H
#define MYRISIM_RT_FP_OPERANDS_H

#include <stdint.h>

typedef struct { uint32_t s[4]; } fpo_rng;   /* xoshiro128-style state */

static inline uint32_t fpo_rotl(uint32_t x, int k) { return x << k | x >> (32 - k); }

static inline uint32_t fpo_next(fpo_rng *r)
{
    uint32_t *s = r->s, out = fpo_rotl(s[0] + s[3], 7) + s[0], t = s[1] << 9;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = fpo_rotl(s[3], 11);
    return out;
}

static inline void fpo_seed(fpo_rng *r, uint32_t seed)
{
    r->s[0] = seed | 1;
    r->s[1] = 0x9E3779B9u ^ seed;
    r->s[2] = 0x7F4A7C15u;
    r->s[3] = 0x2545F491u + seed;
    for (int i = 0; i < 8; i++) fpo_next(r);
}

static inline uint64_t fpo_next64(fpo_rng *r)
{
    uint32_t hi = fpo_next(r);
    return (uint64_t)hi << 32 | fpo_next(r);
}

/* A value of a format with MB mantissa and EB exponent bits. */
static inline uint64_t fpo_value(fpo_rng *r, int mb, int eb)
{
    uint32_t kind = fpo_next(r) % 8, emax = (1u << eb) - 1, bias = emax >> 1;
    uint64_t mmask = ((uint64_t)1 << mb) - 1, sign = (uint64_t)(fpo_next(r) & 1) << (mb + eb), m, e;
    if (kind < 3) return fpo_next64(r) & (sign | (uint64_t)emax << mb | mmask) ;   /* any pattern */
    switch (fpo_next(r) % 8) {   /* exponent near an edge */
    case 0: e = 0; break;
    case 1: e = 1 + fpo_next(r) % 3; break;
    case 2: e = emax - 1 - fpo_next(r) % 3; break;
    case 3: e = emax; break;
    default: e = bias - 40 + fpo_next(r) % 80; break;
    }
    switch (fpo_next(r) % 8) {   /* mantissa with few or many bits set */
    case 0: m = 0; break;
    case 1: m = 1 + fpo_next(r) % 4; break;
    case 2: m = mmask - fpo_next(r) % 4; break;
    case 3: m = (uint64_t)1 << (fpo_next(r) % mb); break;
    case 4: m = fpo_next64(r) & mmask & ~(((uint64_t)1 << (fpo_next(r) % mb)) - 1); break;   /* short */
    case 5: m = (fpo_next64(r) & mmask) >> (fpo_next(r) % mb); break;
    default: m = fpo_next64(r) & mmask; break;
    }
    return sign | e << mb | m;
}

/* A second operand for a: random, or close to a in value or magnitude. */
static inline uint64_t fpo_partner(fpo_rng *r, uint64_t a, int mb, int eb)
{
    uint64_t mag_mask = ((uint64_t)1 << (mb + eb)) - 1, sign = (uint64_t)1 << (mb + eb);
    switch (fpo_next(r) % 6) {
    case 0: return (a ^ (fpo_next(r) & 1 ? sign : 0)) + (fpo_next(r) % 9) - 4;          /* a few ulps away */
    case 1: {                                                                             /* exponent a bit off */
        uint64_t b = fpo_value(r, mb, eb) & (((uint64_t)1 << mb) - 1);
        uint64_t e = (a & mag_mask) >> mb;
        int d = (int)(fpo_next(r) % (2 * (mb + 4) + 1)) - (mb + 4);
        int64_t ne = (int64_t)e + d;
        if (ne < 0) ne = 0;
        if (ne > (int64_t)((1u << eb) - 1)) ne = (1u << eb) - 1;
        return (fpo_next(r) & 1 ? sign : 0) | (uint64_t)ne << mb | b;
    }
    default: return fpo_value(r, mb, eb);
    }
}

/* An integer with a random number of significant bits (both signs). */
static inline uint64_t fpo_int(fpo_rng *r)
{
    int bits = (int)(fpo_next(r) % 65);
    uint64_t v = bits ? fpo_next64(r) >> (64 - bits) : 0;
    return fpo_next(r) & 1 ? 0 - v : v;
}

#endif
