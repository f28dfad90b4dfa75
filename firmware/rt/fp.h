/* Soft-float core: IEEE 754 binary32 and binary64 arithmetic on bit
 * patterns (float in the low 32 bits of a uint32_t, double in a uint64_t),
 * round to nearest even, with subnormals, infinities, NaNs and signed zeros.
 * Plain C: the same files build for the Lanai (where fp_abi_*.c wrap them
 * as the helpers clang calls, __addsf3 ...) and for the host, where
 * tests/rt compares them bit for bit with the host FPU.
 *
 * NaN results: a NaN operand comes back quieted (the first one if both
 * are NaN); an invalid operation (inf - inf, 0 * inf, 0 / 0, inf / inf)
 * gives the default NaN 0x7FC00000 / 0x7FF8000000000000.
 * Float-to-integer conversions truncate toward zero and saturate out of
 * range (C leaves that undefined); NaN converts to 0. */
#ifndef MYRISIM_RT_FP_H
#define MYRISIM_RT_FP_H

#include <stdint.h>

uint32_t f32_add(uint32_t a, uint32_t b);
uint32_t f32_sub(uint32_t a, uint32_t b);
uint32_t f32_mul(uint32_t a, uint32_t b);
uint32_t f32_div(uint32_t a, uint32_t b);
uint64_t f64_add(uint64_t a, uint64_t b);
uint64_t f64_sub(uint64_t a, uint64_t b);
uint64_t f64_mul(uint64_t a, uint64_t b);
uint64_t f64_div(uint64_t a, uint64_t b);

/* -1 (a < b), 0 (equal; +0 equals -0), 1 (a > b), FP_UNORDERED (a NaN). */
#define FP_UNORDERED 2
int f32_cmp(uint32_t a, uint32_t b);
int f64_cmp(uint64_t a, uint64_t b);

uint32_t f32_from_i64(int64_t v);
uint32_t f32_from_u64(uint64_t v);
uint64_t f64_from_i64(int64_t v);
uint64_t f64_from_u64(uint64_t v);
int32_t f32_to_i32(uint32_t a);
uint32_t f32_to_u32(uint32_t a);
int64_t f32_to_i64(uint32_t a);
uint64_t f32_to_u64(uint32_t a);
int32_t f64_to_i32(uint64_t a);
uint32_t f64_to_u32(uint64_t a);
int64_t f64_to_i64(uint64_t a);
uint64_t f64_to_u64(uint64_t a);
uint64_t f32_to_f64(uint32_t a);
uint32_t f64_to_f32(uint64_t a);

#endif
