/* Faults, the fault report and the per-instruction trace line. */
#include "core_internal.h"
#include "pcprof.h"
#include "symtab.h"

#include <stdio.h>

void lanai_raise(lanai_core *c, lanai_fault_cause cause, uint32_t pc, uint32_t addr, const char *msg)
{
    c->state = LANAI_FAULTED;
    c->fault.cause = cause;
    c->fault.pc = pc;
    c->fault.insn = (pc < c->sram_size && !(pc & 3)) ? be32(c->sram + pc) : 0;
    c->fault.addr = addr;
    snprintf(c->fault.msg, sizeof c->fault.msg, "%s", msg ? msg : "");
}

void lanai_stack_fault(lanai_core *c, uint32_t pc, uint32_t old, uint32_t new_sp)
{
    char msg[160];
    snprintf(msg, sizeof msg, "%s lowers sp from 0x%08x to 0x%08x, below the stack limit 0x%08x (the image ends at 0x%08x)",
             lanai_symbolize(c, pc, NULL), old, new_sp, c->stack_limit, c->image_end);
    lanai_raise(c, FAULT_STACK, pc, new_sp, msg);
}

void lanai_write_fault(lanai_core *c, uint32_t pc, uint32_t addr)
{
    char msg[160];
    snprintf(msg, sizeof msg, "%s stores to 0x%08x, inside .text/.rodata (read-only image ends at 0x%08x)",
             lanai_symbolize(c, pc, NULL), addr, c->ro_end);
    lanai_raise(c, FAULT_WRITE_TEXT, pc, addr, msg);
}

static const char *cause_text(lanai_fault_cause cause)
{
    switch (cause) {
    case FAULT_ILLEGAL: return "illegal instruction (encoding not accepted by LLVM 14)";
    case FAULT_BUS: return "bus error: no SRAM or device at the address";
    case FAULT_MISALIGNED: return "misaligned access";
    case FAULT_FETCH: return "instruction fetch outside SRAM or from a misaligned pc";
    case FAULT_ASSERT: return "firmware assertion failed";
    case FAULT_DEVICE: return "a device refused the access";
    case FAULT_STACK: return "stack overflow: the stack grew into .bss/.data (or the heap)";
    case FAULT_WRITE_TEXT: return "store into the read-only image (.text/.rodata) under the write check";
    default: return "no fault";
    }
}

const char *lanai_symbolize(const lanai_core *c, uint32_t addr, uint32_t *off)
{
    const lanai_sym *s = lanai_symtab_find(c->syms, addr);
    if (off) *off = s ? addr - s->addr : 0;
    return s ? s->name : "?";
}

static void where(const lanai_core *c, uint32_t addr, char *buf, size_t len)
{
    uint32_t off;
    const char *name = lanai_symbolize(c, addr, &off);
    if (name[0] == '?') snprintf(buf, len, "?");
    else snprintf(buf, len, "%s+0x%x", name, off);
}

void lanai_report_fault(const lanai_core *c, FILE *out)
{
    const lanai_fault *f = &c->fault;
    char fn[96], dis[96];
    if (c->state != LANAI_FAULTED) {
        fprintf(out, "%s: no fault\n", c->prof->name);
        return;
    }
    where(c, f->pc, fn, sizeof fn);
    fprintf(out, "LANai fault on %s (%llu MHz core)\n", c->prof->name,
            (unsigned long long)(c->prof->clock_hz / 1000000));
    fprintf(out, "  cause:       %s\n", cause_text(f->cause));
    fprintf(out, "  pc:          0x%08x  %s\n", f->pc, fn);
    if (f->cause == FAULT_FETCH) {
        fprintf(out, "  instruction: (none: pc is not a word in SRAM of 0x%x bytes)\n", c->sram_size);
        where(c, c->xfer_from, fn, sizeof fn);   /* how it got there: the last jump */
        fprintf(out, "  last jump:   0x%08x  %s\n", c->xfer_from, fn);
    } else {
        lanai_disasm(f->insn, f->pc, dis, sizeof dis);
        fprintf(out, "  instruction: 0x%08x  %s\n", f->insn, dis);
    }
    if (f->cause != FAULT_ILLEGAL) fprintf(out, "  address:     0x%08x\n", f->addr);
    if (f->msg[0]) fprintf(out, "  message:     %s\n", f->msg);
    fprintf(out, "  at cycle %llu after %llu instructions\n",
            (unsigned long long)c->cycles, (unsigned long long)c->insns);
}

void lanai_trace_line(lanai_core *c, uint32_t pc)
{
    if (c->pcprof) {
        lanai_pcprof_tick(c, pc);
        if (!c->trace) return;
    }
    char fn[96], dis[96];
    uint32_t w = (pc < c->sram_size && !(pc & 3)) ? be32(c->sram + pc) : 0;
    where(c, pc, fn, sizeof fn);
    lanai_disasm(w, pc, dis, sizeof dis);
    fprintf(c->trace, "%12llu %08x %-24s %08x  %s\n", (unsigned long long)c->cycles, pc, fn, w, dis);
}
