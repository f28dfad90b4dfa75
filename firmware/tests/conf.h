/* Shared by the conformance programs: fixed-width names that print the same
 * on the Lanai (ILP32, big-endian) and the host (LP64, little-endian), and
 * optimisation barriers so -O2 cannot fold the operation under test away. */
#ifndef MYRISIM_TESTS_CONF_H
#define MYRISIM_TESTS_CONF_H

#include <stdint.h>
#include "console.h"

/* long long is 64 bits on both targets, and %lld/%llx match it everywhere;
 * int64_t is `long` on the host, which would need a different format. */
typedef long long i64;
typedef unsigned long long u64;
typedef int i32;
typedef unsigned u32;

/* The compiler must treat the result as unknown: keeps constants out of the
 * folder so the simulated core really executes the operation. */
static inline u32 hide32(u32 x) { __asm__ volatile("" : "+r"(x)); return x; }
static inline i32 hidei(i32 x) { __asm__ volatile("" : "+r"(x)); return x; }
static inline u64 hide64(u64 x) { __asm__ volatile("" : "+r"(x)); return x; }
static inline i64 hidel(i64 x) { __asm__ volatile("" : "+r"(x)); return x; }

/* Deterministic test data: xorshift32 (never returns 0 for a non-zero seed). */
static inline u32 xs32(u32 *s)
{
    u32 x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

static inline u64 xs64pair(u32 *s)
{
    u64 hi = xs32(s);
    return (hi << 32) | xs32(s);
}

#endif
