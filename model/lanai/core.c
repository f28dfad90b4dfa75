/* Core lifecycle and accessors. The interpreter is in exec.c. */
#include "core_internal.h"
#include "pcprof.h"
#include "symtab.h"

#include <stddef.h>
#include <stdlib.h>

/* lanai_cond_table[cc] has bit f set when condition cc (DDDI, §1.6) holds
 * for the flag value f = Z<<3 | N<<2 | V<<1 | C. Generated from the table in
 * §1.6; tests/iss/test_flags.c checks every entry by executing branches. */
const uint16_t lanai_cond_table[16] = {
    0xFFFF, 0x0000, 0x00AA, 0xFF55, 0x5555, 0xAAAA, 0x00FF, 0xFF00,
    0x3333, 0xCCCC, 0x0F0F, 0xF0F0, 0xC3C3, 0x3C3C, 0x00C3, 0xFF3C,
};

_Static_assert(offsetof(lanai_core, q2) + sizeof(uint32_t) <= 128, "the hot fields of lanai_core fill two lines");

lanai_core *lanai_new(const lanai_profile *p)
{
    if (!p || p->sram_size == 0 || (p->sram_size & 3)) return NULL;
    /* aligned: the fields every run reads fill two cache lines */
    lanai_core *c = aligned_alloc(64, (sizeof *c + 63) & ~(size_t)63);
    if (!c) return NULL;
    memset(c, 0, sizeof *c);
    c->prof = p;
    c->stall = p->load_use_stall;
    c->taken = p->taken_branch;
    c->sram_size = p->sram_size;
    c->ncpage = (p->sram_size >> CPAGE_SHIFT) + 1;
    /* calloc'd: pages of the decode table that are never executed are
     * never touched, so they cost no memory */
    c->sram = calloc(1, p->sram_size);
    c->dec = calloc((size_t)(p->sram_size >> 2) + 1, sizeof *c->dec);
    c->cpage = calloc(c->ncpage, 1);
    if (!c->sram || !c->dec || !c->cpage) {
        lanai_free(c);
        return NULL;
    }
    c->dec[p->sram_size >> 2].h = H_FETCHFAULT;   /* running off the end of SRAM */
    c->console = stdout;
    c->idle_on = 1;
    /* the write check for every core of any run (scenarios, cosim) */
    const char *wc = getenv("MYRISIM_LANAI_CHECK_WRITES");
    c->write_check = wc && *wc && strcmp(wc, "0") != 0;
    /* the reference for the fast paths' tests: every run the general way */
    const char *sp = getenv("MYRISIM_SLOW_PATHS");
    c->slow_paths = sp && *sp && strcmp(sp, "0") != 0;
    lanai_run_mode(c);
    lanai_reset(c);
    lanai_pcprof_env(c);
    return c;
}

void lanai_free(lanai_core *c)
{
    if (!c) return;
    lanai_pcprof_free(c);
    free(c->sram);
    free(c->dec);
    free(c->cpage);
    free(c->marks);
    lanai_symtab_free(c->syms);
    free(c);
}

void lanai_invalidate_all(lanai_core *c)
{
    for (uint32_t pg = 0; pg < c->ncpage; pg++) {
        if (!c->cpage[pg]) continue;
        uint32_t first = pg << (CPAGE_SHIFT - 2), n = 1u << (CPAGE_SHIFT - 2);
        if (first + n > (c->sram_size >> 2)) n = (c->sram_size >> 2) - first;
        memset(&c->dec[first], 0, n * sizeof *c->dec);
        c->cpage[pg] &= (uint8_t)~CPAGE_DECODED;   /* the write check's marks stay */
    }
}

void lanai_sram_written(lanai_core *c, uint32_t addr, uint32_t len)
{
    if (addr >= c->sram_size || len == 0) return;
    uint32_t end = len > c->sram_size - addr ? c->sram_size : addr + len;
    lanai_idle_drop(c);   /* an idle check may have read these words */
    /* page by page: decoded records are dropped only where a page holds
     * some (host DMA writes kilobytes of data pages that never do) */
    for (uint32_t a = addr & ~3u; a < end;) {
        uint32_t page_end = ((a >> CPAGE_SHIFT) + 1) << CPAGE_SHIFT, e = page_end < end ? page_end : end;
        if (c->cpage[a >> CPAGE_SHIFT]) memset(&c->dec[a >> 2], 0, ((e - a + 3) >> 2) * sizeof *c->dec);
        a = page_end;
    }
}

