/* Disassembler in LLVM 14's syntax (as printed by llvm-objdump-14 -d), so
 * traces and fault reports read like the firmware's objdump listing.
 * Branch targets print as plain hex (objdump appends "<sym+off>"). */
#include "lanai.h"
#include "decode.h"

#include <stdarg.h>
#include <stdio.h>

typedef struct { char *p; size_t left; } sbuf;

static void put(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(sbuf *b, const char *fmt, ...)
{
    if (b->left == 0) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->p, b->left, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    size_t used = (size_t)n < b->left ? (size_t)n : b->left - 1;
    b->p += used;
    b->left -= used;
}

/* LLVM's formatHex: "0x1f", "-0x18". */
static void hex(sbuf *b, int64_t v)
{
    if (v < 0) put(b, "-0x%llx", (unsigned long long)-v);
    else put(b, "0x%llx", (unsigned long long)v);
}

static const char *alu_name(int alu)
{
    static const char *const n[9] = {"add", "addc", "sub", "subb", "and", "or", "xor", "sh", "sha"};
    return n[alu];
}

static const char *reg(int r) { return lanai_reg_name(r); }

static void dis_ri(sbuf *b, uint32_t w, const lanai_fields *f)
{
    int64_t shown;
    if (f->alu >= ALU_SH) shown = (int32_t)f->imm;
    else if (f->alu == ALU_AND) shown = f->imm;
    else shown = f->h ? (int64_t)f->imm16 << 16 : f->imm16;
    if (w >= 1 && w <= 6) {            /* fixed encodings: nop, log_0..log_4 */
        put(b, w == 1 ? "nop" : "log_%u", w - 2);
        return;
    }
    int is_mov = !f->f && ((f->alu == ALU_ADD && f->rs1 == LR_R0) ||
                           (f->alu == ALU_AND && f->rs1 == LR_R1));
    if (is_mov) {
        put(b, "mov ");
        hex(b, shown);
        put(b, ", %%%s", reg(f->rd));
        return;
    }
    put(b, "%s%s %%%s, ", alu_name(f->alu), f->f ? ".f" : "", reg(f->rs1));
    hex(b, shown);
    put(b, ", %%%s", reg(f->rd));
}

static void dis_rr(sbuf *b, const lanai_fields *f)
{
    const char *cc = lanai_cond_name(f->cond);
    if (f->alu == ALU_ADD && !f->f && f->rs2 == LR_R0 && f->cond == 0) {
        put(b, "mov %%%s, %%%s", reg(f->rs1), reg(f->rd));
        return;
    }
    if (f->alu == ALU_OR && !f->f && f->rd == LR_PC) {   /* indirect branches */
        if (f->rs1 == LR_R0 && f->cond == 0) put(b, "bt %%%s", reg(f->rs2));
        else if (f->rs2 == LR_R0) put(b, "b%s %%%s", cc, reg(f->rs1));
        else put(b, "b%s %%%s add %%%s", cc, reg(f->rs1), reg(f->rs2));
        return;
    }
    put(b, "%s%s", alu_name(f->alu), f->f ? ".f" : "");
    if (f->cond) put(b, ".%s", cc);
    put(b, " %%%s, %%%s, %%%s", reg(f->rs1), reg(f->rs2), reg(f->rd));
}

/* Memory operand of RM/SPLS: "[++%r]" aliases when the offset is the access
 * size, else "off[%r]" with '*' marking pre ("[*%r]") or post ("[%r*]"). */
static void mem_ri(sbuf *b, const lanai_fields *f)
{
    int32_t off = (f->p || f->q) ? (int32_t)f->imm : 0;
    int pre = f->p && f->q, post = !f->p && f->q;
    if ((pre || post) && (off == f->size || off == -(int32_t)f->size)) {
        const char *op = off < 0 ? "--" : "++";
        if (pre) put(b, "[%s%%%s]", op, reg(f->rs1));
        else put(b, "[%%%s%s]", reg(f->rs1), op);
        return;
    }
    put(b, "%d[%s%%%s%s]", off, pre ? "*" : "", reg(f->rs1), post ? "*" : "");
}

static void mem_rr(sbuf *b, const lanai_fields *f)
{
    int pre = f->p && f->q, post = !f->p && f->q;
    int rs2 = (f->p || f->q) ? f->rs2 : LR_R0;
    put(b, "[%s%%%s%s %s %%%s]", pre ? "*" : "", reg(f->rs1), post ? "*" : "",
        alu_name(f->alu), reg(rs2));
}

static const char *mem_mnemonic(const lanai_fields *f)
{
    if (f->store) return f->size == 4 ? "st" : f->size == 2 ? "st.h" : "st.b";
    if (f->size == 4) return f->zext ? "uld" : "ld";
    if (f->size == 2) return f->zext ? "uld.h" : "ld.h";
    return f->zext ? "uld.b" : "ld.b";
}

static void dis_mem(sbuf *b, uint32_t w, const lanai_fields *f)
{
    if (w == 0x8116FFFCu) {           /* LLVM's RET encoding */
        put(b, "ld -4[%%fp], %%pc ! return");
        return;
    }
    /* RM word loads always print as "ld" (LLVM's alias of its "uld" RI form) */
    const char *mn = f->kind == LK_RM ? (f->store ? "st" : "ld") : mem_mnemonic(f);
    put(b, "%s ", mn);
    if (f->store) put(b, "%%%s, ", reg(f->rd));
    if (f->kind == LK_RRM) mem_rr(b, f);
    else if (f->kind == LK_SLS) { put(b, "["); hex(b, f->imm); put(b, "]"); }
    else mem_ri(b, f);
    if (!f->store) put(b, ", %%%s", reg(f->rd));
}

void lanai_disasm(uint32_t word, uint32_t pc, char *buf, size_t len)
{
    (void)pc;   /* LLVM prints absolute targets; kept for relative forms */
    sbuf b = {buf, len};
    if (len) buf[0] = 0;
    lanai_fields f;
    if (!lanai_decode(word, &f)) {
        put(&b, "<unknown>");
        return;
    }
    static const char *const special[4] = {"?", "popc", "leadz", "trailz"};
    switch (f.kind) {
    case LK_RI: dis_ri(&b, word, &f); break;
    case LK_RR: dis_rr(&b, &f); break;
    case LK_SEL:
        put(&b, "sel.%s %%%s, %%%s, %%%s", lanai_cond_name(f.cond), reg(f.rs1), reg(f.rs2), reg(f.rd));
        break;
    case LK_SPECIAL: put(&b, "%s %%%s, %%%s", special[f.special], reg(f.rs1), reg(f.rd)); break;
    case LK_RM: case LK_RRM: case LK_SLS: case LK_SPLS: dis_mem(&b, word, &f); break;
    case LK_SLI: put(&b, "mov "); hex(&b, f.imm); put(&b, ", %%%s", reg(f.rd)); break;
    case LK_BR:
        put(&b, "b%s ", lanai_cond_name(f.cond));
        hex(&b, f.imm);
        break;
    case LK_BRR:
        put(&b, "b%s.r ", lanai_cond_name(f.cond));
        hex(&b, word & 0xFFFC);
        break;
    case LK_SCC: put(&b, "s%s %%%s", lanai_cond_name(f.cond), reg(f.rd)); break;
    default: put(&b, "<unknown>"); break;
    }
}
