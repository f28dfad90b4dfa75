/* The co-simulation driver (cosim.h): building the cluster, loading images
 * and route tables, and the conservative-lookahead stepping loop. */
#define _POSIX_C_SOURCE 200809L
#include "cosim_internal.h"
#include "watchdog.h"
#include "../trace/hooks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cosim_opts_default(cosim_opts *o)
{
    memset(o, 0, sizeof *o);
    o->chip = "lanai9";
    fabric_opts_default(&o->fab);
    o->idle_skip = 1;
    o->watchdog = 0;
}

/* MYRISIM_SLOW_PATHS=1: every fast path off (the reference for tests);
 * read where the event queue reads it, so both agree. */
int cosim_slow_paths(void) { return evq_slow_paths(); }

const char *cosim_status_name(cosim_status st)
{
    switch (st) {
    case COSIM_DONE: return "done";
    case COSIM_TIME: return "time limit";
    case COSIM_FAULT: return "fault";
    case COSIM_DEADLOCK: return "deadlock";
    }
    return "?";
}

static void update_time(cosim *s, node *nd)
{
    nd->time = ni_clock_ps_at(&nd->clk, s->frac, &nd->pos, lanai_cycles(nd->core));
    nd->state = lanai_state_of(nd->core);
    cosim_set_tm(s, (int)(nd - s->nd));
}

int cosim_times_verify(const cosim *s, char *why, size_t n)
{
    for (int i = 0; i < s->n; i++) {
        const node *nd = &s->nd[i];
        sim_time want = nd->state == LANAI_RUNNING ? nd->time : SIM_TIME_NEVER;
        if (s->tm[i] != want) {
            snprintf(why, n, "node %d: time %llu in the scans' array, %llu (state %d) in the node", i,
                     (unsigned long long)s->tm[i], (unsigned long long)nd->time, (int)nd->state);
            return -1;
        }
    }
    for (int i = s->n; i < s->ntm_g * COSIM_TM_GROUP; i++)
        if (s->tm[i] != SIM_TIME_NEVER) {
            snprintf(why, n, "padding entry %d: %llu, not NEVER", i, (unsigned long long)s->tm[i]);
            return -1;
        }
    for (int g = 0; g < s->ntm_g; g++) {
        sim_time m = cosim_least(&s->tm[g * COSIM_TM_GROUP], COSIM_TM_GROUP);
        if (s->tm_g[g] != m) {
            snprintf(why, n, "group %d: least %llu kept, %llu in its nodes", g, (unsigned long long)s->tm_g[g],
                     (unsigned long long)m);
            return -1;
        }
    }
    return 0;
}


void cosim_refresh_states(cosim *s)
{
    if (!s->slow && !s->states_dirty) return;
    s->states_dirty = 0;
    s->nrun = s->nfault = s->nparked = 0;
    for (int i = 0; i < s->n; i++) {
        node *nd = &s->nd[i];
        nd->state = lanai_state_of(nd->core);
        cosim_set_tm(s, i);
        s->nrun += nd->state == LANAI_RUNNING;
        s->nfault += nd->state == LANAI_FAULTED;
        s->nparked += nd->parked != 0;
    }
    s->m_dirty = 1;
}

sim_time cosim_lookahead_of(const fabric *f, const lanai_profile *p)
{
    const topo *t = fabric_topo(f);
    sim_time best = SIM_TIME_NEVER;
    for (int c = 0; c < t->ncable; c++) {
        const topo_cable *k = &t->cable[c];
        if (t->node[k->a].kind != TOPO_NI && t->node[k->b].kind != TOPO_NI) continue;
        for (int d = 0; d < 2; d++) {
            const lk_params *lp = lk_dir_params(fabric_link(f, c, d));
            sim_time v = lk_ser_time(lp, 1) + lp->prop;
            if (v < best) best = v;
        }
    }
    if (best == SIM_TIME_NEVER) best = 0;
    return best + (sim_time)p->dma_start_ns * 1000u;
}

/* Rate of the cable of NI i (its send and receive direction share it). */
static uint64_t ni_rate(const topo *t, int ni)
{
    int node = topo_ni_node(t, ni);
    for (int c = 0; c < t->ncable; c++)
        if (t->cable[c].a == node || t->cable[c].b == node) return lk_kind_rate(t->cable[c].kind);
    return 0;
}

