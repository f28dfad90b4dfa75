/* Bit-fields: unsigned and signed fields of odd widths packed into words,
 * fields crossing byte boundaries, read-modify-write of neighbours, sign
 * extension of signed fields and wrap on overflow of unsigned ones.
 * Only field values are printed: the bit layout inside the word is
 * implementation-defined and differs between the targets. */
#include "conf.h"

struct hdr {
    unsigned ver : 3;
    unsigned type : 5;
    unsigned len : 11;
    signed off : 7;
    unsigned flag : 1;
    unsigned rest : 5;
};

struct wide {
    unsigned long long lo : 40;
    unsigned long long hi : 24;
    signed int s : 12;
    unsigned int u : 20;
};

static struct hdr hs[10];

int main(void)
{
    for (int i = 0; i < 10; i++) {
        hs[i].ver = (unsigned)i;
        hs[i].type = (unsigned)(i * 7);
        hs[i].len = (unsigned)(i * 311);
        hs[i].off = (signed)(i * 13 - 64);
        hs[i].flag = (unsigned)(i & 1);
        hs[i].rest = 31u - (unsigned)i;
    }
    for (int i = 0; i < 10; i++) {
        struct hdr h = hs[hidei(i)];
        con_printf("hdr %d: ver %u type %2u len %4u off %4d flag %u rest %2u\n", i, h.ver, h.type, h.len,
                   h.off, h.flag, h.rest);
    }
    /* increment one field repeatedly: must wrap without touching neighbours */
    struct hdr w = hs[hidei(3)];
    for (int k = 0; k < 40; k++) {
        w.type++;
        w.off = (signed)(w.off + 5 > 63 ? -64 : w.off + 5);
    }
    con_printf("wrapped ver %u type %u len %u off %d flag %u rest %u\n", w.ver, w.type, w.len, w.off, w.flag,
               w.rest);
    /* signed field sign extension */
    for (int v = -64; v < 64; v += 9) {
        struct hdr t = { 0, 0, 0, 0, 0, 0 };
        t.off = (signed)hidei(v);
        int back = t.off;
        con_printf("off %d -> %d neg %d\n", v, back, t.off < 0);
    }
    struct wide x;
    x.lo = hide64(0xFFFFFFFFFFull) & 0xFFFFFFFFFFull;
    x.hi = 0xABCDEF;
    x.s = -2048;
    x.u = 0xFFFFF;
    con_printf("wide lo %llx hi %llx s %d u %x\n", (u64)x.lo, (u64)x.hi, x.s, x.u);
    x.lo += 1;
    x.s = x.s + 4095;
    x.u += 2;
    con_printf("wide+ lo %llx hi %llx s %d u %x\n", (u64)x.lo, (u64)x.hi, x.s, x.u);
    /* sum of fields over the array */
    u32 s = 0;
    for (int i = 0; i < 10; i++) s = s * 13 + hs[i].len + hs[i].type + (u32)hs[i].off;
    con_printf("sum %08x\n", s);
    return 0;
}
