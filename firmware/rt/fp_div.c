/* Soft-float division (fp.h): significands normalised, then MB + 3
 * quotient bits by restoring long division; a nonzero remainder is jammed
 * into the last bit before the single rounding. */
#include "fp_impl.h"

/* Shift a subnormal's significand up to the normal position. */
FP_INLINE void fp_normalize(int mb, fp_val *v)
{
    int s = fp_clz64(v->sig) - (63 - mb);
    v->sig <<= s;
    v->e -= s;
}

FP_INLINE uint64_t fp_div(int mb, int eb, uint64_t a, uint64_t b)
{
    fp_val x = fp_unpack(mb, eb, a), y = fp_unpack(mb, eb, b);
    int sign = x.sign ^ y.sign;
    if (x.cls == FP_NAN || y.cls == FP_NAN) return fp_nan2(mb, eb, a, b);
    if (x.cls == FP_INF) return y.cls == FP_INF ? fp_default_nan(mb, eb) : fp_inf(mb, eb, sign);
    if (y.cls == FP_INF) return fp_zero(mb, eb, sign);
    if (y.cls == FP_ZERO) return x.cls == FP_ZERO ? fp_default_nan(mb, eb) : fp_inf(mb, eb, sign);
    if (x.cls == FP_ZERO) return fp_zero(mb, eb, sign);
    fp_normalize(mb, &x);
    fp_normalize(mb, &y);
    int e = x.e - y.e - (mb + 2);
    uint64_t r = x.sig, d = y.sig, q = 0;
    if (r < d) {   /* quotient in [1, 2) */
        r <<= 1;
        e--;
    }
    for (int i = 0; i < mb + 3; i++) {   /* r < 2d < 2^(MB+2) throughout */
        q <<= 1;
        if (r >= d) {
            r -= d;
            q |= 1;
        }
        r <<= 1;
    }
    return fp_round_pack(mb, eb, sign, q | (r != 0), e);
}

uint32_t f32_div(uint32_t a, uint32_t b) { return (uint32_t)fp_div(F32, a, b); }
uint64_t f64_div(uint64_t a, uint64_t b) { return fp_div(F64, a, b); }
