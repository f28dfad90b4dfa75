/* The co-simulation's state, shared by its source files (cosim.c: the
 * cluster and the stepping loop; hosts.c: hosts and the agents standing for
 * host processes). */
#ifndef MYRISIM_NODE_COSIM_INTERNAL_H
#define MYRISIM_NODE_COSIM_INTERNAL_H

#include "../card/niclock.h"
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
};

/* Re-read every core's state into its node (cosim.c) at the entry of a
 * stepping call if a core was loaded since (cosim_new, cosim_load set
 * states_dirty): otherwise a core's state changes only when it runs
 * (cosim_node_run keeps the node and the counts in step). */
void cosim_refresh_states(cosim *s);
/* cosim_node_running, cosim_min_time, cosim_horizon and cosim_check on the
 * states as refreshed (the public ones refresh first). */
int cosim_node_running_of(const cosim *s, int i);
sim_time cosim_min_time_of(const cosim *s);
sim_time cosim_horizon_of(cosim *s);
cosim_status cosim_check_of(cosim *s, sim_time now);
/* The agent cache (hosts.c), refreshed if stale. */
void cosim_agents_refresh(const cosim *s);

/* hosts.c */
void cosim_hosts_free(cosim *s);
/* 1 while some host process has not finished. */
int cosim_agents_busy(const cosim *s);
/* A card's host-side fault (an engine stopped) into s->report; 1 if any. */
int cosim_card_fault_report(cosim *s);

/* horizon_stats.c (statistics only) */
struct hs *horizon_stats_new(cosim *s, int demand_only);
void horizon_stats_free(struct hs *h, sim_time end);
void horizon_stats_write_stop(struct hs *h);

#endif
