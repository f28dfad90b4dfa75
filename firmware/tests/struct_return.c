/* Structures returned by value: small ones (returned in rv/r9 or through
 * memory) and large ones through the hidden sret pointer that the Lanai
 * passes on the stack; chained calls and returns used directly as
 * arguments. */
#include "conf.h"

struct pair { i32 a, b; };
struct trip { short x; char c; u32 y; };
struct big { u32 v[20]; u64 sum; char name[9]; };
struct with64 { u64 q; u32 r; };

__attribute__((noinline)) struct pair mkpair(i32 a, i32 b) { struct pair p = { a + 1, b - 1 }; return p; }

__attribute__((noinline)) struct pair swap(struct pair p) { struct pair q = { p.b, p.a }; return q; }

__attribute__((noinline)) struct trip mktrip(int k)
{
    struct trip t;
    t.x = (short)(k * -111);
    t.c = (char)('A' + k % 26);
    t.y = (u32)k * 0x01000193u;
    return t;
}

__attribute__((noinline)) struct big mkbig(u32 seed)
{
    struct big b;
    b.sum = 0;
    for (int i = 0; i < 20; i++) {
        b.v[i] = xs32(&seed);
        b.sum += b.v[i];
    }
    for (int i = 0; i < 8; i++) b.name[i] = (char)('a' + (b.v[i] % 26));
    b.name[8] = 0;
    return b;
}

__attribute__((noinline)) struct big bump(struct big b, u32 k)
{
    for (int i = 0; i < 20; i++) b.v[i] += k;
    b.sum += 20ull * k;
    b.name[0] = 'X';
    return b;
}

__attribute__((noinline)) struct with64 divmod(u64 a, u32 b)
{
    struct with64 r = { a / b, (u32)(a % b) };
    return r;
}

int main(void)
{
    struct pair p = mkpair(hidei(10), hidei(-20));
    con_printf("pair %d %d\n", p.a, p.b);
    p = swap(swap(swap(p)));
    con_printf("swapped %d %d\n", p.a, p.b);
    con_printf("direct %d\n", swap(mkpair(hidei(3), 4)).a);
    for (int k = 0; k < 6; k++) {
        struct trip t = mktrip(hidei(k * 9));
        con_printf("trip %d %c %08x\n", t.x, t.c, t.y);
    }
    struct big b = mkbig(hide32(1234));
    con_printf("big %s sum %llu v0 %08x v19 %08x\n", b.name, b.sum, b.v[0], b.v[19]);
    struct big c = bump(b, hide32(1000));
    con_printf("bumped %s sum %llu v0 %08x v19 %08x\n", c.name, c.sum, c.v[0], c.v[19]);
    con_printf("original kept %s %08x\n", b.name, b.v[0]);
    u64 check = 0;
    for (int i = 0; i < 20; i++) check += c.v[i];
    con_printf("check %d\n", check == c.sum);
    struct with64 d = divmod(hide64(0xFFFFFFFFFFFFull), hide32(1000003));
    con_printf("divmod %llu %u\n", d.q, d.r);
    con_printf("nested name %s\n", bump(mkbig(hide32(99)), 1).name);
    return 0;
}
