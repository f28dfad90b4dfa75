/* Bitwise operations: and/or/xor/not with register and immediate operands
 * (the Lanai's AND immediate sign-fills the other half), rotates, bit
 * reversal, byte swaps built from shifts, masks and field insert/extract. */
#include "conf.h"

static u32 rotl(u32 x, u32 k) { return (x << (k & 31)) | (x >> ((32 - k) & 31)); }
static u32 rev32(u32 x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    return (x >> 16) | (x << 16);
}
static u32 bswap(u32 x) { return (x >> 24) | ((x >> 8) & 0xFF00u) | ((x << 8) & 0xFF0000u) | (x << 24); }
static u32 insert(u32 w, u32 v, int pos, int len)
{
    u32 m = (len == 32 ? 0xFFFFFFFFu : ((1u << len) - 1)) << pos;
    return (w & ~m) | ((v << pos) & m);
}

int main(void)
{
    u32 seed = 0xBEEF;
    for (int k = 0; k < 12; k++) {
        u32 a = xs32(&seed), b = xs32(&seed);
        a = hide32(a);
        con_printf("%08x %08x: & %08x | %08x ^ %08x ~ %08x andn %08x\n", a, b, a & b, a | b, a ^ b, ~a, a & ~b);
    }
    /* immediates in each half and across both */
    u32 x = hide32(0x89ABCDEFu);
    con_printf("imm %08x %08x %08x %08x %08x %08x\n", x & 0xFF, x & 0xFFFF0000u, x & 0xFF00FF00u,
               x | 0x10000u, x ^ 0xFFFFu, x & 0xFFFFFFF0u);
    con_printf("imm2 %08x %08x %08x %08x\n", x & 0x7FFFFFFFu, x | 0x80000001u, x ^ 0x12340000u, x & 0x0000F0F0u);
    for (u32 k = 0; k < 32; k += 5) con_printf("rotl %2u %08x rev %08x\n", k, rotl(x, hide32(k)), rev32(rotl(x, k)));
    con_printf("bswap %08x %08x\n", bswap(x), bswap(bswap(x)));
    u32 w = hide32(0);
    w = insert(w, 0x5, 0, 3);
    w = insert(w, 0x3FF, 7, 10);
    w = insert(w, 0xABC, 20, 12);
    con_printf("insert %08x fields %x %x %x\n", w, w & 7, (w >> 7) & 0x3FF, w >> 20);
    /* power-of-two tricks */
    static const u32 v[] = { 1, 2, 3, 12, 96, 0x80000000u, 0x7FFFFFFFu, 0xF0F0F0F0u };
    for (int i = 0; i < 8; i++) {
        u32 y = hide32(v[i]);
        con_printf("p2 %08x low %08x clear %08x pow2 %d\n", y, y & (0 - y), y & (y - 1), (y & (y - 1)) == 0);
    }
    /* 64-bit bit operations */
    u64 q = hide64(0xF0E1D2C3B4A59687ull), r = hide64(0x0123456789ABCDEFull);
    con_printf("64 %016llx %016llx %016llx %016llx\n", q & r, q | r, q ^ r, ~q);
    con_printf("64imm %016llx %016llx\n", q & 0xFFFFFFFF0000FFFFull, q | 0x8000000000000001ull);
    /* boolean normalisation */
    int bits = 0;
    for (int i = 0; i < 8; i++) bits = bits << 1 | !!(hide32(v[i]) & 0x10);
    con_printf("bools %02x\n", bits);
    return 0;
}
