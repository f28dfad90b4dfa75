/* The arithmetic helpers clang-14 calls for float and double on the Lanai,
 * which has no FPU (names as in libgcc's soft-float interface). */
#include "fp_abi.h"
#include "rt.h"

float __addsf3(float a, float b) { return bitsf(f32_add(fbits(a), fbits(b))); }
float __subsf3(float a, float b) { return bitsf(f32_sub(fbits(a), fbits(b))); }
float __mulsf3(float a, float b) { return bitsf(f32_mul(fbits(a), fbits(b))); }
float __divsf3(float a, float b) { return bitsf(f32_div(fbits(a), fbits(b))); }
double __adddf3(double a, double b) { return bitsd(f64_add(dbits(a), dbits(b))); }
double __subdf3(double a, double b) { return bitsd(f64_sub(dbits(a), dbits(b))); }
double __muldf3(double a, double b) { return bitsd(f64_mul(dbits(a), dbits(b))); }
double __divdf3(double a, double b) { return bitsd(f64_div(dbits(a), dbits(b))); }
