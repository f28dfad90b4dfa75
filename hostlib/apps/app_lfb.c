/* Seed 002's basic protocol (§2.1) measured the way the thesis states its
 * figures (L781, L824): one-way host-to-host latency and throughput with
 * 256- and 1024-byte packets. Programs on the LFC basic firmware
 * (firmware/lfc/basic.c, build/fw/lfc/basic.l4.elf), two nodes or more:
 *
 * lfb_pingpong: node 0 sends SIZE bytes to node 1, which sends them back,
 *   WARMUP + ITERS times -> one_way_us (half the mean round trip), best_us
 *   (half the shortest). Other nodes only open the NI and wait for QUIT.
 * lfb_stream: node 0 sends COUNT packets of SIZE bytes to node 1 (each copied
 *   into the DMA area, as send() does), node 1 copies each out to a user
 *   buffer (step 8) and answers the last with the number its NI dropped ->
 *   throughput_mibs (COUNT x SIZE over the time from the first send to the
 *   answer, MiB/s = 2^20 bytes/s as the thesis's Mbyte/s), dropped (packets
 *   the receiving NI dropped for want of a buffer: the basic protocol has no
 *   flow control). The payload carries its packet number; node 1 checks
 *   every byte and that packets arrive in order without duplicates.
 * Both: PAYLOAD_MAX (default 1024) is the largest payload lfb_open allows. */
#include "happ.h"
#include "../be32.h"
#include "../lfc/lfb.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    platform *p;
    uint8_t *user;               /* where a handler copies to */
    unsigned got, size, src, next, dups, missing, damaged;
    unsigned first;              /* the first word of the last packet */
    int copy;
} rx;

static void on_packet(void *ctx, unsigned src, const void *data, unsigned size)
{
    rx *r = ctx;
    r->got++;
    r->size = size;
    r->src = src;
    if (r->copy > 0 && size) plat_memcpy(r->p, r->user, data, size);
    if (size >= 4) {
        const uint8_t *d = data;
        unsigned k = be32_get(d);
        r->first = k;
        if (r->copy < 0) return;      /* an answer, not a numbered packet */
        if (k < r->next) r->dups++;
        else if (k > r->next) r->missing += k - r->next;   /* a gap: dropped (or out of order) */
        r->next = k + 1;
        for (unsigned i = 4; i < size; i++)
            if (d[i] != (uint8_t)(k * 7u + i)) {
                r->damaged++;
                break;
            }
    }
}

static void fill(uint8_t *b, unsigned k, unsigned size)
{
    for (unsigned i = 0; i < 4 && i < size; i++) b[i] = (uint8_t)(k >> (24 - 8 * i));
    for (unsigned i = 4; i < size; i++) b[i] = (uint8_t)(k * 7u + i);
}

static int open_ni(platform *p, happ_env *e, lfb **b)
{
    long long pmax;
    char err[400];
    if (happ_int(e, "PAYLOAD_MAX", 1024, &pmax)) return -1;
    *b = lfb_open(p, (unsigned)(pmax < 0 ? 0 : pmax), err, sizeof err);
    if (!*b) return happ_fail(e, "%s", err);
    if (lfb_nodes(*b) < 2) {
        lfb_close(*b);
        return happ_fail(e, "the basic protocol's programs need two nodes");
    }
    return 0;
}

/* Nodes other than 0 and 1 idle until the run ends. */
static int bystander(lfb *b) { lfb_close(b); return 0; }

static int pingpong(platform *p, happ_env *e)
{
    long long size, iters, warm;
    if (happ_int(e, "SIZE", 4, &size) || happ_int(e, "ITERS", 20, &iters) || happ_int(e, "WARMUP", 2, &warm))
        return -1;
    if (iters < 1 || warm < 0 || size < 0) return happ_fail(e, "ITERS >= 1, WARMUP >= 0, SIZE >= 0");
    lfb *b;
    if (open_ni(p, e, &b)) return -1;
    if (lfb_node(b) > 1) return bystander(b);
    uint8_t *msg = plat_alloc(p, (size_t)size + 4);
    rx r = {.p = p, .user = plat_alloc(p, (size_t)size + 4), .copy = 1};
    int rc = 0;
    sim_time best = 0, t_start = 0;
    unsigned me = lfb_node(b), peer = me ^ 1u;
    for (long long i = 0; rc == 0 && i < warm + iters; i++) {
        if (i == warm) t_start = plat_now(p);
        sim_time t0 = plat_now(p);
        fill(msg, (unsigned)i, (unsigned)size);
        if (me == 0 && lfb_send(b, peer, msg, (unsigned)size)) rc = happ_fail(e, "%s", lfb_error(b));
        unsigned want = r.got + 1;
        while (rc == 0 && r.got < want) {
            int w = lfb_wait(b, on_packet, &r, SIM_US(100000));
            if (w < 0) rc = happ_fail(e, "%s", lfb_error(b));
            else if (w == 0) rc = happ_fail(e, "node %u: no packet in 100 ms (round %lld; dropped?)", me, i);
        }
        if (rc == 0 && me == 1 && lfb_send(b, peer, msg, (unsigned)size)) rc = happ_fail(e, "%s", lfb_error(b));
        sim_time rt = plat_now(p) - t0;
        if (i >= warm && (best == 0 || rt < best)) best = rt;
    }
    if (rc == 0 && (r.missing || r.damaged || r.dups))
        rc = happ_fail(e, "node %u: %u packets missing, %u damaged, %u repeated", me, r.missing, r.damaged, r.dups);
    if (rc == 0 && me == 0) {
        double mean = (double)(plat_now(p) - t_start) / (double)iters;
        happ_measure(e, "one_way_us", mean / 2 / 1e6);
        happ_measure(e, "best_us", (double)best / 2 / 1e6);
    }
    lfb_close(b);
    return rc;
}

