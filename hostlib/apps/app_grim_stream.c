/* grim_stream: a stream of active messages from node 0 to the last node,
 * or (BOTH = 1) from each of the two to the other at the same time — the
 * teaching scenarios' traffic (scenarios/teaching, docs/teaching.md).
 *
 *   COUNT       messages each sender sends (default 200)
 *   BYTES       payload of each (default 1024)
 *   HANDLER_US  CPU time the receiver's handler spends per message
 *               (default 0). A slow handler with a small AM ring (AM_RING)
 *               fills the endpoint: its NI refuses messages with NACKs and
 *               the sender's NI rolls the stream back (§4.2.1, Fig 4.3c).
 *   BOTH        1: nodes 0 and last stream to each other (Fig 4.5). With
 *               the control-message queue off (CTLQ = 0) the NIs can wait
 *               on each other forever; the watchdog then stops the run.
 * Every receiver checks order and data (tag = sequence, payload pattern)
 * and tells its sender when all COUNT have arrived. Node 0 reports
 * received / bad (what node 0's stream delivered at its receiver),
 * time_us (node 0: first send to the receiver's "all arrived"),
 * throughput_mbs (COUNT x BYTES over time_us, MB = 10^6 bytes), and from
 * its NI's counters for its channel: resent, nacks_recv, timeouts; and
 * nacks_sent_peer / dups_peer from the receiver's NI. */
#include "app_grim_util.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    uint32_t next, received, bad;
    sim_time handler_ps;
    int done;                      /* my stream has fully arrived at its receiver */
    uint32_t peer[4];              /* receiver's verdict: received, bad, nacks_sent, dups */
} stream;

static uint8_t pat(uint32_t tag, uint32_t i) { return (uint8_t)(tag * 29 + i * 3 + (i >> 8)); }

static void on_data(grim *g, const grim_am *m, void *ctx)
{
    stream *s = ctx;
    uint32_t tag = m->arg[0];
    int ok = tag == s->next && m->len == m->arg[1];
    for (uint32_t i = 0; ok && i < m->len; i++) ok = m->data[i] == pat(tag, i);
    s->bad += !ok;
    s->next = tag + 1;
    s->received++;
    if (s->handler_ps && plat_compute(grim_platform(g), s->handler_ps))
        grim_abort(g, "handler: %s", plat_error(grim_platform(g)));
}

static void on_done(grim *g, const grim_am *m, void *ctx)
{
    stream *s = ctx;
    (void)g;
    memcpy(s->peer, m->arg, sizeof s->peer);
    s->done = 1;
}

static int run(platform *p, happ_env *e)
{
    long long count, bytes, handler_us, both;
    if (happ_int(e, "COUNT", 200, &count) || happ_int(e, "BYTES", 1024, &bytes) ||
        happ_int(e, "HANDLER_US", 0, &handler_us) || happ_int(e, "BOTH", 0, &both))
        return -1;
    if (count < 1 || count > 100000) return happ_fail(e, "COUNT must be 1..100000, not %lld", count);
    if (bytes < 0 || bytes > 1 << 20) return happ_fail(e, "BYTES must be 0..1048576, not %lld", bytes);
    if (handler_us < 0 || handler_us > 1000000) return happ_fail(e, "HANDLER_US must be 0..1e6, not %lld", handler_us);
    grim_options o;
    if (gapp_options(e, &o)) return -1;
    grim *g = gapp_open(p, e, &o);
    if (!g) return -1;
    stream s = {0};
    s.handler_ps = (sim_time)handler_us * 1000000;
    uint32_t me = grim_getMyVNN(g), last = grim_nodes(g) - 1, h_data, h_done;
    if (last == 0) return gapp_close(g, e, happ_fail(e, "grim_stream needs two nodes or more"));
    if (grim_register_handler(g, on_data, &s, "stream_data") || grim_register_handler(g, on_done, &s, "stream_done") ||
        grim_syncHandlers(g) || grim_resolveHandler(g, "stream_data", &h_data) ||
        grim_resolveHandler(g, "stream_done", &h_done) || grim_barrier(g))
        return gapp_close(g, e, gapp_fail(e, g, "set-up"));
    int sender = me == 0 || (both && me == last), receiver = me == last || (both && me == 0);
    uint32_t peer = me == 0 ? last : 0;
    uint8_t *buf = plat_alloc(p, bytes ? (size_t)bytes : 1);
    if (!buf) return gapp_close(g, e, happ_fail(e, "out of host memory"));
    sim_time t0 = plat_now(p);
    for (uint32_t k = 0; sender && k < (uint32_t)count; k++) {
        for (uint32_t i = 0; i < (uint32_t)bytes; i++) buf[i] = pat(k, i);
        if (grim_send(g, grim_getDestID(g, peer, 0), h_data, k, (uint32_t)bytes, 0, 0, buf, (uint32_t)bytes) ||
            grim_poll(g) < 0)
            return gapp_close(g, e, gapp_fail(e, g, "send"));
    }
    /* receive everything, answer the sender, wait for my own answer */
    int told = 0;
    while ((receiver && !told) || (sender && !s.done)) {
        if (grim_poll(g) < 0) return gapp_close(g, e, gapp_fail(e, g, "poll"));
        if (receiver && !told && s.received >= (uint32_t)count) {
            uint32_t nacks = 0, dups = 0;
            if (grim_read_lcd(g, 0, GRIM_L_NACKS_SENT, &nacks) || grim_read_lcd(g, 0, GRIM_L_DUPS, &dups) ||
                grim_send(g, grim_getDestID(g, peer, 0), h_done, s.received, s.bad, nacks, dups, NULL, 0))
                return gapp_close(g, e, gapp_fail(e, g, "answer"));
            told = 1;
        }
    }
    sim_time t1 = plat_now(p);
    if (me == 0) {
        uint32_t resent = 0, nrecv = 0, tmo = 0;
        if (grim_read_lcd(g, 0, GRIM_L_RESENT, &resent) || grim_read_lcd(g, 0, GRIM_L_NACKS_RECV, &nrecv) ||
            grim_read_lcd(g, 0, GRIM_L_TIMEOUTS, &tmo))
            return gapp_close(g, e, gapp_fail(e, g, "counters"));
        happ_measure(e, "received", s.peer[0]);
        happ_measure(e, "bad", s.peer[1]);
        happ_measure(e, "nacks_sent_peer", s.peer[2]);
        happ_measure(e, "dups_peer", s.peer[3]);
        happ_measure(e, "resent", resent);
        happ_measure(e, "nacks_recv", nrecv);
        happ_measure(e, "timeouts", tmo);
        happ_measure(e, "time_us", (double)(t1 - t0) / 1e6);
        /* payload over the whole exchange, the receiver's small answer included (MB = 10^6 B) */
        happ_measure(e, "throughput_mbs", t1 > t0 ? (double)count * (double)bytes / ((double)(t1 - t0) / 1e6) : 0);
    }
    if (grim_barrier(g)) return gapp_close(g, e, gapp_fail(e, g, "final barrier"));
    return gapp_close(g, e, 0);
}

static const char *const params[] = {"COUNT", "BYTES", "HANDLER_US", "BOTH", GAPP_COMMON_PARAMS, NULL};

const happ happ_grim_stream = {
    .name = "grim_stream",
    .summary = "a stream of AMs to the last node (BOTH: two nodes at each other), slow handlers on request; "
               "order, data and the NIs' NACK/resend counters",
    .params = params,
    .run = run,
};
