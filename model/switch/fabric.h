/* A live network built from a topology: one link direction per cable end,
 * one crossbar per switch, one endpoint per NI, routes computed, packets
 * tagged with their destination for reports. The cluster builder (and the
 * tests) use this; an NI model attaches to fabric_ep(). */
#ifndef MYRISIM_SWITCH_FABRIC_H
#define MYRISIM_SWITCH_FABRIC_H

#include "deadlock.h"
#include "endpoint.h"
#include "route.h"
#include "topo.h"
#include "xbar.h"

typedef struct {
    lk_params link;            /* template; rate and prop come from each cable */
    sim_time ps_per_m;         /* propagation per metre of cable */
    xbar_params sw;            /* nports comes from each switch */
    route_algo algo;
    uint64_t seed;             /* per-link error-injection seeds derive from it */
} fabric_opts;

typedef struct fabric fabric;

void fabric_opts_default(fabric_opts *o);
/* Validates the topology, computes routes and builds everything; NULL and a
 * message on any error (bad topology, unroutable pair, bad link parameters
 * for some cable). The topology must outlive the fabric. */
fabric *fabric_new(evq *q, const topo *t, const fabric_opts *o, char *err, size_t errlen);
void fabric_free(fabric *f);

const topo *fabric_topo(const fabric *f);
const route_set *fabric_routes(const fabric *f);
int fabric_ni_count(const fabric *f);
lk_ep *fabric_ep(const fabric *f, int ni);
/* The switch at a topology node, or NULL for an NI. */
xbar *fabric_switch(const fabric *f, int node);
/* Link direction of cable c: from its `a` end (dir 0) or its `b` end (dir 1). */
lk_dir *fabric_link(const fabric *f, int cable, int dir);
const lk_progress *fabric_progress(const fabric *f);
/* Sum over all links: slack overflows (must stay 0) and chunks delivered. */
uint64_t fabric_overflows(const fabric *f);
uint64_t fabric_chunks(const fabric *f);
/* Sum of every switch's counters (xbar_stats), and a one-line summary of
 * the dropped packets ("switch drops: ..."; "" when none) into buf. */
void fabric_xbar_totals(const fabric *f, xbar_stats *sum);
const char *fabric_drop_summary(const fabric *f, char *buf, size_t n);

/* Wait-for state of every channel (index = cable * 2 + dir). Free with
 * fabric_snapshot_free. */
void fabric_snapshot(fabric *f, dl_state *s);
void fabric_snapshot_free(dl_state *s);
/* Snapshot + dl_report; returns 1 if a cycle was found. */
int fabric_deadlock_report(fabric *f, char *buf, size_t n);

#endif
