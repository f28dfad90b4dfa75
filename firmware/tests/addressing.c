/* Address arithmetic: register+register indexing, scaled indices, negative
 * and large displacements, struct member offsets, and 2-D arrays, so every
 * RM/RRM/SPLS address form is computed. */
#include "conf.h"

struct rec {
    char tag;
    short h;
    u32 w;
    u64 d;
    unsigned char pad[37];
    u32 tail;
};

static struct rec recs[8];
static u32 big[9000];        /* > 32 KiB: offsets beyond a 16-bit displacement */
static short grid[12][17];

__attribute__((noinline)) u32 at(const u32 *base, int i) { return base[i]; }
__attribute__((noinline)) int at_neg(const short *p, int i) { return p[-i]; }

int main(void)
{
    for (int i = 0; i < 8; i++) {
        recs[i].tag = (char)('a' + i);
        recs[i].h = (short)(-300 * i);
        recs[i].w = 0x01010101u * (u32)i;
        recs[i].d = 0x0101010101010101ull * (u64)(i + 1);
        for (int k = 0; k < 37; k++) recs[i].pad[k] = (unsigned char)(i + k);
        recs[i].tail = 0xA0000000u | (u32)i;
    }
    for (int i = 0; i < 8; i++) {
        int j = hidei(i);
        con_printf("rec %d %c %d %08x %016llx %u %08x\n", i, recs[j].tag, recs[j].h, recs[j].w,
                   recs[j].d, recs[j].pad[36 - j], recs[j].tail);
    }
    for (int i = 0; i < 9000; i++) big[i] = (u32)i * 2654435761u;
    static const int idx[] = { 0, 1, 8191, 8192, 8193, 8999, 4096, 4095 };
    for (int i = 0; i < 8; i++) con_printf("big[%d]=%08x\n", idx[i], at(big, hidei(idx[i])));
    /* constant large index: compiler folds it into a long offset */
    con_printf("big const %08x %08x\n", big[8500], big[8191]);
    for (int r = 0; r < 12; r++)
        for (int c = 0; c < 17; c++) grid[r][c] = (short)(r * 100 - c * 7);
    int acc = 0;
    for (int r = 0; r < 12; r++) acc += grid[hidei(r)][hidei(16 - r)];
    con_printf("grid diag %d\n", acc);
    con_printf("grid neg %d %d %d\n", at_neg(&grid[5][5], 1), at_neg(&grid[5][5], 17), at_neg(&grid[11][16], 203));
    /* pointer difference and comparisons inside one array */
    u32 *p = &big[hidei(100)], *q = &big[hidei(7000)];
    con_printf("diff %d %d lt %d\n", (int)(q - p), (int)(p - q), p < q);
    /* byte-addressed view of a word array built portably (big-endian lanes) */
    u32 wv = hide32(0x11223344u);
    unsigned char *bp = (unsigned char *)&wv;
    u32 rebuilt = 0;
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    for (int k = 0; k < 4; k++) rebuilt = (rebuilt << 8) | bp[k];
#else
    for (int k = 3; k >= 0; k--) rebuilt = (rebuilt << 8) | bp[k];
#endif
    con_printf("lanes %08x\n", rebuilt);
    return 0;
}
