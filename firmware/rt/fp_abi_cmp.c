/* Comparison helpers clang-14 calls for float and double. Their results
 * follow libgcc's contract: the C comparison is the helper's result compared
 * with 0 (a < b is __ltsf2(a, b) < 0, and so on), so an unordered pair must
 * make every ordered comparison false: eq/ne/lt/le return 1 for it, gt/ge
 * return -1; __unord*2 is nonzero when either operand is a NaN. */
#include "fp_abi.h"
#include "rt.h"

static int low(int c) { return c == FP_UNORDERED ? 1 : c; }    /* eq ne lt le */
static int high(int c) { return c == FP_UNORDERED ? -1 : c; }  /* gt ge */

int __eqsf2(float a, float b) { return low(f32_cmp(fbits(a), fbits(b))); }
int __nesf2(float a, float b) { return low(f32_cmp(fbits(a), fbits(b))); }
int __ltsf2(float a, float b) { return low(f32_cmp(fbits(a), fbits(b))); }
int __lesf2(float a, float b) { return low(f32_cmp(fbits(a), fbits(b))); }
int __gtsf2(float a, float b) { return high(f32_cmp(fbits(a), fbits(b))); }
int __gesf2(float a, float b) { return high(f32_cmp(fbits(a), fbits(b))); }
int __unordsf2(float a, float b) { return f32_cmp(fbits(a), fbits(b)) == FP_UNORDERED; }
int __eqdf2(double a, double b) { return low(f64_cmp(dbits(a), dbits(b))); }
int __nedf2(double a, double b) { return low(f64_cmp(dbits(a), dbits(b))); }
int __ltdf2(double a, double b) { return low(f64_cmp(dbits(a), dbits(b))); }
int __ledf2(double a, double b) { return low(f64_cmp(dbits(a), dbits(b))); }
int __gtdf2(double a, double b) { return high(f64_cmp(dbits(a), dbits(b))); }
int __gedf2(double a, double b) { return high(f64_cmp(dbits(a), dbits(b))); }
int __unorddf2(double a, double b) { return f64_cmp(dbits(a), dbits(b)) == FP_UNORDERED; }
