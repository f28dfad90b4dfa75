/* Cluster nodes with hosts: a node is a host (CPU profile, memory, PCI
 * buses: model/host) with the NI card in one of its slots, and the LANai
 * core on the card. Host processes are native C that runs on a platform
 * (hostlib/platform.h); the stepping loop sees each one as an agent that
 * acts next at a known time or when an event sets its flag.
 *
 * Exactness (docs/hosts.md "Hosts in the co-simulation"): a host acts at
 * its own time, only by scheduling events at or after it (PIO transactions,
 * CPU delays) and by touching host memory, which only events read; the
 * cores are never run past the earliest time a host may act, and a host
 * waiting for an event acts at that event's time. So host, cores and events
 * see each other in time order however the run is sliced.
 *
 * Use (plain C, one host process):
 *   cosim *s = cosim_new(&t, &o, err, n);
 *   cosim_add_hosts(s, &host_p3_550, 0, err, n);       // every node
 *   cosim_load(s, 0, "firmware.elf", err, n);
 *   cosim_proc pr = {.ni = 0, .fn = my_main, .arg = &my_args};
 *   cosim_status st = cosim_run_host(s, &pr, SIM_US(100000));
 * Several host processes at once run as SystemC threads
 * (sim/systemc/cosim_sc.h, cosim_run_systemc_hosts); the results are the
 * same. */
#ifndef MYRISIM_NODE_HOSTS_H
#define MYRISIM_NODE_HOSTS_H

#include "../host/plat_backend.h"
#include "cosim.h"

#define COSIM_BAR_BASE 0x80000000ull   /* the card's BAR on its host's bus */

/* Give every node a host of profile hp with the card in PCI slot `bus`
 * (0 = the first bus; the P4's bus 1 is its 64b/66MHz slot). Hosts get
 * different memory layouts (seed 12345 + node). -1 and a message on a bus
 * the host lacks. */
int cosim_add_hosts(cosim *s, const host_profile *hp, int bus, char *err, size_t errlen);
/* The same for one node (e.g. the card in another slot than the others'). */
int cosim_add_host(cosim *s, int ni, const host_profile *hp, int bus, char *err, size_t errlen);
/* The same with the card behind a PCI-to-PCI bridge of profile br in slot
 * `bus` (the LANai 4 PMC card on the RC-1000: Figure 5.6's PMC series): the
 * card sits on the bridge's secondary bus, its BAR seen through the
 * bridge's window at COSIM_BAR_BASE. */
struct pci_p2p_params;
int cosim_add_host_behind(cosim *s, int ni, const host_profile *hp, int bus, const struct pci_p2p_params *br,
                          char *err, size_t errlen);
struct pci_p2p *cosim_host_bridge(cosim *s, int ni);   /* that bridge, NULL if none */
host *cosim_host(cosim *s, int ni);         /* NULL without hosts */
int cosim_host_bus(const cosim *s, int ni);

/* A platform for one host process on node ni's host, blocking through be
 * (plat_free_platform frees it). NULL and a message without a host. */
platform *cosim_platform_new(cosim *s, int ni, const plat_backend *be, char *err, size_t errlen);

/* ---- agents: host processes as the stepping loop sees them ---- */
int cosim_agent_new(cosim *s);                           /* starts as acting at time 0 */
void cosim_agent_at(cosim *s, int a, sim_time t);        /* acts next at t */
void cosim_agent_wait(cosim *s, int a, volatile int *flag); /* acts when an event sets *flag */
/* (only an event may set a waited-for flag, and it notes a wake, evq_note_wake:
 * the flags of waiting agents are read again only then; hosts.c) */
void cosim_agent_done(cosim *s, int a);                  /* finished */
/* Agent a is a process on node ni's host: it touches only that node (its
 * host, the card through PCI). With every agent's node known, cosim_advance
 * lets the cores lag (model/node/lag.c): a core catches up when its node
 * needs it, and when a process acts, its node's. */
void cosim_agent_node(cosim *s, int a, int ni);
/* Around what agent a does while it acts: its events are its node's.
 * cosim_agent_acted(s, cosim_agent_acts(s, a)). */
