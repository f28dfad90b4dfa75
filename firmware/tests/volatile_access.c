/* volatile objects: every access must happen, in order and at its width,
 * even at -O2 (no merging, no hoisting out of loops), for bytes, halves,
 * words and 64-bit values, globals and locals. */
#include "conf.h"

volatile u32 vw;
volatile unsigned short vh;
volatile unsigned char vb;
volatile u64 vd;
static volatile i32 counter;

__attribute__((noinline)) void bump(volatile i32 *p, int n)
{
    for (int i = 0; i < n; i++) *p = *p + 1;
}

int main(void)
{
    vw = 1;
    vw = vw * 3 + 1;
    vw = vw << 4;
    con_printf("vw %08x\n", vw);
    vh = 0xFFFF;
    vh++;
    vh -= 3;
    con_printf("vh %04x\n", vh);
    vb = 0x7F;
    vb += 0x81;
    con_printf("vb %02x\n", vb);
    vd = 0xFFFFFFFFull;
    vd += 1;
    vd <<= 3;
    con_printf("vd %016llx\n", vd);
    /* a loop the compiler could fold if the variable were not volatile */
    counter = 0;
    for (int i = 0; i < 1000; i++) counter = counter + i;
    con_printf("counter %d\n", counter);
    bump(&counter, 500);
    con_printf("bumped %d\n", counter);
    /* volatile local */
    volatile i32 local = 5;
    for (int i = 0; i < 10; i++) local = local * 2 - i;
    con_printf("local %d\n", local);
    /* volatile array walked in both directions */
    volatile unsigned char arr[16];
    for (int i = 0; i < 16; i++) arr[i] = (unsigned char)(i * 17);
    u32 s = 0;
    for (int i = 15; i >= 0; i--) s = s * 3 + arr[i];
    con_printf("arr %08x\n", s);
    /* read the same volatile twice: both reads happen and agree */
    vw = 0x12345678;
    u32 a = vw, b = vw;
    con_printf("twice %d %08x\n", a == b, a ^ b ^ vw);
    return 0;
}