void lanai_reset(lanai_core *c)
{
    memset(c->R, 0, sizeof c->R);
    c->R[LR_R1] = 0xFFFFFFFFu;
    c->flags = 0;
    c->pc = 0;
    c->q1 = c->q2 = c->q3 = 0;
    c->xfer_from = 0;
    c->pend = 0;
    c->ldpend = 0;
    c->cycles = c->insns = 0;
    c->state = LANAI_RUNNING;
    c->exit_code = 0;
    memset(&c->fault, 0, sizeof c->fault);
    c->nmarks = 0;
    c->cycle_hi_latch = c->insn_hi_latch = 0;
    c->stop_req = 0;
    c->dev_msg[0] = 0;
    c->steal = 0;
    c->steal_until = 0;
    c->stolen = 0;
    c->parked = c->watching = 0;
    c->chk_on = 0;
    memset(&c->idle, 0, sizeof c->idle);
    lanai_set_idle_skip(c, c->idle_on);
    lanai_invalidate_all(c);
}

uint32_t lanai_image_end(const lanai_core *c) { return c->image_end; }

void lanai_set_stack_limit(lanai_core *c, uint32_t limit) { c->stack_limit = limit; }
uint32_t lanai_stack_limit(const lanai_core *c) { return c->stack_limit; }

void lanai_set_write_check(lanai_core *c, int on)
{
    c->write_check = on != 0;
    for (uint32_t pg = 0; pg < c->ncpage; pg++) {
        int ro = c->write_check && (pg << CPAGE_SHIFT) < c->ro_end;
        c->cpage[pg] = (uint8_t)((c->cpage[pg] & ~CPAGE_RO) | (ro ? CPAGE_RO : 0));
    }
}

uint8_t *lanai_sram(lanai_core *c) { return c->sram; }
uint32_t lanai_sram_size(const lanai_core *c) { return c->sram_size; }

void lanai_set_mmio(lanai_core *c, const lanai_mmio *m)
{
    if (m) { c->mmio = *m; c->has_mmio = 1; }
    else { memset(&c->mmio, 0, sizeof c->mmio); c->has_mmio = 0; }
}

void lanai_set_console(lanai_core *c, FILE *out) { c->console = out; }
void lanai_set_console_hook(lanai_core *c, lanai_console_hook fn, void *ctx)
{
    c->console_hook = fn;
    c->console_ctx = ctx;
}
void lanai_set_trace(lanai_core *c, FILE *out)
{
    c->trace = out;
    lanai_run_mode(c);
}

lanai_state lanai_state_of(const lanai_core *c) { return c->state; }
uint64_t lanai_cycles(const lanai_core *c) { return c->cycles; }
uint64_t lanai_insns(const lanai_core *c) { return c->insns; }
int lanai_exit_code(const lanai_core *c) { return c->exit_code; }
const lanai_fault *lanai_fault_info(const lanai_core *c) { return &c->fault; }
const lanai_profile *lanai_profile_of(const lanai_core *c) { return c->prof; }

uint32_t lanai_reg(const lanai_core *c, int r)
{
    if (r < 0 || r > 31) return 0;
    if (r == LR_PC) return c->pc;
    return c->R[r];
}

void lanai_set_reg(lanai_core *c, int r, uint32_t v)
{
    if (r <= LR_R1 || r > 31) return;
    lanai_idle_drop(c);
    if (r == LR_PC) { c->pc = v; c->pend = 0; return; }
    c->R[r] = v;
}

uint32_t lanai_pc(const lanai_core *c) { return c->pc; }
uint32_t lanai_flags(const lanai_core *c) { return c->flags; }

const lanai_mark *lanai_marks(const lanai_core *c, int *n)
{
    if (n) *n = c->nmarks;
    return c->marks;
}
