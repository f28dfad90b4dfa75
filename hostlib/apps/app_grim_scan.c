/* grim_scan: Figure 4.10 (dissertation §4.3.4, L1321-L1323): the time the
 * NI needs to scan NLC outgoing logical channels that hold nothing. The
 * instrumented firmware in scan-only mode (GRIM_C_SCAN_ONLY) times its scan
 * loop (GRIM_ST_SCAN_EMPTY); after WAIT_US of simulated time the host reads
 * the step's sum and count: scan_time_us = sum / count cycles at the NI's
 * clock, min over the run equals it (every empty scan is the same). */
#include "app_grim_util.h"

static int run(platform *p, happ_env *e)
{
    grim_options o;
    long long wait_us;
    if (gapp_options(e, &o) || happ_int(e, "WAIT_US", 200, &wait_us)) return -1;
    if (wait_us < 1 || wait_us > 100000) return happ_fail(e, "WAIT_US = %lld: 1..100000", wait_us);
    o.scan_only = 1;
    grim *g = gapp_open(p, e, &o);
    if (!g) return -1;
    int rc = 0;
    if (plat_compute(p, SIM_US(wait_us))) rc = happ_fail(e, "%s", plat_error(p));
    uint32_t last = 0, sum = 0, count = 0;
    if (rc == 0 && grim_read_step(g, GRIM_ST_SCAN_EMPTY, &last, &sum, &count)) rc = gapp_fail(e, g, "instrumentation");
    if (rc == 0 && count == 0)
        rc = happ_fail(e, "the firmware counted no scans (is it the instrumented image, grim_instr?)");
    if (rc == 0) {
        double hz = (double)e->ni_clock_hz;
        happ_measure(e, "scan_time_us", (double)sum / count / hz * 1e6);
        happ_measure(e, "last_scan_us", (double)last / hz * 1e6);
        happ_measure(e, "scans", count);
        happ_measure(e, "nlc", o.nlc);
    }
    return gapp_close(g, e, rc);
}

const happ happ_grim_scan = {
    "grim_scan", "Figure 4.10: the NI's scan of NLC empty logical channels (instrumented firmware, scan-only)",
    (const char *const[]){"WAIT_US", GAPP_COMMON_PARAMS, NULL}, run, NULL,
};
