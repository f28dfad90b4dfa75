/* The per-node horizon (docs/speed.md "A per-node horizon"): the cores lag
 * behind the event queue and run only when they must, instead of every
 * core stopping at the next event anywhere.
 *
 * Every event carries a place (model/event/evq.h): a node's (its card, its
 * NI's arrivals and send-dones, its host and PCI bus), the fabric's, or
 * unknown. The events run in their one order; before each, the cores it
 * needs catch up:
 *  1. an event of node j's place at t: core j runs every cycle before t;
 *  2. any event at t: every core j with T_j + Llag <= t runs to t, since a
 *     store it has still to make could reach another place by then (Llag:
 *     the least delay from a store to anything outside its node, the DMA
 *     start-up, no more than the lookahead);
 *  3. an event of unknown place: every core;
 * and at the end of a stepping call the cores the host processes acting
 * then depend on (their nodes'), or every core when none acts; before the
 * watchdog's and the livelock's checks every core.
 * A core's run stops at the first event its own stores make before its
 * target (its node's: it must run first). Such an event may lie behind the
 * queue (a zero-delay interrupt line, a timer): it keeps its time, and no
 * event of its node after it has run; anything of another place made behind
 * the queue is a MODEL ERROR (evq_set_lagging). A host process woken by one
 * acts at its time, behind the queue too (its node's place as well).
 * Under MYRISIM_SLOW_PATHS=1, a written trace, a stop flag or agents with no
 * node the stepping loop of rounds runs instead (cosim_advance). */
#define _POSIX_C_SOURCE 200809L
#include "cosim_internal.h"
#include "../trace/hooks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lag_init(cosim *s)
{
    const char *e = getenv("MYRISIM_NODE_LAG");
    s->lag_ok = !s->slow && !(e && !strcmp(e, "0"));
    sim_time ds = (sim_time)s->prof->dma_start_ns * 1000u;
    s->Llag = s->L < ds ? s->L : ds;
    s->lag_min = 0;
    const char *c = getenv("MYRISIM_LAG_CHECK");
    if (c && c[0] && strcmp(c, "0")) {
        s->lag_check = 1;
        s->lag_epoch = calloc((size_t)s->n + 1, sizeof *s->lag_epoch);
    }
}

int lag_usable(const cosim *s, volatile int *stop)
{
    return s->lag_ok && !stop && s->nag && !s->ag_unplaced && trace_unwritten();
}

int cosim_lags(const cosim *s) { return lag_usable(s, NULL); }
void cosim_sync(cosim *s) { lag_sync(s); }

/* Core j until its time reaches h (every cycle before h has run), or the
 * first event its own stores make before that. */
static void run_core(cosim *s, int j, sim_time h, uint64_t *count)
{
    node *nd = &s->nd[j];
    evq *q = s->q;
    while (nd->state == LANAI_RUNNING && nd->time < h) {
        uint64_t lim = cosim_cycle_at(s, nd, h);
        lanai_run_result r;
        evq_push_min_reset(q);
        lanai_run_report(nd->core, lim, &r);
        cosim_node_ran(s, nd, &r);
        (*count)++;
        if (r.cycles < lim) {
            sim_time e = evq_push_min(q);   /* a store made an event: it runs first */
            if (e < h) h = e;
        }
    }
}

/* Every running core to t; 1 if any ran. */
static int catch_all(cosim *s, sim_time t, uint64_t *count)
{
    int ran = 0;
    for (int j = 0; j < s->n; j++)
        if (s->tm[j] < t) {   /* running and behind t */
            run_core(s, j, t, count);
            ran = 1;
        }
    return ran;
}

/* Rule 2 before an event at t: while the slowest core's time m has
 * t >= m + Llag, a store it has still to make could reach another place
 * before t. The cores that far behind run, but only to w = m + Llag: up to
 * w nothing any core has still to do can reach another node (Llag is at
 * most the lookahead), so every event of their own places before w is in
 * the queue or made by their own stores, which stop them. Repeated (the
 * caller loops), the cores advance a window at a time. 1 if any ran; also
 * renews lag_min. */