cosim *cosim_new(const topo *t, const cosim_opts *o, char *err, size_t errlen)
{
    const lanai_profile *p = o->chip ? lanai_profile_get(o->chip) : NULL;
    if (!p) {
        snprintf(err, errlen, "unknown NI chip '%s' (expected lanai4 or lanai9)", o->chip ? o->chip : "(none)");
        return NULL;
    }
    cosim *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->o = *o;
    s->slow = cosim_slow_paths();
    s->states_dirty = 1;
    s->prof = p;
    s->t = t;
    s->q = evq_new();
    s->f = fabric_new(s->q, t, &o->fab, err, errlen);
    if (!s->f) {
        evq_free(s->q);
        free(s);
        return NULL;
    }
    s->fprog = fabric_progress(s->f);
    s->L = cosim_lookahead_of(s->f, p);
    ni_clock k;
    ni_clock_init(&k, p->clock_hz);
    s->frac = s->slow ? NULL : ni_clock_frac_new(&k);   /* slow paths: divide, as before */
    s->lim_h = 0;
    s->lim_c = ni_clock_cycle_at(&k, 0);
    if (o->lookahead) {
        if (o->lookahead > s->L) {
            snprintf(err, errlen, "lookahead override %llu ps exceeds the fabric's minimum latency %llu ps "
                     "(results would not be exact)", (unsigned long long)o->lookahead, (unsigned long long)s->L);
            fabric_free(s->f);
            evq_free(s->q);
            free(s);
            return NULL;
        }
        s->L = o->lookahead;
    }
    s->n = fabric_ni_count(s->f);
    s->nd = calloc((size_t)s->n, sizeof *s->nd);
    s->ntm_g = (s->n + COSIM_TM_GROUP - 1) / COSIM_TM_GROUP;
    s->tm = malloc((size_t)(s->ntm_g * COSIM_TM_GROUP + 1) * sizeof *s->tm);
    s->tm_g = malloc((size_t)(s->ntm_g + 1) * sizeof *s->tm_g);
    if (!s->nd || !s->tm || !s->tm_g) {
        snprintf(err, errlen, "out of memory for %d NIs", s->n);
        s->n = 0;
        cosim_free(s);
        return NULL;
    }
    for (int i = 0; i < s->ntm_g * COSIM_TM_GROUP; i++) s->tm[i] = SIM_TIME_NEVER;
    for (int g = 0; g < s->ntm_g; g++) s->tm_g[g] = SIM_TIME_NEVER;
    for (int i = 0; i < s->n; i++) {
        node *nd = &s->nd[i];
        nd->core = lanai_new(p);
        nd->con = open_memstream(&nd->con_buf, &nd->con_len);
        if (!nd->core || !nd->con) {
            snprintf(err, errlen, "out of memory for NI %d", i);
            cosim_free(s);
            return NULL;
        }
        lanai_set_console(nd->core, nd->con);
        lanai_set_idle_skip(nd->core, o->idle_skip);
        ni_clock_init(&nd->clk, p->clock_hz);
        update_time(s, nd);
        uint32_t was = evq_creator_swap(s->q, evq_place_ni((unsigned)i));   /* the card's events are its node's */
        nd->card = card_new(s->q, nd->core, t->node[topo_ni_node(t, i)].name, err, errlen);
        evq_creator_swap(s->q, was);
        if (!nd->card) {
            cosim_free(s);
            return NULL;
        }
        card_set_ni(nd->card, (unsigned)i);
        card_attach(nd->card, fabric_ep(s->f, i), ni_rate(t, i));
        card_share_progress(nd->card, &s->card_progress);
    }
    const char *st = getenv("MYRISIM_COSIM_STATS");
    if (st && (!strcmp(st, "2") || !strcmp(st, "3"))) s->hs = horizon_stats_new(s, st[0] == '3');
    lag_init(s);
    return s;
}

