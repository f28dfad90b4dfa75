/* Arithmetic on char and short: integer promotion before every operation,
 * narrowing on assignment, signed vs unsigned char comparisons, character
 * classification tables, and small-int loop counters. */
#include "conf.h"

static int is_alpha(int c) { return (c | 32) >= 'a' && (c | 32) <= 'z'; }
static int is_digit(int c) { return c >= '0' && c <= '9'; }

int main(void)
{
    signed char a = (signed char)hidei(100), b = (signed char)hidei(100);
    int sum = a + b; /* promoted: no wrap */
    signed char wrapped = (signed char)(a + b);
    con_printf("promote %d wrapped %d\n", sum, wrapped);
    unsigned char ua = (unsigned char)hidei(200), ub = (unsigned char)hidei(100);
    con_printf("uchar %d %d %u\n", ua + ub, ua - ub - 150, (unsigned char)(ua + ub));
    short s1 = (short)hidei(30000), s2 = (short)hidei(30000);
    con_printf("short %d %d %d\n", s1 + s2, (short)(s1 + s2), s1 * s2);
    unsigned short us = (unsigned short)hidei(65535);
    con_printf("ushort %d %u %d\n", us + 1, (unsigned short)(us + 1), (u32)us * us > 0);
    /* comparison of signed char with unsigned char */
    signed char neg = (signed char)hidei(-1);
    unsigned char big = (unsigned char)hidei(255);
    con_printf("cmp %d %d %d\n", neg == big, (unsigned char)neg == big, neg < big);
    /* character classification over printable ASCII */
    int alpha = 0, digit = 0, other = 0;
    for (int c = 32; c < 127; c++) {
        if (is_alpha(c)) alpha++;
        else if (is_digit(c)) digit++;
        else other++;
    }
    con_printf("classes %d %d %d\n", alpha, digit, other);
    /* caesar and rot13 on a string */
    char msg[] = "Hello, Lanai World 2024!";
    for (char *p = msg; *p; p++) {
        if (*p >= 'a' && *p <= 'z') *p = (char)('a' + (*p - 'a' + 13) % 26);
        else if (*p >= 'A' && *p <= 'Z') *p = (char)('A' + (*p - 'A' + 13) % 26);
        else if (*p >= '0' && *p <= '9') *p = (char)('0' + (*p - '0' + 5) % 10);
    }
    con_printf("rot %s\n", msg);
    /* unsigned char loop counter that must wrap to stop */
    int iters = 0;
    for (unsigned char c = (unsigned char)hidei(250); c != 4; c++) iters++;
    con_printf("uchar loop %d\n", iters);
    /* short accumulation with narrowing each step */
    short acc = 0;
    for (int k = 0; k < 100; k++) acc = (short)(acc * 3 + k);
    con_printf("short acc %d\n", acc);
    /* char arrays as small integers */
    signed char deltas[12] = { -128, 127, -1, 1, 0, 64, -64, 100, -100, 5, -5, 33 };
    int running = 0;
    for (int k = 0; k < 12; k++) {
        running += deltas[hidei(k)];
        con_printf("%d%c", running, k == 11 ? '\n' : ' ');
    }
    /* hex digits to value */
    const char *hex = "0123456789abcdefABCDEF";
    u32 hv = 0;
    for (const char *p = hex; *p; p++) {
        int d = is_digit(*p) ? *p - '0' : (*p | 32) - 'a' + 10;
        hv = hv * 7 + (u32)d;
    }
    con_printf("hex %08x\n", hv);
    return 0;
}
