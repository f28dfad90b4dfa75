/* grim_alltoall: an all-to-all personalised exchange, the scale workload of
 * the DAS grid (128 nodes, seed 002's cluster). After a barrier every node
 * sends one active message of BYTES payload to every other node, node i to
 * i+1, i+2, ... (mod n) so that no destination is everybody's first, while
 * polling for what arrives; when it has sent its n-1 messages and received
 * n-1 it enters the final barrier. Node 0 reports the time from the first
 * barrier's end to the last barrier's end (completion_us) and the aggregate
 * payload rate (aggregate_mbs = n(n-1)·BYTES / completion). */
#include "app_grim_util.h"

#include <stdio.h>

typedef struct {
    uint32_t received;
    uint64_t bytes;
} a2a;

static void on_msg(grim *g, const grim_am *m, void *ctx)
{
    (void)g;
    a2a *a = ctx;
    a->received++;
    a->bytes += m->len;
}

static int run(platform *p, happ_env *e)
{
    grim_options o;
    long long bytes;
    if (gapp_options(e, &o) || happ_int(e, "BYTES", 4096, &bytes)) return -1;
    if (bytes < 0 || bytes > (1 << 24)) return happ_fail(e, "BYTES = %lld: 0..16777216", bytes);
    grim *g = gapp_open(p, e, &o);
    if (!g) return -1;
    a2a a = {0};
    uint32_t h, me = grim_getMyVNN(g), n = grim_nodes(g);
    int rc = 0;
    uint8_t *payload = plat_alloc(p, bytes ? (size_t)bytes : 1);   /* in the simulated host's memory */
    if (!payload) rc = happ_fail(e, "plat_alloc: %s", plat_error(p));
    for (long long i = 0; payload && i < bytes; i++) payload[i] = (uint8_t)(me + i);
    if (rc == 0 && (grim_register_handler(g, on_msg, &a, "a2a_msg") || grim_syncHandlers(g) ||
        grim_resolveHandler(g, "a2a_msg", &h) || grim_barrier(g)))
        rc = gapp_fail(e, g, "start");
    sim_time t0 = plat_now(p);
    for (uint32_t k = 1; rc == 0 && k < n; k++) {
        uint32_t dest = GRIM_EP((me + k) % n, o.lc);
        if (grim_send(g, dest, h, me, k, 0, 0, payload, (uint32_t)bytes)) rc = gapp_fail(e, g, "send");
        if (rc == 0 && grim_poll(g) < 0) rc = gapp_fail(e, g, "poll");
    }
    while (rc == 0 && a.received < n - 1)
        if (grim_poll_idle(g, IDLE_MAX) < 0) rc = gapp_fail(e, g, "poll");
    if (rc == 0 && a.bytes != (uint64_t)(n - 1) * (uint64_t)bytes)
        rc = happ_fail(e, "node %u received %llu payload bytes, not %llu", me, (unsigned long long)a.bytes,
                       (unsigned long long)(n - 1) * (unsigned long long)bytes);
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "end barrier");
    if (rc == 0 && me == 0) {
        double us = (double)(plat_now(p) - t0) / 1e6;
        happ_measure(e, "completion_us", us);
        happ_measure(e, "aggregate_mbs", us > 0 ? (double)n * (n - 1) * (double)bytes / us : 0);
    }
    if (payload) plat_free(p, payload);
    return gapp_close(g, e, rc);
}

const happ happ_grim_alltoall = {
    "grim_alltoall", "all-to-all personalised exchange: one BYTES active message from every node to every other",
    (const char *const[]){"BYTES", GAPP_COMMON_PARAMS, NULL}, run, NULL,
};
