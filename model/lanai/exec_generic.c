/* One instruction with the complete semantics of §1.5-§1.8, straight from
 * the decoded fields. The fast loop sends here every form it does not
 * specialise: writes to pc (delay slots), writeback to r0/r1/pc, BRR,
 * pre-increment loads, RRM with other address operators or part words. */
#include "core_internal.h"

/* Write a result register; pc means a control transfer. */
static void write_reg(lanai_core *c, uint32_t pc, int r, uint32_t v, int slots)
{
    if (r <= LR_R1) return;
    if (r == LR_PC) lanai_transfer(c, pc, v, slots);
    else c->R[r] = v;
}

static uint32_t extend(uint32_t v, int size, int zext)
{
    if (zext || size == 4) return v;
    return size == 2 ? (uint32_t)(int32_t)(int16_t)v : (uint32_t)(int32_t)(int8_t)v;
}

static int exec_mem(lanai_core *c, uint32_t pc, const lanai_fields *f)
{
    uint32_t *R = c->R;
    uint32_t base = R[f->rs1], ea, newbase;
    if (f->kind == LK_SLS) {
        ea = newbase = f->imm & ~3u;
    } else {
        if (f->kind == LK_RRM) {
            uint32_t scratch = c->flags;   /* the address ALU never sets flags */
            newbase = alu_exec(&scratch, f->alu, base, R[f->rs2], 0, 0);
        } else {
            newbase = base + f->imm;
        }
        ea = f->p ? newbase : base;
    }
    int wb = f->kind != LK_SLS && f->q;
    if (f->store) {
        uint32_t v = R[f->rd];   /* read before any writeback */
        if (lanai_mem_write(c, pc, ea, f->size, v) < 0) return -1;
        if (wb) write_reg(c, pc, f->rs1, newbase, 1);
        return 0;
    }
    uint32_t v;
    if (lanai_mem_read(c, pc, ea, f->size, &v) < 0) return -1;
    if (wb) write_reg(c, pc, f->rs1, newbase, 1);
    v = extend(v, f->size, f->zext);
    if (f->rd == LR_PC) {
        lanai_transfer(c, pc, v, 2);          /* loads into pc: two delay slots */
        c->cycles += c->prof->pc_load;
    } else {
        write_reg(c, pc, f->rd, v, 2);        /* rd == rs1: the loaded value wins */
        if (f->rd > LR_R1) c->ldpend = 1u << f->rd;
    }
    return 0;
}

int lanai_exec_generic(lanai_core *c, uint32_t pc)
{
    lanai_fields f;
    uint32_t *R = c->R;
    if (!lanai_decode(be32(c->sram + pc), &f)) {
        lanai_raise(c, FAULT_ILLEGAL, pc, pc, NULL);
        return -1;
    }
    R[LR_PC] = pc;              /* reading pc yields this instruction's address */
    c->ldpend = 0;
    switch (f.kind) {
    case LK_RI:
        write_reg(c, pc, f.rd, alu_exec(&c->flags, f.alu, R[f.rs1], f.imm, f.f, 1), 1);
        break;
    case LK_RR:
        if (cond_true(c->flags, f.cond))
            write_reg(c, pc, f.rd, alu_exec(&c->flags, f.alu, R[f.rs1], R[f.rs2], f.f, 0), 1);
        break;
    case LK_SEL:
        write_reg(c, pc, f.rd, cond_true(c->flags, f.cond) ? R[f.rs1] : R[f.rs2], 1);
        break;
    case LK_SCC:
        write_reg(c, pc, f.rd, (uint32_t)cond_true(c->flags, f.cond), 1);
        break;
    case LK_SPECIAL: {
        uint32_t v = R[f.rs1], r;
        if (f.special == SPC_POPC) r = (uint32_t)__builtin_popcount(v);
        else if (f.special == SPC_LEADZ) r = v ? (uint32_t)__builtin_clz(v) : 32;
        else r = v ? (uint32_t)__builtin_ctz(v) : 32;
        write_reg(c, pc, f.rd, r, 1);
        break;
    }
    case LK_SLI:
        write_reg(c, pc, f.rd, f.imm, 2);     /* "timing same as RM" */
        break;
    case LK_BR:
        if (cond_true(c->flags, f.cond)) lanai_transfer(c, pc, f.imm, 1);
        break;
    case LK_BRR:   /* PROPOSED: relative to the BRR itself */
        if (cond_true(c->flags, f.cond)) lanai_transfer(c, pc, pc + f.imm, 1);
        break;
    default:
        return exec_mem(c, pc, &f);
    }
    return 0;
}
