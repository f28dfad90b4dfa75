/* Deep-ish recursion with stack frames holding locals: a few thousand nested
 * calls, each frame keeping an array live across the call, so the stack
 * grows well beyond what registers could hide and every frame is checked. */
#include "conf.h"

static u32 max_depth;

__attribute__((noinline)) u32 dive(u32 depth, u32 limit, u32 salt)
{
    u32 local[6];
    for (int i = 0; i < 6; i++) local[i] = salt * (u32)(i + 1) + depth;
    if (depth > max_depth) max_depth = depth;
    u32 below = depth < limit ? dive(depth + 1, limit, salt ^ (depth << 3)) : 0;
    /* the frame's locals must have survived the deeper calls */
    u32 h = below;
    for (int i = 0; i < 6; i++) {
        if (local[i] != salt * (u32)(i + 1) + depth) return 0xBAD00000u | depth;
        h = h * 31 + local[i];
    }
    return h;
}

/* recursion that passes a growing 64-bit accumulator and many arguments */
__attribute__((noinline)) u64 sum_to(u32 n, u64 acc, u32 a, u32 b, u32 c, u32 d)
{
    if (n == 0) return acc + a + b + c + d;
    return sum_to(n - 1, acc + n, b, c, d, a);
}

/* recursion through a function pointer */
typedef u32 (*step_fn)(u32, u32);
static u32 count_down(u32 n, u32 acc);
static step_fn volatile next_step = count_down;
static u32 count_down(u32 n, u32 acc) { return n == 0 ? acc : next_step(n - 1, acc * 3 + n); }

int main(void)
{
    static const u32 limits[] = { 1, 10, 100, 1000, 3000 };
    for (int i = 0; i < 5; i++) {
        u32 h = dive(0, hide32(limits[i]), 0x9E3779B9u);
        con_printf("dive %u -> %08x max %u\n", limits[i], h, max_depth);
    }
    con_printf("sum_to %llu\n", sum_to(hide32(2000), 0, 1, 2, 3, 4));
    con_printf("count_down %08x\n", count_down(hide32(1500), 1));
    return 0;
}
