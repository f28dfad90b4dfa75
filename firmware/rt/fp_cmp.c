/* Soft-float comparison (fp.h). Apart from zeros (+0 == -0) and NaNs, IEEE
 * values order like their sign-magnitude bit patterns. */
#include "fp_impl.h"

FP_INLINE int fp_cmp(int mb, int eb, uint64_t a, uint64_t b)
{
    if (fp_is_nan(mb, eb, a) || fp_is_nan(mb, eb, b)) return FP_UNORDERED;
    uint64_t mag = ((uint64_t)1 << (mb + eb)) - 1;
    uint64_t ma = a & mag, mbv = b & mag;
    int sa = (int)(a >> (mb + eb)) & 1, sb = (int)(b >> (mb + eb)) & 1;
    if (ma == 0 && mbv == 0) return 0;
    if (sa != sb) return sa ? -1 : 1;
    if (ma == mbv) return 0;
    return (ma < mbv) != sa ? -1 : 1;   /* negative values order the other way */
}

int f32_cmp(uint32_t a, uint32_t b) { return fp_cmp(F32, a, b); }
int f64_cmp(uint64_t a, uint64_t b) { return fp_cmp(F64, a, b); }
