/* grim_pingpong: GRIM's host-to-host benchmark (dissertation §5.1.1, L1455,
 * and §5.5.1, L1664): node 0 sends a block to the last node, which returns
 * it; node 0 times the round trip. Latency = the median round trip / 2,
 * bandwidth = bytes / latency (MB = 10^6 bytes).
 *
 *   IF = am   an active message whose handler returns it to the sender (at
 *             the sender the same handler stops the timer);
 *   IF = rmp  RM-P writes of the block into the peer's pinned buffer, the
 *             lock (the iteration number) telling the peer it is there; the
 *             peer polls its lock and writes the block back the same way;
 *   IF = rmv  the same with RM-V (virtual addresses: the peer's NI
 *             translates; RMV_MEM = pinned (static translation entries,
 *             default) or paged (page-pinned user memory: the driver
 *             translates on misses)).
 * BYTES, or SIZES = "4,1024,..." (each measured in turn); ITERS timed round
 * trips per size (ITERS_LARGE from 256 KB) after WARMUP untimed ones. Measures: latency_us and
 * rtt_us (at the smallest size), bandwidth_mbs (the largest over the
 * sizes), min_rtt_us, bytes; with several sizes also lat_us_<n> and
 * bw_mbs_<n>. The block is checked byte for byte at the end of each size.
 * The library's options come from the common parameters (app_grim_util.h). */
#include "app_grim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIZES 32
#define MAX_BYTES (4u << 20)
#define LARGE_BYTES (256u << 10)   /* from here ITERS_LARGE round trips (each takes milliseconds) */

enum { IF_AM, IF_RMP, IF_RMV };

typedef struct {
    happ_env *e;
    int iface, peer_known;
    uint32_t peer_ep, peer_pa, peer_va, peer_lock;
    uint32_t got, got_len;         /* node 0: echoes back; the last one's length */
    uint32_t echoed;               /* the echoing node: messages returned */
    uint32_t h_echo;
    uint8_t *check;                /* node 0: where the AM echo's payload is copied for the check */
    volatile uint32_t *lock;       /* this node's lock word */
    sim_time send_ps;              /* node 0: the last send call's duration */
} pp;

static void on_echo(grim *g, const grim_am *m, void *ctx)
{
    pp *c = ctx;
    if (grim_getMyVNN(g) == 0) {
        if (m->arg[0] == 1 && m->len) memcpy(c->check, m->data, m->len);   /* checked by the caller */
        c->got_len = m->len;
        c->got++;
        return;
    }
    /* the echoing node returns the message as it came */
    if (grim_send(g, m->src, c->h_echo, m->arg[0], 0, 0, 0, m->data, m->len)) {
        grim_abort(g, "echo: %s", grim_error(g));
        return;
    }
    c->echoed++;
}

static void on_addr(grim *g, const grim_am *m, void *ctx)
{
    pp *c = ctx;
    (void)g;
    c->peer_ep = m->src;
    c->peer_pa = m->arg[0];
    c->peer_va = m->arg[1];
    c->peer_lock = m->arg[2];
    c->peer_known = 1;
}

static void fill(uint8_t *b, uint32_t n, uint32_t seed)
{
    for (uint32_t i = 0; i < n; i++) b[i] = (uint8_t)(seed * 29 + i * 11 + (i >> 10));
}

static int rm_send(grim *g, pp *c, const void *src, uint32_t n, uint32_t lockv)
{
    if (c->iface == IF_RMP) return grim_sendPhysicalMemory(g, c->peer_ep, c->peer_pa, src, n, c->peer_lock, lockv);
    return grim_sendMemory(g, c->peer_ep, c->peer_va, src, n, c->peer_lock, lockv);
}

/* warm + iters round trips of n bytes; node 0 gets the median round trip,
 * its half (latency) and the shortest, in us, and checks the block. */
