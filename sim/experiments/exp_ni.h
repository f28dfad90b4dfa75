/* Shared by the NI-to-NI experiment kinds (sim/exp_ni_*.c): the network a
 * scenario's cluster block describes, built as a model/switch topology. */
#ifndef MYRISIM_EXPERIMENTS_EXP_NI_H
#define MYRISIM_EXPERIMENTS_EXP_NI_H

#include "../../model/switch/route.h"
#include "../../model/switch/topo.h"
#include "../scenario/cluster.h"

#include <stddef.h>

/* Build c's network into t (topo_init'ed by the caller) with cables of
 * length_m metres:
 *   cable  - two NIs back to back (Fig 5.5's setup);
 *   switch - one crossbar of c->ports ports, NI i on port i;
 *   line   - c->switches crossbars in a row, the NIs spread evenly along
 *            it, the first on the first switch and the last on the last
 *            (so NI 0 and NI n-1 are c->switches hops apart).
 * Returns 0, or -1 and a message for a kind this builder does not know or
 * a network that does not fit. */
int exp_ni_topology(const cluster_desc *c, double length_m, topo *t, char *err, size_t errlen);
/* "san1280" / "myrinet2000" -> link kind; "updown" / "shortest" -> routes. */
lk_kind exp_ni_link_kind(const char *link);
route_algo exp_ni_route_algo(const char *routing);
/* Topology kinds exp_ni_topology builds, NULL-terminated. */
extern const char *const exp_ni_topologies[];

#endif
