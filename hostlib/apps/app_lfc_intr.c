/* lfc_intr: LFC's polling watchdog (seed 002 §4.4, INTR; firmware/lfc/intr.h,
 * build/fw/lfc/intr.l4.elf) on two processes. Process 1 sends COUNT
 * SIZE-byte packets to process 0, computing GAP_US between them, each
 * carrying its launch time. Process 0 (the receiver, watchdog delay
 * DELAY_US, 0: interrupts off) either polls all the time (WORK_US 0) or
 * computes WORK_US between rounds of polls that drain what has come;
 * DISABLE 1 turns its interrupts off (lfc_intr_disable) first. A packet
 * that comes while it computes is handed out by the signal handler if the
 * NI's watchdog interrupts. -> received, interrupts (raised by process
 * 0's NI), signals (handler runs in process 0), one_way_us (mean launch
 * to upcall, on the one simulated clock). */
#include "happ.h"
#include "../be32.h"
#include "../lfc/lfc.h"
#include "../../firmware/lfc/lfc_abi.h"

#include <string.h>

#define GO 0xFFFFFFF0u
#define DONE 0xFFFFFFF1u

typedef struct {
    platform *p;
    unsigned got, go, done;
    double lat_ps;
} irx;


static int upcall(void *ctx, lfc *l, unsigned src, void *pkt, unsigned size, unsigned flags)
{
    (void)l;
    (void)src;
    (void)flags;
    irx *r = ctx;
    const uint8_t *d = pkt;
    uint32_t w = size >= 4 ? be32_get(d) : 0;
    if (w == GO) r->go++;
    else if (w == DONE) r->done++;
    else if (size >= 12) {
        uint64_t sent = (uint64_t)be32_get(d + 4) << 32 | be32_get(d + 8);
        r->lat_ps += (double)(plat_now(r->p) - (sim_time)sent);
        r->got++;
    }
    return 0;
}

static int send_word(happ_env *e, lfc *l, unsigned dest, uint32_t w, sim_time stamp, unsigned size)
{
    uint8_t *pkt = lfc_send_alloc(l, 1);
    if (!pkt) return happ_fail(e, "process %u: %s", lfc_my_proc(l), lfc_error(l));
    memset(pkt, 0, size);
    be32_put(pkt, w);
    be32_put(pkt + 4, (uint32_t)((uint64_t)stamp >> 32));
    be32_put(pkt + 8, (uint32_t)stamp);
    if (lfc_ucast_launch(l, dest, pkt, size, 1)) return happ_fail(e, "process %u: %s", lfc_my_proc(l), lfc_error(l));
    return 0;
}

static int wait_count(happ_env *e, lfc *l, const unsigned *c, unsigned want)
{
    while (*c < want) {
        int w = lfc_wait(l, SIM_US(500000));
        if (w < 0) return happ_fail(e, "process %u: %s", lfc_my_proc(l), lfc_error(l));
        if (w == 0) return happ_fail(e, "process %u: nothing came for 0.5 s", lfc_my_proc(l));
    }
    return 0;
}

static int intr_run(platform *p, happ_env *e)
{
    long long delay, count, gap, work, disable, size;
    if (happ_int(e, "DELAY_US", 20, &delay) || happ_int(e, "COUNT", 10, &count) || happ_int(e, "GAP_US", 100, &gap) ||
        happ_int(e, "WORK_US", 0, &work) || happ_int(e, "DISABLE", 0, &disable) || happ_int(e, "SIZE", 12, &size))
        return -1;
    if (delay < 0 || count < 1 || gap < 0 || work < 0 || size < 12 || size > LFC_MAX_PAYLOAD)
        return happ_fail(e, "DELAY_US >= 0, COUNT >= 1, GAP_US >= 0, WORK_US >= 0, SIZE 12..1024");
    irx r = {p, 0, 0, 0, 0};
    lfc_params prm;
    lfc_params_default(&prm);
    char err[400];
    unsigned me = e->node == 0 ? 0u : 1u;   /* node i runs process i */
    if (me == 0) prm.intr_delay_us = (unsigned)delay;   /* the receiver's watchdog */
    lfc *l = lfc_open(p, &prm, upcall, &r, err, sizeof err);
    if (!l) return happ_fail(e, "%s", err);
    int rc = lfc_nr_procs(l) != 2 || lfc_my_proc(l) != me ? happ_fail(e, "lfc_intr runs on 2 processes") : 0;
    if (rc == 0 && me == 1) {   /* the sender */
        rc = wait_count(e, l, &r.go, 1);
        for (long long k = 0; rc == 0 && k < count; k++) {
            if (gap && plat_compute(p, SIM_US(gap))) rc = happ_fail(e, "%s", plat_error(p));
            if (rc == 0) rc = send_word(e, l, 0, (uint32_t)k, plat_now(p), (unsigned)size);
        }
        if (rc == 0) rc = wait_count(e, l, &r.done, 1);
    } else if (rc == 0) {       /* the receiver */
        if (disable && lfc_intr_disable(l)) rc = happ_fail(e, "%s", lfc_error(l));
        if (rc == 0) rc = send_word(e, l, 1, GO, 0, 12);
        while (rc == 0 && r.got < (unsigned)count) {
            if (!work) {
                rc = wait_count(e, l, &r.got, r.got + 1u);
                continue;
            }
            if (plat_compute(p, SIM_US(work))) rc = happ_fail(e, "%s", plat_error(p));
            int q;
            while (rc == 0 && (q = lfc_poll(l)) > 0) {}
            if (rc == 0 && q < 0) rc = happ_fail(e, "%s", lfc_error(l));
        }
        lfc_intr st = {0};
        if (rc == 0 && lfc_intr_get(l, &st)) rc = happ_fail(e, "%s", lfc_error(l));
        if (rc == 0) rc = send_word(e, l, 1, DONE, 0, 12);
        if (rc == 0) {
            happ_measure(e, "received", r.got);
            happ_measure(e, "interrupts", st.raised);
            happ_measure(e, "signals", st.signals);
            happ_measure(e, "one_way_us", r.lat_ps / r.got / 1e6);
        }
    }
    if (lfc_close(l, err, sizeof err) && rc == 0) rc = happ_fail(e, "%s", err);
    return rc;
}

static const char *const intr_params[] = {"DELAY_US", "COUNT", "GAP_US", "WORK_US", "DISABLE", "SIZE", NULL};
const happ happ_lfc_intr = {"lfc_intr", "LFC INTR: the polling watchdog interrupts a computing receiver, not a polling one",
                            intr_params, intr_run, NULL};
