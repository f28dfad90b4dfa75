/* 32-bit division and remainder with variable operands (__divsi3, __udivsi3,
 * __modsi3, __umodsi3): all sign combinations (truncation toward zero), edge
 * values and the quotient/remainder identity. INT_MIN / -1 is skipped (UB). */
#include "conf.h"

static const i32 sv[] = { 0, 1, -1, 2, -2, 3, -3, 5, -5, 7, -7, 10, -10, 255, -256, 65535,
                          -65536, 1000000, -1000000, 2147483647, -2147483647 - 1 };
#define NS (int)(sizeof sv / sizeof sv[0])

int main(void)
{
    int bad = 0;
    for (int i = 0; i < NS; i++) {
        for (int j = 0; j < NS; j++) {
            i32 a = hidei(sv[i]), b = hidei(sv[j]);
            if (b == 0 || (a == INT32_MIN && b == -1)) continue;
            i32 q = a / b, r = a % b;
            if ((i64)q * b + r != a) bad++;
            if ((i + j) % 4 == 0) con_printf("s %d/%d=%d r%d\n", a, b, q, r);
        }
    }
    for (int i = 0; i < NS; i++) {
        for (int j = 0; j < NS; j += 2) {
            u32 a = hide32((u32)sv[i]), b = hide32((u32)sv[j]);
            if (b == 0) continue;
            u32 q = a / b, r = a % b;
            if (q * b + r != a || r >= b) bad++;
            if ((i * 3 + j) % 5 == 0) con_printf("u %u/%u=%u r%u\n", a, b, q, r);
        }
    }
    u32 seed = 2024, h = 0;
    for (int k = 0; k < 400; k++) {
        u32 a = xs32(&seed), b = xs32(&seed) >> (k % 31);
        if (b == 0) b = 3;
        i32 sa = (i32)a, sb = (i32)(b | 1);
        if (sb == -1) sb = 3;
        h = h * 17 + a / b + a % b + (u32)(sa / sb) + (u32)(sa % sb);
        if (k % 40 == 0) con_printf("rnd %d %u %u %d %d\n", k, a / b, a % b, sa / sb, sa % sb);
    }
    con_printf("hash %08x bad %d\n", h, bad);
    return bad != 0;
}
