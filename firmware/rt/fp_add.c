/* Soft-float addition and subtraction (fp.h). The operand with the larger
 * exponent keeps its bits, 3 extra low bits (guard, round, sticky) catch
 * what the alignment shifts out of the other; a - b is a + (-b). */
#include "fp_impl.h"

FP_INLINE uint64_t fp_add(int mb, int eb, uint64_t a, uint64_t b)
{
    fp_val x = fp_unpack(mb, eb, a), y = fp_unpack(mb, eb, b);
    if (x.cls == FP_NAN || y.cls == FP_NAN) return fp_nan2(mb, eb, a, b);
    if (x.cls == FP_INF) return y.cls == FP_INF && x.sign != y.sign ? fp_default_nan(mb, eb) : a;
    if (y.cls == FP_INF) return b;
    if (x.cls == FP_ZERO) return y.cls == FP_ZERO ? fp_zero(mb, eb, x.sign & y.sign) : b;
    if (y.cls == FP_ZERO) return a;
    if (x.e < y.e) {
        fp_val t = x;
        x = y;
        y = t;
    }
    /* A larger exponent means a normal operand no smaller in magnitude. */
    uint64_t sx = x.sig << 3, sy = fp_shr_jam(y.sig << 3, x.e - y.e), s;
    int sign = x.sign;
    if (x.sign == y.sign) s = sx + sy;
    else if (sx >= sy) s = sx - sy;
    else {
        s = sy - sx;
        sign = y.sign;
    }
    if (s == 0) return fp_zero(mb, eb, 0);   /* x - x is +0 in round to nearest */
    return fp_round_pack(mb, eb, sign, s, x.e - 3);
}

uint32_t f32_add(uint32_t a, uint32_t b) { return (uint32_t)fp_add(F32, a, b); }
uint64_t f64_add(uint64_t a, uint64_t b) { return fp_add(F64, a, b); }

/* Flipping a NaN's sign would not change which NaN comes back (fp_nan2
 * quiets it; the sign is not part of the choice), so b is negated only when
 * it is not a NaN, keeping its bits as given. */
uint32_t f32_sub(uint32_t a, uint32_t b)
{
    return (uint32_t)fp_add(F32, a, fp_is_nan(F32, b) ? b : b ^ 0x80000000u);
}

uint64_t f64_sub(uint64_t a, uint64_t b)
{
    return fp_add(F64, a, fp_is_nan(F64, b) ? b : b ^ 0x8000000000000000ull);
}
