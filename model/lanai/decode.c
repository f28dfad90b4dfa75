/* Strict Lanai decoder: the acceptance rules are those of LLVM 14's
 * disassembler (lanai-hardware.md §1.3), checked word by word against
 * llvm-objdump-14 in tests/iss/decode_conformance.c. */
#include "decode.h"

#include <string.h>

static uint32_t bits(uint32_t w, int hi, int lo)
{
    return (w >> lo) & ((1u << (hi - lo + 1)) - 1u);
}

static uint32_t sext(uint32_t v, int nbits)
{
    uint32_t m = 1u << (nbits - 1);
    return (v ^ m) - m;
}

static int illegal(lanai_fields *f)
{
    f->kind = LK_ILLEGAL;
    return 0;
}

static int decode_ri(uint32_t w, lanai_fields *f)
{
    uint32_t op = bits(w, 30, 28), imm16 = w & 0xFFFF;
    f->kind = LK_RI;
    f->h = (uint8_t)bits(w, 16, 16);
    if (op == 7) {
        f->alu = f->h ? ALU_SHA : ALU_SH;
        f->imm = sext(imm16, 16);
    } else {
        f->alu = (uint8_t)op;
        if (op == ALU_AND) /* AND fills the other half with ones */
            f->imm = f->h ? (imm16 << 16) | 0xFFFFu : 0xFFFF0000u | imm16;
        else
            f->imm = f->h ? imm16 << 16 : imm16;
    }
    return 1;
}

/* Size and extension of an RRM access from Y L E; 0 if LLVM rejects it. */
static int rrm_size(lanai_fields *f, uint32_t yle)
{
    static const uint8_t size[8] = {2, 2, 4, 4, 1, 1, 0, 0};
    if (yle > 5) return 0;
    if (f->store && (yle & 1)) return 0;
    f->size = size[yle];
    f->zext = (uint8_t)(yle & 1);
    return 1;
}

static int decode_rrm(uint32_t w, lanai_fields *f)
{
    f->kind = LK_RRM;
    f->store = (uint8_t)bits(w, 28, 28);
    f->p = (uint8_t)bits(w, 17, 17);
    f->q = (uint8_t)bits(w, 16, 16);
    f->rs2 = (uint8_t)bits(w, 15, 11);
    f->jjjjj = (uint8_t)bits(w, 7, 3);
    uint32_t bbb = bits(w, 10, 8);
    if (bbb == 7) {
        /* LLVM reads only JJJJJ[3:0]: 0 -> sh, 8 -> sha. Other values pass
         * its decoder but have no meaning (its printer aborts on them), so
         * no assembler can produce them: we treat them as illegal. */
        if (f->jjjjj & 7) return illegal(f);
        f->alu = (f->jjjjj & 8) ? ALU_SHA : ALU_SH;
    } else {
        f->alu = (uint8_t)bbb;
    }
    if (!rrm_size(f, w & 7)) return illegal(f);
    return 1;
}

static int decode_rr(uint32_t w, lanai_fields *f)
{
    uint32_t bbb = bits(w, 10, 8);
    f->rs2 = (uint8_t)bits(w, 15, 11);
    f->jjjjj = (uint8_t)bits(w, 7, 3);
    f->cond = (uint8_t)((bits(w, 2, 0) << 1) | bits(w, 16, 16));
    if (bbb < 7) {
        if (f->jjjjj) return illegal(f);
        f->kind = LK_RR;
        f->alu = (uint8_t)bbb;
        return 1;
    }
    switch (f->jjjjj) {
    case 0x00:
        if (f->f) return illegal(f);   /* sel has no .f form */
        f->kind = LK_SEL;
        return 1;
    case 0x10: f->kind = LK_RR; f->alu = ALU_SH; return 1;
    case 0x18: f->kind = LK_RR; f->alu = ALU_SHA; return 1;
    default: return illegal(f);
    }
}

