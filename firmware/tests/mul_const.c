/* Multiplication by constants, which clang lowers to shift/add/sub
 * sequences (no hardware multiply), and variable 32-bit multiplication
 * (__mulsi3), for signed and unsigned operands. */
#include "conf.h"

#define M(k) x * (k)
#define ROW(x) con_printf("%d: %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d\n", x, \
    M(0), M(1), M(2), M(3), M(5), M(6), M(7), M(9), M(10), M(11), M(13), M(15), M(17), M(31), M(-3), M(-100))

int main(void)
{
    static const i32 xs[] = { 0, 1, -1, 2, 7, -7, 100, -12345, 54321, 65535, -65536, 1000003 };
    for (int i = 0; i < 12; i++) {
        i32 x = hidei(xs[i]);
        ROW(x);
    }
    static const u32 ux[] = { 1, 3, 0xFFFFFFFFu, 0x80000000u, 0x12345678u, 0xFEDCBA98u };
    for (int i = 0; i < 6; i++) {
        u32 u = hide32(ux[i]);
        con_printf("u %08x: %08x %08x %08x %08x %08x %08x\n", u, u * 1000u, u * 0x9E3779B9u,
                   u * 641u, u * 65537u, u * 255u, u * 1023u);
    }
    /* variable x variable, signed and unsigned */
    u32 seed = 77, h = 0;
    for (int k = 0; k < 200; k++) {
        u32 a = xs32(&seed), b = xs32(&seed);
        u32 p = a * b;
        i32 sa = (i32)(a >> 16) - 32768, sb = (i32)(b >> 17) - 16384;
        i32 sp = sa * sb;
        h ^= p + (u32)sp + (h << 5);
        if (k % 25 == 0) con_printf("v %08x*%08x=%08x %d*%d=%d\n", a, b, p, sa, sb, sp);
    }
    con_printf("hash %08x\n", h);
    return 0;
}
