/* Idle-loop skipping (DESIGN.md "Time", docs/network.md). Firmware spends
 * most cycles polling. Every few slices of a run (more rarely while checks
 * keep failing) lanai_run checks whether the core sits in an idle loop:
 *   seek:   run in the watching loop up to the next backward taken branch;
 *   verify: snapshot the architectural state, run exactly one more
 *           iteration, snapshot again.
 * If that iteration made no store and no device write, ended at the same
 * branch, and left every register, the flags, the delay-slot queue and the
 * load interlock as they were, each further iteration is the same
 * computation on the same inputs: SRAM cannot change before the next event
 * (the caller's cycle limit is never beyond it), and device registers it
 * read cannot change before the device's next_change(). So we add whole
 * iterations' cycles and instructions at once, stopping short of both
 * bounds. The checks cost nothing in the plain loop. */
#include "core_internal.h"

typedef struct {
    uint32_t R[32], flags, pc, q1, q2, q3, ldpend;
    int pend;
} arch_state;

static void snap(const lanai_core *c, arch_state *s)
{
    memset(s, 0, sizeof *s);
    memcpy(s->R, c->R, sizeof s->R);
    s->flags = c->flags;
    s->pc = c->pc;
    s->pend = c->pend;
    if (c->pend) { s->q1 = c->q1; s->q2 = c->q2; s->q3 = c->q3; }
    s->ldpend = c->ldpend;
}

/* Run the watching loop to the next backward taken branch; 1 if it got
 * there without a store, a device write or a counter read. */
static int watch(lanai_core *c, uint64_t limit)
{
    c->watching = 1;
    c->watch_dirty = c->watch_timeread = c->watch_end = 0;
    c->watch_dev_reads = 0;
    lanai_run_watch(c, limit);
    c->watching = 0;
    return c->state == LANAI_RUNNING && !c->stop_req && c->watch_end && !c->watch_dirty &&
           !c->watch_timeread;
}

static void back_off(lanai_core *c)
{
    c->idle_backoff = c->idle_backoff < IDLE_BACKOFF_MAX ? c->idle_backoff * 2 : IDLE_BACKOFF_MAX;
    c->idle_wait = c->idle_backoff;
}

void lanai_idle_try(lanai_core *c, uint64_t limit)
{
    c->idle.checks++;
    if (c->steal || !watch(c, limit) || c->steal) {   /* stolen cycles: iterations differ */
        back_off(c);
        return;
    }
    arch_state s0, s1;
    snap(c, &s0);
    uint64_t c0 = c->cycles, i0 = c->insns;
    uint32_t branch = c->watch_end_pc;
    if (!watch(c, limit) || c->watch_end_pc != branch || c->steal) {
        back_off(c);
        return;
    }
    snap(c, &s1);
    if (memcmp(&s0, &s1, sizeof s0) != 0) {
        back_off(c);
        return;
    }
    uint64_t c1 = c->cycles, period = c1 - c0, insns = c->insns - i0;
    uint64_t nc = UINT64_MAX, bound = limit;
    if (c->watch_dev_reads) {
        /* reads in the iteration happened in (c0, c1]; values hold until
         * next_change, so every skipped read must come before it */
        nc = c->next_change ? c->next_change(c->mmio.ctx, c0) : 0;
        if (nc <= c1) { back_off(c); return; }
        if (nc - 1 < bound) bound = nc - 1;
    }
    if (period == 0) { back_off(c); return; }
    uint64_t n = bound > c1 ? (bound - c1) / period : 0;
    if (n) {
        c->cycles += n * period;
        c->insns += n * insns;
        c->idle.skips++;
        c->idle.cycles += n * period;
        c->idle.insns += n * insns;
    }
    /* parked: up to the limit the core only repeats this iteration, and
     * keeps doing so until an event or next_change */
    c->parked = c->cycles + period <= limit ? 0 : (nc == UINT64_MAX || c->cycles + period < nc);
    c->parked_until = nc;
    c->idle_backoff = 1;
    c->idle_wait = 1;
}

void lanai_set_next_change(lanai_core *c, lanai_next_change_fn fn) { c->next_change = fn; }

void lanai_set_idle_skip(lanai_core *c, int on)
{
    c->idle_on = on != 0;
    c->idle_backoff = 1;
    c->idle_wait = 1;
}

int lanai_idle_parked(const lanai_core *c, uint64_t *until)
{
    if (until) *until = c->parked ? c->parked_until : 0;
    return c->parked;
}

void lanai_idle_stats_get(const lanai_core *c, lanai_idle_stats *s) { *s = c->idle; }
