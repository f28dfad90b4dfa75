/* Plain recursion: Fibonacci, Ackermann for small arguments, power sets via
 * recursion, Towers of Hanoi. Exercises the call/return sequence (pc loads
 * with two delay slots, rca pushes) many thousands of times. */
#include "conf.h"

__attribute__((noinline)) u32 fib(u32 n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__attribute__((noinline)) u32 ack(u32 m, u32 n)
{
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

static u32 moves;
static u32 hanoi_hash;
__attribute__((noinline)) void hanoi(int n, int from, int to, int via)
{
    if (n == 0) return;
    hanoi(n - 1, from, via, to);
    moves++;
    hanoi_hash = hanoi_hash * 7 + (u32)(from * 3 + to);
    hanoi(n - 1, via, to, from);
}

__attribute__((noinline)) u64 fact64(u32 n) { return n <= 1 ? 1 : n * fact64(n - 1); }

__attribute__((noinline)) int subsets(const int *v, int n, int target)
{
    if (target == 0) return 1;
    if (n == 0 || target < 0) return 0;
    return subsets(v + 1, n - 1, target - v[0]) + subsets(v + 1, n - 1, target);
}

int main(void)
{
    for (u32 n = 0; n <= 20; n++) con_printf("fib(%u)=%u\n", n, fib(hide32(n)));
    for (u32 m = 0; m <= 2; m++)
        for (u32 n = 0; n <= 5; n++) con_printf("ack(%u,%u)=%u\n", m, n, ack(hide32(m), hide32(n)));
    con_printf("ack(3,3)=%u\n", ack(hide32(3), hide32(3)));
    hanoi(hidei(10), 1, 3, 2);
    con_printf("hanoi moves %u hash %08x\n", moves, hanoi_hash);
    for (u32 n = 1; n <= 20; n += 4) con_printf("fact(%u)=%llu\n", n, fact64(hide32(n)));
    static const int v[] = { 3, 34, 4, 12, 5, 2, 9, 17, 8, 1, 6, 11 };
    for (int t = 0; t < 60; t += 7) con_printf("subsets sum %d: %d\n", t, subsets(v, 12, hidei(t)));
    return 0;
}
