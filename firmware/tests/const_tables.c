/* Read-only tables: arrays of strings (pointer words relocated into
 * .rodata), tables of structs with pointers, lookup tables indexed by
 * computed values, and a const table of 64-bit constants. */
#include "conf.h"

static const char *const months[12] = { "January", "February", "March", "April", "May", "June", "July",
                                        "August", "September", "October", "November", "December" };
static const unsigned char mdays[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
struct unit { const char *name; u32 factor; const struct unit *base; };
static const struct unit units[] = {
    { "byte", 1, 0 }, { "KiB", 1024, &units[0] }, { "MiB", 1024, &units[1] }, { "GiB", 1024, &units[2] },
};
static const u64 powers10[] = { 1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull,
                                10000000ull, 100000000ull, 1000000000ull, 10000000000ull,
                                100000000000ull, 1000000000000ull, 10000000000000ull,
                                100000000000000ull, 1000000000000000ull, 10000000000000000ull,
                                100000000000000000ull, 1000000000000000000ull, 10000000000000000000ull };
static const char hexdig[] = "0123456789ABCDEF";
static const short sines[16] = { 0, 3196, 6270, 9102, 11585, 13623, 15137, 16069, 16384,
                                 16069, 15137, 13623, 11585, 9102, 6270, 3196 };

static int leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

static int digits10(u64 v)
{
    int n = 1;
    while (n < 20 && v >= powers10[n]) n++;
    return n;
}

int main(void)
{
    int doy = 0;
    for (int m = 0; m < 12; m++) {
        int d = mdays[hidei(m)] + (m == 1 && leap(hidei(2024)));
        doy += d;
        con_printf("%-9s %2d days, day %3d\n", months[hidei(m)], d, doy);
    }
    for (int i = 0; i < 4; i++) {
        u64 bytes = 1;
        for (const struct unit *u = &units[hidei(i)]; u; u = u->base) bytes *= u->factor;
        con_printf("1 %s = %llu bytes\n", units[i].name, bytes);
    }
    static const u64 probes[] = { 0, 9, 10, 99, 12345, 4294967295ull, 999999999999ull, 18446744073709551615ull };
    for (int i = 0; i < 8; i++) con_printf("digits(%llu)=%d\n", probes[i], digits10(hide64(probes[i])));
    char out[9];
    u32 w = hide32(0xC0DEF00Du);
    for (int i = 0; i < 8; i++) out[i] = hexdig[(w >> (28 - 4 * i)) & 15];
    out[8] = 0;
    con_printf("hex %s\n", out);
    i32 area = 0;
    for (int i = 0; i < 64; i++) {
        int q = i / 16, k = i % 16;
        i32 s = q % 2 ? -sines[k] : sines[k];
        area += s;
        if (i % 8 == 0) con_printf("sin[%d]=%d\n", i, s);
    }
    con_printf("area %d\n", area);
    return 0;
}
