/* grim_incast: many senders into one slow endpoint (issue 14's back-off
 * stress test; dissertation §4.2.1's NI-based flow control under load).
 * Every node but the last sends COUNT active messages of BYTES to the last
 * node, whose handler computes HANDLER_US per message; with a small AM ring
 * (AM_RING) its NI refuses messages with NACKs and the senders' NIs resend.
 * With the dissertation's protocol a NACKed stream is resent at once; the
 * grim_backoff images (GRIM_NACK_BACKOFF) hold a NACKed LC back for an
 * exponentially growing time. The receiver checks each sender's order and
 * data (the sender's id travels in the message: a handler gets no reliable
 * source id) and answers every sender when all have arrived; each sender
 * then tells node 0 how many messages its NI resent. Node 0 reports
 * received and expected (all senders), bad, time_us (node 0's first send
 * to the last answer), resent (all senders' NIs), nacks_sent_peer and
 * dups_peer (the receiver's NI). */
#include "app_grim_util.h"

#include <stdio.h>
#include <string.h>

#define INCAST_MAX_NODES 256   /* the host library's node limit */

typedef struct {
    uint32_t next[INCAST_MAX_NODES];   /* receiver: next tag from each sender */
    uint32_t received, bad;
    sim_time handler_ps;
    int done;                        /* sender: the receiver's answer came */
    uint32_t verdict[4];             /* received, bad, nacks_sent, dups */
    uint32_t resent, reports;        /* node 0: resends reported by senders */
} incast;

static uint8_t pat(uint32_t from, uint32_t tag, uint32_t i) { return (uint8_t)(from * 53 + tag * 29 + i * 3); }

static void on_data(grim *g, const grim_am *m, void *ctx)
{
    incast *s = ctx;
    uint32_t tag = m->arg[0], from = m->arg[2];
    int ok = from < INCAST_MAX_NODES && tag == s->next[from] && m->len == m->arg[1];
    for (uint32_t i = 0; ok && i < m->len; i++) ok = m->data[i] == pat(from, tag, i);
    s->bad += !ok;
    if (from < INCAST_MAX_NODES) s->next[from] = tag + 1;
    s->received++;
    if (s->handler_ps && plat_compute(grim_platform(g), s->handler_ps))
        grim_abort(g, "handler: %s", plat_error(grim_platform(g)));
}

static void on_done(grim *g, const grim_am *m, void *ctx)
{
    incast *s = ctx;
    (void)g;
    memcpy(s->verdict, m->arg, sizeof s->verdict);
    s->done = 1;
}

static void on_resent(grim *g, const grim_am *m, void *ctx)
{
    incast *s = ctx;
    (void)g;
    s->resent += m->arg[0];
    s->reports++;
}

