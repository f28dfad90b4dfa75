/* 64-bit division helpers, same algorithm and zero-divisor rule as div32.c.
 * Uses only operations clang inlines for i64 (add, sub, compare, unsigned
 * shifts) so none of these can call back into the runtime recursively;
 * values that fit in 32 bits take the cheaper 32-bit path. */
#include "rt.h"

static int clz64(unsigned long long v)   /* v != 0 */
{
    unsigned int hi = (unsigned int)(v >> 32);
    return hi ? __builtin_clz(hi) : 32 + __builtin_clz((unsigned int)v);
}

unsigned long long __udivmoddi4(unsigned long long n, unsigned long long d, unsigned long long *rem)
{
    if (d == 0) {
        *rem = n;
        return ~0ull;
    }
    if (n < d) {
        *rem = n;
        return 0;
    }
    if ((n >> 32) == 0) {   /* then d < 2^32 too */
        unsigned int r32, q32 = __udivmodsi4((unsigned int)n, (unsigned int)d, &r32);
        *rem = r32;
        return q32;
    }
    int shift = clz64(d) - clz64(n);
    unsigned long long q = 0;
    d <<= shift;
    for (int i = 0; i <= shift; i++) {
        q <<= 1;
        if (n >= d) {
            n -= d;
            q |= 1;
        }
        d >>= 1;
    }
    *rem = n;
    return q;
}

unsigned long long __udivdi3(unsigned long long a, unsigned long long b)
{
    unsigned long long r;
    return __udivmoddi4(a, b, &r);
}

unsigned long long __umoddi3(unsigned long long a, unsigned long long b)
{
    unsigned long long r;
    __udivmoddi4(a, b, &r);
    return r;
}

static unsigned long long magnitude(long long v)
{
    return v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
}

long long __divdi3(long long a, long long b)
{
    unsigned long long r;
    if (b == 0) return -1;
    unsigned long long q = __udivmoddi4(magnitude(a), magnitude(b), &r);
    return (long long)((a < 0) != (b < 0) ? 0ull - q : q);
}

long long __moddi3(long long a, long long b)
{
    unsigned long long r;
    __udivmoddi4(magnitude(a), magnitude(b), &r);
    return (long long)(a < 0 ? 0ull - r : r);
}
