/* The co-simulation's state, shared by its source files (cosim.c: the
 * cluster and the stepping loop; hosts.c: hosts and the agents standing for
 * host processes). */
#ifndef MYRISIM_NODE_COSIM_INTERNAL_H
#define MYRISIM_NODE_COSIM_INTERNAL_H

#include "../card/niclock.h"
#include "../switch/link.h"
#include "hosts.h"

#include <stdio.h>

typedef struct {
    lanai_core *core;
    ni_card *card;
    ni_clock clk;
    ni_clock_pos pos;          /* where update_time's conversion stands (ni_clock_ps_at) */
    FILE *con;
    char *con_buf;
    size_t con_len;
    sim_time time;             /* local time, kept in step with the core's cycles */
    lanai_state state;         /* the core's state as of its last run (node_state) */
    int parked;                /* the last run ended in a verified idle loop */
    uint64_t parked_until;     /* ... which no timer changes before this cycle */
    uint64_t parked_epoch;     /* ... and no card event since (card_epoch) */
    host *h;                   /* the node's host (hosts.c), NULL without one */
    int bus;                   /* ... and the PCI slot of its card */
    struct pci_p2p *p2p;       /* the bridge the card sits behind (cosim_add_host_behind), or NULL */
} node;

/* A host process as the stepping loop sees it: when it can act next. */
typedef enum { AGENT_AT = 0, AGENT_WAIT, AGENT_DONE } agent_state;
typedef struct {
    agent_state state;
    sim_time at;               /* AGENT_AT: acts at this time */
    volatile int *flag;        /* AGENT_WAIT: acts once an event sets *flag */
    sim_time woke_at;          /* ... at this time, if lagging cores (lag.c) said when; else NEVER: now */
} agent;

struct cosim {
    evq *q;
    const topo *t;
    fabric *f;
    const lanai_profile *prof;
    cosim_opts o;
    sim_time L;
    int n;
    node *nd;
    cosim_stats st;
    char report[16384];
    sim_time stopped_at;       /* when cosim_check found the fault or deadlock */
    agent *ag;
    int nag, agcap;
    /* Fast paths (exact: each caches what a scan would find, keyed on
     * everything that can change it; MYRISIM_SLOW_PATHS=1 turns them off,
     * tests compare the two). */
    int slow;
    sim_time card_progress;    /* max over the cards' last progress (card_share_progress) */
    uint64_t ag_version;       /* bumped by every cosim_agent_* change */
    uint64_t ag_key_wakes, ag_key_version;   /* the agent cache holds for these */
    int ag_cached, ag_woken;   /* ... some WAIT agent's flag is set */
    sim_time ag_min_at;        /* ... earliest AGENT_AT time */
    sim_time ag_woke_min;      /* ... earliest woke_at of a woken one */
    int ag_woke_now;           /* ... some woken one has no woke_at: it acts now */
    int ag_min_idx, ag_min_cnt;   /* ... the first agent acting at ag_min_at, and how many do */
    int ag_busy;               /* ... some agent not DONE */
    /* What the cache is refreshed from without a scan (hosts.c, kept in step
     * by cosim_agent_*; built under slow paths too, which scan instead). */
    int *ag_heap, *ag_hpos;    /* AGENT_AT agents, a min-heap on (at, index); each one's place in it, -1 if none */
    int ag_nheap;
    int *ag_wset, *ag_wpos;    /* AGENT_WAIT agents: [0, ag_nwoken) seen woken, the rest not; place, -1 if none */
    int ag_nwait, ag_nwoken;
    int ag_nbusy;              /* agents not DONE */
    uint64_t ag_seen_wakes;    /* the unwoken ones' flags were last read at this wake count */
    int *ag_list;              /* room for cosim_agents_maybe_due */
    int nrun, nfault, nparked; /* nodes running, faulted, parked (cached states) */
    int states_dirty;          /* a core was loaded: refresh before using the above */
    uint64_t *frac;            /* the nodes' clock's table (ni_clock_frac_new; they share the clock) */
    sim_time lim_h;            /* ni_clock_cycle_at(lim_h) of that clock ... */
    uint64_t lim_c;            /* ... is lim_c: a round's horizon, converted once for every node */
    ni_clock_tpos lim_pos;     /* ... and where that conversion stands (ni_clock_cycle_at_pos) */
    sim_time m;                /* min local time of the running nodes ... */
    int m_dirty;               /* ... unless a node ran since */
    /* livelock detection (livelock.c): sampled every livelock period / 8 */
    sim_time ll_next;          /* the next sample */
    sim_time ll_deliv_at;      /* the sample that last saw the delivered counts change */
    sim_time ll_move_first;    /* the first sample since then that saw link symbols move (NEVER: none) */
    sim_time ll_move_last;     /* ... and the latest */
    uint64_t ll_delivered, ll_syms;
    uint64_t *ll_pkts;         /* per NI: packets sent at ll_deliv_at */
    int ll_init, livelocked;
    int failed_host;           /* 1 + the node whose host program failed first (0: none) */
    uint64_t card_faults;      /* faults recorded by the hosts' cards (card_share_faults) */
    uint64_t fault_key_faults; /* no card had a fault at this count */
    int fault_key_valid;
    struct hs *hs;             /* MYRISIM_COSIM_STATS=2: horizon_stats.c */
    int *ag_node;              /* per agent: the node whose host runs it, -1 if not said (cosim_agent_node) */
    int ag_unplaced;           /* agents with no node */
    /* the per-node horizon (lag.c) */
    int lag_ok;                /* it may run: fast paths, MYRISIM_NODE_LAG not 0 */
    int lagging;               /* cores may be behind the queue (lag_advance ran since the last lag_sync) */
    sim_time Llag;             /* a core may lag this far behind an event of another place */
    sim_time lag_min;          /* at most the least running core's time */
    sim_time *tm;              /* per node: its time while its core runs, else NEVER (also the
                                * padding to a group's end); kept with nd[].time and .state
                                * (cosim_set_tm: cosim_node_ran, update_time, refresh) so
                                * lag.c's scans read 8 bytes a node, not a node's lines */
    sim_time *tm_g;            /* per group of COSIM_TM_GROUP nodes: the least of their tm, so
                                * rule 2 (lag.c) visits only the groups with a core to run */
    int ntm_g;
    int lag_check;             /* MYRISIM_LAG_CHECK: every event checked against the cards' epochs */
    uint64_t *lag_epoch;
    uint64_t lag_own, lag_rule2, lag_unknown, lag_end;   /* core runs: before own events, by the lookahead, for unknown events, at stepping ends */
    const lk_progress *fprog;  /* fabric_progress(f), fixed for the fabric's life */
};

