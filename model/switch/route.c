/* Route computation: levels by BFS from each group's root switch, then per
 * source switch a BFS over (switch, has-gone-down) states. */
#include "route.h"

#include "xbar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *route_algo_name(route_algo a)
{
    return a == ROUTE_SHORTEST ? "shortest" : "up*/down*";
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "myrisim: out of memory in routing\n");
        exit(3);
    }
    return p;
}

static int is_switch(const topo *t, int n)
{
    return n >= 0 && t->node[n].kind == TOPO_SWITCH;
}

static void compute_levels(const topo *t, const int *map, route_set *rs)
{
    int *queue = xmalloc(sizeof(int) * (size_t)t->nnode);
    for (int i = 0; i < t->nnode; i++) rs->level[i] = -1, rs->root[i] = -1;
    for (int r = 0; r < t->nnode; r++) {
        if (!is_switch(t, r) || rs->level[r] >= 0) continue;
        int qh = 0, qt = 0;
        rs->level[r] = 0;
        rs->root[r] = r;
        queue[qt++] = r;
        while (qh < qt) {
            int u = queue[qh++];
            for (unsigned p = 0; p < t->node[u].nports; p++) {
                int v = topo_peer(t, map, u, p, NULL);
                if (!is_switch(t, v) || rs->level[v] >= 0) continue;
                rs->level[v] = rs->level[u] + 1;
                rs->root[v] = r;
                queue[qt++] = v;
            }
        }
    }
    free(queue);
}

int route_hop_is_up(const route_set *rs, int from, int to)
{
    return rs->level[to] < rs->level[from] ||
           (rs->level[to] == rs->level[from] && to < from);
}

typedef struct {
    int prev;          /* previous state, -1 at the start */
    int dist;          /* -1 unvisited */
    uint8_t in, out;   /* ports at this state's switch: arrived on in; prev left by prev's out */
} bfs_state;

/* BFS from switch s over states 2*node + down. */
static void bfs(const topo *t, const int *map, const route_set *rs, int s, bfs_state *st, int *queue)
{
    for (int i = 0; i < 2 * t->nnode; i++) st[i] = (bfs_state){-1, -1, 0, 0};
    int qh = 0, qt = 0;
    st[2 * s].dist = 0;
    queue[qt++] = 2 * s;
    while (qh < qt) {
        int cur = queue[qh++], u = cur / 2, down = cur % 2;
        for (unsigned p = 0; p < t->node[u].nports; p++) {
            unsigned pv;
            int v = topo_peer(t, map, u, p, &pv);
            if (!is_switch(t, v)) continue;
            int nd = 0;
            if (rs->algo == ROUTE_UPDOWN) {
                int up = route_hop_is_up(rs, u, v);
                if (up && down) continue;           /* no down -> up turn */
                nd = !up || down;
            }
            int nx = 2 * v + nd;
            if (st[nx].dist >= 0) continue;
            st[nx] = (bfs_state){cur, st[cur].dist + 1, (uint8_t)pv, (uint8_t)p};
            queue[qt++] = nx;
        }
    }
}

/* Route bytes from (switch s, arrived on pin) to (switch d, leave by pout). */
static int build_path(const bfs_state *st, int s, unsigned pin, int d, unsigned pout, route_path *out)
{
    int target = -1;
    for (int k = 0; k < 2; k++) {
        int x = 2 * d + k;
        if (st[x].dist >= 0 && (target < 0 || st[x].dist < st[target].dist)) target = x;
    }
    if (target < 0) return -1;
    int hops = st[target].dist + 1;
    if (hops > ROUTE_MAX_HOPS) return -2;
    /* walk back: each state knows the port it arrived on; its predecessor
     * left by st[x].out */
    unsigned out_port = pout;
    for (int x = target, i = hops - 1; x >= 0; x = st[x].prev, i--) {
        unsigned in_port = st[x].prev >= 0 ? st[x].in : pin;
        out->byte[i] = (uint8_t)(0x80 | (((int)out_port - (int)in_port) & 0x3F));
        out_port = st[x].out;
    }
    (void)s;
    out->len = (uint8_t)hops;
    return 0;
}