static int run(platform *p, happ_env *e)
{
    long long count, bytes, handler_us;
    if (happ_int(e, "COUNT", 20, &count) || happ_int(e, "BYTES", 512, &bytes) ||
        happ_int(e, "HANDLER_US", 50, &handler_us))
        return -1;
    if (count < 1 || count > 100000) return happ_fail(e, "COUNT must be 1..100000, not %lld", count);
    if (bytes < 0 || bytes > 1 << 20) return happ_fail(e, "BYTES must be 0..1048576, not %lld", bytes);
    if (handler_us < 0 || handler_us > 1000000) return happ_fail(e, "HANDLER_US must be 0..1e6, not %lld", handler_us);
    grim_options o;
    if (gapp_options(e, &o)) return -1;
    grim *g = gapp_open(p, e, &o);
    if (!g) return -1;
    incast st = {0}, *s = &st;   /* per process (they share an address space): no statics */
    s->handler_ps = (sim_time)handler_us * 1000000;
    uint32_t me = grim_getMyVNN(g), last = grim_nodes(g) - 1, h_data, h_done, h_resent;
    if (last == 0 || last >= INCAST_MAX_NODES)
        return gapp_close(g, e, happ_fail(e, "grim_incast needs 2..%d nodes, not %u", INCAST_MAX_NODES, last + 1));
    if (grim_register_handler(g, on_data, s, "incast_data") || grim_register_handler(g, on_done, s, "incast_done") ||
        grim_register_handler(g, on_resent, s, "incast_resent") || grim_syncHandlers(g) ||
        grim_resolveHandler(g, "incast_data", &h_data) || grim_resolveHandler(g, "incast_done", &h_done) ||
        grim_resolveHandler(g, "incast_resent", &h_resent) || grim_barrier(g))
        return gapp_close(g, e, gapp_fail(e, g, "set-up"));
    uint8_t *buf = plat_alloc(p, bytes ? (size_t)bytes : 1);
    if (!buf) return gapp_close(g, e, happ_fail(e, "out of host memory"));
    sim_time t0 = plat_now(p);
    uint32_t expected = last * (uint32_t)count;
    if (me != last) {
        for (uint32_t k = 0; k < (uint32_t)count; k++) {
            for (uint32_t i = 0; i < (uint32_t)bytes; i++) buf[i] = pat(me, k, i);
            if (grim_send(g, grim_getDestID(g, last, 0), h_data, k, (uint32_t)bytes, me, 0, buf, (uint32_t)bytes) ||
                grim_poll(g) < 0)
                return gapp_close(g, e, gapp_fail(e, g, "send"));
        }
        while (!s->done)
            if (grim_poll(g) < 0) return gapp_close(g, e, gapp_fail(e, g, "poll"));
        uint32_t resent = 0;
        if (grim_read_lcd(g, 0, GRIM_L_RESENT, &resent)) return gapp_close(g, e, gapp_fail(e, g, "counters"));
        if (me == 0) s->resent += resent, s->reports++;
        else if (grim_send(g, grim_getDestID(g, 0, 0), h_resent, resent, 0, 0, 0, NULL, 0))
            return gapp_close(g, e, gapp_fail(e, g, "report"));
    } else {
        while (s->received < expected)
            if (grim_poll(g) < 0) return gapp_close(g, e, gapp_fail(e, g, "poll"));
        uint32_t nacks = 0, dups = 0;
        if (grim_read_lcd(g, 0, GRIM_L_NACKS_SENT, &nacks) || grim_read_lcd(g, 0, GRIM_L_DUPS, &dups))
            return gapp_close(g, e, gapp_fail(e, g, "counters"));
        for (uint32_t n = 0; n < last; n++)
            if (grim_send(g, grim_getDestID(g, n, 0), h_done, s->received, s->bad, nacks, dups, NULL, 0))
                return gapp_close(g, e, gapp_fail(e, g, "answer"));
    }
    if (me == 0) {
        sim_time t1 = plat_now(p);
        while (s->reports < last)
            if (grim_poll(g) < 0) return gapp_close(g, e, gapp_fail(e, g, "poll"));
        happ_measure(e, "received", s->verdict[0]);
        happ_measure(e, "expected", expected);
        happ_measure(e, "bad", s->verdict[1]);
        happ_measure(e, "nacks_sent_peer", s->verdict[2]);
        happ_measure(e, "dups_peer", s->verdict[3]);
        happ_measure(e, "resent", s->resent);
        happ_measure(e, "time_us", (double)(t1 - t0) / 1e6);
    }
    if (grim_barrier(g)) return gapp_close(g, e, gapp_fail(e, g, "final barrier"));
    return gapp_close(g, e, 0);
}

static const char *const params[] = {"COUNT", "BYTES", "HANDLER_US", GAPP_COMMON_PARAMS, NULL};

const happ happ_grim_incast = {
    .name = "grim_incast",
    .summary = "every node but the last streams AMs into the last node's slow endpoint (NACKs, resends, "
               "NACK back-off with the grim_backoff images); order, data, resends of all senders",
    .params = params,
    .run = run,
};
