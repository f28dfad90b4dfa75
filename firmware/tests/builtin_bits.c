/* __builtin_popcount / clz / ctz and their 64-bit forms, which clang maps
 * to the Lanai's popc, leadz and trailz instructions. clz/ctz of zero is
 * undefined for the builtins, so inputs are non-zero; popcount covers zero. */
#include "conf.h"

/* reference implementations by loops, so the output also self-checks */
static int ref_pop(u64 x) { int n = 0; while (x) { n += (int)(x & 1); x >>= 1; } return n; }
static int ref_clz64(u64 x) { int n = 0; while (!(x & 0x8000000000000000ull)) { n++; x <<= 1; } return n; }
static int ref_ctz64(u64 x) { int n = 0; while (!(x & 1)) { n++; x >>= 1; } return n; }

int main(void)
{
    int bad = 0;
    static const u32 v[] = { 0, 1, 2, 3, 0x80000000u, 0xFFFFFFFFu, 0x00010000u, 0x0000FFFFu,
                             0x12345678u, 0xF0000000u, 0x00000100u, 0x55555555u, 0xAAAAAAAAu };
    for (int i = 0; i < 13; i++) {
        u32 x = hide32(v[i]);
        int p = __builtin_popcount(x);
        if (p != ref_pop(x)) bad++;
        if (x) {
            int l = __builtin_clz(x), t = __builtin_ctz(x);
            if (l != ref_clz64(x) - 32 || t != ref_ctz64(x)) bad++;
            con_printf("%08x pop %2d clz %2d ctz %2d\n", x, p, l, t);
        } else {
            con_printf("%08x pop %2d\n", x, p);
        }
    }
    u32 seed = 4242;
    int hp = 0, hl = 0, ht = 0;
    for (int k = 0; k < 300; k++) {
        u32 x = xs32(&seed);
        x >>= k % 32;            /* spread the leading-zero counts */
        x <<= (k / 32) % 8;      /* and the trailing ones */
        if (!x) continue;
        int p = __builtin_popcount(x), l = __builtin_clz(x), t = __builtin_ctz(x);
        if (p != ref_pop(x) || l != ref_clz64(x) - 32 || t != ref_ctz64(x)) bad++;
        hp += p * (k + 1); hl += l * (k + 2); ht += t * (k + 3);
    }
    con_printf("rnd32 %d %d %d\n", hp, hl, ht);
    static const u64 w[] = { 1, 0x8000000000000000ull, 0x100000000ull, 0xFFFFFFFFull, 0x0000000100000001ull,
                             0xFFFFFFFFFFFFFFFFull, 0x0000800000000000ull, 0x00000000000F0000ull };
    for (int i = 0; i < 8; i++) {
        u64 x = hide64(w[i]);
        int p = __builtin_popcountll(x), l = __builtin_clzll(x), t = __builtin_ctzll(x);
        if (p != ref_pop(x) || l != ref_clz64(x) || t != ref_ctz64(x)) bad++;
        con_printf("%016llx pop %2d clz %2d ctz %2d\n", x, p, l, t);
    }
    con_printf("pop0 %d %d\n", __builtin_popcount(hide32(0)), __builtin_popcountll(hide64(0)));
    /* parity and ffs are built on the same instructions */
    for (int i = 0; i < 13; i++) {
        u32 x = hide32(v[i]);
        con_printf("parity %08x %d ffs %d\n", x, __builtin_parity(x), __builtin_ffs((int)x));
    }
    con_printf("bad %d\n", bad);
    return bad != 0;
}
