/* RTC (counts up) and the interval timers IT0..IT2 (count down) in 0.5 us
 * ticks (lanai-hardware.md §4.5). Values are functions of time since the
 * last write; an interval timer's wrap from 0 to 0xFFFFFFFF is an event
 * that sets its TIME bit in ISR. next_change tells the idle-loop skipper
 * when a counter the core has read will next tick. */
#include "card_internal.h"

#define NEVER_READ UINT64_MAX
#define WRAP_TICKS (1ull << 32)

static uint64_t ticks(const card_timer *k, sim_time t)
{
    return t > k->t0 ? (t - k->t0) / CARD_TICK_PS : 0;
}

uint32_t card_timer_up(const card_timer *k, sim_time t) { return k->v0 + (uint32_t)ticks(k, t); }
uint32_t card_timer_down(const card_timer *k, sim_time t) { return k->v0 - (uint32_t)ticks(k, t); }

void card_timer_load_up(card_timer *k, sim_time t, uint32_t v)
{
    k->v0 = v;
    k->t0 = t;
}

static void wrap(void *arg)
{
    card_timer *k = arg;
    ni_card *c = k->card;
    sim_time now = evq_now(c->q);
    c->epoch++;
    card_isr_set(c, now, c->chip->time[k->index]);
    k->wrap = evq_at(c->q, now + WRAP_TICKS * CARD_TICK_PS, wrap, k);
}

/* Load an interval timer: it reads v now and wraps after v + 1 ticks. */
void card_timer_load_down(ni_card *c, card_timer *k, sim_time t, uint32_t v)
{
    k->v0 = v;
    k->t0 = t;
    evq_cancel(c->q, k->wrap);
    k->wrap = evq_at(c->q, t + ((uint64_t)v + 1) * CARD_TICK_PS, wrap, k);
}

void card_timers_reset(ni_card *c)
{
    card_timer *all[4] = {&c->rtc, &c->it[0], &c->it[1], &c->it[2]};
    for (int i = 0; i < 4; i++) {
        evq_cancel(c->q, all[i]->wrap);
        *all[i] = (card_timer){.last_read = NEVER_READ, .card = c, .index = i - 1};
    }
    c->rtc.v0 = 0;
    /* PROPOSED reset value: interval timers start at 0xFFFFFFFF, so nothing
     * fires until firmware loads them (the real value is not public) */
    for (int i = 0; i < c->chip->ntimers; i++) card_timer_load_down(c, &c->it[i], 0, 0xFFFFFFFFu);
}

/* Next tick boundary after time t of a counter loaded at t0. */
static sim_time next_tick(const card_timer *k, sim_time t)
{
    if (t < k->t0) return k->t0 + CARD_TICK_PS;
    return k->t0 + ((t - k->t0) / CARD_TICK_PS + 1) * CARD_TICK_PS;
}

uint64_t card_next_change(void *ctx, uint64_t since)
{
    ni_card *c = ctx;
    sim_time t = card_time(c, since);
    uint64_t best = UINT64_MAX;
    const card_timer *all[4] = {&c->rtc, &c->it[0], &c->it[1], &c->it[2]};
    for (int i = 0; i < 1 + c->chip->ntimers; i++) {
        const card_timer *k = all[i];
        if (k->last_read == NEVER_READ || k->last_read < since) continue;
        uint64_t cyc = ni_clock_cycle_at(&c->clk, next_tick(k, t));
        if (cyc < best) best = cyc;
    }
    return best;
}
