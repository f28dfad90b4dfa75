/* Conditional expressions that clang turns into branch-free selects (the
 * Lanai's sel.<cc>): min/max/abs/clamp in 32 and 64 bits, selects between
 * pointers and between constants, and chained ternaries. */
#include "conf.h"

__attribute__((noinline)) i32 clamp(i32 v, i32 lo, i32 hi) { return v < lo ? lo : v > hi ? hi : v; }
__attribute__((noinline)) u32 umax(u32 a, u32 b) { return a > b ? a : b; }
__attribute__((noinline)) i64 smin64(i64 a, i64 b) { return a < b ? a : b; }
__attribute__((noinline)) u64 umax64(u64 a, u64 b) { return a > b ? a : b; }
__attribute__((noinline)) i32 iabs(i32 v) { return v < 0 ? -v : v; }
__attribute__((noinline)) int sign(i64 v) { return v > 0 ? 1 : v < 0 ? -1 : 0; }
__attribute__((noinline)) const char *pick(int c, const char *a, const char *b) { return c ? a : b; }
__attribute__((noinline)) u32 sel_const(u32 x) { return x & 1 ? 0x12345678u : 0x9ABCDEF0u; }

int main(void)
{
    static const i32 v[] = { -2147483647, -1000, -1, 0, 1, 99, 100, 101, 2147483647 };
    for (int i = 0; i < 9; i++) {
        i32 x = hidei(v[i]);
        con_printf("%d: clamp %d abs %d umax %u sel %08x\n", x, clamp(x, -5, 100), iabs(x), umax((u32)x, 100u),
                   sel_const((u32)x));
    }
    static const i64 w[] = { INT64_MIN, -4294967296ll, -1, 0, 1, 4294967295ll, INT64_MAX };
    for (int i = 0; i < 7; i++) {
        i64 a = hidel(w[i]);
        con_printf("%lld: sign %d min0 %lld umax %llx\n", a, sign(a), smin64(a, 0), umax64((u64)a, 0x100000000ull));
    }
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 7; j += 3) {
            i64 a = hidel(w[i]), b = hidel(w[j]);
            con_printf("min(%d,%d)=%lld ", i, j, smin64(a, b));
        }
    con_printf("\n");
    for (int c = 0; c < 3; c++) con_printf("pick %s\n", pick(hidei(c) > 0, "yes", "no"));
    /* select in a loop: branch-free counting */
    u32 seed = 9, evens = 0, big = 0;
    for (int k = 0; k < 500; k++) {
        u32 r = xs32(&seed);
        evens += (r & 1) ? 0 : 1;
        big = r > 0xC0000000u ? big + 2 : big;
    }
    con_printf("evens %u big %u\n", evens, big);
    /* nested conditional returning different widths */
    for (int k = -3; k <= 3; k++) {
        int kk = hidei(k);
        i64 r = kk < 0 ? (i64)kk * 1000000000000ll : kk == 0 ? 42 : (i64)(u32)(kk * -1);
        con_printf("nested %d %lld\n", k, r);
    }
    return 0;
}
