/* Sign and zero extension of byte and halfword loads (ld.b/uld.b/ld.h/uld.h,
 * SPLS and RRM forms) and truncation on part-word stores, through arrays of
 * every narrow type and through casts between them. */
#include "conf.h"

signed char sc[16];
unsigned char uc[16];
short ss[16];
unsigned short us[16];

int main(void)
{
    u32 seed = 31337;
    for (int i = 0; i < 16; i++) {
        u32 r = xs32(&seed);
        /* stores keep only the low bits; conversion to the signed types is
         * modulo 2^N in gcc and clang (implementation-defined, same on both) */
        sc[i] = (signed char)r;
        uc[i] = (unsigned char)r;
        ss[i] = (short)r;
        us[i] = (unsigned short)r;
    }
    sc[0] = -128; uc[0] = 255; ss[0] = -32768; us[0] = 65535;
    sc[1] = 127; uc[1] = 128; ss[1] = 32767; us[1] = 32768;
    sc[2] = -1; uc[2] = 0; ss[2] = -1; us[2] = 0;
    i32 sum = 0;
    for (int i = 0; i < 16; i++) {
        int a = sc[hidei(i)], b = uc[hidei(i)], c = ss[hidei(i)], d = us[hidei(i)];
        sum += a + b + c + d;
        con_printf("%2d %4d %3d %6d %5d | %08x %08x\n", i, a, b, c, d, (u32)a, (u32)c);
    }
    con_printf("sum %d\n", sum);
    /* reinterpreting narrow values: signed <-> unsigned of the same width */
    for (int i = 0; i < 16; i += 3) {
        con_printf("re %d %d %u %u\n", (signed char)uc[i], (short)us[i], (unsigned char)sc[i],
                   (unsigned short)ss[i]);
    }
    /* extension into 64 bits */
    for (int i = 0; i < 6; i++) {
        i64 x = sc[i], y = ss[i];
        u64 z = uc[i], w = us[i];
        con_printf("w64 %016llx %016llx %016llx %016llx\n", (u64)x, (u64)y, z, w);
    }
    /* byte-wise arithmetic that must wrap when stored back */
    for (int i = 0; i < 16; i++) {
        uc[i] = (unsigned char)(uc[i] + 200);
        sc[i] = (signed char)(sc[i] * 3);
        us[i] = (unsigned short)(us[i] * 7);
        ss[i] = (short)(ss[i] - 30000);
    }
    for (int i = 0; i < 16; i += 2)
        con_printf("st %2d %4d %3u %6d %5u\n", i, sc[i], uc[i], ss[i], us[i]);
    /* char is signed on both targets with these compilers; print via int */
    char plain = (char)hidei(0xE9);
    con_printf("plain char %d\n", plain < 0 ? -1 : 1);
    return 0;
}
