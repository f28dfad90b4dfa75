/* Idle-loop skipping (DESIGN.md "Time", docs/network.md). Firmware spends
 * most cycles polling. Every few slices of a run (more rarely while checks
 * keep failing) lanai_run checks whether the core sits in an idle loop:
 *   seek:   run in the watching loop up to the next backward taken branch
 *           and snapshot the architectural state there;
 *   verify: keep running, branch to branch, snapshotting at each backward
 *           taken branch, until one branch is taken again with the state
 *           it had the last time it was taken (a period), or a budget runs
 *           out. A period may hold several backward branches: GRIM's main
 *           loop scans its LCs in an inner loop whose counter differs at
 *           each inner branch but is back to its start at the outer one.
 * If the period made no store and no device write, and every register, the
 * flags, the delay-slot queue and the load interlock are as they were at the
 * same branch, each further period is the same computation on the same
 * inputs (the machine is deterministic): SRAM cannot change before the next
 * event (the caller's cycle limit is never beyond it), and device registers
 * it read cannot change before the device's next_change(). So we add whole
 * periods' cycles and instructions at once, stopping short of both bounds.
 * A one-branch loop is found exactly as before (seek, then one iteration).
 * The checks cost nothing in the plain loop. */
#include "core_internal.h"

typedef lanai_arch_state arch_state;

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

/* Run the watching loop to the next backward taken branch or the limit:
 * 1 at a branch, 2 at the limit, 0 after a store, a device write, a counter
 * read, a stop or a stretch too long. */
static int watch(lanai_core *c, uint64_t limit)
{
    c->watching = 1;
    c->watch_dirty = c->watch_timeread = c->watch_end = 0;
    c->watch_dev_reads = 0;
    lanai_run_watch(c, limit);
    c->watching = 0;
    if (c->state != LANAI_RUNNING || c->stop_req || c->watch_dirty || c->watch_timeread) return 0;
    if (c->watch_end) return 1;
    return c->cycles >= limit ? 2 : 0;
}

static void back_off(lanai_core *c)
{
    c->chk_on = 0;
    c->idle_backoff = c->idle_backoff < IDLE_BACKOFF_MAX ? c->idle_backoff * 2 : IDLE_BACKOFF_MAX;
    c->idle_wait = c->idle_backoff;
}

void lanai_idle_generation(lanai_core *c, uint64_t gen)
{
    c->gen_known = 1;
    c->gen = gen;
    if (c->chk_on && c->chk_gen != gen) lanai_idle_drop(c);   /* something it read may have changed */
}

void lanai_idle_try(lanai_core *c, uint64_t limit)
{
    if (!c->chk_on) {
        c->idle.checks++;
        c->chk_on = 1;
        c->chk_gen = c->gen;
        c->chk_istart = c->insns;
        c->chk_reads = 0;
        c->chk_n = 0;
    }
    lanai_idle_head *seen = c->chk_seen;
    const lanai_idle_head *h = NULL;
    arch_state s1;
    while (!h) {
        int w = c->steal ? 0 : watch(c, limit);
        if (!w || c->steal || c->insns - c->chk_istart > IDLE_PERIOD_INSNS) {   /* stolen cycles: periods differ */
            back_off(c);
            return;
        }
        c->chk_reads += c->watch_dev_reads;
        if (w == 2) {
            /* the limit came first: a driver that reports generations lets
             * the check go on in its next run (inputs unchanged till then) */
            if (!c->gen_known) back_off(c);
            return;
        }
        snap(c, &s1);
        int k = 0;
        while (k < c->chk_n && seen[k].pc != c->watch_end_pc) k++;
        if (k < c->chk_n && memcmp(&seen[k].s, &s1, sizeof s1) == 0) {
            h = &seen[k];           /* a period: from seen[k] to here */
            break;
        }
        if (k == c->chk_n) {
            if (c->chk_n == IDLE_HEADS) { back_off(c); return; }
            c->chk_n++;
        }
        seen[k].pc = c->watch_end_pc;
        seen[k].s = s1;
        seen[k].cycles = c->cycles;
        seen[k].insns = c->insns;
        seen[k].dev_reads = c->chk_reads;
    }
    c->chk_on = 0;
    uint64_t c0 = h->cycles, i0 = h->insns;
    c->watch_dev_reads = c->chk_reads - h->dev_reads;   /* reads within the period */
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
    c->chk_on = 0;
    c->idle_backoff = 1;
    c->idle_wait = 1;
}

int lanai_idle_parked(const lanai_core *c, uint64_t *until)
{
    if (until) *until = c->parked ? c->parked_until : 0;
    return c->parked;
}

void lanai_idle_stats_get(const lanai_core *c, lanai_idle_stats *s) { *s = c->idle; }
