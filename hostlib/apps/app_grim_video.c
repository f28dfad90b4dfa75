/* grim_video: BT848 frames delivered to a remote endpoint by an active
 * message frame request and a reply handler (dissertation section 6.4,
 * L1987, L2004). Node 0 has the capture card (kind host, experiment.video):
 * the card writes frames into host memory and its frame interrupt runs the
 * driver's handler, which marks each frame complete; node 0's request
 * handler copies the newest frame the handler marked (happ_env.video) out
 * of the driver's buffer into its own (the
 * process cannot send from the driver's memory) and replies with it, one GRIM message
 * (fragmented by the library), its number and a 32-bit sum of its words in
 * the arguments. The last node asks REQUESTS times, PERIOD_US apart, and its
 * reply handler checks each frame against the sum, then tells node 0 what
 * arrived. Node 0 reports video_requests, video_delivered (frames that
 * arrived intact), video_bad, video_distinct (different frame numbers) and
 * video_latency_us (the median request-to-reply time at the requester).
 * The sums are the check, not part of the protocol: their CPU time is not
 * charged. */
#include "app_grim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_REQ 1000

typedef struct {
    happ_env *e;
    platform *p;
    uint8_t *copy;                 /* node 0: the frame copied out of the driver's buffer */
    uint32_t h_frame;
    /* requester */
    int got;                       /* the reply to the last request arrived */
    uint32_t delivered, bad, distinct, last_number;
    /* node 0 */
    int done;
    uint32_t verdict[4];           /* requests, delivered, bad, distinct */
    uint32_t lat_ns;               /* the requester's median latency */
} video;

static uint32_t sum32(const uint8_t *b, uint32_t n)
{
    uint32_t s = 0;
    for (uint32_t i = 0; i + 3 < n; i += 4)
        s += (uint32_t)b[i] | (uint32_t)b[i + 1] << 8 | (uint32_t)b[i + 2] << 16 | (uint32_t)b[i + 3] << 24;
    return s;
}

/* node 0: a frame request; reply with the newest frame the driver's
 * interrupt handler marked complete, or "no frame" (number 0, no data)
 * before it has marked one */
static void on_request(grim *g, const grim_am *m, void *ctx)
{
    video *v = ctx;
    const uint8_t *f = NULL;
    uint32_t bytes = 0, number = 0;
    if (v->e->video) v->e->video(v->e->vctx, &f, &bytes, &number);
    /* the driver's frame buffers are not this process's memory: one copy */
    if (number && plat_memcpy(v->p, v->copy, f, bytes)) {
        grim_abort(g, "frame copy: %s", plat_error(v->p));
        return;
    }
    if (grim_send(g, m->src, v->h_frame, number, number ? sum32(v->copy, bytes) : 0, m->arg[0], 0, v->copy, bytes))
        grim_abort(g, "frame reply: %s", grim_error(g));
}

/* requester: the reply handler */
static void on_frame(grim *g, const grim_am *m, void *ctx)
{
    video *v = ctx;
    (void)g;
    if (m->arg[0]) {
        if (sum32(m->data, m->len) == m->arg[1] && m->len) v->delivered++;
        else v->bad++;
        if (m->arg[0] != v->last_number) v->distinct++;
        v->last_number = m->arg[0];
    }
    v->got = 1;
}

static void on_done(grim *g, const grim_am *m, void *ctx)
{
    video *v = ctx;
    (void)g;
    memcpy(v->verdict, m->arg, sizeof v->verdict);
    v->done = 1;
}

static void on_latency(grim *g, const grim_am *m, void *ctx)
{
    video *v = ctx;
    (void)g;
    v->lat_ns = m->arg[0];
}

