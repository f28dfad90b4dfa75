/* Programs on LFC's unicast (hostlib/lfc/lfc.h, firmware/lfc/ucast.c,
 * build/fw/lfc/ucast.l4.elf), seed 002's DAS cluster:
 *
 * lfc_pingpong: node 0 and node 1 bounce a SIZE-byte packet WARMUP + ITERS
 *   times -> one_way_us (half the mean round trip). Like seed 000 Table
 *   5.5's LFC row, a prediction: nothing here is set from it.
 * lfc_stream: node 0 sends COUNT packets of SIZE bytes to node 1 (the
 *   upcall only counts them), node 1 answers the last -> throughput_mbs
 *   (10^6 bytes/s) and throughput_mibs, blocked (node 0's sends that waited
 *   for credits), credit_packets (node 1's CREDIT packets).
 * lfc_check: every node sends COUNT packets to every other (round-robin,
 *   polling between sends), then a barrier through node 0, a quiet period,
 *   and each node reads its NI's protocol state. Every node fails unless
 *   each source's packets arrived exactly once, in order, intact; combine
 *   checks that credits are conserved per (sender, receiver) pair:
 *   sender's send credits + receiver's owed credits + receiver's buffers
 *   holding that sender's packets = CREDITS, and nothing is blocked.
 *   With the Irx image (irx.l4.elf) combine checks instead that every
 *   sequence number a sender assigned to a receiver was accepted there, none
 *   is unacknowledged and nothing is blocked.
 *   -> received (node 0), pairs_checked; Irx's counters summed over the NIs:
 *   retransmitted, dropped (all causes), dropped_crc, dropped_nobuf, timeouts.
 * lfc_misuse: bad input fails with a clear error: a launch of a packet not
 *   owned (launched twice), a size over the maximum, an own destination, a
 *   free of a packet not handed out -> caught (of 4).
 * Parameters CREDITS, REFRESH (lfc_params). */
#include "happ.h"
#include "app_lfc_util.h"
#include "../be32.h"
#include "../lfc/lfc.h"
#include "../../firmware/lfc/lfc_abi.h"

#include <stdlib.h>
#include <string.h>

#define MAXN 128   /* the Irx image runs unicast on 128 NIs */

typedef struct {
    platform *p;
    unsigned got, last_src, last_size, first;
    unsigned next[MAXN], dups, missing, damaged;
    int check;
} rxs;

static uint8_t pat(unsigned src, unsigned k, unsigned i) { return (uint8_t)(src * 31u + k * 7u + i); }

static int upcall(void *ctx, lfc *l, unsigned src, void *pkt, unsigned size, unsigned flags)
{
    (void)l;
    (void)flags;
    rxs *r = ctx;
    const uint8_t *d = pkt;
    r->got++;
    r->last_src = src;
    r->last_size = size;
    r->first = size >= 4 ? be32_get(d) : 0;
    if (r->check && size >= 8 && src < MAXN && be32_get(d) != 0xFFFFFFFFu) {
        unsigned k = be32_get(d + 4);
        for (unsigned i = 8; i < size; i++)
            if (d[i] != pat(src, k, i)) {
                r->damaged++;
                return 0;
            }
        if (k < r->next[src]) r->dups++;
        else if (k > r->next[src]) r->missing += k - r->next[src];
        if (k >= r->next[src]) r->next[src] = k + 1;
    }
    return 0;
}

static lfc *open_lfc(platform *p, happ_env *e, rxs *r)
{
    long long credits, refresh;
    if (happ_int(e, "CREDITS", 8, &credits) || happ_int(e, "REFRESH", 4, &refresh)) return NULL;
    lfc_params prm;
    lfc_params_default(&prm);
    prm.credits = (unsigned)credits;
    prm.refresh = (unsigned)refresh;
    char err[400];
    r->p = p;
    lfc *l = lfc_open(p, &prm, upcall, r, err, sizeof err);
    if (!l) happ_fail(e, "%s", err);
    return l;
}

