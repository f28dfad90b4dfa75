/* The network of a scenario's cluster block for the experiment kinds
 * (ni_pingpong and host). model/switch's builders make every shape; the
 * line is built here because the NI experiments want its two ends occupied
 * (the builder puts the same number of NIs on every switch). Elsewhere the
 * nodes fill the switches in order, ceil(nodes / switches) on each. */
#include "exp_ni.h"

#include <stdio.h>
#include <string.h>

const char *const exp_ni_topologies[] = {"cable", "switch", "line", "ring", "grid", "grid3d", "das", "clos", NULL};

/* NIs per switch when n nodes fill k switches in order. */
static int per_switch(int n, int k)
{
    return k > 0 ? (n + k - 1) / k : 0;
}

lk_kind exp_ni_link_kind(const char *link)
{
    return link && !strcmp(link, "myrinet2000") ? LK_M2000 : LK_SAN1280;
}

route_algo exp_ni_route_algo(const char *routing)
{
    return routing && !strcmp(routing, "shortest") ? ROUTE_SHORTEST : ROUTE_UPDOWN;
}

/* NI i of n sits on switch round(i * (k - 1) / (n - 1)). */
static int line_switch_of(int i, int n, int k)
{
    if (n < 2 || k < 2)
        return 0;
    return (int)(((long)i * (k - 1) * 2 + (n - 1)) / (2L * (n - 1)));
}

static int build_line(const cluster_desc *c, const topo_opts *o, topo *t, char *err, size_t errlen)
{
    int k = c->switches, n = c->nodes;
    unsigned ports = o->ports;
    if (ports != 8 && ports != 16 && ports != 32) {
        snprintf(err, errlen, "line: switches have %u ports (must be 8, 16 or 32)", ports);
        return -1;
    }
    if (k < 1) {
        snprintf(err, errlen, "line: need at least one switch, not %d", k);
        return -1;
    }
    /* ports-2 goes east to the next switch, ports-1 west to the previous;
     * NIs take ports 0, 1, ... of their switch */
    unsigned east = ports - 2, west = ports - 1;
    int first = t->nnode;
    char name[TOPO_NAME_LEN];
    for (int s = 0; s < k; s++) {
        snprintf(name, sizeof name, "sw%d", topo_switch_count(t));
        topo_add_switch(t, name, ports);
    }
    for (int s = 0; s + 1 < k; s++)
        topo_connect(t, first + s, east, first + s + 1, west, o->kind, o->length_m);
    unsigned used[256] = {0};
    for (int i = 0; i < n; i++) {
        int s = line_switch_of(i, n, k);
        if (used[s] >= east) {
            snprintf(err, errlen, "line: %d NIs do not fit on %d switches of %u ports", n, k, ports);
            return -1;
        }
        snprintf(name, sizeof name, "ni%d", topo_ni_count(t));
        int ni = topo_add_ni(t, name);
        topo_connect(t, ni, 0, first + s, used[s]++, o->kind, o->length_m);
    }
    return 0;
}

int exp_ni_topology(const cluster_desc *c, double length_m, topo *t, char *err, size_t errlen)
{
    topo_opts o;
    topo_opts_default(&o);
    o.kind = exp_ni_link_kind(c->link);
    o.length_m = length_m;
    o.ports = (unsigned)c->ports;
    int rc;
    if (!strcmp(c->topology, "cable")) {
        if (c->nodes != 2) {
            snprintf(err, errlen, "a cable joins exactly 2 NIs, not %d", c->nodes);
            return -1;
        }
        rc = topo_build_cable(t, &o, err, errlen);
    } else if (!strcmp(c->topology, "switch")) {
        rc = topo_build_switch(t, c->nodes, &o, err, errlen);
    } else if (!strcmp(c->topology, "line")) {
        if (c->switches > 256) {
            snprintf(err, errlen, "line: at most 256 switches, not %d", c->switches);
            return -1;
        }
        rc = build_line(c, &o, t, err, errlen);
    } else if (!strcmp(c->topology, "ring")) {
        o.max_nis = c->nodes;
        rc = topo_build_ring(t, c->switches, per_switch(c->nodes, c->switches), &o, err, errlen);
    } else if (!strcmp(c->topology, "grid")) {
        o.max_nis = c->nodes;
        rc = topo_build_grid(t, c->width, c->height, per_switch(c->nodes, c->width * c->height), &o, err, errlen);
    } else if (!strcmp(c->topology, "grid3d")) {
        const int dim[3] = {c->width, c->height, c->depth};
        o.max_nis = c->nodes;
        rc = topo_build_grid3d(t, dim, per_switch(c->nodes, dim[0] * dim[1] * dim[2]), &o, err, errlen);
    } else if (!strcmp(c->topology, "das")) {
        o.max_nis = c->nodes;
        rc = topo_build_das(t, &o, err, errlen);
    } else if (!strcmp(c->topology, "clos")) {
        o.max_nis = c->nodes;
        rc = topo_build_clos(t, c->leaves, c->spines, per_switch(c->nodes, c->leaves), &o, err, errlen);
    } else {
        snprintf(err, errlen, "topology '%s' is not supported by the NI experiments (cable, switch, line, ring, "
                              "grid, grid3d, das or clos)", c->topology);
        return -1;
    }
    if (rc == 0 && topo_validate(t, err, errlen) != 0)
        return -1;
    return rc;
}
