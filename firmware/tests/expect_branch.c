/* __builtin_expect and unlikely paths: the compiler lays out blocks by the
 * hint, so the rarely taken side sits out of line behind a taken branch.
 * Both sides are exercised, with results that depend on each. */
#include "conf.h"

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

__attribute__((noinline)) u32 checked_add(u32 a, u32 b, int *overflow)
{
    u32 s = a + b;
    if (unlikely(s < a)) { *overflow += 1; return 0xFFFFFFFFu; }
    return s;
}

__attribute__((noinline)) int classify(i32 v)
{
    if (likely(v >= 0 && v < 100)) return 0;
    if (unlikely(v < 0)) return v < -1000 ? -2 : -1;
    return v > 100000 ? 2 : 1;
}

int main(void)
{
    int ovf = 0;
    u32 acc = 0;
    u32 seed = 31;
    for (int k = 0; k < 200; k++) {
        u32 r = xs32(&seed);
        acc = checked_add(acc, r >> (k % 3 == 0 ? 0 : 8), &ovf);
        if (acc == 0xFFFFFFFFu) acc = r & 0xFFFF;
        if (k % 20 == 0) con_printf("k %3d acc %08x ovf %d\n", k, acc, ovf);
    }
    con_printf("ovf %d\n", ovf);
    int hist[5] = { 0, 0, 0, 0, 0 };
    for (int k = 0; k < 300; k++) {
        i32 v = (i32)(xs32(&seed) % 4001) - 2000;
        if (k % 10 == 0) v *= 100;
        hist[classify(hidei(v)) + 2]++;
    }
    con_printf("hist %d %d %d %d %d\n", hist[0], hist[1], hist[2], hist[3], hist[4]);
    /* expect with a non-boolean value */
    long n = 0;
    for (int k = 0; k < 50; k++)
        if (__builtin_expect(hidei(k) & 7, 7)) n++;
    con_printf("expected count %d\n", (int)n);
    return 0;
}