static int decode_special(uint32_t w, lanai_fields *f)
{
    uint32_t op = w & 7;
    if (f->f || bits(w, 16, 3) != 0 || op < 1 || op > 3) return illegal(f);
    f->kind = LK_SPECIAL;
    f->special = (uint8_t)op;
    return 1;
}

static int decode_branch(uint32_t w, lanai_fields *f)
{
    f->cond = (uint8_t)((bits(w, 27, 25) << 1) | (w & 1));
    if (!(w & 2)) {
        f->kind = LK_BR;
        f->imm = w & 0x01FFFFFCu;
        return 1;
    }
    if (w & (1u << 24)) {
        if (bits(w, 23, 16) != 0) return illegal(f);   /* bit 23, Rs1, bits 17:16 */
        f->kind = LK_BRR;
        f->imm = sext(w & 0xFFFCu, 16);
        return 1;
    }
    if (bits(w, 23, 23) != 0 || bits(w, 17, 2) != 0) return illegal(f);
    f->kind = LK_SCC;
    f->rd = f->rs1;              /* the destination sits in the Rs1 field */
    return 1;
}

static int decode_f(uint32_t w, lanai_fields *f)
{
    uint32_t mode = bits(w, 17, 16);
    if (mode != 3) {
        f->imm = (bits(w, 22, 18) << 16) | (w & 0xFFFF);
        if (mode == 2) {
            f->kind = LK_SLI;
        } else {
            f->kind = LK_SLS;
            f->store = (uint8_t)mode;
            f->size = 4;
        }
        return 1;
    }
    if (w & (1u << 15)) return illegal(f);
    f->kind = LK_SPLS;
    f->size = bits(w, 14, 14) ? 1 : 2;
    f->store = (uint8_t)bits(w, 13, 13);
    f->zext = (uint8_t)bits(w, 12, 12);
    if (f->store && f->zext) return illegal(f);
    f->p = (uint8_t)bits(w, 11, 11);
    f->q = (uint8_t)bits(w, 10, 10);
    f->imm = sext(w & 0x3FF, 10);
    return 1;
}

int lanai_decode(uint32_t w, lanai_fields *f)
{
    memset(f, 0, sizeof *f);
    f->rd = (uint8_t)bits(w, 27, 23);
    f->rs1 = (uint8_t)bits(w, 22, 18);
    f->f = (uint8_t)bits(w, 17, 17);
    f->imm16 = (uint16_t)(w & 0xFFFF);
    switch (w >> 28) {
    case 0x0: case 0x1: case 0x2: case 0x3:
    case 0x4: case 0x5: case 0x6: case 0x7:
        return decode_ri(w, f);
    case 0x8: case 0x9:
        f->kind = LK_RM;
        f->store = (uint8_t)bits(w, 28, 28);
        f->size = 4;
        f->p = (uint8_t)bits(w, 17, 17);
        f->q = (uint8_t)bits(w, 16, 16);
        f->imm = sext(w & 0xFFFF, 16);
        return 1;
    case 0xA: case 0xB:
        return decode_rrm(w, f);
    case 0xC:
        return decode_rr(w, f);
    case 0xD:
        return decode_special(w, f);
    case 0xE:
        return decode_branch(w, f);
    default:
        return decode_f(w, f);
    }
}

const char *lanai_reg_name(int r)
{
    static const char *const names[32] = {
        "r0", "r1", "pc", "r3", "sp", "fp", "r6", "r7",
        "rv", "r9", "rr1", "rr2", "r12", "r13", "r14", "rca",
        "r16", "r17", "r18", "r19", "r20", "r21", "r22", "r23",
        "r24", "r25", "r26", "r27", "r28", "r29", "r30", "r31"};
    return (r >= 0 && r < 32) ? names[r] : "r?";
}

const char *lanai_cond_name(int cond)
{
    static const char *const names[16] = {
        "t", "f", "ugt", "ule", "ult", "uge", "ne", "eq",
        "vc", "vs", "pl", "mi", "ge", "lt", "gt", "le"};
    return (cond >= 0 && cond < 16) ? names[cond] : "<und>";
}
