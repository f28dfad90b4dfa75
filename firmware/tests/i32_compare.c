/* 32-bit comparisons of every kind as values (the Lanai's sCC) and as
 * branches (bCC), signed and unsigned, including pairs where signed and
 * unsigned order disagree. */
#include "conf.h"

static const u32 v[] = { 0, 1, 2, 0x7FFFFFFEu, 0x7FFFFFFFu, 0x80000000u, 0x80000001u,
                         0xFFFFFFFEu, 0xFFFFFFFFu, 0x00010000u, 0xFFFF0000u, 100 };
#define NV (int)(sizeof v / sizeof v[0])

__attribute__((noinline)) int branches(i32 a, i32 b)
{
    int r = 0;
    if (a < b) r += 1;
    if (a <= b) r += 2;
    if (a > b) r += 4;
    if (a >= b) r += 8;
    if (a == b) r += 16;
    if (a != b) r += 32;
    if ((u32)a < (u32)b) r += 64;
    if ((u32)a <= (u32)b) r += 128;
    if ((u32)a > (u32)b) r += 256;
    if ((u32)a >= (u32)b) r += 512;
    return r;
}

/* each comparison materialised as 0/1 */
__attribute__((noinline)) int flags(i32 a, i32 b)
{
    u32 ua = (u32)a, ub = (u32)b;
    return (a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 | (a == b) << 4 |
           (a != b) << 5 | (ua < ub) << 6 | (ua <= ub) << 7 | (ua > ub) << 8 | (ua >= ub) << 9;
}

int main(void)
{
    int mismatch = 0;
    for (int i = 0; i < NV; i++) {
        con_printf("%2d:", i);
        for (int j = 0; j < NV; j++) {
            i32 a = (i32)hide32(v[i]), b = (i32)hide32(v[j]);
            int f = flags(a, b), g = branches(a, b);
            if (f != g) mismatch++;
            con_printf(" %03x", f);
        }
        con_printf("\n");
    }
    /* against immediates: the compiler uses sub.f with an immediate */
    for (int i = 0; i < NV; i++) {
        i32 a = (i32)hide32(v[i]);
        u32 u = (u32)a;
        con_printf("imm %2d %d%d%d%d%d %d%d%d%d\n", i, a < 0, a > 0, a <= 1, a >= 2, a == 100,
                   u < 100, u > 0x7FFFFFFFu, u >= 0xFFFF0000u, u <= 2);
    }
    /* counting with a comparison result */
    int cnt = 0;
    for (int i = 0; i < NV; i++)
        for (int j = 0; j < NV; j++) cnt += (i32)hide32(v[i]) < (i32)hide32(v[j]);
    con_printf("count %d mismatch %d\n", cnt, mismatch);
    return mismatch != 0;
}