void cosim_free(cosim *s)
{
    if (!s) return;
    if (getenv("MYRISIM_COSIM_STATS")) {
        /* where a run's time goes (docs/speed.md): the stepping loop's work */
        uint64_t skips = 0, skipped = 0, cycles = 0;
        for (int i = 0; i < s->n; i++) {
            lanai_idle_stats is;
            lanai_idle_stats_get(s->nd[i].core, &is);
            skips += is.skips;
            skipped += is.cycles;
            cycles += lanai_cycles(s->nd[i].core);
        }
        uint64_t lagged = s->lag_own + s->lag_rule2 + s->lag_unknown + s->lag_end;
        fprintf(stderr, "cosim stats: %d nodes, %llu rounds, %llu core runs (%llu parked, %llu lagged), %llu events (%llu quiet, %llu ahead), "
                "%llu wake notes, %llu core cycles (%llu skipped idle in %llu skips)\n", s->n,
                (unsigned long long)s->st.rounds, (unsigned long long)s->st.core_runs,
                (unsigned long long)s->st.parked_runs, (unsigned long long)lagged, (unsigned long long)evq_events_run(s->q),
                (unsigned long long)evq_quiet_run(s->q), (unsigned long long)evq_ahead_run(s->q),
                (unsigned long long)evq_wakes(s->q),
                (unsigned long long)cycles, (unsigned long long)skipped, (unsigned long long)skips);
        fprintf(stderr, "cosim stats: stamped ties, %llu events ran before a same-time event made earlier; "
                "lookahead of events ahead %llu ps\n",
                (unsigned long long)evq_stamp_inversions(s->q), (unsigned long long)evq_lookahead(s->q));
        if (lagged)
            fprintf(stderr, "cosim stats: per-node horizon (lag %llu ps): core runs %llu before own events, %llu by the lookahead, "
                    "%llu for events of unknown place, %llu when processes act or checks read every core\n",
                    (unsigned long long)s->Llag, (unsigned long long)s->lag_own, (unsigned long long)s->lag_rule2,
                    (unsigned long long)s->lag_unknown, (unsigned long long)s->lag_end);
        char drops[1024];
        if (s->f && fabric_drop_summary(s->f, drops, sizeof drops)[0]) fprintf(stderr, "cosim stats: %s\n", drops);
        horizon_stats_free(s->hs, evq_now(s->q));
    }
    for (int i = 0; i < s->n && s->nd; i++) {
        node *nd = &s->nd[i];
        card_free(nd->card);
        lanai_free(nd->core);
        if (nd->con) fclose(nd->con);
        free(nd->con_buf);
    }
    cosim_hosts_free(s);
    free(s->nd);
    free(s->tm);
    free(s->tm_g);
    free(s->ll_pkts);
    free(s->lag_epoch);
    free(s->frac);
    fabric_free(s->f);
    evq_free(s->q);
    free(s);
}

uint32_t cosim_route_table_addr(uint32_t sram_size) { return sram_size - 0x8000u; }

int cosim_load(cosim *s, int ni, const char *elf, char *err, size_t errlen)
{
    if (ni < 0 || ni >= s->n) {
        snprintf(err, errlen, "%s: no NI %d (the cluster has %d)", elf, ni, s->n);
        return -1;
    }
    node *nd = &s->nd[ni];
    lanai_reset(nd->core);
    if (lanai_load_firmware(nd->core, elf, err, errlen) < 0) return -1;   /* refuses the other chip's image */
    uint32_t size = lanai_sram_size(nd->core), at = cosim_route_table_addr(size);
    if (lanai_image_end(nd->core) > at) {
        snprintf(err, errlen, "%s: image ends at 0x%x, above the route table at 0x%x (keep firmware below it)",
                 elf, lanai_image_end(nd->core), at);
        return -1;
    }
    const route_set *rs = fabric_routes(s->f);
    if (route_table_size(rs, ni) > COSIM_ROUTE_TABLE_MAX) {
        snprintf(err, errlen, "%s: route table of %zu bytes for %d NIs exceeds %u bytes", elf,
                 route_table_size(rs, ni), s->n, COSIM_ROUTE_TABLE_MAX);
        return -1;
    }
    char why[256];
    long w = route_table_write(rs, ni, lanai_sram(nd->core) + at, COSIM_ROUTE_TABLE_MAX, why, sizeof why);
    if (w < 0) {
        snprintf(err, errlen, "%s: route table: %s", elf, why);
        return -1;
    }
    lanai_sram_written(nd->core, at, (uint32_t)w);
    uint32_t was = evq_creator_swap(s->q, evq_place_ni((unsigned)ni));
    card_reset(nd->card);
    evq_creator_swap(s->q, was);
    s->card_progress = 0;
    for (int i = 0; i < s->n; i++)
        if (card_last_progress(s->nd[i].card) > s->card_progress) s->card_progress = card_last_progress(s->nd[i].card);
    s->fault_key_valid = 0;
    s->states_dirty = 1;
    nd->parked = 0;
    update_time(s, nd);
    return 0;
}

