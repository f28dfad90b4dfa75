/* Loop shapes: for/while/do-while, counting up and down, break and continue,
 * nested loops with early exit, goto-based loops and loops whose trip count
 * is zero. Meant to stress plain branches and compares, especially at -O0
 * where every variable lives in the frame. */
#include "conf.h"

int main(void)
{
    u32 s = 0;
    for (int i = 0; i < 100; i++) s += (u32)i;
    con_printf("for %u\n", s);
    int i = 100;
    s = 0;
    while (i-- > 0) s = s * 3 + (u32)i;
    con_printf("while %08x %d\n", s, i);
    i = 0;
    do { i += 7; } while (i < 100);
    con_printf("do %d\n", i);
    int n = hidei(0);
    int zero_trip = 0;
    for (int k = 0; k < n; k++) zero_trip++;
    while (n > 0) { zero_trip += 10; n--; }
    con_printf("zero trip %d\n", zero_trip);
    s = 0;
    for (int k = 0; k < 1000; k++) {
        if (k % 3 == 0) continue;
        if (k > 500) break;
        s += (u32)k;
    }
    con_printf("continue/break %u\n", s);
    int found_i = -1, found_j = -1;
    for (int a = 1; a < 50 && found_i < 0; a++)
        for (int b = a; b < 50; b++)
            if (a * a + b * b == 1681 && a > 9) { found_i = a; found_j = b; break; }
    con_printf("pythagoras %d %d\n", found_i, found_j);
    /* goto loop */
    int g = 0;
    u32 gs = 1;
again:
    gs = gs * 5 + (u32)g;
    if (++g < 20) goto again;
    con_printf("goto %08x\n", gs);
    /* count down with unsigned: stops at zero without wrapping */
    u32 cnt = 0;
    for (u32 u = hide32(10); u > 0; u--) cnt += u;
    con_printf("unsigned down %u\n", cnt);
    /* nested triangular loops */
    u32 tri = 0;
    for (int a = 0; a < 30; a++)
        for (int b = 0; b <= a; b++)
            for (int c = b; c < a; c += 2) tri += (u32)(a ^ b ^ c);
    con_printf("tri %u\n", tri);
    /* loop with a 64-bit induction variable */
    u64 big = 0;
    for (u64 x = 0xFFFFFFF0ull; x < 0x100000010ull; x++) big += x;
    con_printf("u64 loop %llx\n", big);
    /* collatz lengths */
    for (u32 start = 1; start < 40; start += 6) {
        u32 x = hide32(start), steps = 0;
        while (x != 1) { x = x & 1 ? 3 * x + 1 : x / 2; steps++; }
        con_printf("collatz %u %u\n", start, steps);
    }
    return 0;
}