static int finish(happ_env *e, lfc *l, int rc)
{
    char err[400];
    if (lfc_close(l, err, sizeof err) && rc == 0) rc = happ_fail(e, "%s", err);
    return rc;
}

static int send1(happ_env *e, lfc *l, unsigned dest, const uint8_t *data, unsigned size)
{
    uint8_t *pkt = lfc_send_alloc(l, 1);
    if (!pkt) return happ_fail(e, "node %u: %s", lfc_my_proc(l), lfc_error(l));
    memcpy(pkt, data, size);
    if (lfc_ucast_launch(l, dest, pkt, size, 1)) return happ_fail(e, "node %u: %s", lfc_my_proc(l), lfc_error(l));
    return 0;
}

static int wait_for(happ_env *e, lfc *l, rxs *r, unsigned want, sim_time max)
{
    while (r->got < want) {
        int w = lfc_wait(l, max);
        if (w < 0) return happ_fail(e, "node %u: %s", lfc_my_proc(l), lfc_error(l));
        if (w == 0) {
            char why[700];
            return happ_fail(e, "node %u: %u of %u packets, then nothing%s", lfc_my_proc(l), r->got, want,
                             lfc_irx_describe(l, why, sizeof why));
        }
    }
    return 0;
}

static int pingpong(platform *p, happ_env *e)
{
    long long size, iters, warm;
    if (happ_int(e, "SIZE", 4, &size) || happ_int(e, "ITERS", 20, &iters) || happ_int(e, "WARMUP", 2, &warm)) return -1;
    if (size < 0 || size > LFC_MAX_PAYLOAD || iters < 1 || warm < 0) return happ_fail(e, "SIZE 0..1024, ITERS >= 1");
    rxs r = {0};
    lfc *l = open_lfc(p, e, &r);
    if (!l) return -1;
    unsigned me = lfc_my_proc(l);
    uint8_t msg[LFC_MAX_PAYLOAD] = {0};
    int rc = 0;
    sim_time t0 = 0;
    for (long long i = 0; rc == 0 && me < 2 && i < warm + iters; i++) {
        if (i == warm) t0 = plat_now(p);
        if (me == 0) rc = send1(e, l, 1, msg, (unsigned)size);
        if (rc == 0) rc = wait_for(e, l, &r, (unsigned)i + 1u, SIM_US(100000));
        if (rc == 0 && me == 1) rc = send1(e, l, 0, msg, (unsigned)size);
    }
    if (rc == 0 && me == 0) happ_measure(e, "one_way_us", (double)(plat_now(p) - t0) / (double)iters / 2 / 1e6);
    return finish(e, l, rc);
}

static int stream(platform *p, happ_env *e)
{
    long long size, count;
    if (happ_int(e, "SIZE", 1024, &size) || happ_int(e, "COUNT", 400, &count)) return -1;
    if (size < 4 || size > LFC_MAX_PAYLOAD || count < 1) return happ_fail(e, "SIZE 4..1024, COUNT >= 1");
    rxs r = {0};
    lfc *l = open_lfc(p, e, &r);
    if (!l) return -1;
    unsigned me = lfc_my_proc(l);
    uint8_t msg[LFC_MAX_PAYLOAD] = {0};
    int rc = 0;
    lfc_counters c = {0};
    if (me == 0) {
        sim_time t0 = plat_now(p);
        for (long long k = 0; rc == 0 && k < count; k++) rc = send1(e, l, 1, msg, (unsigned)size);
        if (rc == 0) rc = wait_for(e, l, &r, 1, SIM_US(200000));
        if (rc == 0 && lfc_counters_get(l, &c)) rc = happ_fail(e, "%s", lfc_error(l));
        if (rc == 0) {
            double s = (double)(plat_now(p) - t0) * 1e-12, bytes = (double)count * (double)size;
            happ_measure(e, "throughput_mbs", bytes / s / 1e6);
            happ_measure(e, "throughput_mibs", bytes / s / 1048576.0);
            happ_measure(e, "blocked", c.blocked);
            happ_measure(e, "credit_packets", r.first);   /* node 1's count, in its answer */
        }
    } else if (me == 1) {
        rc = wait_for(e, l, &r, (unsigned)count, SIM_US(200000));
        if (rc == 0 && lfc_counters_get(l, &c)) rc = happ_fail(e, "%s", lfc_error(l));
        be32_put(msg, c.credit_tx);
        if (rc == 0) rc = send1(e, l, 0, msg, 4);
    }
    return finish(e, l, rc);
}

