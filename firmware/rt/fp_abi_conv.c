/* Conversion helpers clang-14 calls: integers <-> float/double (si = int,
 * di = long long, uns = unsigned) and float <-> double. */
#include "fp_abi.h"
#include "rt.h"

float __floatsisf(int v) { return bitsf(f32_from_i64(v)); }
float __floatunsisf(unsigned v) { return bitsf(f32_from_u64(v)); }
float __floatdisf(long long v) { return bitsf(f32_from_i64(v)); }
float __floatundisf(unsigned long long v) { return bitsf(f32_from_u64(v)); }
double __floatsidf(int v) { return bitsd(f64_from_i64(v)); }
double __floatunsidf(unsigned v) { return bitsd(f64_from_u64(v)); }
double __floatdidf(long long v) { return bitsd(f64_from_i64(v)); }
double __floatundidf(unsigned long long v) { return bitsd(f64_from_u64(v)); }
int __fixsfsi(float a) { return f32_to_i32(fbits(a)); }
unsigned __fixunssfsi(float a) { return f32_to_u32(fbits(a)); }
long long __fixsfdi(float a) { return f32_to_i64(fbits(a)); }
unsigned long long __fixunssfdi(float a) { return f32_to_u64(fbits(a)); }
int __fixdfsi(double a) { return f64_to_i32(dbits(a)); }
unsigned __fixunsdfsi(double a) { return f64_to_u32(dbits(a)); }
long long __fixdfdi(double a) { return f64_to_i64(dbits(a)); }
unsigned long long __fixunsdfdi(double a) { return f64_to_u64(dbits(a)); }
double __extendsfdf2(float a) { return bitsd(f32_to_f64(fbits(a))); }
float __truncdfsf2(double a) { return bitsf(f64_to_f32(dbits(a))); }
