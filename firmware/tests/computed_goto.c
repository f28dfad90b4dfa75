/* GNU labels-as-values: a threaded interpreter dispatching through a table
 * of label addresses (`goto *p`), which becomes an indirect jump (bt %rX)
 * with label addresses stored as data words (R_LANAI_32).
 * Label addresses are only ever taken in static tables: LLVM 14's Lanai
 * backend mis-encodes a label address materialised in code at -O0
 * (`mov .Ltmp0+1, %r3` with R_LANAI_21 relocations instead of hi/lo), so
 * `void *p = &&label;` in a function body would not run correctly. */
#include "conf.h"

enum { OP_PUSH, OP_ADD, OP_MUL, OP_DUP, OP_SWAP, OP_DEC, OP_JNZ, OP_PRINT, OP_HALT, OP_XOR, OP_OVER };

static i32 run(const i32 *code)
{
    static void *const dispatch[] = { &&push, &&add, &&mul, &&dup, &&swap, &&dec, &&jnz, &&print, &&halt, &&xor, &&over };
    i32 stack[32];
    int sp = 0, pc = 0, steps = 0;
#define NEXT do { steps++; goto *dispatch[code[pc++]]; } while (0)
    NEXT;
push:
    stack[sp++] = code[pc++];
    NEXT;
add:
    sp--; stack[sp - 1] = (i32)((u32)stack[sp - 1] + (u32)stack[sp]);
    NEXT;
mul:
    sp--; stack[sp - 1] = (i32)((u32)stack[sp - 1] * (u32)stack[sp]);
    NEXT;
xor:
    sp--; stack[sp - 1] ^= stack[sp];
    NEXT;
dup:
    stack[sp] = stack[sp - 1]; sp++;
    NEXT;
over:
    stack[sp] = stack[sp - 2]; sp++;
    NEXT;
swap:
    { i32 t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; }
    NEXT;
dec:
    stack[sp - 1]--;
    NEXT;
jnz:
    { i32 target = code[pc++]; if (stack[sp - 1] != 0) pc = target; }
    NEXT;
print:
    con_printf("  top %d depth %d\n", stack[sp - 1], sp);
    NEXT;
halt:
#undef NEXT
    con_printf("  steps %d\n", steps);
    return sp ? stack[sp - 1] : 0;
}

int main(void)
{
    /* (2 + 3) * 7 */
    static const i32 p1[] = { OP_PUSH, 2, OP_PUSH, 3, OP_ADD, OP_PUSH, 7, OP_MUL, OP_PRINT, OP_HALT };
    con_printf("p1 = %d\n", run(p1));
    /* acc = 1; n = 10; loop: acc = acc*3 ^ n; n--; while n (OVER copies n) */
    static const i32 p2[] = { OP_PUSH, 1, OP_PUSH, 10,
                              /* 4 */ OP_SWAP, OP_PUSH, 3, OP_MUL, OP_OVER, OP_XOR, OP_SWAP, OP_DEC, OP_JNZ, 4,
                              OP_SWAP, OP_PRINT, OP_HALT };
    con_printf("p2 = %d\n", run(p2));
    /* countdown from a value supplied at run time; the xors cancel */
    i32 p3[] = { OP_PUSH, 0, /* 2 */ OP_PUSH, 5, OP_XOR, OP_PUSH, 5, OP_XOR, OP_DEC, OP_JNZ, 2, OP_PRINT, OP_HALT };
    p3[1] = hidei(50);
    con_printf("p3 = %d\n", run(p3));
    /* a computed jump chosen at run time, through a static table */
    static void *const targets[] = { &&la, &&lb };
    goto *targets[hidei(1)];
la:
    con_printf("went to a\n");
    return 1;
lb:
    con_printf("went to b\n");
    return 0;
}