uint32_t cosim_agent_acts(cosim *s, int a);
void cosim_agent_acted(cosim *s, uint32_t was);
/* 1 when cosim_advance lets the cores lag (every agent's node known, fast
 * paths, no written trace): a caller whose processes all wait should then
 * step to its time limit, not to each cosim_horizon (a step's end catches
 * every core up). It stops early where nothing is left to happen (no
 * running core, no event, no watchdog, no process due at a time), where
 * cosim_horizon would be SIM_TIME_NEVER. */
int cosim_lags(const cosim *s);
/* Every running core caught up with the event queue (a no-op without
 * lagging cores): before results are read where a run stops between steps
 * (a failed host program). */
void cosim_sync(cosim *s);
/* Node ni's host program returned an error: the run ends there (a failed
 * program fails the run; running the cores on would only end at the
 * watchdog, and read as a deadlock). The first failure is the one named. */
void cosim_host_failed(cosim *s, int ni);
int cosim_failed_host(const cosim *s);                   /* that node, -1 if none */
/* 1 if agent a acts at `now`: due by then, or woken by its flag. */
int cosim_agent_due(const cosim *s, int a, sim_time now);
/* cosim_agent_due of agents 0 .. n-1 into due[], in one call; the number due. */
int cosim_agents_due(const cosim *s, sim_time now, unsigned char *due, int n);
/* The agents below n due at now, in index order, into out (room for n);
 * their number. O(log n) per process due, not a scan of every agent. */
int cosim_agents_due_list(const cosim *s, sim_time now, int *out, int n);
/* Earliest time a host process may act (SIM_TIME_NEVER if none can: all
 * wait for flags no event has set yet, or none is left). */
sim_time cosim_agents_earliest(const cosim *s);

/* Run cores and events until time t: every event at or before t has run and
 * every running core has reached t; then the event queue's now is t. Stops
 * early, right after the event time step that set *stop (if stop is given)
 * or the flag of any process waiting (cosim_agent_wait); now is then that
 * event's time. Returns COSIM_TIME, or COSIM_FAULT /
 * COSIM_DEADLOCK (cosim_report has the report). Halted cores are fine. */
cosim_status cosim_advance(cosim *s, sim_time t, volatile int *stop);

/* ---- host processes ---- */
typedef int (*cosim_proc_fn)(platform *p, void *arg);   /* 0 ok, else failed */
typedef struct cosim_proc {
    int ni;                    /* the node whose host runs it */
    cosim_proc_fn fn;
    void *arg;
    /* results */
    int finished;              /* fn returned */
    int rc;                    /* what it returned (-1 if it could not start) */
    sim_time end;              /* simulated time when it returned */
    char err[400];             /* why it could not start or was stopped */
} cosim_proc;

/* The plain-C backend: one host process, run on the caller's thread; the
 * stepping loop runs whenever it blocks. When it has returned the run goes
 * on until every core has halted (or until, a fault or a deadlock). A
 * process still running at `until` is stopped: every platform call fails
 * from then on ("the simulation stopped: time limit ..."). */
cosim_status cosim_run_host(cosim *s, cosim_proc *p, sim_time until);

/* The plain-C backend itself, for a caller that runs host code on its own
 * thread (cosim_run_host for one process; tests drive several nodes'
 * platforms from one thread): one agent; whenever the host code blocks, the
 * stepping loop runs up to the time it waits for. Once the run stops (a
 * fault, a deadlock, `until`), `halted` is set, `stopped` says why and every
 * platform call fails with `why`. */
typedef struct cosim_cbackend {
    cosim *s;
    int agent;
    sim_time until;
    cosim_status stopped;      /* COSIM_TIME while running */
    int halted;
    char why[400];
} cosim_cbackend;
/* Start at the current time; -1 if out of memory. cosim_agent_done(s,
 * b->agent) when the host code has returned. */
int cosim_cbackend_init(cosim_cbackend *b, cosim *s, sim_time until);
plat_backend cosim_cbackend_platform(cosim_cbackend *b);   /* for cosim_platform_new */

/* Text for a platform backend's `stopped` hook. */
const char *cosim_stop_text(cosim *s, cosim_status st, sim_time until, char *buf, size_t n);

#endif