int cosim_nodes(const cosim *s) { return s->n; }
lanai_core *cosim_core(cosim *s, int ni) { return s->nd[ni].core; }
ni_card *cosim_card(cosim *s, int ni) { return s->nd[ni].card; }
fabric *cosim_fabric(cosim *s) { return s->f; }
evq *cosim_evq(cosim *s) { return s->q; }
const char *cosim_report(const cosim *s) { return s->report; }
sim_time cosim_lookahead(const cosim *s) { return s->L; }
const cosim_stats *cosim_get_stats(const cosim *s)
{
    ((cosim *)s)->st.events = evq_events_run(s->q);
    return &s->st;
}

const char *cosim_console(cosim *s, int ni)
{
    node *nd = &s->nd[ni];
    fflush(nd->con);
    return nd->con_buf ? nd->con_buf : "";
}

/* ---- stepping ---- */

sim_time cosim_node_time(const cosim *s, int ni) { return s->nd[ni].time; }

int cosim_node_running(const cosim *s, int ni) { return lanai_state_of(s->nd[ni].core) == LANAI_RUNNING; }

/* cosim_min_time_of's scan (cosim_internal.h). */
sim_time cosim_min_time_scan(cosim *s)
{
    sim_time m = SIM_TIME_NEVER;
    for (int i = 0; i < s->n; i++)
        if (cosim_node_running_of(s, i)) {
            sim_time t = s->nd[i].time;
            if (t < m) m = t;
        }
    s->m = m;
    s->m_dirty = 0;
    return m;
}

sim_time cosim_min_time(const cosim *s)
{
    cosim_refresh_states((cosim *)s);
    return cosim_min_time_of(s);
}

/* The earliest time node i could do anything another node can notice. */
static sim_time earliest(cosim *s, int i, sim_time next_event)
{
    node *nd = &s->nd[i];
    sim_time t = nd->time;
    if (nd->parked && card_epoch(nd->card) == nd->parked_epoch) {
        /* it repeats its idle loop until a card event or a timer tick */
        sim_time w = nd->parked_until == UINT64_MAX ? SIM_TIME_NEVER : ni_clock_ps(&nd->clk, nd->parked_until);
        if (next_event < w) w = next_event;
        if (w > t) t = w;
    }
    return t;
}

sim_time cosim_horizon_of(cosim *s)
{
    sim_time e = evq_next_loud(s->q), best = SIM_TIME_NEVER;   /* cores may pass quiet events */
    if (!s->slow && !s->nparked) best = cosim_min_time_of(s);   /* every earliest() is the node's time */
    else
        for (int i = 0; i < s->n; i++)
            if (cosim_node_running_of(s, i)) {
                sim_time t = earliest(s, i, e);
                if (t < best) best = t;
            }
    sim_time h = cosim_sat_add(best, s->L);
    if (e < h) h = e;
    sim_time wd = cosim_watchdog_deadline_of(s);
    if (wd < h) h = wd;
    sim_time a = cosim_agents_earliest_of(s);   /* a host process acts then (hosts.c) */
    if (a < h) h = a;
    return h;
}

sim_time cosim_horizon(cosim *s)
{
    cosim_refresh_states(s);
    return cosim_horizon_of(s);
}

/* cosim_node_run, inline in cosim_round (forced: a round makes ~50 of them
 * on the 64-node point, each about one core cycle). */
static inline __attribute__((always_inline)) int node_run(cosim *s, int ni, sim_time h)
{
    node *nd = &s->nd[ni];
    while ((s->slow ? lanai_state_of(nd->core) : nd->state) == LANAI_RUNNING) {
        if (nd->time >= h) break;
        uint64_t lim = cosim_cycle_at(s, nd, h);
        sim_time t0 = nd->time;
        lanai_run_result r;
        lanai_run_report(nd->core, lim, &r);
        cosim_node_ran(s, nd, &r);
        if (trace_cur) trace_core_run((unsigned)ni, t0, nd->time, nd->parked);
        if (r.cycles < lim) {
            /* a write scheduled an event: stop at it at the latest */
            if (s->hs) horizon_stats_write_stop(s->hs);
            sim_time e = evq_next_loud(s->q);
            if (e < h) h = e;
        }
    }
    return (s->slow ? lanai_state_of(nd->core) : nd->state) == LANAI_RUNNING;
}

