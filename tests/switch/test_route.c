/* Routes: every route is walked hop by hop here with an independent walker;
 * up* / down* routes are checked for down->up turns (levels recomputed here)
 * and for an acyclic channel dependency graph; then the routes are used in a
 * simulated all-to-all exchange. */
#include "../harness/harness.h"
#include "net_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The cable at (node, port), -1 if none; the test's own lookup. */
static int cable_at(const topo *t, int node, unsigned port, int *peer, unsigned *peer_port, int *dir)
{
    for (int c = 0; c < t->ncable; c++) {
        const topo_cable *k = &t->cable[c];
        if (k->a == node && k->pa == port) {
            *peer = k->b, *peer_port = k->pb, *dir = 0;
            return c;
        }
        if (k->b == node && k->pb == port) {
            *peer = k->a, *peer_port = k->pa, *dir = 1;
            return c;
        }
    }
    return -1;
}

typedef struct {
    int nch;               /* channels used */
    int ch[40];            /* cable*2 + dir, in order */
    int sw[40];            /* switches visited */
    int nsw;
} walk;

/* Follow the bytes like the switches would; the NI reached, or -1. */
static int walk_route(const topo *t, int src_node, const route_path *r, walk *w)
{
    int node = src_node, peer, dir;
    unsigned port = 0, in;
    w->nch = w->nsw = 0;
    for (unsigned k = 0;; k++) {
        int c = cable_at(t, node, port, &peer, &in, &dir);
        if (c < 0) return -1;
        w->ch[w->nch++] = c * 2 + dir;
        node = peer;
        if (t->node[node].kind == TOPO_NI) return k == r->len ? node : -1;
        if (k >= r->len) return -1;
        uint8_t b = r->byte[k];
        if (!(b & 0x80)) return -1;
        int off = b & 0x3F;
        if (off >= 32) off -= 64;
        int out = (int)in + off;
        if (out < 0 || out >= (int)t->node[node].nports) return -1;
        w->sw[w->nsw++] = node;
        port = (unsigned)out;
    }
}

/* Levels by BFS from the lowest-numbered switch (the documented rule). */
static void levels(const topo *t, int *lvl)
{
    int *q = malloc(sizeof(int) * (size_t)t->nnode);
    for (int i = 0; i < t->nnode; i++) lvl[i] = -1;
    for (int r = 0; r < t->nnode; r++) {
        if (t->node[r].kind != TOPO_SWITCH || lvl[r] >= 0) continue;
        int h = 0, n = 0;
        q[n++] = r;
        lvl[r] = 0;
        while (h < n) {
            int u = q[h++];
            for (int c = 0; c < t->ncable; c++) {
                const topo_cable *k = &t->cable[c];
                int v = k->a == u ? k->b : k->b == u ? k->a : -1;
                if (v < 0 || t->node[v].kind != TOPO_SWITCH || lvl[v] >= 0) continue;
                lvl[v] = lvl[u] + 1;
                q[n++] = v;
            }
        }
    }
    free(q);
}

/* Kahn's algorithm on the channel dependency graph: 1 if it has a cycle. */
static int cdg_has_cycle(const topo *t, const route_set *rs)
{
    int n = t->ncable * 2;
    char *edge = calloc((size_t)n * (size_t)n, 1);
    int *indeg = calloc((size_t)n, sizeof(int)), *q = malloc(sizeof(int) * (size_t)n);
    for (int s = 0; s < rs->nni; s++)
        for (int d = 0; d < rs->nni; d++) {
            const route_path *r = route_get(rs, s, d);
            if (s == d || r->len == ROUTE_NONE) continue;
            walk w;
            walk_route(t, topo_ni_node(t, s), r, &w);
            for (int i = 0; i + 1 < w.nch; i++) {
                char *e = &edge[w.ch[i] * n + w.ch[i + 1]];
                if (!*e) indeg[w.ch[i + 1]]++;
                *e = 1;
            }
        }
    int h = 0, m = 0, removed = 0;
    for (int i = 0; i < n; i++)
        if (!indeg[i]) q[m++] = i;
    while (h < m) {
        int u = q[h++];
        removed++;
        for (int v = 0; v < n; v++)
            if (edge[u * n + v] && --indeg[v] == 0) q[m++] = v;
    }
    free(edge);
    free(indeg);
    free(q);
    return removed < n;
}

