/* 64-bit shifts by every amount 0..63 with the amount in a register: left,
 * logical right (both inlined with predicated ops and sel on the Lanai) and
 * arithmetic right (__ashrdi3), plus constant amounts around 32. */
#include "conf.h"

static const u64 pats[] = {
    0x8000000000000001ull, 0xFEDCBA9876543210ull, 0x00000000FFFFFFFFull, 0x7FFFFFFFFFFFFFFFull,
};

int main(void)
{
    for (int p = 0; p < 4; p++) {
        u64 v = hide64(pats[p]);
        i64 s = (i64)v;
        u64 hl = 0, hr = 0, ha = 0;
        for (u32 n = 0; n < 64; n++) {
            u32 k = hide32(n);
            u64 l = v << k, r = v >> k;
            /* arithmetic right shift of a negative value is implementation-defined;
             * gcc and clang both replicate the sign bit */
            i64 a = s >> k;
            hl = hl * 3 + l;
            hr = hr * 5 + r;
            ha = ha * 7 + (u64)a;
            if (n % 4 == 0 || n == 31 || n == 33 || n == 63)
                con_printf("%d %2u %016llx %016llx %016llx\n", p, n, l, r, (u64)a);
        }
        con_printf("%d digest %016llx %016llx %016llx\n", p, hl, hr, ha);
    }
    /* constant amounts: the compiler picks different sequences for <32, 32, >32 */
    u64 x = hide64(0xA5A5F00FC33C1234ull);
    i64 y = (i64)x;
    con_printf("c1 %016llx %016llx %016llx\n", x << 1, x >> 1, (u64)(y >> 1));
    con_printf("c31 %016llx %016llx %016llx\n", x << 31, x >> 31, (u64)(y >> 31));
    con_printf("c32 %016llx %016llx %016llx\n", x << 32, x >> 32, (u64)(y >> 32));
    con_printf("c33 %016llx %016llx %016llx\n", x << 33, x >> 33, (u64)(y >> 33));
    con_printf("c63 %016llx %016llx %016llx\n", x << 63, x >> 63, (u64)(y >> 63));
    /* rotates built from shifts */
    for (u32 n = 1; n < 64; n += 7) {
        u32 k = hide32(n);
        con_printf("rot %2u %016llx %016llx\n", n, (x << k) | (x >> (64 - k)), (x >> k) | (x << (64 - k)));
    }
    return 0;
}