/* lfc_check: each node's PCB rows, for combine */
typedef struct { unsigned n, credits; lfc_pcb pcb[MAXN]; lfc_irx irx; } ck_state;

static int check(platform *p, happ_env *e)
{
    long long count, size, credits;
    if (happ_int(e, "COUNT", 20, &count) || happ_int(e, "SIZE", 64, &size) || happ_int(e, "CREDITS", 8, &credits))
        return -1;
    if (count < 1 || size < 8 || size > LFC_MAX_PAYLOAD) return happ_fail(e, "COUNT >= 1, SIZE 8..1024");
    rxs r = {.check = 1};
    lfc *l = open_lfc(p, e, &r);
    if (!l) return -1;
    unsigned me = lfc_my_proc(l), n = lfc_nr_procs(l);
    uint8_t msg[LFC_MAX_PAYLOAD];
    int rc = n > MAXN ? happ_fail(e, "at most %d nodes", MAXN) : 0;
    for (long long k = 0; rc == 0 && k < count; k++)
        for (unsigned j = 1; rc == 0 && j < n; j++) {
            be32_put(msg, 0);
            be32_put(msg + 4, (unsigned)k);
            for (unsigned i = 8; i < (unsigned)size; i++) msg[i] = pat(me, (unsigned)k, i);
            rc = send1(e, l, (me + j) % n, msg, (unsigned)size);
            if (rc == 0 && lfc_poll(l) < 0) rc = happ_fail(e, "%s", lfc_error(l));
        }
    unsigned want = (unsigned)count * (n - 1u);
    if (rc == 0) rc = wait_for(e, l, &r, want, SIM_US(500000));
    /* barrier: everyone tells node 0, node 0 tells everyone */
    be32_put(msg, 0xFFFFFFFFu);
    if (rc == 0 && me != 0) rc = send1(e, l, 0, msg, 4);
    if (rc == 0 && me == 0) {
        rc = wait_for(e, l, &r, want + n - 1u, SIM_US(500000));
        for (unsigned d = 1; rc == 0 && d < n; d++) rc = send1(e, l, d, msg, 4);
    }
    if (rc == 0 && me != 0) rc = wait_for(e, l, &r, want + 1u, SIM_US(500000));
    while (rc == 0) {   /* quiet: 1 ms without packets */
        int w = lfc_wait(l, SIM_US(1000));
        if (w < 0) rc = happ_fail(e, "%s", lfc_error(l));
        if (w == 0) break;
    }
    for (unsigned s = 0; rc == 0 && s < n; s++)
        if (s != me) r.missing += (unsigned)count - r.next[s];
    if (rc == 0 && (r.dups || r.missing || r.damaged))
        rc = happ_fail(e, "node %u: %u packets twice, %u missing or out of order, %u damaged", me, r.dups, r.missing,
                       r.damaged);
    ck_state *st = calloc(1, sizeof *st);
    st->n = n;
    st->credits = (unsigned)credits;
    for (unsigned d = 0; rc == 0 && d < n; d++)
        if (lfc_pcb_get(l, d, &st->pcb[d])) rc = happ_fail(e, "%s", lfc_error(l));
    if (rc == 0 && lfc_irx_get(l, &st->irx)) rc = happ_fail(e, "%s", lfc_error(l));
    if (rc == 0 && st->irx.irx && lfc_flush(l)) rc = happ_fail(e, "%s", lfc_error(l));   /* a lost ACK: wait for the retransmission */
    for (unsigned d = 0; rc == 0 && st->irx.irx && d < n; d++)   /* then the final sequence numbers */
        if (lfc_pcb_get(l, d, &st->pcb[d])) rc = happ_fail(e, "%s", lfc_error(l));
    e->state = st;
    if (rc == 0 && me == 0) happ_measure(e, "received", r.got);
    return finish(e, l, rc);
}

