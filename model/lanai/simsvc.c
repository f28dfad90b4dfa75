/* The simulator-services window (firmware/hal/simsvc.h), handled inside the
 * core so firmware can print, stop, assert and mark on any NI model. */
#include "core_internal.h"
#include "../../firmware/hal/simsvc.h"

#include <stdio.h>
#include <stdlib.h>

int lanai_simsvc_read(lanai_core *c, uint32_t pc, uint32_t addr, uint32_t *val)
{
    (void)pc;
    switch (addr) {
    case SIMSVC_CYCLE_LO: /* reading LO latches HI, so LO-then-HI is consistent */
        c->cycle_hi_latch = (uint32_t)(c->cycles >> 32);
        *val = (uint32_t)c->cycles;
        return 0;
    case SIMSVC_CYCLE_HI: *val = c->cycle_hi_latch; return 0;
    case SIMSVC_INSN_LO:
        c->insn_hi_latch = (uint32_t)(c->insns >> 32);
        *val = (uint32_t)c->insns;
        return 0;
    case SIMSVC_INSN_HI: *val = c->insn_hi_latch; return 0;
    default: *val = 0; return 0;   /* write-only registers read as 0 */
    }
}

static void add_mark(lanai_core *c, uint32_t id)
{
    if (c->nmarks == c->capmarks) {
        int cap = c->capmarks ? c->capmarks * 2 : 64;
        lanai_mark *m = realloc(c->marks, (size_t)cap * sizeof *m);
        if (!m) return;   /* out of memory: drop the mark rather than crash */
        c->marks = m;
        c->capmarks = cap;
    }
    c->marks[c->nmarks++] = (lanai_mark){id, c->cycles, c->insns};
}

static int firmware_assert(lanai_core *c, uint32_t pc, uint32_t at)
{
    char msg[sizeof c->fault.msg];
    size_t n = 0;
    if (at >= c->sram_size) {
        snprintf(msg, sizeof msg, "(message address 0x%08x is outside SRAM)", at);
    } else {
        while (n < sizeof msg - 1 && at + n < c->sram_size && c->sram[at + n]) {
            msg[n] = (char)c->sram[at + n];
            n++;
        }
        msg[n] = 0;
    }
    lanai_raise(c, FAULT_ASSERT, pc, at, msg);
    return -1;
}

int lanai_simsvc_write(lanai_core *c, uint32_t pc, uint32_t addr, uint32_t val)
{
    switch (addr) {
    case SIMSVC_PUTCHAR:
        if (c->console) fputc((int)(val & 0xFF), c->console);
        if (c->console_hook) c->console_hook(c->console_ctx, c, (int)(val & 0xFF));
        return 0;
    case SIMSVC_EXIT:
        c->exit_code = (int)val;
        c->state = LANAI_HALTED;
        return 0;
    case SIMSVC_ASSERT:
        return firmware_assert(c, pc, val);
    case SIMSVC_MARK:
        add_mark(c, val);
        return 0;
    default:
        return 0;   /* counter registers are read-only; writes are ignored */
    }
}