static int round_trips(platform *p, grim *g, pp *c, const uint8_t *src, const uint8_t *dst, uint32_t n, int warm,
                       int iters, int si, uint32_t *lockv, double *lat, double *med, double *minr)
{
    happ_env *e = c->e;
    uint32_t me = grim_getMyVNN(g);
    int total = warm + iters, rc = 0;
    sim_time rtt[101], mn = SIM_TIME_NEVER;
    (void)si;
    for (int k = 0; k < total && rc == 0; k++) {
        uint32_t tag = k == total - 1 ? 1 : 2;     /* the last round trip is checked */
        ++*lockv;
        if (me == 0) {
            sim_time t0 = plat_now(p);
            if (c->iface == IF_AM) {
                uint32_t want = c->got + 1;
                if (grim_send(g, c->peer_ep, c->h_echo, tag, 0, 0, 0, src, n)) rc = gapp_fail(e, g, "send");
                c->send_ps = plat_now(p) - t0;
                while (rc == 0 && c->got != want)
                    if (grim_poll_idle(g, IDLE_MAX) < 0) rc = gapp_fail(e, g, "poll");
            } else {
                if (rm_send(g, c, src, n, *lockv)) rc = gapp_fail(e, g, "remote write");
                c->send_ps = plat_now(p) - t0;
                if (rc == 0 && grim_wait_word(g, c->lock, *lockv)) rc = gapp_fail(e, g, "waiting for the echo");
            }
            sim_time t = plat_now(p) - t0;
            if (k >= warm) rtt[k - warm] = t;
            if (k >= warm && t < mn) mn = t;
        } else if (c->iface == IF_AM) {
            uint32_t want = c->echoed + 1;
            while (rc == 0 && c->echoed != want)
                if (grim_poll_idle(g, IDLE_MAX) < 0) rc = gapp_fail(e, g, "poll");
        } else {
            /* the block arrived in dst: return it from there */
            if (grim_wait_word(g, c->lock, *lockv)) rc = gapp_fail(e, g, "waiting for the block");
            else if (rm_send(g, c, dst, n, *lockv)) rc = gapp_fail(e, g, "remote write back");
        }
    }
    if (rc || me != 0) return rc;
    const uint8_t *back = c->iface == IF_AM ? c->check : dst;
    if (c->iface == IF_AM && c->got_len != n) return happ_fail(e, "%u bytes: the echo had %u", n, c->got_len);
    for (uint32_t i = 0; i < n; i++)
        if (back[i] != src[i])
            return happ_fail(e, "%u bytes: the echoed block differs at byte %u (0x%02x, sent 0x%02x)", n, i, back[i], src[i]);
    *med = (double)gapp_median(rtt, iters) / 1e6;
    *lat = *med / 2;
    *minr = (double)mn / 1e6;
    return 0;
}

