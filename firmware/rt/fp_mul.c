/* Soft-float multiplication (fp.h): the exact product of the significands
 * (up to 106 bits, as two 64-bit halves), narrowed to 64 bits with the
 * discarded bits jammed, then rounded once. */
#include "fp_impl.h"

/* 32 x 32 -> 64-bit product from 16-bit pieces: each partial product fits
 * in 32 bits, so the Lanai needs only __mulsi3, never __muldi3. */
FP_INLINE uint64_t fp_mul32(uint32_t x, uint32_t y)
{
    uint32_t x0 = x & 0xFFFF, x1 = x >> 16, y0 = y & 0xFFFF, y1 = y >> 16;
    uint32_t p00 = x0 * y0, p01 = x0 * y1, p10 = x1 * y0, p11 = x1 * y1;
    uint32_t mid = (p00 >> 16) + (p01 & 0xFFFF) + (p10 & 0xFFFF);
    uint32_t lo = (p00 & 0xFFFF) | mid << 16;
    uint32_t hi = p11 + (p01 >> 16) + (p10 >> 16) + (mid >> 16);
    return (uint64_t)hi << 32 | lo;
}

/* x * y as hi:lo. */
FP_INLINE void fp_mul64(uint64_t x, uint64_t y, uint64_t *hi, uint64_t *lo)
{
    uint32_t x0 = (uint32_t)x, x1 = (uint32_t)(x >> 32), y0 = (uint32_t)y, y1 = (uint32_t)(y >> 32);
    uint64_t p00 = fp_mul32(x0, y0);
    if (!x1 && !y1) {   /* binary32 significands */
        *hi = 0;
        *lo = p00;
        return;
    }
    uint64_t p01 = fp_mul32(x0, y1), p10 = fp_mul32(x1, y0), p11 = fp_mul32(x1, y1);
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;   /* < 3 * 2^32 */
    *lo = (uint32_t)p00 | mid << 32;
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
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
