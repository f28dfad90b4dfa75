/* Bit counting written as plain C, with zero inputs: the guarded forms
 * (x == 0 ? 32 : clz(x)), Kernighan's loop (which clang turns into a single
 * popc), shift-until-zero loops (the left one becomes trailz), and 64-bit
 * guarded counts. At -O2/-Os clang folds `x == 0 ? 64 : clzll(x)` into a
 * count with a defined zero result, expanded as hi ? leadz(hi) : 32 +
 * leadz(lo) with no further test, so it returns 64 only if leadz(0) = 32
 * (likewise trailz): the Lanai semantics LLVM relies on (lanai-hardware.md
 * §1.3). The 32-bit guarded forms keep a branch around leadz/trailz. */
#include "conf.h"

/* the zero case is a branch around leadz / trailz */
__attribute__((noinline)) u32 clz_or_32(u32 x) { return x == 0 ? 32 : (u32)__builtin_clz(x); }
__attribute__((noinline)) u32 ctz_or_32(u32 x) { return x == 0 ? 32 : (u32)__builtin_ctz(x); }

/* significant bits by shifting right until zero */
__attribute__((noinline)) int bit_width(u32 x)
{
    int n = 0;
    while (x) { x >>= 1; n++; }
    return n;
}

/* Kernighan's loop: recognised as popcount */
__attribute__((noinline)) int ones(u32 x)
{
    int n = 0;
    while (x) { x &= x - 1; n++; }
    return n;
}

/* shifting left until zero: 32 - ctz(x) for non-zero x */
__attribute__((noinline)) int low_span(u32 x)
{
    int n = 0;
    while (x) { x <<= 1; n++; }
    return n;
}

/* 64-bit: a zero half goes through leadz/trailz and is used (see above) */
__attribute__((noinline)) u32 clz64_or_64(u64 x) { return x == 0 ? 64 : (u32)__builtin_clzll(x); }
__attribute__((noinline)) u32 ctz64_or_64(u64 x) { return x == 0 ? 64 : (u32)__builtin_ctzll(x); }

int main(void)
{
    static const u32 v[] = { 0, 1, 2, 3, 0x80, 0xFFFF, 0x10000, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0x00F00000u };
    for (int i = 0; i < 11; i++) {
        u32 x = hide32(v[i]);
        con_printf("%08x clz %2u ctz %2u width %2d ones %2d span %2d\n", x, clz_or_32(x), ctz_or_32(x), bit_width(x),
                   ones(x), low_span(x));
    }
    static const u64 w[] = { 0, 1, 0xFFFFFFFFull, 0x100000000ull, 0x8000000000000000ull, 0x0000000100000001ull };
    for (int i = 0; i < 6; i++) {
        u64 x = hide64(w[i]);
        con_printf("%016llx clz %2u ctz %2u\n", x, clz64_or_64(x), ctz64_or_64(x));
    }
    u32 seed = 17, s = 0;
    for (int k = 0; k < 200; k++) {
        u32 x = xs32(&seed) >> (k % 33 == 32 ? 31 : k % 33);
        if (k % 7 == 0) x = 0;
        s = s * 3 + clz_or_32(x) + ctz_or_32(x) * 5 + (u32)bit_width(x) * 7 + (u32)ones(x) * 11 + (u32)low_span(x) * 13;
    }
    con_printf("digest %08x\n", s);
    return 0;
}
