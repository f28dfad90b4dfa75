/* Helpers for the ISS tests: assemble snippets with llvm-mc-14 (no
 * relocations: branch targets are absolute numbers), load them into a
 * core, run them to completion. */
#ifndef MYRISIM_ISS_UTIL_H
#define MYRISIM_ISS_UTIL_H

#include "../../model/lanai/lanai.h"

#include <stddef.h>
#include <stdint.h>

/* Simulator-services addresses as 16-bit negative offsets from %r0. */
#define SVC_CYCLE_LO "-544[%r0]"
#define SVC_CYCLE_HI "-540[%r0]"
#define SVC_INSN_LO "-536[%r0]"
#define SVC_INSN_HI "-532[%r0]"
#define SVC_PUTCHAR "-528[%r0]"
#define SVC_EXIT "-524[%r0]"

/* The callee f of the run tests' programs (test_run.c, test_run_short.c):
 * a frame, a load-use pair, a store, a part-word load, an ALU op, return. */
#define ISS_CALLEE_F                 \
    "  st %fp, [--%sp]\n"            \
    "  add %sp, 0x8, %fp\n"          \
    "  ld 0x200[%r0], %r3\n"         \
    "  add %r3, %r17, %r3\n"         \
    "  st %r3, 0x200[%r0]\n"         \
    "  uld.b 1[%r18], %r7\n"         \
    "  xor %r3, %r7, %rv\n"          \
    "  ld -4[%fp], %pc\n"            \
    "  add %fp, 0x0, %sp\n"          \
    "  ld -8[%fp], %fp\n"
#define SVC_ASSERT "-520[%r0]"
#define SVC_MARK "-516[%r0]"

/* Hand encoders straight from the bit layouts of lanai-hardware.md §1.3
 * (independent of the simulator's decoder). op: 0 add 1 addc 2 sub 3 subb
 * 4 and 5 or 6 xor 7 shift; cc: DDDI. */
#define E_RI(op, rd, rs1, f, h, imm16) \
    ((uint32_t)(op) << 28 | (uint32_t)(rd) << 23 | (uint32_t)(rs1) << 18 | (uint32_t)(f) << 17 | \
     (uint32_t)(h) << 16 | ((uint32_t)(imm16) & 0xFFFF))
#define E_RR(bbb, rd, rs1, rs2, f, cc, jjjjj) \
    (0xC0000000u | (uint32_t)(rd) << 23 | (uint32_t)(rs1) << 18 | (uint32_t)(f) << 17 | \
     ((uint32_t)(cc) & 1) << 16 | (uint32_t)(rs2) << 11 | (uint32_t)(bbb) << 8 | (uint32_t)(jjjjj) << 3 | \
     ((uint32_t)(cc) >> 1))
#define E_RM(store, rd, rs1, p, q, imm16) \
    (0x80000000u | (uint32_t)(store) << 28 | (uint32_t)(rd) << 23 | (uint32_t)(rs1) << 18 | \
     (uint32_t)(p) << 17 | (uint32_t)(q) << 16 | ((uint32_t)(imm16) & 0xFFFF))
#define E_BR(cc, target) (0xE0000000u | ((uint32_t)(cc) >> 1) << 25 | ((uint32_t)(target) & 0x01FFFFFC) | ((uint32_t)(cc) & 1))
#define E_SCC(cc, rd) (0xE0000002u | ((uint32_t)(cc) >> 1) << 25 | (uint32_t)(rd) << 18 | ((uint32_t)(cc) & 1))
#define E_SEL(rd, rs1, rs2, cc) E_RR(7, rd, rs1, rs2, 0, cc, 0)
#define E_NOP 0x00000001u
#define E_EXIT E_RM(1, 0, 0, 1, 0, 0xFDF4)   /* st %r0, -524[%r0] */
/* A small program builder: words appended at consecutive addresses. */
typedef struct { uint32_t w[4096]; size_t n; } iss_prog;
static inline uint32_t iss_here(const iss_prog *p) { return (uint32_t)(4 * p->n); }
static inline void iss_emit(iss_prog *p, uint32_t w) { if (p->n < 4096) p->w[p->n++] = w; }
/* rd <- v with "mov hi" + "or lo" */
static inline void iss_mov32(iss_prog *p, int rd, uint32_t v)
{
    iss_emit(p, E_RI(0, rd, 0, 0, 1, v >> 16));
    iss_emit(p, E_RI(5, rd, rd, 0, 0, v & 0xFFFF));
}
/* Load the program at 0 of a reset core and run it (max_cycles). */
lanai_state iss_run_prog(lanai_core *c, const iss_prog *p, uint64_t max_cycles);

/* Assemble src (Lanai assembly, one instruction per line) into words;
 * fails the current test on any assembler error or relocation. */
size_t iss_asm(const char *src, uint32_t *out, size_t max);
/* Store words big-endian at addr and tell the core. */
void iss_put(lanai_core *c, uint32_t addr, const uint32_t *w, size_t n);
void iss_put_word(lanai_core *c, uint32_t addr, uint32_t w);
uint32_t iss_get_word(lanai_core *c, uint32_t addr);
/* New core for a chip ("lanai4"/"lanai9"), console discarded. */
lanai_core *iss_core(const char *chip);
/* Assemble src at address 0 of a fresh lanai9 core and run it until it
 * halts or faults (at most max_cycles). The caller frees the core. */
lanai_core *iss_run_src(const char *src, uint64_t max_cycles);
/* printf into a static buffer (for building assembly text). */
const char *iss_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