static int stream(platform *p, happ_env *e)
{
    long long size, count;
    if (happ_int(e, "SIZE", 256, &size) || happ_int(e, "COUNT", 400, &count)) return -1;
    if (size < 4 || count < 1) return happ_fail(e, "SIZE >= 4 (the packet number), COUNT >= 1");
    lfb *b;
    if (open_ni(p, e, &b)) return -1;
    if (lfb_node(b) > 1) return bystander(b);
    uint8_t *msg = plat_alloc(p, (size_t)size);
    rx r = {.p = p, .user = plat_alloc(p, (size_t)size), .copy = 1};
    int rc = 0;
    if (lfb_node(b) == 0) {
        sim_time t0 = plat_now(p);
        for (long long k = 0; rc == 0 && k < count; k++) {
            fill(msg, (unsigned)k, (unsigned)size);
            if (lfb_send(b, 1, msg, (unsigned)size)) rc = happ_fail(e, "%s", lfb_error(b));
        }
        r.copy = -1;
        int w = rc ? 0 : lfb_wait(b, on_packet, &r, SIM_US(200000));
        if (rc == 0 && w <= 0) rc = happ_fail(e, "node 0: no answer from node 1 (%s)", w < 0 ? lfb_error(b) : "200 ms");
        if (rc == 0) {
            double s = (double)(plat_now(p) - t0) * 1e-12;
            happ_measure(e, "throughput_mibs", (double)count * (double)size / s / 1048576.0);
            happ_measure(e, "throughput_mbs", (double)count * (double)size / s / 1e6);
            happ_measure(e, "packets", (double)count);
            happ_measure(e, "dropped", (double)r.first);   /* node 1's count, in its answer */
        }
    } else {
        /* until the last packet (or a gap: its number tells) */
        while (rc == 0 && r.next < (unsigned)count) {
            int w = lfb_wait(b, on_packet, &r, SIM_US(100000));
            if (w < 0) rc = happ_fail(e, "%s", lfb_error(b));
            else if (w == 0) rc = happ_fail(e, "node 1: %u of %lld packets, then nothing for 100 ms", r.got, count);
        }
        lfb_counters c;
        if (rc == 0 && lfb_counters_get(b, &c)) rc = happ_fail(e, "%s", lfb_error(b));
        fill(msg, rc ? 0 : c.dropped, 4);
        if (rc == 0 && lfb_send(b, 0, msg, 4)) rc = happ_fail(e, "%s", lfb_error(b));
        if (rc == 0 && (r.dups || r.damaged))
            rc = happ_fail(e, "node 1: %u packets delivered twice, %u damaged", r.dups, r.damaged);
        if (rc == 0 && r.missing != c.dropped)
            rc = happ_fail(e, "node 1: %u packets missing, but the NI dropped %u", r.missing, c.dropped);
    }
    lfb_close(b);
    return rc;
}

const happ happ_lfb_pingpong = {
    "lfb_pingpong", "seed 002 §2.1 basic protocol: one-way latency of SIZE-byte packets (half the round trip)",
    (const char *const[]){"SIZE", "ITERS", "WARMUP", "PAYLOAD_MAX", NULL}, pingpong, NULL,
};

const happ happ_lfb_stream = {
    "lfb_stream", "seed 002 §2.1 basic protocol: throughput of COUNT packets of SIZE bytes, node 0 to node 1",
    (const char *const[]){"SIZE", "COUNT", "PAYLOAD_MAX", NULL}, stream, NULL,
};
