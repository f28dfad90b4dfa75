/* 64-bit arguments and return values: returned in rv (high) and r9 (low),
 * passed high word first in register pairs; functions chained so each
 * return feeds the next call; 64-bit values through pointers and arrays. */
#include "conf.h"

__attribute__((noinline)) u64 make(u32 hi, u32 lo) { return (u64)hi << 32 | lo; }
__attribute__((noinline)) u32 high(u64 v) { return (u32)(v >> 32); }
__attribute__((noinline)) u32 low(u64 v) { return (u32)v; }
__attribute__((noinline)) i64 negate(i64 v) { return (i64)(0 - (u64)v); }
__attribute__((noinline)) u64 swap_halves(u64 v) { return v << 32 | v >> 32; }
__attribute__((noinline)) i64 add3(i64 a, i64 b, i64 c) { return (i64)((u64)a + (u64)b + (u64)c); }
__attribute__((noinline)) u64 mix(u32 a, u64 b, u32 c) { return (b ^ a) + ((u64)c << 16); }
__attribute__((noinline)) void store(u64 *p, int i, u64 v) { p[i] = v; }
__attribute__((noinline)) u64 load(const u64 *p, int i) { return p[i]; }
__attribute__((noinline)) i32 to32(i64 v) { return (i32)(v & 0x7FFFFFFF) - (i32)(v >> 40 & 0xFF); }
__attribute__((noinline)) i64 from32(i32 v) { return v; }
__attribute__((noinline)) u64 ufrom32(u32 v) { return v; }

static u64 arr[16];

int main(void)
{
    u64 v = make(hide32(0xDEADBEEF), hide32(0x01234567));
    con_printf("make %016llx high %08x low %08x\n", v, high(v), low(v));
    con_printf("negate %lld %lld %lld\n", negate(hidel(5)), negate((i64)v), negate(hidel(INT64_MIN)));
    con_printf("swap %016llx twice %016llx\n", swap_halves(v), swap_halves(swap_halves(v)));
    con_printf("add3 %lld\n", add3(hidel(1000000000000ll), -2000000000000ll, hidel(3)));
    con_printf("mix %016llx\n", mix(hide32(0xFFFFFFFF), v, 0xABCD));
    for (int i = 0; i < 16; i++) store(arr, i, make((u32)i * 0x11111111u, ~(u32)i));
    u64 x = 0;
    for (int i = 0; i < 16; i++) x = x * 3 + load(arr, 15 - i);
    con_printf("arr %016llx\n", x);
    con_printf("to32 %d from32 %lld %lld ufrom32 %llu\n", to32((i64)v), from32(hidei(-7)), from32(hidei(7)),
               ufrom32(hide32(0xFFFFFFFFu)));
    /* a chain: each result is the next argument */
    u64 c = hide64(1);
    for (int i = 0; i < 12; i++) {
        c = mix((u32)i, swap_halves(add3((i64)c, (i64)(c << 1), negate((i64)i))), high(c) ^ low(c));
        con_printf("chain %2d %016llx\n", i, c);
    }
    return 0;
}