static int run(platform *p, happ_env *e)
{
    long long nreq, period_us;
    if (happ_int(e, "REQUESTS", 10, &nreq) || happ_int(e, "PERIOD_US", 100000, &period_us)) return -1;
    if (nreq < 1 || nreq > MAX_REQ) return happ_fail(e, "REQUESTS must be 1..%d, not %lld", MAX_REQ, nreq);
    if (period_us < 0 || period_us > 10000000) return happ_fail(e, "PERIOD_US must be 0..1e7, not %lld", period_us);
    grim_options o;
    if (gapp_options(e, &o)) return -1;
    grim *g = gapp_open(p, e, &o);
    if (!g) return -1;
    video v = {.e = e, .p = p};
    uint32_t me = grim_getMyVNN(g), last = grim_nodes(g) - 1, h_req, h_done, h_lat;
    if (last == 0) return gapp_close(g, e, happ_fail(e, "grim_video needs two nodes or more"));
    if (me == 0 && !e->video) return gapp_close(g, e, happ_fail(e, "node 0 has no capture card (experiment.video)"));
    if (me == 0 && !(v.copy = plat_alloc(p, 640 * 480 * 2))) return gapp_close(g, e, happ_fail(e, "out of host memory"));
    if (grim_register_handler(g, on_request, &v, "video_request") ||
        grim_register_handler(g, on_frame, &v, "video_frame") || grim_register_handler(g, on_done, &v, "video_done") ||
        grim_register_handler(g, on_latency, &v, "video_latency") || grim_syncHandlers(g) ||
        grim_resolveHandler(g, "video_request", &h_req) || grim_resolveHandler(g, "video_frame", &v.h_frame) ||
        grim_resolveHandler(g, "video_done", &h_done) || grim_resolveHandler(g, "video_latency", &h_lat) ||
        grim_barrier(g))
        return gapp_close(g, e, gapp_fail(e, g, "set-up"));
    if (me == last) {
        static sim_time lat[MAX_REQ];
        sim_time t0 = plat_now(p);
        for (uint32_t k = 0; k < (uint32_t)nreq; k++) {
            sim_time at = t0 + (sim_time)k * (sim_time)period_us * 1000000;
            while (plat_now(p) < at)
                if (grim_poll_idle(g, at - plat_now(p)) < 0) return gapp_close(g, e, gapp_fail(e, g, "poll"));
            sim_time tr = plat_now(p);
            v.got = 0;
            if (grim_send(g, grim_getDestID(g, 0, 0), h_req, k, 0, 0, 0, NULL, 0))
                return gapp_close(g, e, gapp_fail(e, g, "frame request"));
            while (!v.got)
                if (grim_poll_idle(g, IDLE_MAX) < 0) return gapp_close(g, e, gapp_fail(e, g, "poll"));
            lat[k] = plat_now(p) - tr;
        }
        sim_time med = gapp_median(lat, (int)nreq);
        if (grim_send(g, grim_getDestID(g, 0, 0), h_lat, (uint32_t)(med / 1000), 0, 0, 0, NULL, 0) ||
            grim_send(g, grim_getDestID(g, 0, 0), h_done, (uint32_t)nreq, v.delivered, v.bad, v.distinct, NULL, 0))
            return gapp_close(g, e, gapp_fail(e, g, "verdict"));
    } else if (me == 0) {
        while (!v.done)
            if (grim_poll_idle(g, IDLE_MAX) < 0) return gapp_close(g, e, gapp_fail(e, g, "poll"));
        happ_measure(e, "video_requests", v.verdict[0]);
        happ_measure(e, "video_delivered", v.verdict[1]);
        happ_measure(e, "video_bad", v.verdict[2]);
        happ_measure(e, "video_distinct", v.verdict[3]);
        happ_measure(e, "video_latency_us", (double)v.lat_ns / 1000.0);
    }
    if (grim_barrier(g)) return gapp_close(g, e, gapp_fail(e, g, "final barrier"));
    return gapp_close(g, e, 0);
}

static const char *const params[] = {"REQUESTS", "PERIOD_US", GAPP_COMMON_PARAMS, NULL};

const happ happ_grim_video = {
    .name = "grim_video",
    .summary = "BT848 frames from node 0 to the last node by an AM frame request and a reply handler (section 6.4); "
               "frames delivered intact, distinct, request-to-reply latency",
    .params = params,
    .run = run,
};