/* Everything we demand of an up* / down* route set. */
static void check_updown(const topo *t, const char *what)
{
    route_set rs;
    char err[256];
    if (route_compute(t, ROUTE_UPDOWN, &rs, err, sizeof err))
        harness_fail(__FILE__, __LINE__, "%s: %s", what, err);
    int *lvl = malloc(sizeof(int) * (size_t)t->nnode);
    levels(t, lvl);
    int maxlen = 0;
    for (int s = 0; s < rs.nni; s++)
        for (int d = 0; d < rs.nni; d++) {
            const route_path *r = route_get(&rs, s, d);
            walk w;
            int reached = walk_route(t, topo_ni_node(t, s), r, &w);
            if (s == d) {                                  /* 0x80 goes back out */
                ASSERT_EQ(r->len, 1);
                ASSERT_EQ(r->byte[0], 0x80);
                ASSERT_EQ(reached, topo_ni_node(t, s));
                continue;
            }
            if (reached != topo_ni_node(t, d))
                harness_fail(__FILE__, __LINE__, "%s: route %d->%d reaches node %d", what, s, d, reached);
            int gone_down = 0;
            for (int i = 0; i + 1 < w.nsw; i++) {
                int u = w.sw[i], v = w.sw[i + 1];
                int up = lvl[v] < lvl[u] || (lvl[v] == lvl[u] && v < u);
                if (up && gone_down)
                    harness_fail(__FILE__, __LINE__, "%s: route %d->%d turns down->up at %s",
                                 what, s, d, t->node[u].name);
                gone_down |= !up;
            }
            if (r->len > maxlen) maxlen = r->len;
        }
    ASSERT_TRUE(!cdg_has_cycle(t, &rs));
    harness_note("%s: %d NIs, longest route %d bytes, channel dependencies acyclic", what, rs.nni, maxlen);
    free(lvl);
    route_free(&rs);
}

static const char *irregular =
    "switch a 8\nswitch b 8\nswitch c 16\nswitch d 8\nswitch e 32\n"
    "ni n0\nni n1\nni n2\nni n3\nni n4\nni n5\n"
    "cable n0:0 a:0\ncable n1:0 b:0\ncable n2:0 c:0\ncable n3:0 d:0\n"
    "cable n4:0 c:5 myrinet-2000 5\ncable n5:0 e:31\n"
    "cable a:1 b:1\ncable b:2 c:1\ncable c:2 d:1\ncable d:2 a:2\n"
    "cable a:3 c:3\ncable b:3 d:3\ncable b:4 c:4\ncable e:0 d:7\ncable e:1 c:15\n";

TEST(switch_route, updown_routes_are_valid_and_deadlock_free)
{
    char err[256];
    topo_opts o;
    topo_opts_default(&o);
    topo t;
    topo_init(&t);
    ASSERT_EQ(topo_build_line(&t, 4, 2, &o, err, sizeof err), 0);
    check_updown(&t, "line 4x2");
    topo_free(&t);
    topo_init(&t);
    ASSERT_EQ(topo_build_ring(&t, 5, 1, &o, err, sizeof err), 0);
    check_updown(&t, "ring 5");
    topo_free(&t);
    topo_init(&t);
    ASSERT_EQ(topo_build_ring(&t, 8, 2, &o, err, sizeof err), 0);
    check_updown(&t, "ring 8x2");
    topo_free(&t);
    topo_init(&t);
    ASSERT_EQ(topo_build_grid(&t, 4, 3, 1, &o, err, sizeof err), 0);
    check_updown(&t, "grid 4x3");
    topo_free(&t);
    topo_init(&t);
    ASSERT_EQ(topo_build_tree(&t, 3, 2, 2, &o, err, sizeof err), 0);
    check_updown(&t, "tree 3/2");
    topo_free(&t);
    topo_init(&t);
    ASSERT_EQ(topo_parse(&t, irregular, "irregular", err, sizeof err), 0);
    check_updown(&t, "irregular");
    topo_free(&t);
}

