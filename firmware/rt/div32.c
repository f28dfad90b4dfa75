/* 32-bit division helpers (no divide instruction on the Lanai).
 * Restoring shift-subtract division, starting at the dividend's top set bit
 * (leadz instruction) so small quotients take few steps. Division by zero
 * returns all ones and remainder = dividend (see rt.h); never traps or loops. */
#include "rt.h"

unsigned int __udivmodsi4(unsigned int n, unsigned int d, unsigned int *rem)
{
    if (d == 0) {
        *rem = n;
        return 0xFFFFFFFFu;
    }
    if (n < d) {
        *rem = n;
        return 0;
    }
    int shift = __builtin_clz(d) - __builtin_clz(n);   /* n >= d > 0 */
    unsigned int q = 0;
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

unsigned int __udivsi3(unsigned int a, unsigned int b)
{
    unsigned int r;
    return __udivmodsi4(a, b, &r);
}

unsigned int __umodsi3(unsigned int a, unsigned int b)
{
    unsigned int r;
    __udivmodsi4(a, b, &r);
    return r;
}

static unsigned int magnitude(int v) { return v < 0 ? 0u - (unsigned int)v : (unsigned int)v; }

int __divsi3(int a, int b)
{
    unsigned int r;
    if (b == 0) return -1;
    unsigned int q = __udivmodsi4(magnitude(a), magnitude(b), &r);
    return (int)((a < 0) != (b < 0) ? 0u - q : q);   /* INT_MIN / -1 wraps to INT_MIN */
}

int __modsi3(int a, int b)
{
    unsigned int r;
    __udivmodsi4(magnitude(a), magnitude(b), &r);
    return (int)(a < 0 ? 0u - r : r);   /* remainder takes the dividend's sign */
}
