/* 32-bit shifts: variable amounts 0..31 (RR sh/sha with a negated register
 * for right shifts), every constant amount (RI sh/sha), and shifts of
 * narrow types after promotion. */
#include "conf.h"

#define CONST_SHIFTS(v, s)                                                         \
    con_printf("k%-2d %08x %08x %08x\n", s, (v) << (s), (v) >> (s), (u32)((i32)(v) >> (s)))

int main(void)
{
    static const u32 pats[] = { 0x80000001u, 0xDEADBEEFu, 0x0000FFFFu, 0x7FFFFFFFu, 1u, 0xFFFFFFFFu };
    for (int p = 0; p < 6; p++) {
        u32 v = hide32(pats[p]);
        i32 s = (i32)v;
        u32 d = 0;
        for (u32 n = 0; n < 32; n++) {
            u32 k = hide32(n);
            u32 l = v << k, r = v >> k, a = (u32)(s >> k);
            d = d * 33 + (l ^ (r << 1) ^ (a >> 1));
            if (n % 3 == 0 || n == 31)
                con_printf("%d %2u %08x %08x %08x\n", p, n, l, r, a);
        }
        con_printf("%d digest %08x\n", p, d);
    }
    u32 c = hide32(0xC0FFEE11u);
    CONST_SHIFTS(c, 1); CONST_SHIFTS(c, 2); CONST_SHIFTS(c, 3); CONST_SHIFTS(c, 4);
    CONST_SHIFTS(c, 5); CONST_SHIFTS(c, 7); CONST_SHIFTS(c, 8); CONST_SHIFTS(c, 9);
    CONST_SHIFTS(c, 12); CONST_SHIFTS(c, 15); CONST_SHIFTS(c, 16); CONST_SHIFTS(c, 17);
    CONST_SHIFTS(c, 20); CONST_SHIFTS(c, 23); CONST_SHIFTS(c, 24); CONST_SHIFTS(c, 25);
    CONST_SHIFTS(c, 28); CONST_SHIFTS(c, 30); CONST_SHIFTS(c, 31);
    /* narrow types are promoted to int before shifting */
    unsigned char uc = (unsigned char)hide32(0xF3);
    signed char sc = (signed char)hidei(-13);
    unsigned short us = (unsigned short)hide32(0xF00D);
    short ss = (short)hidei(-4097);
    for (int k = 0; k < 8; k++) {
        int kk = hidei(k);
        con_printf("narrow %d %d %d %d %d %d %d\n", k, uc << kk, uc >> kk, sc >> kk,
                   us << kk, us >> kk, ss >> kk);
    }
    /* shift then mask, the usual bit-field extraction */
    u32 w = hide32(0x12345678u);
    for (int k = 0; k < 32; k += 4) con_printf("nib %d %x\n", k, (w >> hidei(k)) & 0xF);
    return 0;
}