TEST(switch_route, shortest_routes_on_a_ring_have_a_dependency_cycle)
{
    char err[256];
    topo_opts o;
    topo_opts_default(&o);
    topo t;
    topo_init(&t);
    ASSERT_EQ(topo_build_ring(&t, 5, 1, &o, err, sizeof err), 0);
    route_set rs, ud;
    ASSERT_EQ(route_compute(&t, ROUTE_SHORTEST, &rs, err, sizeof err), 0);
    ASSERT_EQ(route_compute(&t, ROUTE_UPDOWN, &ud, err, sizeof err), 0);
    /* shortest: every route reaches its NI in 1 + ring distance hops */
    int longer = 0;
    for (int s = 0; s < 5; s++)
        for (int d = 0; d < 5; d++) {
            if (s == d) continue;
            walk w;
            ASSERT_EQ(walk_route(&t, topo_ni_node(&t, s), route_get(&rs, s, d), &w), topo_ni_node(&t, d));
            int dist = abs(s - d) < 5 - abs(s - d) ? abs(s - d) : 5 - abs(s - d);
            ASSERT_EQ(route_get(&rs, s, d)->len, dist + 1);
            longer += route_get(&ud, s, d)->len > route_get(&rs, s, d)->len;
        }
    ASSERT_TRUE(cdg_has_cycle(&t, &rs));
    ASSERT_TRUE(!cdg_has_cycle(&t, &ud));
    ASSERT_TRUE(longer > 0);                              /* up* / down* pays with detours */
    route_free(&rs);
    route_free(&ud);
    topo_free(&t);
}

TEST(switch_route, unroutable_pairs_are_named)
{
    char err[256];
    topo_opts o;
    topo_opts_default(&o);
    topo t;
    topo_init(&t);
    ASSERT_EQ(topo_build_switch(&t, 2, &o, err, sizeof err), 0);
    ASSERT_EQ(topo_build_switch(&t, 2, &o, err, sizeof err), 0);   /* a second island */
    route_set rs;
    ASSERT_EQ(route_compute(&t, ROUTE_UPDOWN, &rs, err, sizeof err), -1);
    harness_note("%s", err);
    ASSERT_TRUE(strstr(err, "from ni0 to ni2") != NULL);
    ASSERT_TRUE(strstr(err, "8 unroutable pairs") != NULL);
    topo_free(&t);
    /* back to back: one empty route each way, none to self */
    topo_init(&t);
    ASSERT_EQ(topo_build_cable(&t, &o, err, sizeof err), 0);
    ASSERT_EQ(route_compute(&t, ROUTE_UPDOWN, &rs, err, sizeof err), 0);
    ASSERT_EQ(route_get(&rs, 0, 1)->len, 0);
    ASSERT_EQ(route_get(&rs, 0, 0)->len, ROUTE_NONE);
    route_free(&rs);
    topo_free(&t);
}

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

TEST(switch_route, route_table_layout)
{
    char err[256];
    topo_opts o;
    topo_opts_default(&o);
    topo t;
    topo_init(&t);
    ASSERT_EQ(topo_build_grid(&t, 3, 3, 1, &o, err, sizeof err), 0);
    route_set rs;
    ASSERT_EQ(route_compute(&t, ROUTE_UPDOWN, &rs, err, sizeof err), 0);
    uint8_t buf[20 + 9 * 32];
    ASSERT_EQ(route_table_size(&rs, 4), sizeof buf);
    ASSERT_EQ(route_table_write(&rs, 4, buf, sizeof buf - 1, err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "needs 308 bytes") != NULL);
    ASSERT_EQ(route_table_write(&rs, 4, buf, sizeof buf, err, sizeof err), (long)sizeof buf);
    ASSERT_EQ(be32(buf), 0x4D525431);                     /* "MRT1" */
    ASSERT_EQ(memcmp(buf, "MRT1", 4), 0);
    ASSERT_EQ(be32(buf + 4), 5);
    ASSERT_EQ(be32(buf + 8), 9);
    ASSERT_EQ(be32(buf + 12), 32);
    ASSERT_EQ(be32(buf + 16), 4);
    for (int d = 0; d < 9; d++) {
        const uint8_t *e = buf + 20 + d * 32;
        const route_path *r = route_get(&rs, 4, d);
        ASSERT_EQ(e[0], r->len);
        ASSERT_MEM_EQ(e + 1, r->byte, r->len);
        for (int i = 1 + r->len; i < 32; i++) ASSERT_EQ(e[i], 0);
        walk w;                                           /* the table's bytes work */
        route_path from_table = {.len = e[0]};
        memcpy(from_table.byte, e + 1, e[0]);
        ASSERT_EQ(walk_route(&t, topo_ni_node(&t, 4), &from_table, &w), topo_ni_node(&t, d));
    }
    route_free(&rs);
    topo_free(&t);
}

/* 512 NIs: 32-byte entries would need 16,404 bytes, over the NIs' 16 KB
 * window; each table then uses its longest route + 1, rounded to a word,
 * and still holds every route. 511 NIs keep 32-byte entries. */
