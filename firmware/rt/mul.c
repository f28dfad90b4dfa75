/* Multiplication helpers: the Lanai has no multiply instruction, so clang
 * calls __mulsi3 for every variable 32-bit product and __muldi3 for 64-bit
 * ones. Shift-and-add over the smaller operand's bits. */
#include "rt.h"

int __mulsi3(int a, int b)
{
    unsigned int x = (unsigned int)a, y = (unsigned int)b, r = 0;
    if (x < y) { unsigned int t = x; x = y; y = t; }   /* loop over the smaller one */
    while (y) {
        if (y & 1) r += x;
        x <<= 1;
        y >>= 1;
    }
    return (int)r;
}

/* Full 32 x 32 -> 64-bit product from four 16 x 16 -> 32-bit products,
 * each of which __mulsi3 computes exactly. */
static unsigned long long mul32x32(unsigned int x, unsigned int y)
{
    unsigned int x0 = x & 0xFFFF, x1 = x >> 16, y0 = y & 0xFFFF, y1 = y >> 16;
    unsigned int p00 = x0 * y0, p01 = x0 * y1, p10 = x1 * y0, p11 = x1 * y1;
    unsigned int mid = (p00 >> 16) + (p01 & 0xFFFF) + (p10 & 0xFFFF);
    unsigned int lo = (p00 & 0xFFFF) | (mid << 16);
    unsigned int hi = p11 + (p01 >> 16) + (p10 >> 16) + (mid >> 16);
    return (unsigned long long)hi << 32 | lo;
}

long long __muldi3(long long a, long long b)
{
    unsigned long long ua = (unsigned long long)a, ub = (unsigned long long)b;
    unsigned int al = (unsigned int)ua, ah = (unsigned int)(ua >> 32);
    unsigned int bl = (unsigned int)ub, bh = (unsigned int)(ub >> 32);
    unsigned int cross = al * bh + ah * bl;   /* only its low 32 bits matter */
    return (long long)(mul32x32(al, bl) + ((unsigned long long)cross << 32));
}
