/* Hosts of the cluster's nodes, the agents that stand for host processes
 * in the stepping loop, and cosim_advance (hosts.h). */
#include "cosim_internal.h"
#include "../pci/card.h"
#include "../pci/p2p.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int add_host_in(cosim *s, int ni, const host_profile *hp, int bus, const pci_p2p_params *bp, char *err,
                       size_t errlen);

/* What a host and its card's PCI side set going is their node's (evq.h places). */
static int add_host(cosim *s, int ni, const host_profile *hp, int bus, const pci_p2p_params *bp, char *err,
                    size_t errlen)
{
    uint32_t was = evq_creator_swap(s->q, ni >= 0 && ni < s->n ? evq_place_ni((unsigned)ni) : EVQ_PLACE_UNKNOWN);
    int rc = add_host_in(s, ni, hp, bus, bp, err, errlen);
    evq_creator_swap(s->q, was);
    return rc;
}

static int add_host_in(cosim *s, int ni, const host_profile *hp, int bus, const pci_p2p_params *bp, char *err,
                       size_t errlen)
{
    if (ni < 0 || ni >= s->n) {
        snprintf(err, errlen, "no node %d (the cluster has %d)", ni, s->n);
        return -1;
    }
    node *nd = &s->nd[ni];
    if (nd->h) {
        snprintf(err, errlen, "node %d already has a host", ni);
        return -1;
    }
    if (bus < 0 || bus >= hp->nbuses) {
        snprintf(err, errlen, "host %s has no PCI bus %d (it has %d)", hp->name, bus, hp->nbuses);
        return -1;
    }
    char why[320];
    nd->h = host_new(s->q, hp, 12345u + (uint32_t)ni, why, sizeof why);
    if (!nd->h) {
        snprintf(err, errlen, "host of node %d: %s", ni, why);
        return -1;
    }
    nd->bus = bus;
    /* a host's own board profile (the DAS node's LANai 4.1) is a LANai 4 board */
    if (hp->card_pci && lanai_profile_of(nd->core)->id != CHIP_LANAI4) {
        snprintf(err, errlen, "host of node %d: %s carries a LANai 4 board (%s), not a %s", ni, hp->name,
                 hp->card_pci->name, lanai_profile_of(nd->core)->name);
        return -1;
    }
    pci_bus *slot = host_bus(nd->h, bus);
    if (bp) {
        char name[48];
        snprintf(name, sizeof name, "node%d %s", ni, bp->name);
        nd->p2p = pci_p2p_new(slot, bp, name, why, sizeof why);
        if (!nd->p2p) {
            snprintf(err, errlen, "host of node %d: %s", ni, why);
            return -1;
        }
        slot = pci_p2p_secondary(nd->p2p);
    }
    if (card_attach_pci_tm(nd->card, slot, COSIM_BAR_BASE, hp->card_pci, why, sizeof why) ||
        (bp && pci_p2p_open_window(nd->p2p, COSIM_BAR_BASE, pci_card_layout(card_pci(nd->card))->bar_size, why,
                                   sizeof why))) {
        snprintf(err, errlen, "host of node %d: %s", ni, why);
        return -1;
    }
    return 0;
}

int cosim_add_host(cosim *s, int ni, const host_profile *hp, int bus, char *err, size_t errlen)
{
    return add_host(s, ni, hp, bus, NULL, err, errlen);
}

int cosim_add_host_behind(cosim *s, int ni, const host_profile *hp, int bus, const pci_p2p_params *br,
                          char *err, size_t errlen)
{
    return add_host(s, ni, hp, bus, br, err, errlen);
}

pci_p2p *cosim_host_bridge(cosim *s, int ni) { return ni >= 0 && ni < s->n ? s->nd[ni].p2p : NULL; }

int cosim_add_hosts(cosim *s, const host_profile *hp, int bus, char *err, size_t errlen)
{
    for (int i = 0; i < s->n; i++)
        if (cosim_add_host(s, i, hp, bus, err, errlen)) return -1;
    return 0;
}

void cosim_hosts_free(cosim *s)
{
    for (int i = 0; i < s->n && s->nd; i++) {
        host_free(s->nd[i].h);
        s->nd[i].h = NULL;
        pci_p2p_free(s->nd[i].p2p);   /* after its primary bus, which held the bridge's queued writes */
        s->nd[i].p2p = NULL;
    }
    free(s->ag);
    s->ag = NULL;
    free(s->ag_node);
    s->ag_node = NULL;
    s->nag = s->agcap = 0;
}

