/* Interrupt service time (appendix A, L2491: 6.5 us LANai 4, 6 us LANai 9):
 * from the NI raising an enabled ISR bit to the sleeping host process
 * running again after the driver's interrupt service routine (interrupt
 * entry, the ISR's read and acknowledge of the card's ISR, exit) — our
 * reading of "interrupt service time", docs/hosts.md.
 *
 * irq_service: ITERS times the firmware (host_dma.c) waits DELAY_US, raises
 * HOST_SIG and notes its cycle count right after that store; the process
 * sleeps in the driver meanwhile and takes the time it wakes up ->
 * time_us (mean), min_time_us. */
#include "happ.h"
#include "hmb.h"

static int irq_service(platform *p, happ_env *e)
{
    long long iters, delay_us;
    if (happ_int(e, "ITERS", 3, &iters) || happ_int(e, "DELAY_US", 20, &delay_us)) return -1;
    if (iters < 1 || iters > 100 || delay_us < 1 || delay_us > 10000)
        return happ_fail(e, "ITERS 1..100, DELAY_US 1..10000");
    hmb m;
    char err[480];
    drv *d = hmb_start(&m, p, err, sizeof err);
    if (!d) return happ_fail(e, "%s", err);
    int rc = 0;
    double sum = 0, min = 0;
    for (long long k = 0; k < iters && rc == 0; k++) {
        uint32_t a[4] = {(uint32_t)((double)delay_us * 1e-6 * (double)e->ni_clock_hz), 0, 0, 0}, res[3];
        if (hmb_post(&m, HMB_CMD_IRQ, a)) rc = happ_fail(e, "%s", m.err);
        else if (drv_wait_irq(d, HMB_HOST_SIG, NULL)) rc = happ_fail(e, "%s", drv_error(d));
        if (rc) break;
        sim_time woke = plat_now(p);
        if (hmb_results(&m, res)) {
            rc = happ_fail(e, "%s", m.err);
            break;
        }
        /* the NI's cycle count at the raise, as time */
        unsigned __int128 cyc = (unsigned __int128)res[1] << 32 | res[0];
        sim_time raised = (sim_time)(cyc * 1000000000000u / e->ni_clock_hz);
        if (woke <= raised) {
            rc = happ_fail(e, "woke at %llu ps, before the NI raised the interrupt at %llu ps",
                           (unsigned long long)woke, (unsigned long long)raised);
            break;
        }
        double us = (double)(woke - raised) / 1e6;
        sum += us;
        if (k == 0 || us < min) min = us;
    }
    if (rc == 0) {
        happ_measure(e, "time_us", sum / (double)iters);
        happ_measure(e, "min_time_us", min);
    }
    hmb_finish(&m, rc ? 1 : 0);
    return rc;
}

const happ happ_irq_service = {
    "irq_service", "interrupt service time: the NI raises HOST_SIG, the sleeping process runs again",
    (const char *const[]){"ITERS", "DELAY_US", NULL}, irq_service, NULL,
};
