/* NI-to-NI co-simulation: a cluster of nodes (LANai core + NI card) on a
 * network fabric, stepped with exact conservative lookahead (docs/network.md).
 *
 * Use:
 *   topo t; topo_init(&t); topo_build_switch(&t, 4, &to, err, n);   // any topology
 *   cosim_opts o; cosim_opts_default(&o); o.chip = "lanai9";
 *   cosim *s = cosim_new(&t, &o, err, sizeof err);
 *   for (i...) cosim_load(s, i, "build/fw/ni/pingpong.l9.elf", err, sizeof err);
 *   cosim_status st = cosim_run(s, SIM_US(1000));  // until all halt, a fault,
 *                                                   // a deadlock or 1 ms
 *   cosim_console(s, i); lanai_exit_code(cosim_core(s, i)); lanai_marks(...)
 *   cosim_free(s); topo_free(&t);
 *
 * Stepping (the reference the SystemC shell sim/systemc follows): each
 * round every node runs until its local time reaches the horizon
 *   H = min(next event, min over nodes of their earliest action + L)
 * where a node's earliest action is its local time, or, while its core is
 * parked in a verified idle loop, the next event or timer tick that could
 * wake it. A write with side effects schedules an event at the writer's
 * local time and stops the core so the horizon shrinks to that event. Then
 * all events up to the smallest local time run. L is the smallest latency
 * with which one node can affect another (cosim_lookahead). */
#ifndef MYRISIM_NODE_COSIM_H
#define MYRISIM_NODE_COSIM_H

#include "../card/card.h"
#include "../switch/fabric.h"

#include <stddef.h>
#include <stdio.h>

typedef struct {
    const char *chip;          /* "lanai4" or "lanai9" */
    fabric_opts fab;           /* link and switch parameters; rates come from the cables */
    sim_time lookahead;        /* 0: computed (cosim_lookahead); else an override, never above it */
    int idle_skip;             /* idle-loop skipping in the cores (default 1) */
    sim_time watchdog;         /* no progress for this long -> COSIM_DEADLOCK; 0 = off */
    sim_time livelock;         /* links busy but no NI exporting fw_waits delivered a message for
                                  this long -> COSIM_DEADLOCK with a livelock report; 0 = off */
} cosim_opts;

typedef enum {
    COSIM_DONE = 0,            /* every core halted (SIMSVC_EXIT) */
    COSIM_TIME = 1,            /* the time limit was reached */
    COSIM_FAULT = 2,           /* a core faulted; cosim_report has the fault report */
    COSIM_DEADLOCK = 3,        /* the watchdog fired; cosim_report names the cycle (or the
                                  livelock: its report starts with LIVELOCK) */
} cosim_status;

typedef struct {
    uint64_t rounds, core_runs, events;
    uint64_t parked_runs;      /* core runs that ended parked in an idle loop */
} cosim_stats;

typedef struct cosim cosim;

void cosim_opts_default(cosim_opts *o);
/* 1 when MYRISIM_SLOW_PATHS asks for every fast path off (same results,
 * slower: the reference the fast paths are tested against). */
int cosim_slow_paths(void);
/* NULL and a message on a bad topology, unroutable pair, unknown chip or
 * an override lookahead above the computed one. The topology must outlive
 * the cosim. */
cosim *cosim_new(const topo *t, const cosim_opts *o, char *err, size_t errlen);
void cosim_free(cosim *s);

/* Reset node ni's core and card, load an ELF image and write the route
 * table into SRAM (docs/network.md). -1 and a message naming the file. */
int cosim_load(cosim *s, int ni, const char *elf, char *err, size_t errlen);
/* Where the route table goes in an NI's SRAM, and its largest size. */
uint32_t cosim_route_table_addr(uint32_t sram_size);
#define COSIM_ROUTE_TABLE_MAX 0x4000u

/* Run until every core halted, a fault, a deadlock, or every core's time
 * reached `until` (ps). May be called again to continue. */
cosim_status cosim_run(cosim *s, sim_time until);
const char *cosim_status_name(cosim_status st);

int cosim_nodes(const cosim *s);
lanai_core *cosim_core(cosim *s, int ni);
ni_card *cosim_card(cosim *s, int ni);
fabric *cosim_fabric(cosim *s);
evq *cosim_evq(cosim *s);
/* Everything node ni printed (SIMSVC_PUTCHAR), NUL-terminated. */
const char *cosim_console(cosim *s, int ni);
/* Fault or deadlock report of the last run, "" if none. */
const char *cosim_report(const cosim *s);
sim_time cosim_lookahead(const cosim *s);
/* The smallest lookahead the fabric allows: the card's DMA start-up plus
 * one byte time plus the propagation of the shortest NI cable. */
sim_time cosim_lookahead_of(const fabric *f, const lanai_profile *p);
const cosim_stats *cosim_get_stats(const cosim *s);
/* Everything observable after a run ended with st, as text: status, per
 * node state, exit code, cycles, instructions, pc, card statistics, marks,
 * console; the report for a fault or deadlock (record.c). Two runs of the
 * same cluster give the same text whatever the lookahead, idle skipping or
 * driver (C or SystemC), except the positions of the other cores when one
 * faults, which depend on where they were stopped. */
void cosim_write_record(cosim *s, cosim_status st, FILE *f);

/* ---- stepping primitives, shared with the SystemC shell ---- */
sim_time cosim_node_time(const cosim *s, int ni);   /* local time of the core */
int cosim_node_running(const cosim *s, int ni);
/* H = min(next event, min over running nodes of earliest action + L). */
sim_time cosim_horizon(cosim *s);
/* Run node ni until its local time reaches h (or it halts/faults); a stop
 * request lowers h to the next event. Returns 1 while the core runs. */
int cosim_node_run(cosim *s, int ni, sim_time h);
/* One round to h: every running node behind h in NI order, each stopping at
 * an event an earlier node's write created (so same-time writes are made in
 * NI order whatever the round boundaries). */
void cosim_round(cosim *s, sim_time h);
/* Smallest local time of the running nodes, SIM_TIME_NEVER if none. */
sim_time cosim_min_time(const cosim *s);
/* After stepping to time `now`: COSIM_TIME (= keep going) or the status to
 * stop with (halted, fault, deadlock; the report is written). */
cosim_status cosim_check(cosim *s, sim_time now);
/* Deadline the horizon must respect for the watchdog to fire on time. */
sim_time cosim_watchdog_deadline(const cosim *s);

#endif