int route_compute(const topo *t, route_algo algo, route_set *rs, char *err, size_t errlen)
{
    int nni = topo_ni_count(t);
    *rs = (route_set){.algo = algo, .nni = nni, .nnode = t->nnode};
    rs->path = xmalloc(sizeof(route_path) * (size_t)(nni > 0 ? nni * nni : 1));
    rs->level = xmalloc(sizeof(int) * (size_t)t->nnode);
    rs->root = xmalloc(sizeof(int) * (size_t)t->nnode);
    int *map = topo_port_map(t);
    compute_levels(t, map, rs);

    int *ni_node = xmalloc(sizeof(int) * (size_t)nni);
    int *att = xmalloc(sizeof(int) * (size_t)nni);         /* node the NI's cable leads to */
    unsigned *att_port = xmalloc(sizeof(unsigned) * (size_t)nni);
    for (int i = 0; i < nni; i++) {
        ni_node[i] = topo_ni_node(t, i);
        att[i] = topo_peer(t, map, ni_node[i], 0, &att_port[i]);
    }
    bfs_state *st = xmalloc(sizeof(bfs_state) * 2 * (size_t)t->nnode);
    int *queue = xmalloc(sizeof(int) * 2 * (size_t)t->nnode);

    int bad = 0, bad_s = -1, bad_d = -1, too_long = 0;
    int last_bfs = -1;
    for (int s = 0; s < nni; s++) {
        for (int d = 0; d < nni; d++) {
            route_path *r = &rs->path[s * nni + d];
            memset(r, 0, sizeof *r);
            r->len = ROUTE_NONE;
            if (att[s] < 0 || att[d] < 0) {
                /* validation forbids this; keep going safely */
            } else if (!is_switch(t, att[s])) {
                if (att[s] == ni_node[d]) r->len = 0;          /* back to back */
            } else if (s == d) {
                r->len = 1;
                r->byte[0] = 0x80;
            } else if (is_switch(t, att[d])) {
                if (last_bfs != att[s]) {
                    bfs(t, map, rs, att[s], st, queue);
                    last_bfs = att[s];
                }
                int rc = build_path(st, att[s], att_port[s], att[d], att_port[d], r);
                if (rc == -2) too_long = 1;
            }
            if (r->len == ROUTE_NONE && s != d) {
                if (!bad++) bad_s = s, bad_d = d;
            }
        }
    }
    free(st);
    free(queue);
    free(att);
    free(att_port);
    free(map);
    if (bad) {
        snprintf(err, errlen, "no %s route from %s to %s (%s)", route_algo_name(algo),
                 t->node[ni_node[bad_s]].name, t->node[ni_node[bad_d]].name,
                 too_long ? "not connected, or longer than 31 switches" : "not connected");
        if (bad > 1) {
            size_t l = strlen(err);
            snprintf(err + l, errlen - l, "; %d unroutable pairs in all", bad);
        }
        free(ni_node);
        route_free(rs);
        return -1;
    }
    free(ni_node);
    return 0;
}

void route_free(route_set *rs)
{
    free(rs->path);
    free(rs->level);
    free(rs->root);
    rs->path = NULL;
    rs->level = rs->root = NULL;
}

const route_path *route_get(const route_set *rs, int s, int d)
{
    if (s < 0 || d < 0 || s >= rs->nni || d >= rs->nni) return NULL;
    return &rs->path[s * rs->nni + d];
}

int route_walk(const topo *t, const int *map, int src, const uint8_t *bytes, unsigned len, unsigned *used)
{
    unsigned k = 0, in;
    int node = topo_peer(t, map, src, 0, &in);
    while (node >= 0 && is_switch(t, node)) {
        if (k >= len) {
            node = -1;
            break;
        }
        int out = xbar_route_out(t->node[node].nports, in, bytes[k++]);
        node = out < 0 ? -1 : topo_peer(t, map, node, (unsigned)out, &in);
    }
    if (used) *used = k;
    return node;
}