TEST(switch_route, route_table_entries_shrink_from_512_nis)
{
    char err[256];
    topo_opts o;
    topo_opts_default(&o);
    o.ports = 16;
    const int dim[3] = {4, 4, 8};
    for (int pass = 0; pass < 2; pass++) {
        topo t;
        topo_init(&t);
        o.max_nis = pass ? 511 : 0;
        ASSERT_EQ(topo_build_grid3d(&t, dim, 4, &o, err, sizeof err), 0);
        ASSERT_EQ(topo_ni_count(&t), pass ? 511 : 512);
        route_set rs;
        ASSERT_EQ(route_compute(&t, ROUTE_UPDOWN, &rs, err, sizeof err), 0);
        for (int src = 0; src < rs.nni; src += 73) {
            unsigned longest = 0;
            for (int d = 0; d < rs.nni; d++) {
                unsigned l = route_get(&rs, src, d)->len;
                if (l != ROUTE_NONE && l > longest) longest = l;
            }
            unsigned e = route_table_entry(&rs, src);
            ASSERT_EQ(e, pass ? 32u : (longest + 4u) & ~3u);
            ASSERT_TRUE(route_table_size(&rs, src) <= ROUTE_TABLE_MAX);
            static uint8_t buf[ROUTE_TABLE_MAX];
            ASSERT_EQ(route_table_write(&rs, src, buf, sizeof buf, err, sizeof err), (long)route_table_size(&rs, src));
            ASSERT_EQ(be32(buf + 12), e);
            for (int d = 0; d < rs.nni; d++) {
                const uint8_t *p = buf + 20 + (size_t)d * e;
                const route_path *r = route_get(&rs, src, d);
                ASSERT_EQ(p[0], r->len);
                if (r->len != ROUTE_NONE) ASSERT_MEM_EQ(p + 1, r->byte, r->len);
            }
        }
        if (!pass) ASSERT_TRUE(route_table_entry(&rs, 0) < 32u);
        route_free(&rs);
        topo_free(&t);
    }
}

/* Every NI sends one packet to every other at once. */
static void all_to_all(net_fx *x, const char *what)
{
    int n = x->nni;
    for (int s = 0; s < n; s++)
        for (int k = 1; k < n; k++) {
            int d = (s + k) % n;
            fx_send(x, s, d, 100 + (unsigned)d, (unsigned)(s * 64 + d), 0);
        }
    evq_run_until(x->q, SIM_US(1000000));
    for (int d = 0; d < n; d++) {
        fake_ni *r = &x->ni[d];
        if (r->npkts != n - 1)
            harness_fail(__FILE__, __LINE__, "%s: NI %d got %d packets, not %d", what, d, r->npkts, n - 1);
        int seen[64] = {0};
        for (int i = 0; i < r->npkts; i++) {
            int s = r->pkt[i].tag.src;
            ASSERT_EQ(r->pkt[i].tag.dst, d);              /* tagged by the fabric's walk */
            ASSERT_TRUE(!seen[s]++);
            ASSERT_TRUE(fx_payload_ok(&r->pkt[i], 100 + (unsigned)d, (unsigned)(s * 64 + d)));
        }
    }
    ASSERT_EQ(fabric_overflows(x->f), 0);
    for (int i = 0; i < x->t.nnode; i++) {
        xbar *sw = fabric_switch(x->f, i);
        if (sw) ASSERT_EQ(xbar_get_stats(sw)->bad_route + xbar_get_stats(sw)->timeouts, 0);
    }
    harness_note("%s: all-to-all among %d NIs delivered, %llu events", what, n,
                 (unsigned long long)evq_events_run(x->q));
}

TEST(switch_route, all_to_all_delivers_over_updown_routes)
{
    char err[256];
    topo_opts o;
    topo_opts_default(&o);
    fabric_opts fo;
    fabric_opts_default(&fo);
    fo.sw.block_timeout = 0;                              /* a deadlock would show */
    const char *names[] = {"ring 6x2", "grid 3x3x2", "tree 3/2/2", "irregular"};
    for (int k = 0; k < 4; k++) {
        net_fx x = {0};
        topo_init(&x.t);
        int rc = k == 0   ? topo_build_ring(&x.t, 6, 2, &o, err, sizeof err)
                 : k == 1 ? topo_build_grid(&x.t, 3, 3, 2, &o, err, sizeof err)
                 : k == 2 ? topo_build_tree(&x.t, 3, 2, 2, &o, err, sizeof err)
                          : topo_parse(&x.t, irregular, "irregular", err, sizeof err);
        ASSERT_EQ(rc, 0);
        ASSERT_EQ(fx_open(&x, &fo, err, sizeof err), 0);
        all_to_all(&x, names[k]);
        fx_close(&x);
    }
}
