/* Unions: type punning between same-size members (int <-> unsigned, the
 * halves of a 64-bit value as two words), tagged unions, and byte views of
 * words. Byte order is the Lanai's big-endian; on a little-endian host the
 * program reads the lanes in the mirrored order so both print the same, and
 * a byte-lane bug on the simulated core still shows as a difference. */
#include "conf.h"

#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define LANE(i, n) (i)
#else
#define LANE(i, n) ((n) - 1 - (i))
#endif

union word { u32 w; i32 s; unsigned char b[4]; unsigned short h[2]; };
union dword { u64 d; u32 w[2]; unsigned char b[8]; };

struct shape {
    int kind; /* 0 circle, 1 rect, 2 tri */
    union { struct { i32 r; } c; struct { i32 w, h; } rc; struct { i32 a, b, c; } t; } u;
};

static i32 measure(const struct shape *s)
{
    switch (s->kind) {
    case 0: return 3 * s->u.c.r * s->u.c.r;
    case 1: return s->u.rc.w * s->u.rc.h;
    default: return s->u.t.a + s->u.t.b + s->u.t.c;
    }
}

int main(void)
{
    union word u;
    u.w = hide32(0x80FF1234u);
    con_printf("w %08x s %d\n", u.w, u.s);
    con_printf("bytes %02x %02x %02x %02x\n", u.b[LANE(0, 4)], u.b[LANE(1, 4)], u.b[LANE(2, 4)], u.b[LANE(3, 4)]);
    con_printf("halves %04x %04x\n", u.h[LANE(0, 2)], u.h[LANE(1, 2)]);
    /* write bytes, read word */
    for (int i = 0; i < 4; i++) u.b[LANE(i, 4)] = (unsigned char)(0x11 * (i + 1));
    con_printf("built %08x\n", u.w);
    u.h[LANE(1, 2)] = 0xBEEF;
    con_printf("half written %08x\n", u.w);
    union dword d;
    d.d = hide64(0x0123456789ABCDEFull);
    con_printf("dword hi %08x lo %08x\n", d.w[LANE(0, 2)], d.w[LANE(1, 2)]);
    d.w[LANE(0, 2)] = 0xCAFEBABEu;
    con_printf("dword now %016llx\n", d.d);
    u32 bsum = 0;
    for (int i = 0; i < 8; i++) bsum = bsum * 256 + d.b[LANE(i, 8)] + (bsum >> 24);
    con_printf("dword bytes %08x\n", bsum);
    /* signed/unsigned punning of the same word */
    for (i32 v = -3; v <= 3; v++) {
        union word p;
        p.s = hidei(v * 1000000);
        con_printf("pun %d -> %u\n", p.s, p.w);
    }
    struct shape shapes[6] = {
        { 0, { .c = { 5 } } }, { 1, { .rc = { 3, 4 } } }, { 2, { .t = { 3, 4, 5 } } },
        { 1, { .rc = { -2, 9 } } }, { 0, { .c = { 100 } } }, { 2, { .t = { 10, 20, 30 } } },
    };
    for (int i = 0; i < 6; i++) con_printf("shape %d kind %d -> %d\n", i, shapes[i].kind, measure(&shapes[hidei(i)]));
    con_printf("sizes %d %d\n", (int)sizeof(union word), (int)sizeof(union dword));
    return 0;
}
