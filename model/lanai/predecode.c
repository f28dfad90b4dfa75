/* Turns decoded fields into the executor's compact record: picks a fast
 * handler for the forms clang emits, leaves everything else (writes to pc,
 * writeback to r0/r1/pc, rare addressing forms) to the generic executor,
 * and precomputes the static cycle cost and the source-register mask. */
#include "core_internal.h"

static uint32_t bit(int r) { return 1u << r; }

/* Registers an instruction reads (for the load-use interlock). */
static uint32_t source_mask(const lanai_fields *f)
{
    switch (f->kind) {
    case LK_RI: case LK_SPECIAL: return bit(f->rs1);
    case LK_RR: case LK_SEL: return bit(f->rs1) | bit(f->rs2);
    case LK_RM: case LK_SPLS: return bit(f->rs1) | (f->store ? bit(f->rd) : 0);
    case LK_RRM: return bit(f->rs1) | bit(f->rs2) | (f->store ? bit(f->rd) : 0);
    case LK_SLS: return f->store ? bit(f->rd) : 0;
    default: return 0;
    }
}

static int writes_pc(const lanai_fields *f)
{
    switch (f->kind) {
    case LK_BR: case LK_BRR: return 0;
    case LK_RM: case LK_RRM: case LK_SPLS:
        if (f->q && f->rs1 == LR_PC) return 1;       /* base writeback */
        return !f->store && f->rd == LR_PC;
    case LK_SLS: return !f->store && f->rd == LR_PC;
    default: return f->rd == LR_PC;
    }
}

static uint8_t dest(int r) { return (uint8_t)(r <= LR_R1 ? LREG_SINK : r); }

static lanai_handler pick_ri(const lanai_fields *f, lanai_dec *d)
{
    d->x = f->alu;
    if (f->f) return f->alu == ALU_SUB ? H_SUBFI : H_ALUFI;
    if ((f->alu == ALU_ADD || f->alu == ALU_OR) && f->rs1 == LR_R0) return H_MOVI;
    if (f->alu == ALU_AND && f->rs1 == LR_R1) return H_MOVI;
    int32_t amt = (int32_t)f->imm;
    switch (f->alu) {
    case ALU_ADD: return H_ADDI;
    case ALU_SUB: return f->rd == LR_SP ? H_SPSUBI : H_SUBI;
    case ALU_AND: return H_ANDI;
    case ALU_OR: return H_ORI;
    case ALU_XOR: return H_XORI;
    case ALU_SH: case ALU_SHA:
        if (amt >= 1 && amt <= 31) return H_SHLI;
        if (amt <= -1 && amt >= -31) {
            d->imm = (uint32_t)-amt;
            return f->alu == ALU_SH ? H_SHRI : H_SARI;
        }
        return H_ALUI;
    default: return H_ALUI;
    }
}

static lanai_handler pick_rr(const lanai_fields *f, lanai_dec *d)
{
    d->x = f->alu;
    if (f->cond != 0 || (f->f && f->alu != ALU_SUB)) {
        d->x = (uint8_t)(f->alu | (f->f << 4));    /* ALU op and .f */
        return H_ALURX;
    }
    if (f->f) return H_SUBFR;
    switch (f->alu) {
    case ALU_ADD: return H_ADDR;
    case ALU_SUB: return f->rd == LR_SP ? H_SPSUBR : H_SUBR;
    case ALU_AND: return H_ANDR;
    case ALU_OR: return H_ORR;
    case ALU_XOR: return H_XORR;
    case ALU_SH: return H_SHR;
    case ALU_SHA: return H_SHAR;
    default: return H_ALUR;
    }
}

static lanai_handler pick_mem(const lanai_fields *f, lanai_dec *d)
{
    int wb = f->q != 0;
    if (wb && f->rs1 <= LR_R1) return H_GENERIC;   /* writeback to r0/r1 is discarded */
    d->imm = f->p ? f->imm : 0;                     /* P=0: address is rs1 */
    switch (f->kind) {
    case LK_RM:
        if (!wb) return f->store ? H_STW_D : H_LDW_D;
        if (f->p && f->store) return H_STW_PRE;
        if (!f->p && !f->store) { d->imm = f->imm; return H_LDW_POST; }
        return H_GENERIC;
    case LK_RRM:
        if (wb || f->size != 4 || f->alu != ALU_ADD) return H_GENERIC;
        if (!f->p) { d->imm = 0; return f->store ? H_STW_D : H_LDW_D; }
        return f->store ? H_STW_RR : H_LDW_RR;
    case LK_SPLS:
        if (wb) return H_GENERIC;
        d->x = f->zext;
        if (f->size == 2) return f->store ? H_STH_D : H_LDH_D;
        return f->store ? H_STB_D : H_LDB_D;
    default: /* SLS: the two low address bits are ignored (§1.3) */
        d->imm = f->imm & ~3u;
        return f->store ? H_STW_ABS : H_LDW_ABS;
    }
}

static uint32_t static_cost(const lanai_profile *p, const lanai_fields *f)
{
    uint32_t cost = p->cpi_base;
    switch (f->kind) {
    case LK_RM: case LK_RRM: case LK_SLS: case LK_SPLS:
        if (!f->store) cost += p->load_wait;
        else cost += f->size == 4 ? p->store_wait : p->partword_store_wait;
        break;
    default: break;
    }
    return cost;
}

void lanai_predecode(const lanai_core *c, uint32_t w, lanai_dec *d)
{
    lanai_fields f;
    memset(d, 0, sizeof *d);
    uint32_t cost = c->prof->cpi_base;
    if (!lanai_decode(w, &f)) {
        d->h = H_ILLEGAL;
        d->cost = (uint8_t)cost;
        return;
    }
    cost = static_cost(c->prof, &f);
    d->cost = (uint8_t)(cost > 255 ? 255 : cost);
    d->src = source_mask(&f);
    d->rs1 = f.rs1;
    d->rs2 = f.rs2;
    d->cc = f.cond;
    d->imm = f.imm;
    int is_store = (f.kind == LK_RM || f.kind == LK_RRM || f.kind == LK_SLS || f.kind == LK_SPLS) && f.store;
    d->rd = is_store ? f.rd : dest(f.rd);

    lanai_handler h;
    if (writes_pc(&f)) {
        h = (f.kind == LK_RM && !f.store && !f.q) ? H_RET : H_GENERIC;
        if (h == H_RET) d->imm = f.p ? f.imm : 0;
    } else {
        switch (f.kind) {
        case LK_RI: h = pick_ri(&f, d); break;
        case LK_RR: h = pick_rr(&f, d); break;
        case LK_SEL: h = H_SEL; break;
        case LK_SCC: h = H_SCC; break;
        case LK_SPECIAL: h = f.special == SPC_POPC ? H_POPC : f.special == SPC_LEADZ ? H_LEADZ : H_TRAILZ; break;
        case LK_SLI: h = H_MOVI; break;
        case LK_BR: h = f.cond == 0 ? H_BT : H_BCC; break;
        case LK_BRR: h = H_GENERIC; break;
        default: h = pick_mem(&f, d); break;
        }
    }
    /* Reading pc yields this instruction's address: a stub sets R[pc] first. */
    if (h != H_GENERIC && (d->src & bit(LR_PC))) {
        d->y = (uint8_t)h;   /* no handler that reads pc uses y itself */
        h = H_READPC;
    }
    d->h = (uint8_t)h;
}
