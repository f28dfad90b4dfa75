/* Unsigned overflow wraps modulo 2^N (well defined in C): 8/16/32/64-bit
 * counters, carry detection with a < b after an add, borrow on subtract,
 * and conversions that truncate. */
#include "conf.h"

int main(void)
{
    u32 a = hide32(0xFFFFFFF0u);
    for (int k = 0; k < 40; k += 3) {
        u32 s = a + hide32((u32)k);
        con_printf("u32 %08x+%2d=%08x carry %d\n", a, k, s, s < a);
    }
    u32 b = hide32(5);
    for (int k = 0; k < 10; k++) {
        u32 d = b - hide32((u32)k);
        con_printf("sub 5-%d=%08x borrow %d\n", k, d, hide32((u32)k) > b);
    }
    unsigned char c8 = (unsigned char)hide32(250);
    unsigned short c16 = (unsigned short)hide32(65530);
    for (int k = 0; k < 10; k++) {
        c8++;
        c16 += 2;
        con_printf("narrow %u %u\n", c8, c16);
    }
    u64 w = hide64(0xFFFFFFFFFFFFFFFAull);
    for (int k = 0; k < 10; k++) {
        w += 1;
        con_printf("u64 %016llx zero %d\n", w, w == 0);
    }
    /* multiply overflow wraps too */
    u32 m = hide32(0x10001u);
    u64 m64 = hide64(0x100000001ull);
    for (int k = 0; k < 8; k++) {
        m *= m;
        m64 *= m64 + 2;
        con_printf("sq %08x %016llx\n", m, m64);
    }
    /* truncating conversions */
    u64 big = hide64(0x123456789ABCDEF0ull);
    con_printf("trunc %08x %04x %02x\n", (u32)big, (unsigned short)big, (unsigned char)big);
    /* -1 converted to unsigned types */
    i32 neg = hidei(-1);
    con_printf("minus one %u %llu %u %u\n", (u32)neg, (u64)(i64)neg, (unsigned short)neg, (unsigned char)neg);
    /* a hash that relies on wrap */
    u32 h = 2166136261u;
    for (u32 k = 0; k < 1000; k++) h = (h ^ (k & 0xFF)) * 16777619u;
    con_printf("fnv %08x\n", h);
    return 0;
}
