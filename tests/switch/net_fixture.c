/* Test helper: fabric + fake NIs. */
#include "net_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int fx_open(net_fx *x, const fabric_opts *o, char *err, size_t errlen)
{
    x->q = evq_new();
    x->f = fabric_new(x->q, &x->t, o, err, errlen);
    if (!x->f) return -1;
    x->nni = fabric_ni_count(x->f);
    x->ni = calloc((size_t)x->nni, sizeof *x->ni);
    for (int i = 0; i < x->nni; i++) fni_init(&x->ni[i], x->q, fabric_ep(x->f, i));
    return 0;
}

void fx_close(net_fx *x)
{
    for (int i = 0; x->ni && i < x->nni; i++) fni_free(&x->ni[i]);
    free(x->ni);
    fabric_free(x->f);
    evq_free(x->q);
    topo_free(&x->t);
    memset(x, 0, sizeof *x);
}

unsigned fx_send(net_fx *x, int s, int d, unsigned payload, unsigned seed, sim_time at)
{
    const route_path *r = route_get(fabric_routes(x->f), s, d);
    uint8_t *buf = malloc(ROUTE_MAX_HOPS + payload);
    unsigned n = fni_make_packet(buf, r->byte, r->len == ROUTE_NONE ? 0 : r->len, payload, seed);
    fni_send_at(&x->ni[s], at, buf, n);
    free(buf);
    return n;
}

int fx_payload_ok(const fni_pkt *p, unsigned len, unsigned seed)
{
    if (p->len != len) return 0;
    uint8_t *want = malloc(len ? len : 1);
    fni_make_packet(want, NULL, 0, len, seed);
    int ok = memcmp(want, p->data, len) == 0;
    free(want);
    return ok;
}

void fx_quiet_opts(fabric_opts *o, unsigned chunk, sim_time latency)
{
    fabric_opts_default(o);
    o->link.chunk = chunk;
    o->link.slack = 1024;
    o->link.stop_mark = 768;
    o->link.go_mark = 512;
    o->sw.route_latency = latency;
    o->sw.block_timeout = 0;
}
