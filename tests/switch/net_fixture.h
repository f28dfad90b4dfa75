/* Test helper: a topology brought to life with a fake NI on every endpoint. */
#ifndef MYRISIM_SWITCH_NET_FIXTURE_H
#define MYRISIM_SWITCH_NET_FIXTURE_H

#include "../../model/switch/fabric.h"
#include "fake_ni.h"

typedef struct {
    evq *q;
    topo t;
    fabric *f;
    fake_ni *ni;       /* one per NI */
    int nni;
} net_fx;

/* Call after filling x->t (topo_init + a builder). Returns 0 or -1 + err. */
int fx_open(net_fx *x, const fabric_opts *o, char *err, size_t errlen);
void fx_close(net_fx *x);
/* Queue a packet from NI s to NI d (route from the fabric) with `payload`
 * pattern bytes at time `at`. Returns the packet's length on the wire. */
unsigned fx_send(net_fx *x, int s, int d, unsigned payload, unsigned seed, sim_time at);
/* 1 if p holds exactly the payload pattern of (len, seed). */
int fx_payload_ok(const fni_pkt *p, unsigned len, unsigned seed);
/* Fabric options for exact timing tests: no STOP will happen. */
void fx_quiet_opts(fabric_opts *o, unsigned chunk, sim_time latency);

#endif
