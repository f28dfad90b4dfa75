/* 64-bit add, subtract and negate: carries and borrows across the word
 * boundary (addc/subb on the Lanai), edge values, and a running checksum
 * over pseudo-random operands. Signed overflow is avoided (UB); unsigned
 * arithmetic wraps by definition. */
#include "conf.h"

static const u64 edge[] = {
    0, 1, 2, 0x7FFFFFFFull, 0x80000000ull, 0xFFFFFFFFull, 0x100000000ull,
    0x1FFFFFFFFull, 0x7FFFFFFFFFFFFFFFull, 0x8000000000000000ull,
    0xFFFFFFFFFFFFFFFFull, 0xFFFFFFFF00000000ull, 0x00000001FFFFFFFEull,
    0x123456789ABCDEF0ull,
};
#define NEDGE (int)(sizeof edge / sizeof edge[0])

/* a + b fits in i64 without overflow */
static int add_ok(i64 a, i64 b)
{
    if (b > 0) return a <= INT64_MAX - b;
    return a >= INT64_MIN - b;
}

static int sub_ok(i64 a, i64 b)
{
    if (b > 0) return a >= INT64_MIN + b;
    return a <= INT64_MAX + b;
}

int main(void)
{
    for (int i = 0; i < NEDGE; i++) {
        for (int j = 0; j < NEDGE; j += 3) {
            u64 a = hide64(edge[i]), b = hide64(edge[j]);
            con_printf("u %016llx + %016llx = %016llx  - = %016llx\n", a, b, a + b, a - b);
        }
    }
    for (int i = 0; i < NEDGE; i++) {
        for (int j = 1; j < NEDGE; j += 4) {
            i64 a = hidel((i64)edge[i]), b = hidel((i64)edge[j]);
            if (add_ok(a, b)) con_printf("s %lld + %lld = %lld\n", a, b, a + b);
            if (sub_ok(a, b)) con_printf("s %lld - %lld = %lld\n", a, b, a - b);
        }
        u64 u = hide64(edge[i]);
        con_printf("neg %016llx = %016llx  not = %016llx\n", u, -u, ~u);
    }
    /* increments that ripple a carry through the low word */
    u64 x = hide64(0xFFFFFFF0ull);
    for (int k = 0; k < 20; k++) x++;
    con_printf("inc ripple %016llx\n", x);
    for (int k = 0; k < 20; k++) x--;
    con_printf("dec ripple %016llx\n", x);

    u32 seed = 12345;
    u64 sum = 0, diff = 0;
    for (int k = 0; k < 500; k++) {
        u64 a = xs64pair(&seed), b = xs64pair(&seed);
        sum += a + b;
        diff ^= a - b;
        if (k % 50 == 0) con_printf("rnd %3d %016llx %016llx\n", k, sum, diff);
    }
    con_printf("final %016llx %016llx\n", sum, diff);
    /* mixed widths: 32-bit values extended before the add */
    i32 n = hidei(-5);
    u32 m = hide32(0xFFFFFFFBu);
    i64 wide = hidel(1000000000000ll);
    con_printf("mixed %lld %lld %lld\n", wide + n, wide + m, (i64)n - (i64)m);
    return 0;
}
