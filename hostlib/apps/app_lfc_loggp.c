/* lfc_loggp: LogGP parameters of LFC unicast (hostlib/lfc/lfc.h,
 * firmware/lfc/ucast.c) between two processes, each from its definition
 * (Culler et al.'s LogP with Alexandrov et al.'s G), on the one simulated
 * clock. Process 0 measures, process 1 is the peer:
 *   o_s  mean host time of lfc_send_alloc + lfc_ucast_launch of a 4-byte
 *        packet, sends SPACE_US apart (a free send packet and a credit);
 *   o_r  mean host time of the lfc_poll that hands out a 4-byte packet
 *        (status check, empty upcall, the buffer given back), packets
 *        SPACE_US apart, polled as soon as they are in host memory;
 *   L    one-way time of a 4-byte ping-pong (round trip / 2) - o_s - o_r;
 *   g    time per packet of COUNT 4-byte packets sent back to back, from
 *        the first send until the peer has the last (its answer's arrival
 *        minus one one-way time): the sender's queue of 32 send packets
 *        does not hide the tail;
 *   G    (the same for COUNT SIZE-byte packets - g) / (SIZE - 4), per byte.
 * -> o_s_us, o_r_us, L_us, g_us, G_ns_per_byte, one_way_us.
 * Parameters ITERS, WARMUP, COUNT, SIZE, SPACE_US, CREDITS, REFRESH. */
#include "happ.h"
#include "../lfc/lfc.h"
#include "../../firmware/lfc/lfc_abi.h"

#include <string.h>

typedef struct { unsigned got; } lrx;

static int upcall(void *ctx, lfc *l, unsigned src, void *pkt, unsigned size, unsigned flags)
{
    (void)l;
    (void)src;
    (void)pkt;
    (void)size;
    (void)flags;
    ((lrx *)ctx)->got++;
    return 0;
}

static int send(happ_env *e, lfc *l, unsigned dest, unsigned size)
{
    uint8_t *pkt = lfc_send_alloc(l, 1);
    if (!pkt) return happ_fail(e, "process %u: %s", lfc_my_proc(l), lfc_error(l));
    memset(pkt, 0, size);
    if (lfc_ucast_launch(l, dest, pkt, size, 1)) return happ_fail(e, "process %u: %s", lfc_my_proc(l), lfc_error(l));
    return 0;
}

static int wait_got(happ_env *e, lfc *l, const lrx *r, unsigned want)
{
    while (r->got < want) {
        int w = lfc_wait(l, SIM_US(500000));
        if (w < 0) return happ_fail(e, "process %u: %s", lfc_my_proc(l), lfc_error(l));
        if (w == 0) return happ_fail(e, "process %u: %u of %u packets, then nothing", lfc_my_proc(l), r->got, want);
    }
    return 0;
}

/* process 1: the peer */
static int peer(happ_env *e, platform *p, lfc *l, lrx *r, unsigned iters, unsigned warm, unsigned count, sim_time space)
{
    unsigned want = iters;
    int rc = wait_got(e, l, r, want);                       /* o_s's packets */
    if (rc == 0) rc = send(e, l, 0, 4);                     /* done */
    for (unsigned k = 0; rc == 0 && k < iters; k++) {       /* o_r's packets */
        if (plat_compute(p, space)) rc = happ_fail(e, "%s", plat_error(p));
        if (rc == 0) rc = send(e, l, 0, 4);
    }
    for (unsigned k = 0; rc == 0 && k < iters + warm; k++) {   /* ping-pong */
        want++;
        rc = wait_got(e, l, r, want);
        if (rc == 0) rc = send(e, l, 0, 4);
    }
    for (int s = 0; rc == 0 && s < 2; s++) {                /* the two streams */
        want += count;
        rc = wait_got(e, l, r, want);
        if (rc == 0) rc = send(e, l, 0, 4);
    }
    return rc;
}