host *cosim_host(cosim *s, int ni) { return ni >= 0 && ni < s->n ? s->nd[ni].h : NULL; }
int cosim_host_bus(const cosim *s, int ni) { return ni >= 0 && ni < s->n ? s->nd[ni].bus : -1; }

platform *cosim_platform_new(cosim *s, int ni, const plat_backend *be, char *err, size_t errlen)
{
    host *h = cosim_host(s, ni);
    if (!h) {
        snprintf(err, errlen, "node %d has no host (cosim_add_hosts)", ni);
        return NULL;
    }
    const bar_layout *lay = pci_card_layout(card_pci(s->nd[ni].card));
    return plat_new(h, s->nd[ni].bus, COSIM_BAR_BASE, lay, be, err, errlen);
}

/* ---- agents ---- */

int cosim_agent_new(cosim *s)
{
    if (s->nag == s->agcap) {
        int cap = s->agcap ? 2 * s->agcap : 4;
        agent *a = realloc(s->ag, (size_t)cap * sizeof *a);
        if (!a) return -1;
        s->ag = a;
        s->agcap = cap;
    }
    s->ag[s->nag] = (agent){AGENT_AT, 0, NULL, SIM_TIME_NEVER};
    int *nd = realloc(s->ag_node, (size_t)s->agcap * sizeof *nd);
    if (!nd) return -1;
    s->ag_node = nd;
    s->ag_node[s->nag] = -1;
    s->ag_unplaced++;
    s->ag_version++;
    return s->nag++;
}

void cosim_agent_node(cosim *s, int a, int ni)
{
    if (a < 0 || a >= s->nag || ni < 0 || ni >= s->n) return;
    s->ag_unplaced -= s->ag_node[a] < 0;
    s->ag_node[a] = ni;
}

uint32_t cosim_agent_acts(cosim *s, int a)
{
    uint32_t p = a >= 0 && a < s->nag && s->ag_node[a] >= 0 ? evq_place_ni((unsigned)s->ag_node[a]) : EVQ_PLACE_UNKNOWN;
    return evq_creator_swap(s->q, p);
}

void cosim_agent_acted(cosim *s, uint32_t was) { evq_creator_swap(s->q, was); }

void cosim_agent_at(cosim *s, int a, sim_time t)
{
    s->ag[a] = (agent){AGENT_AT, t, NULL, SIM_TIME_NEVER};
    s->ag_version++;
}
void cosim_agent_wait(cosim *s, int a, volatile int *flag)
{
    s->ag[a] = (agent){AGENT_WAIT, 0, flag, SIM_TIME_NEVER};
    s->ag_version++;
}
void cosim_agent_done(cosim *s, int a)
{
    s->ag[a] = (agent){AGENT_DONE, 0, NULL, SIM_TIME_NEVER};
    s->ag_version++;
}

/* What a scan of the agents finds (cosim_agents_refresh keys it). A flag is
 * set only by a callback that notes a wake (evq_note_wake) and an agent
 * changes only through the functions above, so the result holds while both
 * counts stand. */
void cosim_agents_scan(cosim *s)
{
    uint64_t w = evq_wakes(s->q);
    int woken = 0, busy = 0, wnow = 0, mi = -1, mc = 0;
    sim_time m = SIM_TIME_NEVER, wm = SIM_TIME_NEVER;
    for (int i = 0; i < s->nag; i++) {
        const agent *a = &s->ag[i];
        if (a->state == AGENT_AT && a->at < m) m = a->at, mi = i, mc = 0;
        mc += a->state == AGENT_AT && a->at == m;
        if (a->state == AGENT_WAIT && *a->flag) {
            woken = 1;
            if (a->woke_at < wm) wm = a->woke_at;
            wnow |= a->woke_at == SIM_TIME_NEVER;
        }
        busy |= a->state != AGENT_DONE;
    }
    s->ag_woken = woken;
    s->ag_woke_min = wm;
    s->ag_woke_now = wnow;
    s->ag_min_idx = mi;
    s->ag_min_cnt = mc;
    s->ag_busy = busy;
    s->ag_min_at = m;
    s->ag_key_wakes = w;
    s->ag_key_version = s->ag_version;
    s->ag_cached = 1;
}

sim_time cosim_agents_earliest(const cosim *s) { return cosim_agents_earliest_of(s); }

int cosim_agent_due(const cosim *s, int a, sim_time now)
{
    const agent *g = &s->ag[a];
    /* woken: now, or when lag.c saw it woken (a lagging core's event behind the queue) */
    return (g->state == AGENT_AT && g->at <= now) ||
           (g->state == AGENT_WAIT && *g->flag && (g->woke_at == SIM_TIME_NEVER || g->woke_at <= now));
}

