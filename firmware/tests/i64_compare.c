/* 64-bit comparisons of every kind, signed and unsigned, as values (sCC and
 * sel on the Lanai) and as branches; pairs chosen to differ only in the high
 * word, only in the low word, or only in sign. */
#include "conf.h"

static const u64 v[] = {
    0, 1, 0xFFFFFFFFull, 0x100000000ull, 0x100000001ull, 0x7FFFFFFFFFFFFFFFull,
    0x8000000000000000ull, 0x8000000000000001ull, 0xFFFFFFFF00000000ull,
    0xFFFFFFFFFFFFFFFFull, 0xFFFFFFFFFFFFFFFEull, 0x00000001FFFFFFFFull,
};
#define NV (int)(sizeof v / sizeof v[0])

__attribute__((noinline)) int branchy(i64 a, i64 b)
{
    int r = 0;
    if (a < b) r |= 1;
    if (a <= b) r |= 2;
    if (a > b) r |= 4;
    if (a >= b) r |= 8;
    if (a == b) r |= 16;
    if (a != b) r |= 32;
    if ((u64)a < (u64)b) r |= 64;
    if ((u64)a <= (u64)b) r |= 128;
    if ((u64)a > (u64)b) r |= 256;
    if ((u64)a >= (u64)b) r |= 512;
    return r;
}

int main(void)
{
    u32 total = 0;
    for (int i = 0; i < NV; i++) {
        con_printf("%2d:", i);
        for (int j = 0; j < NV; j++) {
            u64 a = hide64(v[i]), b = hide64(v[j]);
            i64 sa = (i64)a, sb = (i64)b;
            int m = (sa < sb) | (sa <= sb) << 1 | (sa > sb) << 2 | (sa >= sb) << 3 |
                    (a == b) << 4 | (a != b) << 5 | (a < b) << 6 | (a <= b) << 7 |
                    (a > b) << 8 | (a >= b) << 9;
            int n = branchy(sa, sb);
            total += (u32)m * (u32)(i + 1) + (u32)(j + 3) * (u32)n;
            con_printf(" %03x%s", m, m == n ? "" : "!");
        }
        con_printf("\n");
    }
    /* compare against zero and against small constants */
    for (int i = 0; i < NV; i++) {
        i64 a = hidel((i64)v[i]);
        con_printf("z %2d %d%d%d%d %d%d\n", i, a < 0, a <= 0, a > 0, a >= 0, a == 0, a > 5);
    }
    /* min/max selects */
    u64 mn = ~0ull, mx = 0;
    i64 smn = INT64_MAX, smx = INT64_MIN;
    for (int i = 0; i < NV; i++) {
        u64 a = hide64(v[i]);
        mn = a < mn ? a : mn;
        mx = a > mx ? a : mx;
        smn = (i64)a < smn ? (i64)a : smn;
        smx = (i64)a > smx ? (i64)a : smx;
    }
    con_printf("minmax %llx %llx %lld %lld total %u\n", mn, mx, smn, smx, total);
    return 0;
}
