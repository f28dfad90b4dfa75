/* Soft-float multiplication (fp.h): the exact product of the significands
 * (up to 106 bits, as two 64-bit halves), narrowed to 64 bits with the
 * discarded bits jammed, then rounded once. */
#include "fp_impl.h"

/* x * y as hi:lo, for significands of at most 53 bits. The LANai has no
 * multiply instruction and __mulsi3 loops over bits, so this multiplies by
 * y four bits at a time from a table of x * 0 .. x * 15 (each < 2^57):
 * 14 shift-and-add steps of a 128-bit accumulator for binary64, 6 for
 * binary32, instead of 16 calls to __mulsi3. */
FP_INLINE void fp_mul64(uint64_t x, uint64_t y, uint64_t *hi, uint64_t *lo)
{
    /* Read x through a volatile so clang keeps the additions: it would
     * otherwise compute t[i] as i * x, a call to __muldi3. */
    volatile uint64_t vx = x;
    uint64_t t[16], h = 0, l = 0;
    t[0] = 0;
    for (int i = 1; i < 16; i++) t[i] = t[i - 1] + vx;
    int steps = (64 - fp_clz64(y) + 3) / 4;   /* nibbles in y (y != 0) */
    y <<= 64 - 4 * steps;                     /* its top nibble at bits 60..63 */
    for (int i = 0; i < steps; i++) {
        h = h << 4 | l >> 60;
        l <<= 4;
        uint64_t add = t[y >> 60];
        y <<= 4;
        l += add;
        h += l < add;
    }
    *hi = h;
    *lo = l;
}

FP_INLINE uint64_t fp_mul(int mb, int eb, uint64_t a, uint64_t b)
{
    fp_val x = fp_unpack(mb, eb, a), y = fp_unpack(mb, eb, b);
    int sign = x.sign ^ y.sign;
    if (x.cls == FP_NAN || y.cls == FP_NAN) return fp_nan2(mb, eb, a, b);
    if (x.cls == FP_INF || y.cls == FP_INF)
        return x.cls == FP_ZERO || y.cls == FP_ZERO ? fp_default_nan(mb, eb) : fp_inf(mb, eb, sign);
    if (x.cls == FP_ZERO || y.cls == FP_ZERO) return fp_zero(mb, eb, sign);
    uint64_t hi, lo, p;
    int e = x.e + y.e;
    fp_mul64(x.sig, y.sig, &hi, &lo);
    if (hi == 0) {
        p = lo;   /* exact */
    } else {      /* keep 64 bits (>= MB + 3), jam the rest */
        int k = 64 - fp_clz64(hi);
        p = hi << (64 - k) | lo >> k | ((lo & (((uint64_t)1 << k) - 1)) != 0);
        e += k;
    }
    return fp_round_pack(mb, eb, sign, p, e);
}

uint32_t f32_mul(uint32_t a, uint32_t b) { return (uint32_t)fp_mul(F32, a, b); }
uint64_t f64_mul(uint64_t a, uint64_t b) { return fp_mul(F64, a, b); }
