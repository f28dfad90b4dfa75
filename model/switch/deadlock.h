/* Deadlock analysis: a wait-for graph over channels (link directions).
 * The packet at the receiving end of channel C either
 *   holds a switch output and is blocked because the outgoing channel D is
 *   STOPped          -> C waits on D,
 *   waits for an output held by the packet at the end of channel C'
 *                    -> C waits on C',
 *   or sits in an NI that does not take it (a dead end, not a cycle).
 * Each channel waits on at most one other, so a deadlock is a cycle in a
 * functional graph. The state is plain data so it can be built by the
 * fabric (fabric_snapshot) or by hand in a test. */
#ifndef MYRISIM_SWITCH_DEADLOCK_H
#define MYRISIM_SWITCH_DEADLOCK_H

#include "../event/evq.h"
#include "sym.h"

#include <stddef.h>

typedef enum {
    DL_FREE,       /* nothing blocked at the receiving end */
    DL_HOLDS,      /* holds output `port` of switch `at`; blocked if waits_on >= 0 */
    DL_WAITS,      /* waits at switch `at` for output `port` */
    DL_REFUSES,    /* the receiving NI `at` is not taking bytes */
} dl_why;

typedef struct {
    char name[64];       /* "sw0.p5->sw1.p4" */
    char at[32];         /* receiving switch or NI */
    int in_port;         /* the receiving switch's input port */
    dl_why why;
    int port;            /* switch output held / wanted, -1 if none */
    int waits_on;        /* channel index, -1 if none */
    int has_pkt;
    lk_sym pkt;          /* tags of the packet at the receiving end */
    unsigned occ, slack; /* receiver slack occupancy */
    int stopped;         /* this channel's transmitter is held by STOP */
    sim_time since;      /* when the packet started holding/waiting */
} dl_channel;

typedef struct {
    dl_channel *ch;
    int n;
    const char *const *ni_names;  /* for packet tags, may be NULL */
    int nni;
    sim_time now, last_progress;
    uint64_t progress;            /* symbols moved in all */
} dl_state;

/* Fill cycle[] (up to max) with the channels of the first wait-for cycle,
 * starting at its lowest channel index; return its length, 0 if none. */
int dl_find_cycle(const dl_state *s, int *cycle, int max);
/* A readable report: a line with now, the last progress and the symbols
 * moved, then dl_report_links. Returns 1 if it found a cycle. */
int dl_report(const dl_state *s, char *buf, size_t n);
/* The channels only: the cycle, if any ("DEADLOCK: wait-for cycle of N
 * channels:" and one line each), then every other blocked channel. For a
 * caller that says when and why itself (model/node/watchdog.c). */
int dl_report_links(const dl_state *s, char *buf, size_t n);
/* "ni0#3 (ni0 -> ni2)" */
void dl_packet_name(const dl_state *s, const lk_sym *pkt, char *buf, size_t n);

#endif
