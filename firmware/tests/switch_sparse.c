/* Sparse switches, which become compare-and-branch trees rather than jump
 * tables: widely spread 32-bit keys, negative keys, 64-bit keys, and small
 * switches (< 100 cases) that LLVM 14 never turns into tables. */
#include "conf.h"

__attribute__((noinline)) int sparse32(u32 k)
{
    switch (k) {
    case 0: return 1;
    case 7: return 2;
    case 100: return 3;
    case 1000: return 4;
    case 0x7FFF: return 5;
    case 0x8000: return 6;
    case 0x10000: return 7;
    case 0xDEADBEEF: return 8;
    case 0x80000000u: return 9;
    case 0xFFFFFFFFu: return 10;
    case 12345678: return 11;
    case 65535: return 12;
    default: return 0;
    }
}

__attribute__((noinline)) int negkeys(int k)
{
    switch (k) {
    case -1000000: return 'a';
    case -100: return 'b';
    case -2: return 'c';
    case -1: return 'd';
    case 3: return 'e';
    case 99: return 'f';
    case 2147483647: return 'g';
    case -2147483647 - 1: return 'h';
    default: return '.';
    }
}

__attribute__((noinline)) int key64(u64 k)
{
    switch (k) {
    case 0: return 1;
    case 0x100000000ull: return 2;
    case 0xFFFFFFFFull: return 3;
    case 0x8000000000000000ull: return 4;
    case 0x123456789ull: return 5;
    case 42: return 6;
    default: return 0;
    }
}

/* a small dense switch: below the table threshold */
__attribute__((noinline)) const char *small(int k)
{
    switch (k) {
    case 0: return "zero";
    case 1: return "one";
    case 2: return "two";
    case 3: return "three";
    case 4: return "four";
    case 5: return "five";
    case 6:
    case 7: return "six-or-seven";
    default: return "many";
    }
}

int main(void)
{
    static const u32 probes[] = { 0, 1, 7, 8, 99, 100, 101, 1000, 0x7FFF, 0x8000, 0x8001, 0x10000,
                                  0xDEADBEEF, 0xDEADBEEE, 0x80000000u, 0x7FFFFFFFu, 0xFFFFFFFFu,
                                  12345678, 65535, 65536 };
    for (int i = 0; i < 20; i++) con_printf("s32 %08x -> %d\n", probes[i], sparse32(hide32(probes[i])));
    static const int np[] = { -1000000, -999999, -100, -3, -2, -1, 0, 3, 99, 2147483647, -2147483647 - 1 };
    for (int i = 0; i < 11; i++) con_printf("neg %d -> %c\n", np[i], negkeys(hidei(np[i])));
    static const u64 kp[] = { 0, 1, 0x100000000ull, 0xFFFFFFFFull, 0x8000000000000000ull, 0x123456789ull,
                              42, 0x100000042ull, 0x8000000000000001ull };
    for (int i = 0; i < 9; i++) con_printf("k64 %llx -> %d\n", kp[i], key64(hide64(kp[i])));
    for (int k = -1; k < 10; k++) con_printf("small %d %s\n", k, small(hidei(k)));
    return 0;
}
