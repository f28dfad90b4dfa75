/* Decoding and checking a scenario's cluster (cluster.h): nodes, chip,
 * link, host, topology (with explicit cable lists) and routing. */
#include "cluster.h"

#include <stdlib.h>
#include <string.h>

/* "n3" -> node 3; "s1.5" -> switch 1 port 5. Returns 0 on success. */
static int parse_end(const char *e, int *is_switch, long *a, long *b)
{
    char *end;
    if (!e)
        return -1;
    if (e[0] == 'n') {
        *is_switch = 0;
        *a = strtol(e + 1, &end, 10);
        *b = 0;
        return end != e + 1 && !*end && *a >= 0 ? 0 : -1;
    }
    if (e[0] == 's') {
        *is_switch = 1;
        *a = strtol(e + 1, &end, 10);
        if (end == e + 1 || *end != '.' || *a < 0)
            return -1;
        const char *p = end + 1;
        *b = strtol(p, &end, 10);
        return end != p && !*end && *b >= 0 ? 0 : -1;
    }
    return -1;
}

static int check_cables(const run_spec *r, cluster_desc *c, diag *d)
{
    const config_setting_t *cables = run_setting(r, "cluster.topology.cables");
    if (!cables) {
        diag_at(d, run_setting(r, "cluster.topology"), "an explicit topology needs cables = ( [\"n0\", \"s0.0\"], ... )");
        return 1;
    }
    int before = d->errors;
    int nends = c->nodes + c->switches * c->ports;
    char *used = calloc((size_t)nends + 1, 1);
    c->ncables = config_setting_length(cables);
    for (int i = 0; i < c->ncables; i++) {
        const config_setting_t *cab = config_setting_get_elem(cables, (unsigned)i);
        for (int k = 0; k < 2; k++) {
            const char *e = config_setting_get_string_elem(cab, k);
            int sw;
            long a, b;
            if (parse_end(e, &sw, &a, &b)) {
                diag_at(d, cab, "bad cable end '%s' (expected n<node> or s<switch>.<port>)", e ? e : "?");
                continue;
            }
            if (!sw && a >= c->nodes) {
                diag_at(d, cab, "cable end '%s': there are only %d nodes", e, c->nodes);
                continue;
            }
            if (sw && (a >= c->switches || b >= c->ports)) {
                diag_at(d, cab, "cable end '%s': there are %d switches of %d ports", e, c->switches, c->ports);
                continue;
            }
            int slot = sw ? c->nodes + (int)a * c->ports + (int)b : (int)a;
            if (used[slot]++)
                diag_at(d, cab, "cable end '%s' is already cabled", e);
        }
    }
    for (int n = 0; n < c->nodes && d->errors == before; n++)
        if (!used[n])
            diag_at(d, cables, "node n%d has no cable", n);
    free(used);
    return d->errors - before;
}

/* An integer setting in lo..hi. A swept value is any double (1e300, 2.5),
 * so it is checked before the cast, which would be undefined out of range. */
static int int_setting(const run_spec *r, const char *path, double dflt, int lo, int hi, int *out, diag *d)
{
    double v = run_number(r, path, dflt);
    if (v >= lo && v <= hi && v == (double)(int)v) {
        *out = (int)v;
        return 0;
    }
    const char *key = strrchr(path, '.') + 1;
    diag_at(d, run_origin(r, path), "%s must be an integer %d..%d, not %g", key, lo, hi, v);
    *out = lo;
    return 1;
}