int cosim_agents_due(const cosim *s, sim_time now, unsigned char *due, int n)
{
    cosim_agents_refresh(s);
    if (!s->slow && !s->ag_woken && now == s->ag_min_at && s->ag_min_cnt == 1 && s->ag_min_idx < n) {
        memset(due, 0, (size_t)n);   /* the one process due at the earliest time (the usual pass) */
        due[s->ag_min_idx] = 1;
        return 1;
    }
    int k = 0;
    for (int a = 0; a < n; a++) k += due[a] = a < s->nag && cosim_agent_due(s, a, now);
    return k;
}

/* 1 when an event has set the flag some process waits for. */
static int agents_woken(const cosim *s)
{
    cosim_agents_refresh(s);
    return s->ag_woken;
}

int cosim_agents_busy(const cosim *s)
{
    cosim_agents_refresh(s);
    return s->ag_busy;
}

/* cosim_card_fault_report's scan (cosim_internal.h) */
int cosim_card_fault_scan(cosim *s)
{
    uint64_t w = evq_wakes(s->q);
    for (int i = 0; i < s->n; i++) {
        const char *f = card_fault(s->nd[i].card);
        if (!f[0]) continue;
        char t[40];
        snprintf(s->report, sizeof s->report, "%s: host DMA stopped at %s: %s\n", card_name(s->nd[i].card),
                 sim_time_us(card_fault_time(s->nd[i].card), t, sizeof t), f);
        return 1;
    }
    s->fault_key_wakes = w;
    s->fault_key_valid = 1;
    return 0;
}

/* ---- stepping with hosts ---- */

cosim_status cosim_advance(cosim *s, sim_time t, volatile int *stop)
{
    if (lag_usable(s, stop)) return lag_advance(s, t);   /* the per-node horizon (lag.c) */
    lag_sync(s);
    cosim_refresh_states(s);
    for (;;) {
        if ((stop && *stop) || agents_woken(s)) return COSIM_TIME;   /* a waiting process acts now */
        sim_time m = cosim_min_time_of(s);
        cosim_status st = cosim_check_of(s, m);
        if (st == COSIM_FAULT || st == COSIM_DEADLOCK) return st;
        /* events first, one time step at a time, as far as every core has
         * come. Events change neither a core's time nor its state, a
         * process's flag or a card's fault only with a wake note
         * (evq_note_wake), and the watchdog's deadline only later: so
         * between steps that note nothing, the checks above would find
         * what they found before, and the steps run back to back. */
        sim_time lim = m < t ? m : t;
        if (!s->slow) {
            if (evq_steps(s->q, lim, stop)) continue;
        } else if (evq_next(s->q) <= lim) {
            uint64_t w = evq_wakes(s->q);
            do evq_step(s->q);
            while (evq_wakes(s->q) == w && evq_next(s->q) <= lim && !(stop && *stop));
            continue;
        }
        if (m >= t) break;
        sim_time h = cosim_horizon_of(s);
        if (h > t) h = t;
        s->st.rounds++;
        cosim_round(s, h);
    }
    if (evq_now(s->q) < t) evq_advance(s->q, t);
    return COSIM_TIME;
}

void cosim_host_failed(cosim *s, int ni)
{
    if (!s->failed_host) s->failed_host = ni + 1;
}

int cosim_failed_host(const cosim *s) { return s->failed_host - 1; }

const char *cosim_stop_text(cosim *s, cosim_status st, sim_time until, char *buf, size_t n)
{
    switch (st) {
    case COSIM_TIME:
        snprintf(buf, n, "time limit of %llu us reached", (unsigned long long)(until / 1000000u));
        break;
    case COSIM_DEADLOCK: {
        /* the report itself is the run's error; the processes only say
         * that they were stopped (a copy of its first line in every host
         * program's error chain was noise) */
        char t[40];
        snprintf(buf, n, "%s at %s", s->livelocked ? "livelock" : "deadlock", sim_time_us(s->stopped_at, t, sizeof t));
        break;
    }
    case COSIM_FAULT: {
        /* the report's first line names the NI and the cause */
        const char *r = cosim_report(s);
        const char *nl = strchr(r, '\n');
        snprintf(buf, n, "%s: %.*s", cosim_status_name(st), nl ? (int)(nl - r) : (int)strlen(r), r);
        break;
    }
    case COSIM_DONE:
        if (s->failed_host) snprintf(buf, n, "the host program on node %d failed", s->failed_host - 1);
        else snprintf(buf, n, "the run ended");
        break;
    }
    return buf;
}