int cosim_node_run(cosim *s, int ni, sim_time h) { return node_run(s, ni, h); }

/* One round: every running core behind h runs to h, in NI order. An event a
 * core's write created before h also ends the round for the cores after it,
 * so no core passes it in this round: then lower NIs always reach at least
 * as far as higher ones, stores at the same local time are made (and their
 * events sequenced) in NI order whatever the round boundaries, and a tie at
 * a switch does not depend on the lookahead (tests/cosim/test_tieorder.c). */
void cosim_round(cosim *s, sim_time h)
{
    /* A node's time and state are final once its turn is over (a run
     * changes no other node), so the round also finds cosim_min_time_of's
     * minimum in its pass, unless the slow paths want the scan. */
    sim_time m = SIM_TIME_NEVER;
    for (int i = 0; i < s->n; i++) {
        if (!cosim_node_running_of(s, i)) continue;
        if (s->nd[i].time < h) {
            uint64_t adds = evq_loud_adds(s->q);
            node_run(s, i, h);
            /* h is at most the next loud event already: only an event the
             * run added can be nearer (slow paths: ask every time) */
            if (s->slow || evq_loud_adds(s->q) != adds) {
                sim_time e = evq_next_loud(s->q);
                if (e < h) h = e;
            }
            if (s->nd[i].state != LANAI_RUNNING) continue;
        }
        if (s->nd[i].time < m) m = s->nd[i].time;
    }
    if (!s->slow) {
        s->m = m;
        s->m_dirty = 0;
    }
}

cosim_status cosim_check_of(cosim *s, sim_time now)
{
    int running = 0;
    for (int i = 0; i < s->n; i++) {
        if (!s->slow && !s->nfault) {   /* the counts say what the scan would find */
            running = s->nrun;
            break;
        }
        lanai_state st = s->slow ? lanai_state_of(s->nd[i].core) : s->nd[i].state;
        if (st == LANAI_FAULTED) {
            cosim_fault_report(s->nd[i].core, card_name(s->nd[i].card), s->report, sizeof s->report);
            return COSIM_FAULT;
        }
        running += st == LANAI_RUNNING;
    }
    if (cosim_card_fault_report(s)) return COSIM_FAULT;
    if (!running) return cosim_agents_busy(s) ? COSIM_TIME : COSIM_DONE;
    if (now != SIM_TIME_NEVER && now >= cosim_watchdog_deadline_of(s)) {
        s->stopped_at = now;
        cosim_deadlock_report(s, now, s->report, sizeof s->report);
        return COSIM_DEADLOCK;
    }
    if (s->o.livelock && now != SIM_TIME_NEVER && now >= s->ll_next && cosim_livelock_check(s, now)) {
        s->stopped_at = now;
        return COSIM_DEADLOCK;
    }
    return COSIM_TIME;
}

cosim_status cosim_check(cosim *s, sim_time now)
{
    cosim_refresh_states(s);
    return cosim_check_of(s, now);
}

cosim_status cosim_run(cosim *s, sim_time until)
{
    lag_sync(s);   /* after host processes with lagging cores (lag.c) */
    s->report[0] = 0;
    cosim_refresh_states(s);
    for (;;) {
        sim_time m = cosim_min_time_of(s);
        cosim_status st = cosim_check_of(s, m);
        if (st != COSIM_TIME) return st;
        if (m >= until) return COSIM_TIME;
        sim_time h = cosim_horizon_of(s);
        if (h > until) h = until;
        s->st.rounds++;
        cosim_round(s, h);
        sim_time m2 = cosim_min_time_of(s);
        if (m2 != SIM_TIME_NEVER) evq_run_until(s->q, m2);
    }
}

/* ---- for the watchdog (watchdog.c) ---- */
/* The slow paths' progress time: every card asked. */
sim_time cosim_progress_scan(const cosim *s)
{
    sim_time p = s->fprog->last;
    for (int i = 0; i < s->n; i++) {
        sim_time c = card_last_progress(s->nd[i].card);
        if (c > p) p = c;
    }
    return p;
}

sim_time cosim_progress_time(const cosim *s) { return cosim_progress_time_of(s); }

sim_time cosim_watchdog_deadline(const cosim *s) { return cosim_watchdog_deadline_of(s); }

sim_time cosim_watchdog_period(const cosim *s) { return s->o.watchdog; }
const topo *cosim_topo(const cosim *s) { return s->t; }