static int rule2(cosim *s, sim_time t)
{
    const sim_time *tm = s->tm, *tg = s->tm_g;   /* NEVER for a core not running; each group's least */
    int ng = s->ntm_g;
    sim_time m = cosim_least(tg, ng);
    s->lag_min = m;
    if (t < cosim_sat_add(m, s->Llag)) return 0;
    sim_time w = m + s->Llag, u = t - s->Llag;   /* t >= Llag here */
    sim_time lim = u < w - 1 ? u : w - 1;        /* T_j + Llag <= t, and short of w */
    /* in index order; a group whose least is beyond lim has none to run
     * (a run changes only its own core's time and its group's least) */
    for (int g = 0; g < ng; g++) {
        if (tg[g] > lim) continue;
        for (int j = g * COSIM_TM_GROUP; j < (g + 1) * COSIM_TM_GROUP; j++)
            if (tm[j] <= lim) run_core(s, j, w, &s->lag_rule2);
    }
    s->lag_min = cosim_least(tg, ng);
    return 1;
}

/* MYRISIM_LAG_CHECK=1 (tests, O(nodes) an event): an event must change
 * no card whose core lags behind it, unless it is that node's. */
static void check_before(cosim *s)
{
    for (int j = 0; j < s->n; j++) s->lag_epoch[j] = card_epoch(s->nd[j].card);
}

static void check_after(cosim *s, sim_time t, uint32_t pl)
{
    for (int j = 0; j < s->n; j++)
        if (card_epoch(s->nd[j].card) != s->lag_epoch[j] && pl != evq_place_ni((unsigned)j) &&
            s->nd[j].state == LANAI_RUNNING && s->nd[j].time < t) {
            fprintf(stderr, "myrisim: MODEL ERROR: an event of place %u at %llu ps changed card %d, whose core lags at %llu ps\n",
                    (unsigned)pl, (unsigned long long)t, j, (unsigned long long)s->nd[j].time);
            abort();
        }
}

/* MYRISIM_LAG_CHECK=1: the array the scans read follows the nodes. */
static void check_times(const cosim *s)
{
    char why[160];
    if (cosim_times_verify(s, why, sizeof why)) {
        fprintf(stderr, "myrisim: MODEL ERROR: the per-node horizon's core times: %s\n", why);
        abort();
    }
}

/* The events up to lim, in order, each after the cores it needs. After an
 * event that notes a wake only the rest of its time step runs: returns 1.
 * 2 when a core faulted meanwhile. 0 when every event up to lim has run. */
static int lag_events(cosim *s, sim_time lim)
{
    evq *q = s->q;
    uint64_t w0 = evq_wakes(q);
    int woken = 0, f0 = s->nfault;
    sim_time t;
    uint32_t pl;
    while (evq_peek(q, &t, &pl) && t <= lim) {
        if (t >= cosim_sat_add(s->lag_min, s->Llag) && rule2(s, t)) {
            if (s->nfault != f0) return 2;
            continue;
        }
        if (evq_place_is_node(pl)) {
            int j = (int)pl - 1;
            if (j < s->n && s->tm[j] < t) {   /* running and behind t */
                run_core(s, j, t, &s->lag_own);
                if (s->nfault != f0) return 2;
                continue;
            }
        } else if (pl == EVQ_PLACE_UNKNOWN && catch_all(s, t, &s->lag_unknown)) {
            if (s->nfault != f0) return 2;
            continue;
        }
        if (s->lag_check) check_before(s);
        evq_run_one(q);
        if (s->lag_check) {
            check_after(s, t, pl);
            check_times(s);
        }
        if (evq_wakes(q) != w0) {
            w0 = evq_wakes(q);
            cosim_agents_stamp(s, t);   /* the processes it woke act at t, though the queue may be further on */
            woken = 1;
            lim = t;   /* the rest of this time step */
        }
    }
    return woken;
}

/* 1 if agent a acts at t. */
static int due(const cosim *s, int a, sim_time t)
{
    const agent *g = &s->ag[a];
    return (g->state == AGENT_AT && g->at <= t) || (g->state == AGENT_WAIT && *g->flag && g->woke_at <= t);
}

/* Catch up for what happens at t: every event up to t, then every core
 * (all), or the nodes of the host processes due then (every core if none
 * is), after the windows of rule 2 have brought every core within Llag of
 * t. Returns as lag_events. */