static int loggp(platform *p, happ_env *e)
{
    long long iters, warm, count, size, space, credits, refresh;
    if (happ_int(e, "ITERS", 20, &iters) || happ_int(e, "WARMUP", 2, &warm) || happ_int(e, "COUNT", 200, &count) ||
        happ_int(e, "SIZE", 1024, &size) || happ_int(e, "SPACE_US", 200, &space) || happ_int(e, "CREDITS", 8, &credits) ||
        happ_int(e, "REFRESH", 4, &refresh))
        return -1;
    if (iters < 1 || warm < 0 || count < 2 || size <= 4 || size > LFC_MAX_PAYLOAD || space < 1)
        return happ_fail(e, "ITERS >= 1, WARMUP >= 0, COUNT >= 2, SIZE 5..1024, SPACE_US >= 1");
    lrx r = {0};
    lfc_params prm;
    lfc_params_default(&prm);
    prm.credits = (unsigned)credits;
    prm.refresh = (unsigned)refresh;
    char err[400];
    lfc *l = lfc_open(p, &prm, upcall, &r, err, sizeof err);
    if (!l) return happ_fail(e, "%s", err);
    int rc = lfc_nr_procs(l) != 2 ? happ_fail(e, "lfc_loggp runs on 2 processes") : 0;
    sim_time sp = SIM_US(space), miss = plat_host_profile(p)->poll_miss_ps;
    if (!miss) miss = SIM_NS(5);
    if (rc == 0 && lfc_my_proc(l) == 1) {
        rc = peer(e, p, l, &r, (unsigned)iters, (unsigned)warm, (unsigned)count, sp);
    } else if (rc == 0) {
        double os = 0, orr = 0, rtt = 0, gs = 0, gb = 0;
        unsigned want = 0;
        for (long long k = 0; rc == 0 && k < iters; k++) {   /* o_s */
            if (plat_compute(p, sp)) rc = happ_fail(e, "%s", plat_error(p));
            sim_time t = plat_now(p);
            if (rc == 0) rc = send(e, l, 1, 4);
            os += (double)(plat_now(p) - t);
        }
        if (rc == 0) rc = wait_got(e, l, &r, ++want);
        for (long long k = 0; rc == 0 && k < iters; k++) {   /* o_r: poll as soon as it is there */
            for (;;) {
                sim_time t = plat_now(p);
                int q = lfc_poll(l);
                if (q < 0) rc = happ_fail(e, "%s", lfc_error(l));
                if (q) {
                    orr += (double)(plat_now(p) - t);
                    break;
                }
                if (plat_idle_poll(p, miss, SIM_US(500000)) < 0) rc = happ_fail(e, "%s", plat_error(p));
                if (rc) break;
            }
            want++;
        }
        for (long long k = 0; rc == 0 && k < iters + warm; k++) {   /* ping-pong */
            sim_time t = plat_now(p);
            rc = send(e, l, 1, 4);
            if (rc == 0) rc = wait_got(e, l, &r, ++want);
            if (k >= warm) rtt += (double)(plat_now(p) - t);
        }
        for (int s = 0; rc == 0 && s < 2; s++) {   /* g, then G: until the peer has them all */
            sim_time t = plat_now(p);
            for (long long k = 0; rc == 0 && k < count; k++) rc = send(e, l, 1, s ? (unsigned)size : 4u);
            if (rc == 0) rc = wait_got(e, l, &r, ++want);
            *(s ? &gb : &gs) = ((double)(plat_now(p) - t) - rtt / (double)iters / 2.0) / (double)count;
        }
        if (rc == 0) {
            double n = (double)iters, one_way = rtt / n / 2.0;
            happ_measure(e, "o_s_us", os / n / 1e6);
            happ_measure(e, "o_r_us", orr / n / 1e6);
            happ_measure(e, "L_us", (one_way - os / n - orr / n) / 1e6);
            happ_measure(e, "g_us", gs / 1e6);
            happ_measure(e, "G_ns_per_byte", (gb - gs) / (double)(size - 4) / 1e3);
            happ_measure(e, "one_way_us", one_way / 1e6);
        }
    }
    if (lfc_close(l, err, sizeof err) && rc == 0) rc = happ_fail(e, "%s", err);
    return rc;
}

static const char *const loggp_params[] = {"ITERS", "WARMUP", "COUNT", "SIZE", "SPACE_US", "CREDITS", "REFRESH", NULL};
const happ happ_lfc_loggp = {"lfc_loggp", "LFC unicast LogGP parameters: o_s, o_r, L, g, G", loggp_params, loggp, NULL};