static int run(platform *p, happ_env *e)
{
    grim_options o;
    long long iters, iters_large, warm, one;
    uint32_t sizes[MAX_SIZES];
    if (gapp_options(e, &o) || happ_int(e, "ITERS", 9, &iters) || happ_int(e, "WARMUP", 1, &warm) ||
        happ_int(e, "BYTES", 0, &one))
        return -1;
    long long latb;
    uint32_t frags[16];
    int nf = 1;
    if (happ_int(e, "LAT_BYTES", 0, &latb)) return -1;
    if (happ_str(e, "FRAGS", NULL) && (nf = gapp_list(e, "FRAGS", "", frags, 16, GRIM_MTU)) < 0) return -1;
    int ns;
    if (one) {
        if (one < 1 || one > MAX_BYTES) return happ_fail(e, "BYTES = %lld: 1..%u", one, MAX_BYTES);
        sizes[0] = (uint32_t)one;
        ns = 1;
    } else if ((ns = gapp_list(e, "SIZES", "4", sizes, MAX_SIZES, MAX_BYTES)) < 0) {
        return -1;
    }
    if (latb) {
        if (latb < 1 || latb > MAX_BYTES || ns == MAX_SIZES) return happ_fail(e, "LAT_BYTES = %lld: 1..%u", latb, MAX_BYTES);
        memmove(sizes + 1, sizes, (size_t)ns * sizeof sizes[0]);
        sizes[0] = (uint32_t)latb;
        ns++;
    }
    if (happ_int(e, "ITERS_LARGE", iters, &iters_large)) return -1;
    if (iters < 1 || iters > 101 || iters_large < 1 || iters_large > 101 || warm < 0 || warm > 100)
        return happ_fail(e, "ITERS and ITERS_LARGE 1..101, WARMUP 0..100");
    const char *ifn = happ_str(e, "IF", "am"), *mem = happ_str(e, "RMV_MEM", "pinned");
    pp c = {.e = e};
    c.iface = !strcmp(ifn, "am") ? IF_AM : !strcmp(ifn, "rmp") ? IF_RMP : !strcmp(ifn, "rmv") ? IF_RMV : -1;
    if (c.iface < 0) return happ_fail(e, "IF = '%s': am, rmv or rmp", ifn);
    int paged = !strcmp(mem, "paged");
    if (!paged && strcmp(mem, "pinned")) return happ_fail(e, "RMV_MEM = '%s': pinned or paged", mem);
    uint32_t maxn = 0;
    for (int i = 0; i < ns; i++)
        if (sizes[i] > maxn) maxn = sizes[i];

    grim *g = gapp_open(p, e, &o);
    if (!g) return -1;
    int rc = 0;
    uint32_t me = grim_getMyVNN(g), last = grim_nodes(g) - 1;
    if (last == 0) return gapp_close(g, e, happ_fail(e, "grim_pingpong needs two nodes (cluster.nodes)"));
    int active = me == 0 || me == last;
    uint8_t *src = plat_alloc(p, maxn), *dst = NULL;
    c.check = plat_alloc(p, maxn);
    volatile uint32_t *lock = c.lock = grim_malloc_pinned(g, 4);
    if (!src || !c.check || !lock) rc = happ_fail(e, "buffers: %s", plat_error(p));
    /* the RM target: pinned contiguous memory (RM-P needs a physical
     * address), or page-pinned user memory for RM-V with RMV_MEM = paged */
    if (rc == 0 && c.iface != IF_AM) {
        if (paged && c.iface == IF_RMV) {
            dst = plat_alloc(p, maxn);
            if (!dst || grim_register_memory(g, dst, maxn)) rc = gapp_fail(e, g, "target buffer");
        } else if (!(dst = grim_malloc_pinned(g, maxn))) {
            rc = gapp_fail(e, g, "target buffer");
        }
    }
    if (rc == 0 && (grim_register_handler(g, on_echo, &c, "pp_echo") || grim_register_handler(g, on_addr, &c, "pp_addr") ||
                    grim_syncHandlers(g) || grim_resolveHandler(g, "pp_echo", &c.h_echo)))
        rc = gapp_fail(e, g, "handlers");
    uint32_t h_addr = 0;
    if (rc == 0 && grim_resolveHandler(g, "pp_addr", &h_addr)) rc = gapp_fail(e, g, "handlers");
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "start barrier");
    /* the partners tell each other where their target and lock are */
    if (rc == 0 && active) {
        uint32_t peer = GRIM_EP(me == 0 ? last : 0, o.lc);
        uint32_t pa = dst && !(paged && c.iface == IF_RMV) ? (uint32_t)grim_get_pinned_pa(g, dst) : 0;
        if (grim_send(g, peer, h_addr, pa, dst ? grim_va(g, dst) : 0, grim_va(g, (void *)lock), 0, NULL, 0))
            rc = gapp_fail(e, g, "address exchange");
        while (rc == 0 && !c.peer_known)
            if (grim_poll(g) < 0) rc = gapp_fail(e, g, "address exchange");
        c.peer_ep = peer;
    }

    double best_bw = 0, lat0 = 0, rtt0 = 0, minrtt0 = 0, best_frag = 0, gain_min = 0;
    uint32_t nmin = UINT32_MAX, nmax = 0;
    uint32_t lockv = 0;
    for (int si = 0; si < ns && rc == 0 && active; si++) {
        uint32_t n = sizes[si];
        double size_bw = 0, size_frag = 0, unfrag_bw = 0;
        fill(src, n, (uint32_t)si + 1);
        for (int fi = 0; fi < nf && rc == 0; fi++) {
            if (nf > 1) grim_set_frag(g, frags[fi]);
            double lat = 0, med = 0, minr = 0;
            int it = n >= LARGE_BYTES ? (int)iters_large : (int)iters;
            if (round_trips(p, g, &c, src, dst, n, (int)warm, it, si, &lockv, &lat, &med, &minr)) {
                rc = -1;
                break;
            }
            if (me != 0) continue;
            double bw = n / lat;
            if (n < nmin || (n == nmin && bw > n / lat0)) {
                nmin = n;
                lat0 = lat;
                rtt0 = med;
                minrtt0 = minr;
            }
            if (bw > size_bw) {
                size_bw = bw;
                size_frag = grim_get_options(g)->frag_bytes;
            }
            if (grim_get_options(g)->frag_bytes >= GRIM_MTU) unfrag_bw = bw;
        }
        if (rc || me != 0) continue;
        if (size_bw > best_bw) best_bw = size_bw;
        if (n >= nmax) {
            nmax = n;
            best_frag = size_frag;
        }
        if (nf > 1 && unfrag_bw > 0 && size_bw > 1.05 * unfrag_bw && (gain_min == 0 || n < gain_min)) gain_min = n;
        char name[40];
        if (ns > 1) {
            snprintf(name, sizeof name, "lat_us_%u", n);
            happ_measure(e, name, n / size_bw);
            snprintf(name, sizeof name, "bw_mbs_%u", n);
            happ_measure(e, name, size_bw);
        }
        if (nf > 1) {
            snprintf(name, sizeof name, "best_frag_kb_%u", n);
            happ_measure(e, name, size_frag / 1024);
        }
    }
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "end barrier");
    if (rc == 0 && me == 0) {
        happ_measure(e, "latency_us", lat0);
        happ_measure(e, "rtt_us", rtt0);
        happ_measure(e, "send_call_us", (double)c.send_ps / 1e6);
        happ_measure(e, "min_rtt_us", minrtt0);
        happ_measure(e, "bandwidth_mbs", best_bw);
        happ_measure(e, "bytes", maxn);
        happ_measure(e, "best_frag_kb", best_frag / 1024);   /* with one fragment size: that one */
        if (nf > 1) happ_measure(e, "pipelining_gain_min_kb", gain_min / 1024);
        const grim_stats *st = grim_get_stats(g);
        happ_measure(e, "dma_injections", (double)st->dma_injections);
        happ_measure(e, "overflowed", (double)st->overflowed);
        /* the NI's own counters for this endpoint (retransmissions show lost time) */
        static const struct { const char *name; uint32_t off; } lcw[] = {
            {"ni_sent", GRIM_L_SENT}, {"ni_resent", GRIM_L_RESENT}, {"ni_nacks_recv", GRIM_L_NACKS_RECV},
            {"ni_nacks_sent", GRIM_L_NACKS_SENT}, {"ni_timeouts", GRIM_L_TIMEOUTS}, {"ni_delivered", GRIM_L_DELIVERED}};
        for (size_t i = 0; i < sizeof lcw / sizeof lcw[0]; i++) {
            uint32_t v;
            if (grim_read_lcd(g, o.lc, lcw[i].off, &v) == 0) happ_measure(e, lcw[i].name, v);
        }
    }
    return gapp_close(g, e, rc);
}

const happ happ_grim_pingpong = {
    "grim_pingpong", "GRIM host-to-host round trips (AM, RM-V, RM-P): latency = median RTT / 2, bandwidth",
    (const char *const[]){"IF", "BYTES", "SIZES", "LAT_BYTES", "FRAGS", "ITERS", "ITERS_LARGE", "WARMUP", "RMV_MEM", GAPP_COMMON_PARAMS, NULL}, run, NULL,
};
