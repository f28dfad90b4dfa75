/* Function pointers: indirect calls (mov %rX,%pc), tables of pointers in
 * .data and .rodata (R_LANAI_32 relocations), pointers passed as arguments
 * and returned, and a pointer to a function returning a 64-bit value. */
#include "conf.h"

typedef i32 (*binop)(i32, i32);

static i32 op_add(i32 a, i32 b) { return a + b; }
static i32 op_sub(i32 a, i32 b) { return a - b; }
static i32 op_mul(i32 a, i32 b) { return a * b; }
static i32 op_max(i32 a, i32 b) { return a > b ? a : b; }
static i32 op_xor(i32 a, i32 b) { return a ^ b; }
static i32 op_shl(i32 a, i32 b) { return (i32)((u32)a << (b & 15)); }

static const binop rotable[] = { op_add, op_sub, op_mul, op_max, op_xor, op_shl };
static binop rwtable[6] = { op_shl, op_xor, op_max, op_mul, op_sub, op_add };
static const char *const names[] = { "add", "sub", "mul", "max", "xor", "shl" };

__attribute__((noinline)) i32 fold(const i32 *v, int n, binop f, i32 init)
{
    for (int i = 0; i < n; i++) init = f(init, v[i]);
    return init;
}

__attribute__((noinline)) binop pick(int k) { return rotable[k % 6]; }

static u64 wide(u32 x) { return (u64)x << 20 | x; }
static u64 (*volatile wide_ptr)(u32) = wide;

struct handler { int id; void (*fn)(int *state, int arg); };
static void h_inc(int *s, int a) { *s += a; }
static void h_dbl(int *s, int a) { *s = *s * 2 + a; }
static void h_neg(int *s, int a) { *s = a - *s; }
static const struct handler handlers[] = { { 1, h_inc }, { 2, h_dbl }, { 3, h_neg } };

int main(void)
{
    static const i32 v[] = { 3, -1, 4, 1, -5, 9, 2, -6 };
    for (int k = 0; k < 6; k++) {
        con_printf("%s: ro %d rw %d\n", names[k], fold(v, 8, rotable[hidei(k)], 1),
                   fold(v, 8, rwtable[hidei(k)], 1));
    }
    i32 acc = 7;
    for (int k = 0; k < 30; k++) {
        acc = pick(hidei(k * 5))(acc, k) & 0xFFFF;
        con_printf("%d", acc % 10);
    }
    con_printf("\nacc %d\n", acc);
    for (u32 x = 1; x < 5000; x *= 7) con_printf("wide %u %016llx\n", x, wide_ptr(hide32(x)));
    int state = 1;
    for (int k = 0; k < 12; k++) {
        const struct handler *h = &handlers[hidei(k) % 3];
        h->fn(&state, k);
        con_printf("handler %d -> %d\n", h->id, state);
    }
    /* comparing function pointers */
    binop a = pick(hidei(2)), b = rwtable[3];
    con_printf("same %d %d\n", a == b, a == rotable[0]);
    return 0;
}
