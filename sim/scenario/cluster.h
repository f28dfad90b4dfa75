/* The cluster a run simulates, as the scenario describes it: nodes, NI chip,
 * link kind, host profile, topology and routing. Later issues build the
 * SystemC models from this; for now it is decoded and checked. */
#ifndef MYRISIM_SCENARIO_CLUSTER_H
#define MYRISIM_SCENARIO_CLUSTER_H

#include "runspec.h"

typedef struct cluster_desc {
    int nodes;
    const char *ni, *link, *host, *pci, *routing;
    const char *topology;          /* "none" for a single node */
    int ports, switches, width, height, depth, arity, leaves, spines;
    int ncables;
} cluster_desc;

/* Decode the cluster of one run (defaults filled in) and check it; errors
 * name the file, line and key. Returns the number of errors. */
int cluster_decode(const run_spec *r, cluster_desc *c, diag *d);
/* One line: "2 nodes, lanai4 NIs, san1280 links, cable, updown routing". */
const char *cluster_summary(const cluster_desc *c, char *buf, size_t len);

#endif
