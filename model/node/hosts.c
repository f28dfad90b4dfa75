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
    card_share_faults(nd->card, &s->card_faults);   /* its host-side faults counted (cosim_card_fault_report) */
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
    free(s->ag_heap), free(s->ag_hpos), free(s->ag_wset), free(s->ag_wpos), free(s->ag_list);
    s->ag_heap = s->ag_hpos = s->ag_wset = s->ag_wpos = s->ag_list = NULL;
    s->ag_nheap = s->ag_nwait = s->ag_nwoken = s->ag_nbusy = 0;
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

/* The agents' bookkeeping (cosim_internal.h): AGENT_AT ones in a min-heap on
 * (time, index), so its top is the first agent at the earliest time, as a
 * scan in index order finds it; AGENT_WAIT ones in a set whose front part
 * holds those seen woken. A flag is set only by an event that notes a wake
 * (evq_note_wake), so the unwoken ones' flags are read again only after a
 * note: a host action costs O(log n), not a scan of every agent. */

static int ag_before(const cosim *s, int a, int b)
{
    sim_time x = s->ag[a].at, y = s->ag[b].at;
    return x < y || (x == y && a < b);
}

static void heap_put_at(cosim *s, int i, int a)
{
    s->ag_heap[i] = a;
    s->ag_hpos[a] = i;
}

static void heap_up(cosim *s, int i)
{
    int a = s->ag_heap[i];
    while (i > 0) {
        int p = (i - 1) / 2;
        if (!ag_before(s, a, s->ag_heap[p])) break;
        heap_put_at(s, i, s->ag_heap[p]);
        i = p;
    }
    heap_put_at(s, i, a);
}

static void heap_down(cosim *s, int i)
{
    int a = s->ag_heap[i], n = s->ag_nheap;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && ag_before(s, s->ag_heap[c + 1], s->ag_heap[c])) c++;
        if (!ag_before(s, s->ag_heap[c], a)) break;
        heap_put_at(s, i, s->ag_heap[c]);
        i = c;
    }
    heap_put_at(s, i, a);
}

static void wset_swap(cosim *s, int i, int j)
{
    int a = s->ag_wset[i], b = s->ag_wset[j];
    s->ag_wset[i] = b;
    s->ag_wpos[b] = i;
    s->ag_wset[j] = a;
    s->ag_wpos[a] = j;
}

/* Agent a out of the heap or the waiting set (before its state changes). */
static void agent_leave(cosim *s, int a)
{
    int i = s->ag_hpos[a];
    if (i >= 0) {
        s->ag_hpos[a] = -1;
        int last = s->ag_heap[--s->ag_nheap];
        if (last != a) {
            heap_put_at(s, i, last);
            heap_up(s, i);
            heap_down(s, s->ag_hpos[last]);
        }
    }
    i = s->ag_wpos[a];
    if (i >= 0) {
        if (i < s->ag_nwoken) wset_swap(s, i, --s->ag_nwoken), i = s->ag_nwoken;
        wset_swap(s, i, --s->ag_nwait);
        s->ag_wpos[a] = -1;
    }
    s->ag_nbusy -= s->ag[a].state != AGENT_DONE;
}

/* ... and into them as its new state says. */
static void agent_enter(cosim *s, int a)
{
    const agent *g = &s->ag[a];
    s->ag_nbusy += g->state != AGENT_DONE;
    if (g->state == AGENT_AT) {
        heap_put_at(s, s->ag_nheap++, a);
        heap_up(s, s->ag_hpos[a]);
    } else if (g->state == AGENT_WAIT) {
        s->ag_wset[s->ag_nwait] = a;
        s->ag_wpos[a] = s->ag_nwait++;
        if (*g->flag) wset_swap(s, s->ag_wpos[a], s->ag_nwoken++);   /* set already: woken now */
    }
    s->ag_version++;
}

static void agent_set(cosim *s, int a, agent g)
{
    agent_leave(s, a);
    s->ag[a] = g;
    agent_enter(s, a);
}