/* Re-read every core's state into its node (cosim.c) at the entry of a
 * stepping call if a core was loaded since (cosim_new, cosim_load set
 * states_dirty): otherwise a core's state changes only when it runs
 * (cosim_node_run keeps the node and the counts in step). */
void cosim_refresh_states(cosim *s);
/* cosim_node_running, cosim_min_time, cosim_horizon and cosim_check on the
 * states as refreshed (the public ones refresh first). */
sim_time cosim_horizon_of(cosim *s);
cosim_status cosim_check_of(cosim *s, sim_time now);

/* The checks the stepping loop makes several times per round and per event
 * step, inline across cosim.c and hosts.c: each tests its cache's key here
 * and calls the scan (out of line) only when it is stale. */
static inline int cosim_node_running_of(const cosim *s, int i)
{
    const node *nd = &s->nd[i];
    return (s->slow ? lanai_state_of(nd->core) : nd->state) == LANAI_RUNNING;
}
sim_time cosim_min_time_scan(cosim *s);
static inline sim_time cosim_min_time_of(const cosim *s)
{
    if (!s->slow && !s->m_dirty) return s->m;   /* no node ran since */
    return cosim_min_time_scan((cosim *)s);
}
/* The agent cache (hosts.c), refreshed if stale. */
void cosim_agents_scan(cosim *s);
static inline void cosim_agents_refresh(const cosim *s)
{
    if (!s->slow && s->ag_cached && s->ag_key_wakes == evq_wakes(s->q) && s->ag_key_version == s->ag_version) return;
    cosim_agents_scan((cosim *)s);
}
/* When the earliest woken process acts: now, or when lag.c saw it woken
 * (an event behind the queue); NEVER if none is woken. */
static inline sim_time cosim_agents_woken_at(const cosim *s)
{
    cosim_agents_refresh(s);
    if (!s->ag_woken) return SIM_TIME_NEVER;
    sim_time now = evq_now(s->q);
    return s->ag_woke_now && now < s->ag_woke_min ? now : s->ag_woke_min;
}
/* cosim_agents_earliest (hosts.h) */
static inline sim_time cosim_agents_earliest_of(const cosim *s)
{
    sim_time best = cosim_agents_woken_at(s);
    return s->ag_min_at < best ? s->ag_min_at : best;
}
static inline sim_time cosim_sat_add(sim_time a, sim_time b) { return a > SIM_TIME_NEVER - b ? SIM_TIME_NEVER : a + b; }
/* cosim_progress_time (watchdog.h): the fabric's and the cards' latest
 * progress, the cards' kept as a shared maximum (slow paths: every card asked) */
sim_time cosim_progress_scan(const cosim *s);
static inline sim_time cosim_progress_time_of(const cosim *s)
{
    sim_time p = s->fprog->last;
    if (!s->slow) return s->card_progress > p ? s->card_progress : p;
    return cosim_progress_scan(s);
}
/* cosim_watchdog_deadline (cosim.h) */
static inline sim_time cosim_watchdog_deadline_of(const cosim *s)
{
    if (!s->o.watchdog) return SIM_TIME_NEVER;
    return cosim_sat_add(cosim_progress_time_of(s), s->o.watchdog);
}

