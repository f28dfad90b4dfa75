/* Structures passed by value as arguments: small ones split across the
 * argument registers, ones that spill onto the stack after other arguments,
 * large ones copied by the caller, and structs with 64-bit and narrow
 * members; the callee's changes must not reach the caller. */
#include "conf.h"

struct s1 { i32 a; };
struct s2 { i32 a, b; };
struct s3 { u32 a, b, c; };
struct sc { char c[7]; };
struct sw { u64 q; short h; };
struct sl { u32 v[16]; };

__attribute__((noinline)) i32 f1(struct s1 x, struct s2 y) { return x.a * 1000 + y.a * 10 + y.b; }
__attribute__((noinline)) u32 f3(struct s3 x, struct s3 y) { return x.a ^ (x.b << 1) ^ (x.c << 2) ^ (y.a << 3) ^ (y.b << 4) ^ (y.c << 5); }
__attribute__((noinline)) i32 fc(i32 pre, struct sc s, i32 post)
{
    u32 h = (u32)pre;
    for (int i = 0; i < 7; i++) h = h * 31 + (u32)s.c[i];
    return (i32)(h + (u32)post);
}
__attribute__((noinline)) u64 fw(struct sw a, u32 k, struct sw b) { return a.q + (u64)(i64)a.h * k - b.q + (u64)(i64)b.h; }
__attribute__((noinline)) u32 fl(struct sl s, u32 salt)
{
    u32 h = salt;
    for (int i = 0; i < 16; i++) { h = h * 33 + s.v[i]; s.v[i] = 0; }
    return h;
}
__attribute__((noinline)) u32 after_many(u32 a, u32 b, u32 c, u32 d, struct s3 s, u32 e)
{
    return a + b * 2 + c * 3 + d * 4 + s.a * 5 + s.b * 6 + s.c * 7 + e * 8;
}

int main(void)
{
    struct s1 x = { hidei(7) };
    struct s2 y = { hidei(-3), 9 };
    con_printf("f1 %d\n", f1(x, y));
    struct s3 p = { hide32(0x11111111u), 0x2222, 0x80000000u }, q = { 1, 2, hide32(3) };
    con_printf("f3 %08x %08x\n", f3(p, q), f3(q, p));
    struct sc s = { { 'l', 'a', 'n', 'a', 'i', '9', 0 } };
    s.c[6] = (char)hidei('!');
    con_printf("fc %d\n", fc(hidei(5), s, -5));
    struct sw a = { hide64(0x100000000ull), -2 }, b = { 5, (short)hidei(300) };
    con_printf("fw %016llx\n", fw(a, hide32(1000), b));
    struct sl big;
    for (int i = 0; i < 16; i++) big.v[i] = (u32)i * 0x01010101u;
    con_printf("fl %08x %08x\n", fl(big, 1), fl(big, hide32(2)));
    con_printf("big intact %08x %08x\n", big.v[1], big.v[15]);
    con_printf("after_many %u\n", after_many(1, 2, 3, hide32(4), q, 9));
    return 0;
}
