/* Builders for the regular shapes. Port conventions are in topo.h; they keep
 * route offsets small and make routes easy to read in traces. */
#include "topo.h"

#include <stdio.h>

void topo_opts_default(topo_opts *o)
{
    *o = (topo_opts){LK_SAN1280, LK_DEFAULT_LENGTH, 16, 0};
}

static int add_nis_on(topo *t, int sw, int m, const topo_opts *o)
{
    char name[TOPO_NAME_LEN];
    for (int j = 0; j < m && (!o->max_nis || topo_ni_count(t) < o->max_nis); j++) {
        snprintf(name, sizeof name, "ni%d", topo_ni_count(t));
        int ni = topo_add_ni(t, name);
        topo_connect(t, ni, 0, sw, (unsigned)j, o->kind, o->length_m);
    }
    return 0;
}

static int add_switches(topo *t, int k, const topo_opts *o)
{
    char name[TOPO_NAME_LEN];
    int first = t->nnode;
    for (int i = 0; i < k; i++) {
        snprintf(name, sizeof name, "sw%d", topo_switch_count(t));
        topo_add_switch(t, name, o->ports);
    }
    return first;
}

static int need_ports(const topo_opts *o, unsigned need, const char *what, char *err, size_t errlen)
{
    if (o->ports != 8 && o->ports != 16 && o->ports != 32) {
        snprintf(err, errlen, "%s: switches have %u ports (must be 8, 16 or 32)", what, o->ports);
        return -1;
    }
    if (need > o->ports) {
        snprintf(err, errlen, "%s needs %u ports per switch, switches have %u", what, need, o->ports);
        return -1;
    }
    return 0;
}

int topo_build_cable(topo *t, const topo_opts *o, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    char name[TOPO_NAME_LEN];
    snprintf(name, sizeof name, "ni%d", topo_ni_count(t));
    int a = topo_add_ni(t, name);
    snprintf(name, sizeof name, "ni%d", topo_ni_count(t));
    int b = topo_add_ni(t, name);
    topo_connect(t, a, 0, b, 0, o->kind, o->length_m);
    return 0;
}

int topo_build_switch(topo *t, int nni, const topo_opts *o, char *err, size_t errlen)
{
    if (nni < 1 || need_ports(o, (unsigned)nni, "one switch", err, errlen)) {
        if (nni < 1) snprintf(err, errlen, "one switch: need at least one NI");
        return -1;
    }
    int sw = add_switches(t, 1, o);
    return add_nis_on(t, sw, nni, o);
}

static int build_chain(topo *t, int k, int m, int closed, const topo_opts *o, char *err, size_t errlen)
{
    const char *what = closed ? "ring" : "line";
    if (k < (closed ? 3 : 1) || m < 0) {
        snprintf(err, errlen, "%s: need at least %d switches and m >= 0", what, closed ? 3 : 1);
        return -1;
    }
    if (need_ports(o, (unsigned)m + 2, what, err, errlen)) return -1;
    int first = add_switches(t, k, o);
    for (int i = 0; i < k; i++) add_nis_on(t, first + i, m, o);
    for (int i = 0; i + 1 < k; i++)
        topo_connect(t, first + i, (unsigned)m, first + i + 1, (unsigned)m + 1, o->kind, o->length_m);
    if (closed)
        topo_connect(t, first + k - 1, (unsigned)m, first, (unsigned)m + 1, o->kind, o->length_m);
    return 0;
}

int topo_build_line(topo *t, int k, int m, const topo_opts *o, char *err, size_t errlen)
{
    return build_chain(t, k, m, 0, o, err, errlen);
}

int topo_build_ring(topo *t, int k, int m, const topo_opts *o, char *err, size_t errlen)
{
    return build_chain(t, k, m, 1, o, err, errlen);
}

int topo_build_grid(topo *t, int w, int h, int m, const topo_opts *o, char *err, size_t errlen)
{
    if (w < 1 || h < 1 || m < 0) {
        snprintf(err, errlen, "grid: need w, h >= 1 and m >= 0");
        return -1;
    }
    if (need_ports(o, (unsigned)m + 4, "grid", err, errlen)) return -1;
    int first = add_switches(t, w * h, o);
    for (int i = 0; i < w * h; i++) add_nis_on(t, first + i, m, o);
    unsigned north = (unsigned)m, east = north + 1, south = north + 2, west = north + 3;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int s = first + y * w + x;
            if (x + 1 < w) topo_connect(t, s, east, s + 1, west, o->kind, o->length_m);
            if (y + 1 < h) topo_connect(t, s, south, s + w, north, o->kind, o->length_m);
        }
    return 0;
}