/* hosts.c */
void cosim_hosts_free(cosim *s);
/* The agents that may act at t, in index order, into out (room for s->nag):
 * AGENT_AT ones due by t and every woken one; callers apply their own
 * test (cosim_agent_due, lag.c's due). Every agent under slow paths. */
int cosim_agents_maybe_due(const cosim *s, sim_time t, int *out);
/* lag.c's stamp: every woken process not yet stamped was woken at t; 1 if any. */
int cosim_agents_stamp(cosim *s, sim_time t);
/* Tests: the cache as refreshed against a full scan, the heap's order and
 * the waiting sets; 0 if they agree, else -1 and why. */
int cosim_agents_verify(const cosim *s, char *why, size_t n);
/* 1 while some host process has not finished. */
int cosim_agents_busy(const cosim *s);
/* A card's host-side fault (an engine stopped) into s->report; 1 if any. */
int cosim_card_fault_scan(cosim *s);
static inline int cosim_card_fault_report(cosim *s)
{
    /* a card records a fault only with a host (PCI), and counts it then
     * (card_share_faults): none since the last clean scan, none now */
    if (!s->slow && s->fault_key_valid && s->fault_key_faults == s->card_faults) return 0;
    return cosim_card_fault_scan(s);
}

/* The first cycle at or after h on node nd's clock. Every node has the same
 * clock (cosim_new), so a round's horizon is converted once, not per node. */
static inline uint64_t cosim_cycle_at(cosim *s, const node *nd, sim_time h)
{
    if (s->slow) return ni_clock_cycle_at(&nd->clk, h);
    if (h != s->lim_h) {
        s->lim_h = h;
        s->lim_c = ni_clock_cycle_at_pos(&nd->clk, &s->lim_pos, h);   /* h moves by small steps: no 64-bit division */
    }
    return s->lim_c;
}

/* The least of n times (NEVER for none). */
static inline sim_time cosim_least(const sim_time *a, int n)
{
    sim_time m = SIM_TIME_NEVER;
    for (int i = 0; i < n; i++) m = a[i] < m ? a[i] : m;
    return m;
}

/* Node i's entry of s->tm from its time and state, and its group's least. */
#define COSIM_TM_GROUP 8
static inline void cosim_set_tm(cosim *s, int i)
{
    const node *nd = &s->nd[i];
    s->tm[i] = nd->state == LANAI_RUNNING ? nd->time : SIM_TIME_NEVER;
    s->tm_g[i / COSIM_TM_GROUP] = cosim_least(&s->tm[i & ~(COSIM_TM_GROUP - 1)], COSIM_TM_GROUP);
}

/* After a core run (rounds and lag.c alike): the node's time and state
 * from the run's report, and the cached counts follow the node
 * (cosim_refresh_states). */
static inline void cosim_node_ran(cosim *s, node *nd, const lanai_run_result *r)
{
    lanai_state was = nd->state;
    int was_parked = nd->parked != 0;
    nd->time = ni_clock_ps_at(&nd->clk, s->frac, &nd->pos, r->cycles);
    nd->state = r->state;
    cosim_set_tm(s, (int)(nd - s->nd));
    s->st.core_runs++;
    nd->parked = r->parked;
    nd->parked_until = r->parked_until;
    s->nrun += (nd->state == LANAI_RUNNING) - (was == LANAI_RUNNING);
    s->nfault += (nd->state == LANAI_FAULTED) - (was == LANAI_FAULTED);
    s->nparked += (nd->parked != 0) - was_parked;
    s->m_dirty = 1;
    if (nd->parked) nd->parked_epoch = card_epoch(nd->card);   /* read only while parked */
    s->st.parked_runs += nd->parked;
}

/* Tests: the nodes' times as lag.c's scans read them (s->tm, s->tm_g)
 * against the nodes; 0 if they agree, else -1 and which node or group differs. */
int cosim_times_verify(const cosim *s, char *why, size_t n);

/* lag.c: the per-node horizon (docs/speed.md): cores lag behind the event
 * queue and are caught up on demand. */
void lag_init(cosim *s);
/* cosim_advance with lagging cores, when lag_usable. */
int lag_usable(const cosim *s, volatile int *stop);
cosim_status lag_advance(cosim *s, sim_time t);
/* Every running core caught up with the queue (as today's loop leaves
 * them); lagging off until the next lag_advance. */
void lag_sync(cosim *s);

/* horizon_stats.c (statistics only) */
struct hs *horizon_stats_new(cosim *s, int demand_only);
void horizon_stats_free(struct hs *h, sim_time end);
void horizon_stats_write_stop(struct hs *h);

#endif