static int grow(void *pp, size_t elem, int cap)
{
    void *p = realloc(*(void **)pp, (size_t)cap * elem);
    if (!p) return -1;
    *(void **)pp = p;
    return 0;
}

int cosim_agent_new(cosim *s)
{
    if (s->nag == s->agcap) {
        int cap = s->agcap ? 2 * s->agcap : 4;
        if (grow(&s->ag, sizeof *s->ag, cap) || grow(&s->ag_node, sizeof *s->ag_node, cap) ||
            grow(&s->ag_heap, sizeof *s->ag_heap, cap) || grow(&s->ag_hpos, sizeof *s->ag_hpos, cap) ||
            grow(&s->ag_wset, sizeof *s->ag_wset, cap) || grow(&s->ag_wpos, sizeof *s->ag_wpos, cap) ||
            grow(&s->ag_list, sizeof *s->ag_list, cap))
            return -1;
        s->agcap = cap;
    }
    int a = s->nag++;
    s->ag[a] = (agent){AGENT_DONE, 0, NULL, SIM_TIME_NEVER};
    s->ag_node[a] = -1;
    s->ag_hpos[a] = s->ag_wpos[a] = -1;
    s->ag_unplaced++;
    agent_set(s, a, (agent){AGENT_AT, 0, NULL, SIM_TIME_NEVER});
    return a;
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
    if (s->ag[a].state == AGENT_AT) {   /* a new key in place */
        s->ag[a] = (agent){AGENT_AT, t, NULL, SIM_TIME_NEVER};
        heap_up(s, s->ag_hpos[a]);
        heap_down(s, s->ag_hpos[a]);
        s->ag_version++;
        return;
    }
    agent_set(s, a, (agent){AGENT_AT, t, NULL, SIM_TIME_NEVER});
}
void cosim_agent_wait(cosim *s, int a, volatile int *flag) { agent_set(s, a, (agent){AGENT_WAIT, 0, flag, SIM_TIME_NEVER}); }
void cosim_agent_done(cosim *s, int a) { agent_set(s, a, (agent){AGENT_DONE, 0, NULL, SIM_TIME_NEVER}); }

/* The waiting set brought up to date: after a wake note, the unwoken ones'
 * flags are read again. A woken one whose flag went back to 0 (nothing
 * does that while its process waits) moves back all the same, as a scan
 * would see it. */
static void wset_look(cosim *s)
{
    uint64_t w = evq_wakes(s->q);
    if (s->ag_seen_wakes != w) {
        for (int i = s->ag_nwoken; i < s->ag_nwait; i++)
            if (*s->ag[s->ag_wset[i]].flag) wset_swap(s, i, s->ag_nwoken++);
        s->ag_seen_wakes = w;
    }
    for (int i = 0; i < s->ag_nwoken;)
        if (!*s->ag[s->ag_wset[i]].flag) wset_swap(s, i, --s->ag_nwoken);
        else i++;
}

/* How many heap entries from i down are at time m (the top's time). */
static int heap_count_at(const cosim *s, int i, sim_time m)
{
    if (i >= s->ag_nheap || s->ag[s->ag_heap[i]].at != m) return 0;
    return 1 + heap_count_at(s, 2 * i + 1, m) + heap_count_at(s, 2 * i + 2, m);
}

typedef struct {
    sim_time m, wm;
    int woken, wnow, mi, mc, busy, pad;   /* no hole: compared with memcmp */
} agents_seen;

/* What a scan of every agent finds (the reference: slow paths, tests). */
static agents_seen agents_full_scan(const cosim *s)
{
    agents_seen r = {SIM_TIME_NEVER, SIM_TIME_NEVER, 0, 0, -1, 0, 0, 0};
    for (int i = 0; i < s->nag; i++) {
        const agent *a = &s->ag[i];
        if (a->state == AGENT_AT && a->at < r.m) r.m = a->at, r.mi = i, r.mc = 0;
        r.mc += a->state == AGENT_AT && a->at == r.m;
        if (a->state == AGENT_WAIT && *a->flag) {
            r.woken = 1;
            if (a->woke_at < r.wm) r.wm = a->woke_at;
            r.wnow |= a->woke_at == SIM_TIME_NEVER;
        }
        r.busy |= a->state != AGENT_DONE;
    }
    return r;
}

