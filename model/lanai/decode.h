/* Strict decoder for the Lanai ISA as LLVM 14 encodes it (lanai-hardware.md
 * §1.3). decode() accepts exactly the words llvm-mc-14 accepts (see
 * tests/iss/decode_conformance.c) and extracts every field, so the
 * disassembler and the executor never look at raw bits again. */
#ifndef MYRISIM_LANAI_DECODE_H
#define MYRISIM_LANAI_DECODE_H

#include <stdint.h>

typedef enum {
    LK_ILLEGAL = 0,
    LK_RI,       /* register/immediate ALU (incl. shifts) */
    LK_RR,       /* register/register ALU, predicated (incl. shifts) */
    LK_SEL,      /* sel.cc rs1, rs2, rd */
    LK_SPECIAL,  /* popc / leadz / trailz */
    LK_RM,       /* load/store rs1 +/- 16-bit displacement */
    LK_RRM,      /* load/store rs1 op rs2 */
    LK_SLS,      /* load/store absolute 21-bit address */
    LK_SLI,      /* mov imm21, rd */
    LK_SPLS,     /* part-word load/store, 10-bit displacement */
    LK_BR,       /* b<cc> absolute */
    LK_BRR,      /* b<cc>.r relative (never emitted by clang) */
    LK_SCC,      /* s<cc> rd */
} lanai_kind;

/* ALU operations; the first seven are the 3-bit encodings. */
typedef enum {
    ALU_ADD = 0, ALU_ADDC, ALU_SUB, ALU_SUBB, ALU_AND, ALU_OR, ALU_XOR,
    ALU_SH,      /* logical shift, amount signed: + left, - right */
    ALU_SHA,     /* arithmetic shift */
} lanai_alu;

typedef enum { SPC_POPC = 1, SPC_LEADZ = 2, SPC_TRAILZ = 3 } lanai_special;

/* Register numbers with a fixed role. */
enum { LR_R0 = 0, LR_R1 = 1, LR_PC = 2, LR_SP = 4, LR_FP = 5, LR_RCA = 15 };

typedef struct lanai_fields {
    uint8_t kind;      /* lanai_kind */
    uint8_t alu;       /* lanai_alu: ALU op (RI/RR) or address op (RRM) */
    uint8_t rd, rs1, rs2;
    uint8_t cond;      /* DDDI, 0..15 (RR predicate, sel, BR, BRR, SCC) */
    uint8_t f;         /* .f: update flags */
    uint8_t h;         /* RI: immediate in the high half */
    uint8_t store;     /* memory: 1 = store */
    uint8_t size;      /* memory: 1, 2 or 4 bytes */
    uint8_t zext;      /* part-word load: zero-extend */
    uint8_t p, q;      /* memory: addressing mode bits */
    uint8_t special;   /* lanai_special */
    uint8_t jjjjj;     /* RR/RRM JJJJJ field, for the disassembler */
    uint32_t imm;      /* RI: expanded 32-bit operand (shift: signed amount);
                          RM/SPLS: sign-extended displacement; SLS: address;
                          SLI: value; BR: target; BRR: signed byte offset */
    uint16_t imm16;    /* raw low 16 bits (disassembly of RI) */
} lanai_fields;

/* Decode one word. Returns 1 if LLVM 14 accepts it, 0 (kind = LK_ILLEGAL) if not. */
int lanai_decode(uint32_t w, lanai_fields *f);

/* Names used by the disassembler and traces. */
const char *lanai_reg_name(int r);
const char *lanai_cond_name(int cond);

#endif
