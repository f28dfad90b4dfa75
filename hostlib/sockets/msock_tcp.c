/* The sockets emulation's TCP transport (msock_tcp.h): every call is a
 * system call (msock_net.kernel_calls); a message goes to the host's kernel
 * (model/eth), whose send path the process pays; what the kernel has put
 * in the socket buffer waits in a list until the reader runs, and a reader
 * that had to sleep pays its wake-up. */
#include "msock_tcp.h"
#include "../../model/eth/eth_net.h"
#include "../../model/host/plat_backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct arrived {
    struct arrived *next;
    uint32_t src, kind, a[4], len;
    uint8_t *data;
} arrived;

struct msock_tcp {
    platform *p;
    eth_net *net;
    uint32_t node, nodes;
    msock *m;
    arrived *h, *t;
    volatile int wake;
    sim_time wakeup_ps;
    char err[200];
};

static void on_rx(void *ctx, uint32_t src, uint32_t kind, const uint32_t a[4], const uint8_t *data, uint32_t len)
{
    msock_tcp *t = ctx;
    arrived *r = calloc(1, sizeof *r);
    uint8_t *d = len ? malloc(len) : NULL;
    if (!r || (len && !d)) abort();   /* inside an event: no way to report it */
    if (len) memcpy(d, data, len);
    *r = (arrived){NULL, src, kind, {a[0], a[1], a[2], a[3]}, len, d};
    if (t->t) t->t->next = r;
    else t->h = r;
    t->t = r;
    t->wake = 1;
    evq_note_wake(host_evq(plat_host(t->p)));   /* the stepping loop rescans waiting processes only after a note */
}

msock_tcp *msock_tcp_new(platform *p, uint32_t node, uint32_t nodes, int nagle, uint32_t delack_segs, char *err,
                         size_t errlen)
{
    eth_tcp tcp = eth_tcp_linux24;
    tcp.nagle = nagle;
    tcp.delack_segs = delack_segs ? delack_segs : 1;
    msock_tcp *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    const host_profile *hp = plat_host_profile(p);
    eth_host h = {hp->cpu_mhz, plat_bus_peak_Bps(p), hp->memcpy_Bps, hp->irq_entry_ps, hp->irq_exit_ps};
    t->p = p, t->node = node, t->nodes = nodes;
    t->wakeup_ps = (sim_time)eth_tcp_linux24.wakeup_cycles * 1000000 / hp->cpu_mhz;
    t->net = eth_attach(host_evq(plat_host(p)), nodes, node, &h, &eth_wire_100, &eth_nic_fast, &tcp, on_rx, t,
                        err, errlen);
    if (!t->net) {
        free(t);
        return NULL;
    }
    return t;
}

static int t_send(void *ctx, uint32_t dst, uint32_t kind, const uint32_t a[4], const void *data, uint32_t len)
{
    msock_tcp *t = ctx;
    sim_time k = eth_send(t->net, t->node, dst, kind, a, data, len, kind != MSOCK_K_DATA);
    if (plat_compute(t->p, k)) {
        snprintf(t->err, sizeof t->err, "%s", plat_error(t->p));
        return -1;
    }
    return 0;
}

static int deliver_all(msock_tcp *t)
{
    int n = 0;
    while (t->h) {
        arrived *r = t->h;
        t->h = r->next;
        if (!t->h) t->t = NULL;
        msock_deliver(t->m, r->src, r->kind, r->a, r->data, r->len);
        free(r->data);
        free(r);
        n++;
    }
    t->wake = 0;
    return n;
}

static int t_wait(void *ctx, sim_time max)
{
    msock_tcp *t = ctx;
    if (t->h) return deliver_all(t);
    int r = plat_wait_event(t->p, &t->wake, max);
    if (r < 0) {
        snprintf(t->err, sizeof t->err, "%s", plat_error(t->p));
        return -1;
    }
    if (!t->h) {
        t->wake = 0;
        return 0;
    }
    /* the reader slept in the kernel: the scheduler wakes it */
    if (plat_compute(t->p, t->wakeup_ps)) {
        snprintf(t->err, sizeof t->err, "%s", plat_error(t->p));
        return -1;
    }
    return deliver_all(t);
}

static const char *t_error(void *ctx) { return ((msock_tcp *)ctx)->err; }

static const msock_net tcp_net = {"tcp", 65536, 0, 1, t_send, t_wait, t_error};

msock *msock_tcp_open(msock_tcp *t, const msock_costs *c)
{
    t->m = msock_new(t->p, &tcp_net, t, t->node, t->nodes, c);
    return t->m;
}

void msock_tcp_free(msock_tcp *t)
{
    if (!t) return;
    eth_detach(t->net, t->node);
    while (t->h) {
        arrived *r = t->h;
        t->h = r->next;
        free(r->data);
        free(r);
    }
    free(t);
}
