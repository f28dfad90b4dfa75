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
    int ag_busy;               /* ... some agent not DONE */
    int nrun, nfault, nparked; /* nodes running, faulted, parked (cached states) */
    int states_dirty;          /* a core was loaded: refresh before using the above */
    uint64_t *frac;            /* the nodes' clock's table (ni_clock_frac_new; they share the clock) */
    sim_time lim_h;            /* ni_clock_cycle_at(lim_h) of that clock ... */
    uint64_t lim_c;            /* ... is lim_c: a round's horizon, converted once for every node */
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
    uint64_t fault_key_wakes;  /* no card had a fault at this wake count */
    int fault_key_valid;
    struct hs *hs;             /* MYRISIM_COSIM_STATS=2: horizon_stats.c */
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
/* cosim_agents_earliest (hosts.h) */
static inline sim_time cosim_agents_earliest_of(const cosim *s)
{
    cosim_agents_refresh(s);
    sim_time best = s->ag_min_at, now = evq_now(s->q);   /* a woken process acts now */
    if (s->ag_woken && now < best) best = now;
    return best;
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
/* 1 while some host process has not finished. */
int cosim_agents_busy(const cosim *s);
/* A card's host-side fault (an engine stopped) into s->report; 1 if any. */
int cosim_card_fault_scan(cosim *s);
static inline int cosim_card_fault_report(cosim *s)
{
    /* a fault notes a wake (card hostif.c): none since the last clean scan, none now */
    if (!s->slow && s->fault_key_valid && s->fault_key_wakes == evq_wakes(s->q)) return 0;
    return cosim_card_fault_scan(s);
}

/* horizon_stats.c (statistics only) */
struct hs *horizon_stats_new(cosim *s, int demand_only);
void horizon_stats_free(struct hs *h, sim_time end);
void horizon_stats_write_stop(struct hs *h);

#endif