/* The same from the heap and the waiting set. */
static agents_seen agents_fast_scan(cosim *s)
{
    agents_seen r = {SIM_TIME_NEVER, SIM_TIME_NEVER, 0, 0, -1, 0, s->ag_nbusy > 0, 0};
    wset_look(s);
    for (int i = 0; i < s->ag_nwoken; i++) {
        sim_time w = s->ag[s->ag_wset[i]].woke_at;
        r.woken = 1;
        if (w < r.wm) r.wm = w;
        r.wnow |= w == SIM_TIME_NEVER;
    }
    if (s->ag_nheap) {
        r.mi = s->ag_heap[0];
        r.m = s->ag[r.mi].at;
        r.mc = heap_count_at(s, 0, r.m);
    }
    return r;
}

/* What a scan of the agents finds (cosim_agents_refresh keys it). A flag is
 * set only by a callback that notes a wake (evq_note_wake) and an agent
 * changes only through the functions above, so the result holds while both
 * counts stand. */
void cosim_agents_scan(cosim *s)
{
    agents_seen r = s->slow ? agents_full_scan(s) : agents_fast_scan(s);
    if (!s->slow && s->lag_check) {   /* MYRISIM_LAG_CHECK=1: against the reference, every time */
        agents_seen f = agents_full_scan(s);
        if (memcmp(&f, &r, sizeof f)) {
            fprintf(stderr, "myrisim: MODEL ERROR: the agents' heap or waiting sets disagree with a scan of every agent\n");
            abort();
        }
    }
    s->ag_woken = r.woken;
    s->ag_woke_min = r.wm;
    s->ag_woke_now = r.wnow;
    s->ag_min_idx = r.mi;
    s->ag_min_cnt = r.mc;
    s->ag_busy = r.busy;
    s->ag_min_at = r.m;
    s->ag_key_wakes = evq_wakes(s->q);
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

/* The heap entries from i down at or before t. */
static int heap_due(const cosim *s, int i, sim_time t, int *out, int k)
{
    if (i >= s->ag_nheap || s->ag[s->ag_heap[i]].at > t) return k;
    out[k++] = s->ag_heap[i];
    k = heap_due(s, 2 * i + 1, t, out, k);
    return heap_due(s, 2 * i + 2, t, out, k);
}

static int int_cmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int cosim_agents_maybe_due(const cosim *s, sim_time t, int *out)
{
    if (s->slow) {
        for (int a = 0; a < s->nag; a++) out[a] = a;
        return s->nag;
    }
    cosim_agents_refresh(s);
    int k = heap_due(s, 0, t, out, 0);
    for (int i = 0; i < s->ag_nwoken; i++) out[k++] = s->ag_wset[i];
    if (k > 1) qsort(out, (size_t)k, sizeof *out, int_cmp);   /* index order, as a scan visits them */
    return k;
}

int cosim_agents_stamp(cosim *s, sim_time t)
{
    int any = 0;
    if (s->slow) {
        for (int a = 0; a < s->nag; a++) {
            agent *g = &s->ag[a];
            if (g->state == AGENT_WAIT && *g->flag && g->woke_at == SIM_TIME_NEVER) g->woke_at = t, any = 1;
        }
    } else {
        wset_look(s);
        for (int i = 0; i < s->ag_nwoken; i++) {
            agent *g = &s->ag[s->ag_wset[i]];
            if (g->woke_at == SIM_TIME_NEVER) g->woke_at = t, any = 1;
        }
    }
    if (any) s->ag_version++;
    return any;
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

int cosim_agents_due_list(const cosim *s, sim_time now, int *out, int n)
{
    int k = 0, m = cosim_agents_maybe_due(s, now, s->ag_list);
    for (int i = 0; i < m; i++) {
        int a = s->ag_list[i];
        if (a < n && cosim_agent_due(s, a, now)) out[k++] = a;
    }
    return k;
}

int cosim_agents_verify(const cosim *s, char *why, size_t n)
{
    agents_seen f = agents_full_scan(s);
    cosim_agents_refresh(s);
    if (!s->slow && (f.woken != s->ag_woken || f.wnow != s->ag_woke_now || f.mi != s->ag_min_idx ||
                     f.mc != s->ag_min_cnt || f.busy != s->ag_busy || f.m != s->ag_min_at || f.wm != s->ag_woke_min)) {
        snprintf(why, n, "cache: earliest %llu (agent %d, %d at it), woken %d/%d %llu, busy %d; a scan: %llu (%d, %d), %d/%d %llu, %d",
                 (unsigned long long)s->ag_min_at, s->ag_min_idx, s->ag_min_cnt, s->ag_woken, s->ag_woke_now,
                 (unsigned long long)s->ag_woke_min, s->ag_busy, (unsigned long long)f.m, f.mi, f.mc, f.woken, f.wnow,
                 (unsigned long long)f.wm, f.busy);
        return -1;
    }
    int nat = 0, nw = 0, nb = 0;
    for (int a = 0; a < s->nag; a++) {
        const agent *g = &s->ag[a];
        nat += g->state == AGENT_AT;
        nw += g->state == AGENT_WAIT;
        nb += g->state != AGENT_DONE;
        int h = s->ag_hpos[a], w = s->ag_wpos[a];
        if ((g->state == AGENT_AT) != (h >= 0 && h < s->ag_nheap && s->ag_heap[h] == a) ||
            (g->state == AGENT_WAIT) != (w >= 0 && w < s->ag_nwait && s->ag_wset[w] == a)) {
            snprintf(why, n, "agent %d (state %d) misplaced: heap %d, waiting set %d", a, (int)g->state, h, w);
            return -1;
        }
        if (h > 0 && ag_before(s, a, s->ag_heap[(h - 1) / 2])) {
            snprintf(why, n, "heap out of order at %d (agent %d)", h, a);
            return -1;
        }
    }
    if (nat != s->ag_nheap || nw != s->ag_nwait || nb != s->ag_nbusy) {
        snprintf(why, n, "counts: %d at (heap %d), %d waiting (set %d), %d busy (%d)", nat, s->ag_nheap, nw,
                 s->ag_nwait, nb, s->ag_nbusy);
        return -1;
    }
    for (sim_time t = 0; t <= 1; t++) {   /* the due list against a scan, at now and at the earliest */
        sim_time at = t ? s->ag_min_at : evq_now(s->q);
        int k = cosim_agents_due_list(s, at, s->ag_list, s->nag), j = 0;   /* filtered in place */
        for (int a = 0; a < s->nag; a++)
            if (cosim_agent_due(s, a, at) && (j >= k || s->ag_list[j++] != a)) {
                snprintf(why, n, "due at %llu: agent %d missing or out of order", (unsigned long long)at, a);
                return -1;
            }
        if (j != k) {
            snprintf(why, n, "due at %llu: %d listed, a scan finds %d", (unsigned long long)at, k, j);
            return -1;
        }
    }
    return 0;
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
    uint64_t c = s->card_faults;
    for (int i = 0; i < s->n; i++) {
        const char *f = card_fault(s->nd[i].card);
        if (!f[0]) continue;
        char t[40];
        snprintf(s->report, sizeof s->report, "%s: host DMA stopped at %s: %s\n", card_name(s->nd[i].card),
                 sim_time_us(card_fault_time(s->nd[i].card), t, sizeof t), f);
        return 1;
    }
    s->fault_key_faults = c;
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