int cluster_decode(const run_spec *r, cluster_desc *c, diag *d)
{
    int before = d->errors;
    memset(c, 0, sizeof *c);
    c->ni = run_string(r, "cluster.ni", "lanai4");
    c->link = run_string(r, "cluster.link", "san1280");
    c->host = run_string(r, "cluster.host", "none");
    c->pci = run_string(r, "cluster.pci", "pci32-33");
    c->routing = run_string(r, "cluster.routing", "updown");
    double nodes = run_number(r, "cluster.nodes", 1);
    if (nodes >= 1 && nodes <= 4096 && nodes == (double)(int)nodes)
        c->nodes = (int)nodes;
    else
        diag_at(d, run_origin(r, "cluster.nodes"), "nodes must be 1..4096, not %g", nodes);
    c->topology = run_string(r, "cluster.topology.kind", c->nodes == 1 ? "none" : c->nodes == 2 ? "cable" : "switch");
    int_setting(r, "cluster.topology.switches", 1, 0, 4096, &c->switches, d);
    int_setting(r, "cluster.topology.width", 0, 0, 4096, &c->width, d);
    int_setting(r, "cluster.topology.height", 0, 0, 4096, &c->height, d);
    int_setting(r, "cluster.topology.arity", 0, 0, 256, &c->arity, d);
    int_setting(r, "cluster.topology.depth", 1, 1, 4096, &c->depth, d);
    int_setting(r, "cluster.topology.leaves", 0, 0, 4096, &c->leaves, d);
    int_setting(r, "cluster.topology.spines", 0, 0, 4096, &c->spines, d);
    const config_setting_t *topo = run_setting(r, "cluster.topology");
    const config_setting_t *at = topo ? topo : run_setting(r, "cluster");

    /* Appendix A (L2476-L2499): the LANai 4 card has a SAN-1280 port and a
     * 32b/33MHz PCI interface only. */
    if (!strcmp(c->ni, "lanai4") && !strcmp(c->link, "myrinet2000"))
        diag_at(d, run_setting(r, "cluster.link"), "the LANai 4 has a SAN-1280 interface only (appendix A, L2476-L2499)");
    if (!strcmp(c->ni, "lanai4") && !strcmp(c->pci, "pci64-66"))
        diag_at(d, run_setting(r, "cluster.pci"), "the LANai 4 has a 32b/33MHz PCI interface only (appendix A, L2476-L2499)");
    double ports = run_number(r, "cluster.topology.ports", !strcmp(c->topology, "das") ? 8 : 16);
    if (ports >= 2 && ports <= 256 && ports == (double)(int)ports)
        c->ports = (int)ports;
    else
        diag_at(d, run_has(r, "cluster.topology.ports") ? run_origin(r, "cluster.topology.ports") : at,
                "ports must be 2..256, not %g", ports);
    if (d->errors != before)
        return d->errors - before;

    const char *t = c->topology;
    if (!strcmp(t, "cable") && c->nodes != 2)
        diag_at(d, at, "a cable topology joins exactly 2 nodes, not %d", c->nodes);
    else if (!strcmp(t, "switch") && c->nodes > c->ports)
        diag_at(d, at, "%d nodes do not fit on one %d-port switch", c->nodes, c->ports);
    else if ((!strcmp(t, "line") || !strcmp(t, "ring")) &&
             (c->switches < 1 || c->nodes > (long long)c->switches * (c->ports - 2)))
        diag_at(d, at, "%d nodes do not fit on %d switches of %d ports (2 ports each for the %s)", c->nodes,
                c->switches, c->ports, t);
    else if (!strcmp(t, "grid") && (c->width < 1 || c->height < 1))
        diag_at(d, at, "a grid needs width and height >= 1");
    else if (!strcmp(t, "grid") && c->nodes > (long long)c->width * c->height * (c->ports - 4))
        diag_at(d, at, "%d nodes do not fit on a %dx%d grid of %d-port switches", c->nodes, c->width, c->height,
                c->ports);
    else if (!strcmp(t, "grid3d") && (c->width < 1 || c->height < 1 || c->depth < 1 ||
                                      (long)c->width * c->height * c->depth > 4096))
        diag_at(d, at, "a grid3d needs width, height and depth >= 1 and at most 4096 switches");
    else if (!strcmp(t, "grid3d") && c->nodes > (long long)c->width * c->height * c->depth * c->ports)
        diag_at(d, at, "%d nodes do not fit on a %dx%dx%d grid of %d-port switches", c->nodes, c->width, c->height,
                c->depth, c->ports);
    else if (!strcmp(t, "das") && (c->ports != 8 || c->nodes > 128))
        diag_at(d, at, "the DAS cluster has 8-port switches and at most 128 nodes (ports %d, nodes %d)", c->ports,
                c->nodes);
    else if (!strcmp(t, "clos") && (c->leaves < 1 || c->spines < 1 || c->leaves > c->ports ||
                                    c->nodes > (long long)c->leaves * (c->ports - c->spines)))
        diag_at(d, at, "a clos needs 1 <= leaves <= ports, spines >= 1 and room for %d nodes on the leaves "
                       "(leaves %d, spines %d, ports %d)", c->nodes, c->leaves, c->spines, c->ports);
    else if (!strcmp(t, "tree") && (c->arity < 2 || c->arity >= c->ports))
        diag_at(d, at, "a tree needs 2 <= arity < ports (arity %d, ports %d)", c->arity, c->ports);
    else if (!strcmp(t, "explicit"))
        check_cables(r, c, d);
    return d->errors - before;
}

const char *cluster_summary(const cluster_desc *c, char *buf, size_t len)
{
    snprintf(buf, len, "%d node%s, %s NI%s, %s link%s, host %s, %s, topology %s, %s routing", c->nodes,
             c->nodes == 1 ? "" : "s", c->ni, c->nodes == 1 ? "" : "s", c->link, c->nodes == 1 ? "" : "s", c->host,
             c->pci, c->topology, c->routing);
    return buf;
}
