/* A small stack-machine interpreter: switch dispatch in a loop (a jump
 * table once there are enough cases, compare chains otherwise), calls and
 * returns on its own return stack, and 64-bit arithmetic ops. It runs
 * programs for gcd, a prime count with a subroutine, 20! and a hash loop. */
#include "conf.h"

enum { PUSH, POP, ADD, SUB, MUL, DIVU, MODU, DUP, OVER, SWAP, ROT, JMP, JZ, JNZ, CALL, RET, LT, EQ, OUT,
       HALT, SHL, SHR, AND, XOR };

static u64 stack[64];
static int rstack[16];

static u64 vm(const i32 *code, u32 trace_every)
{
    int sp = 0, rsp = 0, pc = 0;
    u32 steps = 0;
    for (;;) {
        i32 op = code[pc++];
        steps++;
        u64 a, b;
        switch (op) {
        case PUSH: stack[sp++] = (u64)(i64)code[pc++]; break;
        case POP: sp--; break;
        case ADD: b = stack[--sp]; stack[sp - 1] += b; break;
        case SUB: b = stack[--sp]; stack[sp - 1] -= b; break;
        case MUL: b = stack[--sp]; stack[sp - 1] *= b; break;
        case DIVU: b = stack[--sp]; stack[sp - 1] = b ? stack[sp - 1] / b : 0; break;
        case MODU: b = stack[--sp]; stack[sp - 1] = b ? stack[sp - 1] % b : 0; break;
        case DUP: stack[sp] = stack[sp - 1]; sp++; break;
        case OVER: stack[sp] = stack[sp - 2]; sp++; break;
        case SWAP: a = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = a; break;
        case ROT: a = stack[sp - 3]; stack[sp - 3] = stack[sp - 2]; stack[sp - 2] = stack[sp - 1]; stack[sp - 1] = a; break;
        case JMP: pc = code[pc]; break;
        case JZ: a = stack[--sp]; pc = a ? pc + 1 : code[pc]; break;
        case JNZ: a = stack[--sp]; pc = a ? code[pc] : pc + 1; break;
        case CALL: rstack[rsp++] = pc + 1; pc = code[pc]; break;
        case RET: pc = rstack[--rsp]; break;
        case LT: b = stack[--sp]; stack[sp - 1] = stack[sp - 1] < b; break;
        case EQ: b = stack[--sp]; stack[sp - 1] = stack[sp - 1] == b; break;
        case SHL: b = stack[--sp]; stack[sp - 1] <<= (b & 63); break;
        case SHR: b = stack[--sp]; stack[sp - 1] >>= (b & 63); break;
        case AND: b = stack[--sp]; stack[sp - 1] &= b; break;
        case XOR: b = stack[--sp]; stack[sp - 1] ^= b; break;
        case OUT: con_printf("  out %llu\n", stack[sp - 1]); break;
        case HALT: con_printf("  steps %u depth %d\n", steps, sp); return sp ? stack[sp - 1] : 0;
        default: con_printf("  bad op %d at %d\n", op, pc - 1); return 0;
        }
        if (trace_every && steps % trace_every == 0) con_printf("  step %u pc %d sp %d top %llx\n", steps, pc, sp, sp ? stack[sp - 1] : 0);
    }
}

/* Jump targets are instruction indices, noted in the comments. */
static const i32 gcd[] = {
    PUSH, 1071, PUSH, 462,
    /* 4 loop */ DUP, JZ, 12, SWAP, OVER, MODU, JMP, 4,
    /* 12 done */ POP, OUT, HALT,
};
static const i32 primes[] = {
    PUSH, 0, PUSH, 2,                                                       /* count n */
    /* 4 loop */ DUP, PUSH, 300, LT, JZ, 21,
    DUP, CALL, 24, ROT, ADD, SWAP, PUSH, 1, ADD, JMP, 4,
    /* 21 end */ POP, OUT, HALT,
    /* 24 isprime(n) -> flag */ PUSH, 2,
    /* 26 */ OVER, OVER, DUP, MUL, LT, JNZ, 43,
    OVER, OVER, MODU, JZ, 48,
    PUSH, 1, ADD, JMP, 26,
    /* 43 prime */ POP, POP, PUSH, 1, RET,
    /* 48 composite */ POP, POP, PUSH, 0, RET,
};
static const i32 fact[] = {
    PUSH, 1, PUSH, 20,
    /* 4 loop */ DUP, JZ, 16, DUP, ROT, MUL, SWAP, PUSH, 1, SUB, JMP, 4,
    /* 16 done */ POP, OUT, HALT,
};
static const i32 hash[] = {
    PUSH, 0, PUSH, 0,                                                       /* h i */
    /* 4 loop */ DUP, PUSH, 100, LT, JZ, 27,
    SWAP, PUSH, 31, MUL, OVER, ADD, DUP, PUSH, 7, SHR, XOR, SWAP, PUSH, 1, ADD, JMP, 4,
    /* 27 end */ POP, DUP, OUT, PUSH, 65535, AND, HALT,
};

int main(void)
{
    con_printf("gcd -> %llu\n", vm(gcd, 0));
    con_printf("primes -> %llu\n", vm(primes, hide32(2000)));
    con_printf("fact -> %llu\n", vm(fact, 0));
    con_printf("hash -> %llu\n", vm(hash, hide32(250)));
    return 0;
}
