/* Bit-pattern views of float and double for the helper wrappers
 * (fp_abi_*.c): moving the bits is not a floating-point operation, so it
 * compiles to plain loads and stores, never to a helper call. */
#ifndef MYRISIM_RT_FP_ABI_H
#define MYRISIM_RT_FP_ABI_H

#include "fp.h"

static inline uint32_t fbits(float f)
{
    union { float f; uint32_t u; } v = {.f = f};
    return v.u;
}

static inline float bitsf(uint32_t u)
{
    union { uint32_t u; float f; } v = {.u = u};
    return v.f;
}

static inline uint64_t dbits(double d)
{
    union { double d; uint64_t u; } v = {.d = d};
    return v.u;
}

static inline double bitsd(uint64_t u)
{
    union { uint64_t u; double d; } v = {.u = u};
    return v.d;
}

#endif
