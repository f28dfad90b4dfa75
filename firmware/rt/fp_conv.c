/* Soft-float conversions (fp.h): integers to floating point (rounded),
 * floating point to integers (truncated, saturating, NaN -> 0), and between
 * the two formats (widening is exact; narrowing rounds; NaNs stay NaNs,
 * quiet, payload kept in the top mantissa bits). */
#include "fp_impl.h"

FP_INLINE uint64_t fp_from_int(int mb, int eb, int sign, uint64_t mag)
{
    return mag ? fp_round_pack(mb, eb, sign, mag, 0) : 0;
}

uint32_t f32_from_i64(int64_t v) { return (uint32_t)fp_from_int(F32, v < 0, v < 0 ? 0 - (uint64_t)v : (uint64_t)v); }
uint32_t f32_from_u64(uint64_t v) { return (uint32_t)fp_from_int(F32, 0, v); }
uint64_t f64_from_i64(int64_t v) { return fp_from_int(F64, v < 0, v < 0 ? 0 - (uint64_t)v : (uint64_t)v); }
uint64_t f64_from_u64(uint64_t v) { return fp_from_int(F64, 0, v); }

/* Truncate toward zero into a signed (is_signed) or unsigned integer of
 * `bits` bits, saturating; returned as the two's complement bit pattern. */
FP_INLINE uint64_t fp_to_int(int mb, int eb, uint64_t a, int is_signed, int bits)
{
    fp_val x = fp_unpack(mb, eb, a);
    uint64_t max = is_signed ? ((uint64_t)1 << (bits - 1)) - 1 : ~(uint64_t)0 >> (64 - bits);
    uint64_t neg_limit = is_signed ? (uint64_t)1 << (bits - 1) : 0;   /* largest magnitude below 0 */
    uint64_t mag;
    if (x.cls == FP_NAN || x.cls == FP_ZERO) return 0;
    if (x.cls == FP_INF) mag = ~(uint64_t)0;
    else if (x.e >= 0) mag = 64 - fp_clz64(x.sig) + x.e > 64 ? ~(uint64_t)0 : x.sig << x.e;
    else mag = x.e <= -64 ? 0 : x.sig >> -x.e;
    if (!x.sign) return mag > max ? max : mag;
    if (mag > neg_limit) mag = neg_limit;
    return 0 - mag;
}

int32_t f32_to_i32(uint32_t a) { return (int32_t)(uint32_t)fp_to_int(F32, a, 1, 32); }
uint32_t f32_to_u32(uint32_t a) { return (uint32_t)fp_to_int(F32, a, 0, 32); }
int64_t f32_to_i64(uint32_t a) { return (int64_t)fp_to_int(F32, a, 1, 64); }
uint64_t f32_to_u64(uint32_t a) { return fp_to_int(F32, a, 0, 64); }
int32_t f64_to_i32(uint64_t a) { return (int32_t)(uint32_t)fp_to_int(F64, a, 1, 32); }
uint32_t f64_to_u32(uint64_t a) { return (uint32_t)fp_to_int(F64, a, 0, 32); }
int64_t f64_to_i64(uint64_t a) { return (int64_t)fp_to_int(F64, a, 1, 64); }
uint64_t f64_to_u64(uint64_t a) { return fp_to_int(F64, a, 0, 64); }

uint64_t f32_to_f64(uint32_t a)
{
    fp_val x = fp_unpack(F32, a);
    switch (x.cls) {
    case FP_NAN: return fp_inf(F64, x.sign) | (uint64_t)1 << 51 | (uint64_t)(a & 0x7FFFFF) << 29;
    case FP_INF: return fp_inf(F64, x.sign);
    case FP_ZERO: return fp_zero(F64, x.sign);
    default: return fp_round_pack(F64, x.sign, x.sig, x.e);   /* exact */
    }
}

uint32_t f64_to_f32(uint64_t a)
{
    fp_val x = fp_unpack(F64, a);
    switch (x.cls) {
    case FP_NAN: return (uint32_t)(fp_inf(F32, x.sign) | 1u << 22 | (uint32_t)((a >> 29) & 0x7FFFFF));
    case FP_INF: return (uint32_t)fp_inf(F32, x.sign);
    case FP_ZERO: return (uint32_t)fp_zero(F32, x.sign);
    default: return (uint32_t)fp_round_pack(F32, x.sign, x.sig, x.e);
    }
}