int topo_build_tree(topo *t, int depth, int fanout, int m, const topo_opts *o, char *err, size_t errlen)
{
    if (depth < 1 || fanout < 1 || m < 0) {
        snprintf(err, errlen, "tree: need depth >= 1, fanout >= 1, m >= 0");
        return -1;
    }
    unsigned down = (unsigned)(depth > 1 && fanout > m ? fanout : m);
    if (need_ports(o, down + 1, "tree", err, errlen)) return -1;
    /* level by level: the children of switch i at one level are consecutive */
    int level_first = add_switches(t, 1, o), level_n = 1;
    for (int d = 1; d < depth; d++) {
        int next_first = add_switches(t, level_n * fanout, o);
        for (int i = 0; i < level_n; i++)
            for (int c = 0; c < fanout; c++)
                topo_connect(t, level_first + i, 1u + (unsigned)c, next_first + i * fanout + c, 0,
                             o->kind, o->length_m);
        level_first = next_first;
        level_n *= fanout;
    }
    char name[TOPO_NAME_LEN];
    for (int i = 0; i < level_n; i++)
        for (int j = 0; j < m && (!o->max_nis || topo_ni_count(t) < o->max_nis); j++) {
            snprintf(name, sizeof name, "ni%d", topo_ni_count(t));
            int ni = topo_add_ni(t, name);
            topo_connect(t, ni, 0, level_first + i, 1u + (unsigned)j, o->kind, o->length_m);
        }
    return 0;
}

/* Ports a dimension of n switches needs on each switch: none for n = 1, one
 * for n = 2 (a switch has one neighbour there), two (plus, minus) above. */
static unsigned dim_ports(int n)
{
    return n < 2 ? 0u : n == 2 ? 1u : 2u;
}

int topo_build_grid3d(topo *t, const int dim[3], int m, const topo_opts *o, char *err, size_t errlen)
{
    if (dim[0] < 1 || dim[1] < 1 || dim[2] < 1 || m < 0 || (long)dim[0] * dim[1] * dim[2] > 4096) {
        snprintf(err, errlen, "grid3d: need 1 <= x, y, z, at most 4096 switches, and m >= 0");
        return -1;
    }
    unsigned base[3], p = (unsigned)m;
    for (int d = 0; d < 3; d++) {
        base[d] = p;
        p += dim_ports(dim[d]);
    }
    if (need_ports(o, p, "grid3d", err, errlen)) return -1;
    int n = dim[0] * dim[1] * dim[2];
    int first = add_switches(t, n, o);
    for (int i = 0; i < n; i++) add_nis_on(t, first + i, m, o);
    /* switch (x, y, z) is first + (z*Y + y)*X + x; along each dimension the
     * plus port of one switch meets the minus port of the next (one shared
     * port when the dimension has two switches) */
    int stride[3] = {1, dim[0], dim[0] * dim[1]};
    for (int s = 0; s < n; s++) {
        int c[3] = {s % dim[0], s / dim[0] % dim[1], s / stride[2]};
        for (int d = 0; d < 3; d++) {
            if (c[d] + 1 >= dim[d]) continue;
            unsigned plus = base[d], minus = dim[d] == 2 ? base[d] : base[d] + 1;
            topo_connect(t, first + s, plus, first + s + stride[d], minus, o->kind, o->length_m);
        }
    }
    return 0;
}

int topo_build_das(topo *t, const topo_opts *o, char *err, size_t errlen)
{
    static const int das[3] = {2, 2, 8};
    topo_opts o8 = *o;
    o8.ports = 8;
    return topo_build_grid3d(t, das, 4, &o8, err, errlen);
}

int topo_build_clos(topo *t, int leaves, int spines, int m, const topo_opts *o, char *err, size_t errlen)
{
    if (leaves < 1 || spines < 1 || m < 0) {
        snprintf(err, errlen, "clos: need leaves, spines >= 1 and m >= 0");
        return -1;
    }
    if (need_ports(o, (unsigned)(m + spines), "clos (leaf)", err, errlen) ||
        need_ports(o, (unsigned)leaves, "clos (spine)", err, errlen))
        return -1;
    int leaf = add_switches(t, leaves, o);
    int spine = add_switches(t, spines, o);
    for (int i = 0; i < leaves; i++) add_nis_on(t, leaf + i, m, o);
    for (int i = 0; i < leaves; i++)
        for (int j = 0; j < spines; j++)
            topo_connect(t, leaf + i, (unsigned)(m + j), spine + j, (unsigned)i, o->kind, o->length_m);
    return 0;
}
