/* Multi-precision arithmetic on arrays of 32-bit limbs: carries propagated
 * through 64-bit intermediates, 100! in decimal by repeated multiply and
 * divide-by-10^9, 2^1000 digit sum, and a multi-limb subtract with borrow. */
#include "conf.h"

#define LIMBS 40

/* a *= m, little-endian limbs, returns the used length */
static int mul_small(u32 *a, int n, u32 m)
{
    u64 carry = 0;
    for (int i = 0; i < n; i++) {
        u64 t = (u64)a[i] * m + carry;
        a[i] = (u32)t;
        carry = t >> 32;
    }
    if (carry) a[n++] = (u32)carry;
    return n;
}

/* a /= d, returns the remainder */
static u32 div_small(u32 *a, int n, u32 d)
{
    u64 rem = 0;
    for (int i = n - 1; i >= 0; i--) {
        u64 cur = rem << 32 | a[i];
        a[i] = (u32)(cur / d);
        rem = cur % d;
    }
    return (u32)rem;
}

static void print_dec(const char *tag, const u32 *src, int n)
{
    u32 a[LIMBS], chunks[60];
    int nc = 0;
    for (int i = 0; i < n; i++) a[i] = src[i];
    while (n > 0) {
        chunks[nc++] = div_small(a, n, 1000000000u);
        while (n > 0 && a[n - 1] == 0) n--;
    }
    con_printf("%s ", tag);
    if (nc == 0) con_printf("0");
    for (int i = nc - 1; i >= 0; i--) con_printf(i == nc - 1 ? "%u" : "%09u", chunks[i]);
    con_printf("\n");
}

static int sub(u32 *a, const u32 *b, int n)
{
    u32 borrow = 0;
    for (int i = 0; i < n; i++) {
        u64 t = (u64)a[i] - b[i] - borrow;
        a[i] = (u32)t;
        borrow = (u32)(t >> 63);
    }
    return (int)borrow;
}

int main(void)
{
    u32 f[LIMBS] = { 1 };
    int n = 1;
    for (u32 k = 2; k <= 100; k++) {
        n = mul_small(f, n, hide32(k));
        if (k % 25 == 0) {
            con_printf("%u! limbs %d top %08x\n", k, n, f[n - 1]);
            print_dec("  =", f, n);
        }
    }
    u32 p[LIMBS] = { 1 };
    int pn = 1;
    for (int k = 0; k < 1000; k += 10) pn = mul_small(p, pn, hide32(1024));
    con_printf("2^1000 limbs %d top %08x\n", pn, p[pn - 1]);
    u32 t[LIMBS];
    for (int i = 0; i < pn; i++) t[i] = p[i];
    int tn = pn;
    u32 digits = 0;
    while (tn > 0) {
        digits += div_small(t, tn, 10);
        while (tn > 0 && t[tn - 1] == 0) tn--;
    }
    con_printf("2^1000 digit sum %u\n", digits);
    /* 2^1000 - 100! (2^1000 is larger) then + back via subtracting a negative is skipped: check borrow */
    u32 d[LIMBS] = { 0 }, e[LIMBS] = { 0 };
    for (int i = 0; i < pn; i++) d[i] = p[i];
    for (int i = 0; i < n; i++) e[i] = f[i];
    int borrow = sub(d, e, pn);
    print_dec("2^1000-100! =", d, pn);
    con_printf("borrow %d, reverse borrow %d\n", borrow, sub(e, p, pn));
    return 0;
}