static int catch_up_to(cosim *s, sim_time t, int all)
{
    int f0 = s->nfault;
    for (;;) {
        int r = lag_events(s, t);
        if (r) return r;
        if (t >= cosim_sat_add(s->lag_min, s->Llag) && rule2(s, t)) {
            if (s->nfault != f0) return 2;
            continue;
        }
        int ran = 0, every = all;
        if (!every) {
            cosim_agents_refresh(s);
            if (!s->ag_woken && t < s->ag_min_at) every = 1;   /* nobody acts at t */
            else if (!s->ag_woken && t == s->ag_min_at && s->ag_min_cnt == 1) {
                int j = s->ag_node[s->ag_min_idx];   /* the one process due (the usual case) */
                if (s->nd[j].state == LANAI_RUNNING && s->nd[j].time < t) {
                    run_core(s, j, t, &s->lag_end);
                    ran = 1;
                }
            } else {
                int any = 0, k = cosim_agents_maybe_due(s, t, s->ag_list);   /* in index order */
                for (int i = 0; i < k; i++)
                    if (due(s, s->ag_list[i], t)) {
                        int a = s->ag_list[i];
                        any = 1;
                        int j = s->ag_node[a];
                        if (s->nd[j].state == LANAI_RUNNING && s->nd[j].time < t) {
                            run_core(s, j, t, &s->lag_end);
                            ran = 1;
                        }
                    }
                if (!any) every = 1;
            }
        }
        if (every) ran |= catch_all(s, t, &s->lag_end);
        if (s->nfault != f0) return 2;
        if (!ran) return 0;
    }
}

/* The stepping loop's checks (cosim_check_of) with every core caught up to
 * t: COSIM_TIME to go on (also when a process was woken on the way). */
static cosim_status lag_check(cosim *s, sim_time t)
{
    if (catch_up_to(s, t, 1) == 1) return COSIM_TIME;
    cosim_status st = cosim_check_of(s, cosim_min_time_of(s));
    return st == COSIM_FAULT || st == COSIM_DEADLOCK ? st : COSIM_TIME;
}

cosim_status lag_advance(cosim *s, sim_time t)
{
    evq *q = s->q;
    cosim_refresh_states(s);
    if (!s->lagging) {
        s->lagging = 1;
        s->lag_min = 0;
        evq_set_lagging(q, 1);
    }
    sim_time x;
    for (;;) {
        x = cosim_agents_woken_at(s);
        if (x != SIM_TIME_NEVER) break;   /* a waiting process acts (at x) */
        sim_time e;
        uint32_t pl;
        if (!s->nrun && !evq_peek(q, &e, &pl) && cosim_agents_earliest_of(s) == SIM_TIME_NEVER &&
            cosim_watchdog_deadline_of(s) == SIM_TIME_NEVER)
            return COSIM_TIME;   /* nothing is left to happen (cosim_lags) */
        if (s->nfault || cosim_card_fault_report(s)) {
            cosim_status st = lag_check(s, evq_hwm(q));
            if (st != COSIM_TIME) return st;
            continue;
        }
        /* the watchdog's deadline and the livelock's samples read every
         * core: stop there, catch all up, check */
        sim_time lim = t;
        int chk = 0;
        sim_time wd = cosim_watchdog_deadline_of(s);
        if (wd <= lim) lim = wd, chk = 1;
        if (s->o.livelock && s->ll_next <= lim) lim = s->ll_next, chk = 1;
        if (lag_events(s, lim)) continue;
        if (chk) {
            cosim_status st = lag_check(s, lim);
            if (st != COSIM_TIME) return st;
            if (lim < t || cosim_agents_woken_at(s) != SIM_TIME_NEVER) continue;
        }
        if (catch_up_to(s, t, 0)) continue;
        evq_advance(q, t);
        evq_rewind(q, t);
        return COSIM_TIME;
    }
    /* processes woken at x act at x: first their nodes' cores, which may
     * wake one earlier still (an own event behind the queue) */
    for (;;) {
        int r = catch_up_to(s, x, 0);
        if (r == 2) {
            cosim_status st = lag_check(s, evq_hwm(q));
            if (st != COSIM_TIME) return st;
        }
        sim_time y = cosim_agents_woken_at(s);
        if (y >= x && r != 1 && r != 2) break;
        if (y < x) x = y;
    }
    evq_rewind(q, x);
    return COSIM_TIME;
}

void lag_sync(cosim *s)
{
    if (!s->lagging) return;
    sim_time t = evq_hwm(s->q);
    cosim_refresh_states(s);
    /* a wake on the way needs no stop: the caller steps with rounds, which
     * see the flag; a core that faults on the way stops, the others go on */
    while (catch_up_to(s, t, 1)) {
    }
    evq_advance(s->q, t);
    evq_rewind(s->q, t);
    evq_set_lagging(s->q, 0);
    s->lagging = 0;
}
