/* Checked AM traffic for the GRIM firmware tests: every (node, LC) sends a
 * planned list of active messages of random sizes to random endpoints on
 * the other nodes; every receiving endpoint checks each message against the
 * plan -- per (source endpoint, destination endpoint) stream the messages
 * must come exactly once, in order, with every payload byte as sent. */
#ifndef MYRISIM_GRIM_FW_TRAFFIC_H
#define MYRISIM_GRIM_FW_TRAFFIC_H

#include "gf.h"

#define TR_HANDLER 7u

typedef struct traffic {
    /* set by the test */
    int per_lc;                   /* messages each (node, LC) sends */
    unsigned minlen, maxlen;      /* payload bytes */
    uint64_t seed;
    int only_to;                  /* >= 0: every message goes to this node, which sends nothing */
    int slow_node, slow_lc;       /* this endpoint's ring is consumed only every slow_every */
    sim_time slow_every;
    int batch;                    /* write this many messages before committing them (0/1 = each) */
    sim_time limit;               /* give up after this simulated time */
    /* results */
    int sent, received, expected;
    int bad;                      /* messages that broke order, content or exactly-once */
    char why[300];
    /* per stream: next index expected, count planned */
    int next[GF_MAX_NODES][GF_MAX_LC][GF_MAX_NODES][GF_MAX_LC];
    int planned[GF_MAX_NODES][GF_MAX_LC][GF_MAX_NODES][GF_MAX_LC];
} traffic;

void traffic_init(traffic *t);
/* The host process: gf_start, the traffic, gf_quit. 0 ok, -1 (g->err). */
int traffic_run(gf *g, void *arg);

#endif
