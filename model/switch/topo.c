/* Topology storage, queries and validation. */
#include "topo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *grow(void *p, int *cap, size_t esz)
{
    *cap = *cap ? *cap * 2 : 16;
    void *r = realloc(p, (size_t)*cap * esz);
    if (!r) {
        fprintf(stderr, "myrisim: out of memory in topology\n");
        exit(3);
    }
    return r;
}

void topo_init(topo *t) { *t = (topo){0}; }

void topo_free(topo *t)
{
    free(t->node);
    free(t->cable);
    *t = (topo){0};
}

static int add_node(topo *t, topo_kind kind, const char *name, unsigned nports)
{
    if (t->nnode == t->capnode) t->node = grow(t->node, &t->capnode, sizeof *t->node);
    topo_node *n = &t->node[t->nnode];
    n->kind = kind;
    n->nports = nports;
    snprintf(n->name, sizeof n->name, "%s", name);
    return t->nnode++;
}

int topo_add_ni(topo *t, const char *name) { return add_node(t, TOPO_NI, name, 1); }

int topo_add_switch(topo *t, const char *name, unsigned nports)
{
    return add_node(t, TOPO_SWITCH, name, nports);
}

int topo_connect(topo *t, int a, unsigned pa, int b, unsigned pb, lk_kind kind, double length_m)
{
    if (t->ncable == t->capcable) t->cable = grow(t->cable, &t->capcable, sizeof *t->cable);
    t->cable[t->ncable] = (topo_cable){a, b, pa, pb, kind, length_m};
    return t->ncable++;
}

int topo_find(const topo *t, const char *name)
{
    for (int i = 0; i < t->nnode; i++)
        if (strcmp(t->node[i].name, name) == 0) return i;
    return -1;
}

int topo_validate(const topo *t, char *err, size_t errlen)
{
    for (int i = 0; i < t->nnode; i++) {
        const topo_node *n = &t->node[i];
        if (!n->name[0]) {
            snprintf(err, errlen, "node %d has no name", i);
            return -1;
        }
        if (n->kind == TOPO_SWITCH && n->nports != 8 && n->nports != 16 && n->nports != 32) {
            snprintf(err, errlen, "switch %s has %u ports (must be 8, 16 or 32)", n->name, n->nports);
            return -1;
        }
        for (int j = 0; j < i; j++)
            if (strcmp(t->node[j].name, n->name) == 0) {
                snprintf(err, errlen, "two nodes are named %s", n->name);
                return -1;
            }
    }
    size_t slots = (t->nnode > 0 ? (size_t)t->nnode : 1) * TOPO_MAX_PORTS;
    int *used = malloc(sizeof(int) * slots);
    if (!used) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < t->nnode * TOPO_MAX_PORTS; i++) used[i] = -1;
    int rc = 0;
    for (int c = 0; c < t->ncable && !rc; c++) {
        const topo_cable *k = &t->cable[c];
        int ends[2] = {k->a, k->b};
        unsigned ports[2] = {k->pa, k->pb};
        for (int e = 0; e < 2 && !rc; e++) {
            if (ends[e] < 0 || ends[e] >= t->nnode) {
                snprintf(err, errlen, "cable %d: unknown node %d", c, ends[e]);
                rc = -1;
                break;
            }
            const topo_node *n = &t->node[ends[e]];
            if (ports[e] >= n->nports) {
                snprintf(err, errlen, "cable %d: port %u out of range on %s (%u port%s)", c,
                         ports[e], n->name, n->nports, n->nports == 1 ? "" : "s");
                rc = -1;
                break;
            }
        }
        if (rc) break;
        if (k->a == k->b) {
            snprintf(err, errlen, "cable %d: connects %s to itself", c, t->node[k->a].name);
            rc = -1;
            break;
        }
        if (k->length_m < 0) {
            snprintf(err, errlen, "cable %d (%s-%s): negative length", c,
                     t->node[k->a].name, t->node[k->b].name);
            rc = -1;
            break;
        }
        for (int e = 0; e < 2; e++) {
            int *u = &used[ends[e] * TOPO_MAX_PORTS + (int)ports[e]];
            if (*u >= 0) {
                snprintf(err, errlen, "port %s:%u used twice (cables %d and %d)",
                         t->node[ends[e]].name, ports[e], *u, c);
                rc = -1;
                break;
            }
            *u = c;
        }
    }
    for (int i = 0; i < t->nnode && !rc; i++)
        if (t->node[i].kind == TOPO_NI && used[i * TOPO_MAX_PORTS] < 0) {
            snprintf(err, errlen, "NI %s is not connected to anything", t->node[i].name);
            rc = -1;
        }
    free(used);
    return rc;
}

int *topo_port_map(const topo *t)
{
    size_t slots = (t->nnode > 0 ? (size_t)t->nnode : 1) * TOPO_MAX_PORTS;
    int *map = malloc(sizeof(int) * slots);
    if (!map) {
        fprintf(stderr, "myrisim: out of memory in topology\n");
        exit(3);
    }
    for (int i = 0; i < t->nnode * TOPO_MAX_PORTS; i++) map[i] = -1;
    for (int c = 0; c < t->ncable; c++) {
        map[t->cable[c].a * TOPO_MAX_PORTS + (int)t->cable[c].pa] = c;
        map[t->cable[c].b * TOPO_MAX_PORTS + (int)t->cable[c].pb] = c;
    }
    return map;
}

int topo_peer(const topo *t, const int *map, int node, unsigned port, unsigned *peer_port)
{
    if (node < 0 || node >= t->nnode || port >= TOPO_MAX_PORTS) return -1;
    int c = map[node * TOPO_MAX_PORTS + (int)port];
    if (c < 0) return -1;
    const topo_cable *k = &t->cable[c];
    if (k->a == node && k->pa == port) {
        if (peer_port) *peer_port = k->pb;
        return k->b;
    }
    if (peer_port) *peer_port = k->pa;
    return k->a;
}

int topo_ni_count(const topo *t)
{
    int n = 0;
    for (int i = 0; i < t->nnode; i++) n += t->node[i].kind == TOPO_NI;
    return n;
}

int topo_switch_count(const topo *t)
{
    return t->nnode - topo_ni_count(t);
}

int topo_ni_node(const topo *t, int ni)
{
    for (int i = 0; i < t->nnode; i++)
        if (t->node[i].kind == TOPO_NI && ni-- == 0) return i;
    return -1;
}

int topo_ni_index(const topo *t, int node)
{
    if (node < 0 || node >= t->nnode || t->node[node].kind != TOPO_NI) return -1;
    int k = 0;
    for (int i = 0; i < node; i++) k += t->node[i].kind == TOPO_NI;
    return k;
}
