/* 64-bit shifts by a variable amount. clang calls __ashrdi3 for signed >>
 * (and the other two only in unusual code). Written on 32-bit halves so the
 * compiler cannot turn them back into an i64 shift, i.e. a call to itself.
 * The amount is taken modulo 64 (shifting by >= 64 is undefined in C). */
#include "rt.h"

typedef struct { unsigned int hi, lo; } halves;

static halves split(long long v)
{
    unsigned long long u = (unsigned long long)v;
    return (halves){(unsigned int)(u >> 32), (unsigned int)u};
}

static long long join(halves h) { return (long long)((unsigned long long)h.hi << 32 | h.lo); }

long long __ashrdi3(long long a, int n)
{
    halves h = split(a), r;
    n &= 63;
    if (n == 0) return a;
    if (n >= 32) {
        r.lo = (unsigned int)((int)h.hi >> (n - 32));
        r.hi = (unsigned int)((int)h.hi >> 31);
    } else {
        r.lo = h.lo >> n | h.hi << (32 - n);
        r.hi = (unsigned int)((int)h.hi >> n);
    }
    return join(r);
}

long long __lshrdi3(long long a, int n)
{
    halves h = split(a), r;
    n &= 63;
    if (n == 0) return a;
    if (n >= 32) {
        r.lo = h.hi >> (n - 32);
        r.hi = 0;
    } else {
        r.lo = h.lo >> n | h.hi << (32 - n);
        r.hi = h.hi >> n;
    }
    return join(r);
}

long long __ashldi3(long long a, int n)
{
    halves h = split(a), r;
    n &= 63;
    if (n == 0) return a;
    if (n >= 32) {
        r.hi = h.lo << (n - 32);
        r.lo = 0;
    } else {
        r.hi = h.hi << n | h.lo >> (32 - n);
        r.lo = h.lo << n;
    }
    return join(r);
}
