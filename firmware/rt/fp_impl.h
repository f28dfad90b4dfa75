/* Shared internals of the soft-float core (fp.h): one format-generic
 * implementation, instantiated for binary32 (MB 23, EB 8) and binary64
 * (MB 52, EB 11) by always-inlined calls with constant format parameters.
 * A finite value is held as sig * 2^e (sig an unsigned integer, not
 * necessarily normalised). Rounding follows IEEE 754 round to nearest, ties
 * to even. Included only by fp_*.c. */
#ifndef MYRISIM_RT_FP_IMPL_H
#define MYRISIM_RT_FP_IMPL_H

#include "fp.h"

#define FP_INLINE static inline __attribute__((always_inline))

#define F32 23, 8
#define F64 52, 11

enum { FP_ZERO, FP_FINITE, FP_INF, FP_NAN };

typedef struct {
    int cls, sign, e;   /* value = (-1)^sign * sig * 2^e for FP_FINITE */
    uint64_t sig;
} fp_val;

/* Leading zeros of a 64-bit value (v != 0), from the 32-bit builtin the
 * Lanai has an instruction for. */
FP_INLINE int fp_clz64(uint64_t v)
{
    uint32_t hi = (uint32_t)(v >> 32);
    return hi ? __builtin_clz(hi) : 32 + __builtin_clz((uint32_t)v);
}

FP_INLINE int fp_bias(int eb) { return (1 << (eb - 1)) - 1; }
FP_INLINE uint64_t fp_mmask(int mb) { return ((uint64_t)1 << mb) - 1; }
FP_INLINE uint64_t fp_inf(int mb, int eb, int sign)
{
    return (uint64_t)sign << (mb + eb) | (uint64_t)((1 << eb) - 1) << mb;
}
FP_INLINE uint64_t fp_zero(int mb, int eb, int sign) { return (uint64_t)sign << (mb + eb); }
FP_INLINE uint64_t fp_default_nan(int mb, int eb) { return fp_inf(mb, eb, 0) | (uint64_t)1 << (mb - 1); }
FP_INLINE int fp_is_nan(int mb, int eb, uint64_t x)
{
    return ((x >> mb) & ((1u << eb) - 1)) == (1u << eb) - 1 && (x & fp_mmask(mb)) != 0;
}

FP_INLINE fp_val fp_unpack(int mb, int eb, uint64_t x)
{
    fp_val v;
    int be = (int)((x >> mb) & ((1u << eb) - 1));
    uint64_t m = x & fp_mmask(mb);
    v.sign = (int)(x >> (mb + eb)) & 1;
    v.sig = m;
    v.e = 1 - fp_bias(eb) - mb;   /* subnormal (and zero) quantum */
    if (be == (1 << eb) - 1) v.cls = m ? FP_NAN : FP_INF;
    else if (be == 0) v.cls = m ? FP_FINITE : FP_ZERO;
    else {
        v.cls = FP_FINITE;
        v.sig = m | (uint64_t)1 << mb;
        v.e = be - fp_bias(eb) - mb;
    }
    return v;
}

/* The NaN result of an operation with a NaN operand: a's if a is a NaN,
 * else b's, made quiet. */
FP_INLINE uint64_t fp_nan2(int mb, int eb, uint64_t a, uint64_t b)
{
    return (fp_is_nan(mb, eb, a) ? a : b) | (uint64_t)1 << (mb - 1);
}

/* Round sign * sig * 2^e (sig != 0) to the format and encode it. Exact as
 * long as sig carries all bits of the true value; an inexact caller must
 * leave at least MB + 3 significant bits in sig with a 1 "jammed" into the
 * lowest bit when anything nonzero was discarded (then every value the jam
 * stands for rounds the same way). */
FP_INLINE uint64_t fp_round_pack(int mb, int eb, int sign, uint64_t sig, int e)
{
    int n = 64 - fp_clz64(sig);
    int lead = n - 1 + e, emin = 1 - fp_bias(eb);
    int q = (lead < emin ? emin : lead) - mb;   /* exponent of the result's last bit */
    int shift = q - e;
    uint64_t m;
    if (shift <= 0) {
        m = sig << -shift;   /* exact: at most MB + 1 bits */
    } else if (shift > 64) {
        m = 0;               /* below half the smallest subnormal */
    } else {
        uint64_t rem, half = (uint64_t)1 << (shift - 1);
        if (shift == 64) {
            m = 0;
            rem = sig;
        } else {
            m = sig >> shift;
            rem = sig & (((uint64_t)1 << shift) - 1);
        }
        if (rem > half || (rem == half && (m & 1))) m++;
        if (m >> (mb + 1)) {   /* rounded up to the next binade */
            m >>= 1;
            q++;
        }
    }
    uint64_t be = 0;
    if (m >> mb) {
        int biased = q + mb + fp_bias(eb);
        if (biased >= (1 << eb) - 1) return fp_inf(mb, eb, sign);
        be = (uint64_t)biased;
    }
    return (uint64_t)sign << (mb + eb) | be << mb | (m & fp_mmask(mb));
}

/* Shift right by d, jamming every discarded 1 into the lowest bit. */
FP_INLINE uint64_t fp_shr_jam(uint64_t x, int d)
{
    if (d <= 0) return x;
    if (d >= 64) return x != 0;
    return x >> d | ((x & (((uint64_t)1 << d) - 1)) != 0);
}

#endif
