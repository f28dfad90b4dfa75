/* Structure assignment and by-value arguments: small copies become word
 * moves, large ones call memcpy on the Lanai; nested structs, arrays inside
 * structs, struct arrays, and copies that must not alias. */
#include "conf.h"

struct point { i32 x, y; };
struct rect { struct point lo, hi; char label[6]; };
struct blob { u32 w[40]; unsigned char tail[3]; };

static struct rect rects[5];
static struct blob gblob;

__attribute__((noinline)) i32 area(struct rect r) { return (r.hi.x - r.lo.x) * (r.hi.y - r.lo.y); }

__attribute__((noinline)) u32 blob_sum(struct blob b)
{
    u32 s = 0;
    for (int i = 0; i < 40; i++) s = s * 3 + b.w[i];
    b.w[0] = 0xDEAD; /* modifies the callee's copy only */
    return s + b.tail[0] + b.tail[2];
}

int main(void)
{
    for (int i = 0; i < 5; i++) {
        struct rect r = { { -i, i * 2 }, { i * 5 + 3, i * 7 + 4 }, "rect0" };
        r.label[4] = (char)('0' + i);
        rects[i] = r;
    }
    struct rect tmp = rects[hidei(1)];
    rects[1] = rects[hidei(3)];
    rects[3] = tmp;
    for (int i = 0; i < 5; i++)
        con_printf("%s lo(%d,%d) hi(%d,%d) area %d\n", rects[i].label, rects[i].lo.x, rects[i].lo.y,
                   rects[i].hi.x, rects[i].hi.y, area(rects[hidei(i)]));
    for (int i = 0; i < 40; i++) gblob.w[i] = (u32)i * 0x10204081u;
    gblob.tail[0] = 7; gblob.tail[1] = 8; gblob.tail[2] = 9;
    struct blob local = gblob;
    local.w[39] ^= 0xFFFFFFFFu;
    con_printf("blob g %08x local %08x g.w0 %08x\n", blob_sum(gblob), blob_sum(local), gblob.w[0]);
    /* array of structs copied element by element and as a whole wrapper */
    struct wrap { struct point pts[6]; } a, b;
    for (int i = 0; i < 6; i++) { a.pts[i].x = i * i; a.pts[i].y = -i; }
    b = a;
    a.pts[2].x = 999;
    for (int i = 0; i < 6; i++) con_printf("pt %d: %d,%d / %d,%d\n", i, a.pts[i].x, a.pts[i].y, b.pts[i].x, b.pts[i].y);
    /* self-assignment through pointers must be harmless */
    struct point *pp = &b.pts[hidei(4)], *qq = &b.pts[hidei(4)];
    *pp = *qq;
    con_printf("self %d %d\n", b.pts[4].x, b.pts[4].y);
    /* compound literal copy */
    struct point c = (struct point){ hidei(-8), hidei(9) };
    con_printf("literal %d %d\n", c.x, c.y);
    return 0;
}
