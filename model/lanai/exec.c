/* The interpreter loops and lanai_run. exec_loop.inc is instantiated four
 * times: plain (the fast path), traced (one line per instruction),
 * watching (one iteration of a candidate idle loop, see idle.c) and
 * stealing (while DMA engines hold SRAM cycles). Cycle
 * accounting per instruction: the record's static cost (cpi_base + SRAM
 * wait states), + load_use_stall when it reads a register loaded by the
 * previous instruction, + taken_branch when control transfers, + pc_load for
 * a load into pc; device accesses replace the SRAM wait by mmio_wait; SRAM
 * loads and stores pay one more cycle while DMA engines hold stolen cycles. */
#include "core_internal.h"

#define TRACING 0
#define WATCH 0
#define STEALING 0
#define RUN_LOOP run_plain
#include "exec_loop.inc"
#undef TRACING
#undef WATCH
#undef STEALING
#undef RUN_LOOP
#define TRACING 1
#define WATCH 0
#define STEALING 0
#define RUN_LOOP run_traced
#include "exec_loop.inc"
#undef TRACING
#undef WATCH
#undef STEALING
#undef RUN_LOOP
#define TRACING 0
#define WATCH 1
#define STEALING 0
#define RUN_LOOP run_watch
#include "exec_loop.inc"
#undef TRACING
#undef WATCH
#undef STEALING
#undef RUN_LOOP
#define TRACING 0
#define WATCH 0
#define STEALING 1
#define RUN_LOOP run_stealing
#include "exec_loop.inc"
#undef TRACING
#undef WATCH
#undef STEALING
#undef RUN_LOOP

lanai_state lanai_run_watch(lanai_core *c, uint64_t limit) { return run_watch(c, limit); }

/* lanai_run's slices, once the run has begun (state running, no tracing):
 * idle checks at slice starts (idle.c); a check under way goes on in the
 * watching loop, so it sees every store. */
static lanai_state run_slices(lanai_core *c, uint64_t cycle_limit)
{
    while (c->cycles < cycle_limit && !c->stop_req && c->state == LANAI_RUNNING) {
        if (c->steal && c->cycles >= c->steal_until) c->steal = 0;   /* lapsed */
        if (c->steal) {
            lanai_idle_drop(c);
            run_stealing(c, c->steal_until < cycle_limit ? c->steal_until : cycle_limit);
            continue;
        }
        if (c->idle_on && (c->chk_on || --c->idle_wait == 0)) {
            c->parked = 0;
            lanai_idle_try(c, cycle_limit);
            /* parked: less than one iteration of the same loop remains */
            if (c->parked && c->state == LANAI_RUNNING) run_plain(c, cycle_limit);
            continue;
        }
        uint64_t lim = cycle_limit - c->cycles > IDLE_SLICE ? c->cycles + IDLE_SLICE : cycle_limit;
        run_plain(c, lim);
    }
    c->stop_req = 0;
    return c->state;
}

static lanai_state run_general(lanai_core *c, uint64_t cycle_limit)
{
    c->stop_req = 0;
    c->parked = 0;
    /* a check under way here spans runs: its driver reports generations
     * (without them lanai_idle_try never leaves one under way) */
    if (c->state != LANAI_RUNNING) return c->state;
    if (c->trace || c->pcprof) {
        lanai_idle_drop(c);
        return run_traced(c, cycle_limit);
    }
    return run_slices(c, cycle_limit);
}

/* The usual co-simulation run: a few cycles, untraced, with no idle check
 * due. It makes exactly the calls run_general would, without its
 * bookkeeping: with no stolen cycles owed, one run_plain to the limit (it
 * returns only at the limit, after a stop request, or when the core stops,
 * so the slice loop would end there: 1, the core not parked); with some,
 * the stealing loop first, then the slices (2). 0 if the run is not of that
 * kind (nothing done). */
static inline __attribute__((always_inline)) int run_short(lanai_core *c, uint64_t cycle_limit)
{
    uint64_t cyc = c->cycles;
    if (c->state != LANAI_RUNNING || c->general || cyc >= cycle_limit || cycle_limit - cyc > IDLE_SLICE) return 0;
    if (c->steal) {
        if (cyc < c->steal_until) {
            c->stop_req = 0;
            c->parked = 0;
            lanai_idle_drop(c);
            run_stealing(c, c->steal_until < cycle_limit ? c->steal_until : cycle_limit);
            /* usually at the limit already: run_slices' test, inline */
            if (c->cycles < cycle_limit && !c->stop_req && c->state == LANAI_RUNNING) run_slices(c, cycle_limit);
            else c->stop_req = 0;
            return 2;
        }
        c->steal = 0;   /* lapsed */
    }
    if (c->idle_on) {
        if (c->chk_on || c->idle_wait == 1) return 0;   /* an idle check is due */
        c->idle_wait--;
    }
    c->stop_req = 0;
    c->parked = 0;
    run_plain(c, cycle_limit);
    c->stop_req = 0;
    return 1;
}

lanai_state lanai_run(lanai_core *c, uint64_t cycle_limit)
{
    if (LIKELY(run_short(c, cycle_limit))) return c->state;
    return run_general(c, cycle_limit);
}

void lanai_run_report(lanai_core *c, uint64_t cycle_limit, lanai_run_result *r)
{
    int k = run_short(c, cycle_limit);
    if (LIKELY(k == 1)) {
        r->state = c->state;
        r->cycles = c->cycles;
        r->parked = 0;
        r->parked_until = 0;
        return;
    }
    r->state = k ? c->state : run_general(c, cycle_limit);
    r->cycles = c->cycles;
    r->parked = c->parked;   /* as lanai_idle_parked says */
    r->parked_until = c->parked ? c->parked_until : 0;
}

void lanai_request_stop(lanai_core *c) { c->stop_req = 1; }

void lanai_steal_cycles(lanai_core *c, uint32_t n, uint64_t until)
{
    if (!n || until <= c->cycles) return;
    lanai_idle_drop(c);   /* a period with stolen cycles is not the one checked */
    if (c->steal && c->steal_until > c->cycles) {
        c->steal = n > UINT32_MAX - c->steal ? UINT32_MAX : c->steal + n;
        if (until > c->steal_until) c->steal_until = until;
    } else {
        c->steal = n;
        c->steal_until = until;
    }
}

uint64_t lanai_stolen_cycles(const lanai_core *c) { return c->stolen; }