static int check_combine(happ_env *const *envs, int n, happ_env *out)
{
    unsigned pairs = 0;
    for (int s = 0; s < n; s++)
        for (int d = 0; d < n; d++) {
            if (s == d) continue;
            const ck_state *S = envs[s]->state, *R = envs[d]->state;
            if (!S || !R) return happ_fail(out, "node %d or %d kept no protocol state", s, d);
            if (lfc_check_pair(out, s, d, &S->pcb[d], &R->pcb[s], (int)S->irx.irx, S->credits)) return -1;
            pairs++;
        }
    happ_measure(out, "pairs_checked", pairs);
    double retx = 0, drops = 0, crc = 0, nobuf = 0, tmo = 0;   /* Irx: what the losses cost (0 with the other images) */
    for (int s = 0; s < n; s++) {
        const ck_state *S = envs[s]->state;
        retx += S->irx.retx;
        drops += S->irx.drop_crc + S->irx.drop_seq + S->irx.drop_buf;
        crc += S->irx.drop_crc;
        nobuf += S->irx.drop_buf;
        tmo += S->irx.timeouts;
    }
    happ_measure(out, "retransmitted", retx);
    happ_measure(out, "dropped", drops);
    happ_measure(out, "dropped_crc", crc);
    happ_measure(out, "dropped_nobuf", nobuf);
    happ_measure(out, "timeouts", tmo);
    return 0;
}

static int misuse(platform *p, happ_env *e)
{
    rxs r = {0};
    lfc *l = open_lfc(p, e, &r);
    if (!l) return -1;
    int caught = 0;
    unsigned other = lfc_my_proc(l) ? 0 : 1;
    uint8_t *pkt = lfc_send_alloc(l, 1);
    if (!pkt) return finish(e, l, happ_fail(e, "%s", lfc_error(l)));
    if (lfc_ucast_launch(l, other, pkt, LFC_MAX_PAYLOAD + 1, 1) < 0 && strstr(lfc_error(l), "over the maximum payload")) caught++;
    if (lfc_ucast_launch(l, lfc_my_proc(l), pkt, 4, 1) < 0 && strstr(lfc_error(l), "destination")) caught++;
    if (lfc_ucast_launch(l, other, pkt, 4, 1)) return finish(e, l, happ_fail(e, "%s", lfc_error(l)));
    if (lfc_ucast_launch(l, other, pkt, 4, 1) < 0 && strstr(lfc_error(l), "not owned")) caught++;
    uint8_t junk[16];
    if (lfc_packet_free(l, junk) < 0 && strstr(lfc_error(l), "not a receive packet")) caught++;
    happ_measure(e, "caught", caught);
    return finish(e, l, 0);
}

#define P(...) (const char *const[]){__VA_ARGS__, "CREDITS", "REFRESH", NULL}

const happ happ_lfc_pingpong = {"lfc_pingpong", "LFC unicast one-way latency (node 0 <-> node 1)",
                                P("SIZE", "ITERS", "WARMUP"), pingpong, NULL};
const happ happ_lfc_stream = {"lfc_stream", "LFC unicast throughput, node 0 -> node 1", P("SIZE", "COUNT"), stream, NULL};
const happ happ_lfc_check = {"lfc_check", "LFC unicast: every node to every other, exactly once in order; credits conserved",
                             P("COUNT", "SIZE"), check, check_combine};
const happ happ_lfc_misuse = {"lfc_misuse", "LFC unicast: bad input fails clearly", (const char *const[]){"CREDITS", "REFRESH", NULL},
                              misuse, NULL};
