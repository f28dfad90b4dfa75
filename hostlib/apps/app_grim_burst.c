/* grim_burst: Figure 4.6 (dissertation §4.2.4, L1252-L1258): injection
 * policing of a credit-based flow control built on GRIM's optimistic
 * NI-based one. Node 0 injects bursts of null-length active messages to the
 * last node, which returns each one at once; node 0 may have at most
 * CREDITS messages not yet returned (0 = unbounded) and polls for returns
 * when it has none left. The time to inject a burst, divided by its size,
 * is the average injection overhead per message.
 *
 * BURST: the burst size the run reports (overhead_us, the median of REPS
 * bursts, after one untimed burst). With LADDER = 1 the run first climbs a
 * ladder of bursts up to BURST (1, 2, 5, 10, 20, 50, ..., one timed burst
 * each) and reports
 * flat_max_burst: the largest of them whose overhead stays within 25% of a
 * single message's (the text: "injection overhead does not increase until
 * burst size is larger than 5,000"); without it flat_max_burst is 0. */
#include "app_grim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BURST 200000
#define MAX_STEPS 40

typedef struct {
    uint32_t outstanding, returned, h_msg;
} burst;

static void on_msg(grim *g, const grim_am *m, void *ctx)
{
    burst *b = ctx;
    if (grim_getMyVNN(g) == 0) {
        b->outstanding--;
        b->returned++;
        return;
    }
    if (grim_send(g, m->src, b->h_msg, m->arg[0], 0, 0, 0, NULL, 0)) {
        grim_abort(g, "return: %s", grim_error(g));
        return;
    }
    b->returned++;
}

static int run(platform *p, happ_env *e)
{
    grim_options o;
    long long nb, credits, reps, ladder_on;
    if (gapp_options(e, &o) || happ_int(e, "BURST", 100, &nb) || happ_int(e, "CREDITS", 0, &credits) ||
        happ_int(e, "REPS", 3, &reps) || happ_int(e, "LADDER", 0, &ladder_on))
        return -1;
    if (nb < 1 || nb > MAX_BURST) return happ_fail(e, "BURST = %lld: 1..%u", nb, MAX_BURST);
    if (credits < 0 || reps < 1 || reps > 15) return happ_fail(e, "CREDITS >= 0 (0 = unbounded), REPS 1..15");
    /* the ladder of bursts up to BURST */
    uint32_t ladder[MAX_STEPS];
    int nl = 0;
    for (uint32_t dec = 1; ladder_on && dec <= (uint32_t)nb && nl < MAX_STEPS - 4; dec *= 10) {
        static const uint32_t m[] = {1, 2, 5};
        for (int i = 0; i < 3; i++)
            if (dec * m[i] < (uint32_t)nb) ladder[nl++] = dec * m[i];
    }
    ladder[nl++] = (uint32_t)nb;

    grim *g = gapp_open(p, e, &o);
    if (!g) return -1;
    burst b = {0};
    int rc = 0;
    uint32_t me = grim_getMyVNN(g), last = grim_nodes(g) - 1;
    if (last == 0) return gapp_close(g, e, happ_fail(e, "grim_burst needs two nodes"));
    if (grim_register_handler(g, on_msg, &b, "burst_msg") || grim_syncHandlers(g) ||
        grim_resolveHandler(g, "burst_msg", &b.h_msg) || grim_barrier(g))
        rc = gapp_fail(e, g, "start");
    uint64_t total = 0;
    for (int i = 0; i < nl; i++) total += i == nl - 1 ? (uint64_t)ladder[i] * (uint64_t)(reps + 1) : ladder[i];
    double first = 0, at_burst = 0, flat = 0;
    if (!ladder_on) first = -1;   /* no ladder: no flat range */
    int rising = 0;
    if (rc == 0 && me == 0) {
        uint32_t peer = GRIM_EP(last, o.lc);
        for (int li = 0; li < nl && rc == 0; li++) {
            uint32_t n = ladder[li];
            int final = li == nl - 1, nr = final ? (int)reps : 1;   /* ladder steps: one timed burst */
            sim_time t[16];
            for (int r = final ? 0 : 1; r <= nr && rc == 0; r++) {
                sim_time t0 = plat_now(p);
                for (uint32_t k = 0; k < n && rc == 0; k++) {
                    while (rc == 0 && credits && b.outstanding >= credits)
                        if (grim_poll_idle(g, IDLE_MAX) < 0) rc = gapp_fail(e, g, "poll");
                    if (rc == 0 && grim_send(g, peer, b.h_msg, k, 0, 0, 0, NULL, 0)) rc = gapp_fail(e, g, "send");
                    b.outstanding++;
                }
                if (r) t[r - 1] = plat_now(p) - t0;
                while (rc == 0 && b.outstanding)      /* drain before the next burst */
                    if (grim_poll_idle(g, IDLE_MAX) < 0) rc = gapp_fail(e, g, "poll");
            }
            if (rc) break;
            double ovh = (double)gapp_median(t, nr) / 1e6 / n;
            if (li == 0 && first >= 0) first = ovh;
            if (first < 0 || ovh > first * 1.25) rising = 1;
            if (!rising) flat = n;
            char name[40];
            snprintf(name, sizeof name, "overhead_us_%u", n);
            happ_measure(e, name, ovh);
            at_burst = ovh;
        }
    } else if (rc == 0 && me == last) {
        while (rc == 0 && b.returned < total)
            if (grim_poll_idle(g, IDLE_MAX) < 0) rc = gapp_fail(e, g, "poll");
    }
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "end barrier");
    if (rc == 0 && me == 0) {
        happ_measure(e, "overhead_us", at_burst);
        happ_measure(e, "flat_max_burst", flat);
        happ_measure(e, "overflowed", (double)grim_get_stats(g)->overflowed);
    }
    return gapp_close(g, e, rc);
}

const happ happ_grim_burst = {
    "grim_burst", "Figure 4.6: average injection overhead of bursts of null AMs under a credit limit",
    (const char *const[]){"BURST", "CREDITS", "REPS", "LADDER", GAPP_COMMON_PARAMS, NULL}, run, NULL,
};
