/* Shared by the GRIM benchmark programs (app_grim_util.h). */
#include "app_grim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int flag(happ_env *e, const char *name, int dflt, int *out)
{
    long long v;
    if (happ_int(e, name, dflt, &v)) return -1;
    if (v != 0 && v != 1) return happ_fail(e, "%s = %lld: 0 or 1", name, v);
    *out = (int)v;
    return 0;
}

int gapp_options(happ_env *e, grim_options *o)
{
    grim_options_default(o);
    long long nlc, lc, frag, seg, retx, q, ring, mcast;
    int rct = 1, sct = 1, ctlq = 1, crc = 1, pio = 0, plain = 0, tickets = 1;
    if (happ_int(e, "NLC", 1, &nlc) || happ_int(e, "LC", 0, &lc) || happ_int(e, "FRAG", 0, &frag) ||
        happ_int(e, "SEG", 0, &seg) || happ_int(e, "RETX_US", o->retx_us, &retx) || happ_int(e, "QUEUE_BYTES", 0, &q) ||
        happ_int(e, "AM_RING", o->am_ring_bytes, &ring) || flag(e, "RECV_CT", 1, &rct) || flag(e, "SEND_CT", 1, &sct) ||
        flag(e, "CTLQ", 1, &ctlq) || flag(e, "CRC", 1, &crc) || flag(e, "PIO_ONLY", 0, &pio) ||
        flag(e, "PLAIN_POLL", 0, &plain) || happ_int(e, "MCAST", 0, &mcast) || flag(e, "TICKETS", 1, &tickets))
        return -1;
    if (mcast < 0 || mcast > 2) return happ_fail(e, "MCAST = %lld: 0 (none), 1 (multicast), 2 (unsafe multicast)", mcast);
    o->mcast = mcast == 0 ? 0 : mcast == 1 ? GRIM_MC_ON : GRIM_MC_ON | GRIM_MC_UNSAFE;
    if (!tickets && !mcast) return happ_fail(e, "TICKETS = 0 needs MCAST = 1 or 2");
    if (!tickets) o->mcast |= GRIM_MC_NOTICKETS;   /* teaching: no total order per tree */
    if (nlc < 1 || nlc > GRIM_MAX_LC) return happ_fail(e, "NLC = %lld: 1..%u", nlc, GRIM_MAX_LC);
    if (lc < 0 || lc >= nlc) return happ_fail(e, "LC = %lld: 0..NLC-1 (%lld)", lc, nlc - 1);
    if (frag < 0 || frag > GRIM_MTU) return happ_fail(e, "FRAG = %lld: 0 (= %u) .. %u", frag, GRIM_MTU, GRIM_MTU);
    if (seg < 0 || seg > GRIM_MTU) return happ_fail(e, "SEG = %lld: 0 (none) .. %u", seg, GRIM_MTU);
    if (retx < 0 || retx > 10000000) return happ_fail(e, "RETX_US = %lld", retx);
    if (q < 0 || ring < 4096 || ring > (4 << 20) - 64) return happ_fail(e, "QUEUE_BYTES / AM_RING out of range");
    o->nlc = (uint32_t)nlc;
    o->lc = (uint32_t)lc;
    o->frag_bytes = (uint32_t)frag;
    o->seg_bytes = (uint32_t)seg;
    o->retx_us = (uint32_t)retx;
    o->queue_bytes = (uint32_t)q;
    o->am_ring_bytes = (uint32_t)ring & ~7u;
    o->pio_only = pio;
    o->plain_poll = plain;
    o->fw_options = (ctlq ? GRIM_OPT_CTLQ : 0) | (rct ? GRIM_OPT_RECV_CT : 0) | (sct ? GRIM_OPT_SEND_CT : 0) |
                    (crc ? GRIM_OPT_CRC : 0);
    return 0;
}

grim *gapp_open(platform *p, happ_env *e, grim_options *o)
{
    char err[480];
    grim *g = grim_enable(p, o, err, sizeof err);
    if (!g) happ_fail(e, "%s", err);
    return g;
}

int gapp_fail(happ_env *e, grim *g, const char *what) { return happ_fail(e, "%s: %s", what, grim_error(g)); }

int gapp_close(grim *g, happ_env *e, int rc)
{
    (void)e;
    grim_disable(g, rc ? 1 : 0);
    return rc;
}

static int cmp_time(const void *a, const void *b)
{
    sim_time x = *(const sim_time *)a, y = *(const sim_time *)b;
    return x < y ? -1 : x > y;
}

sim_time gapp_median(sim_time *v, int n)
{
    qsort(v, (size_t)n, sizeof v[0], cmp_time);
    return v[n / 2];
}

int gapp_list(happ_env *e, const char *name, const char *dflt, uint32_t *v, int max, uint32_t limit)
{
    const char *s = happ_str(e, name, dflt);
    int n = 0;
    while (*s) {
        char *end;
        double d = strtod(s, &end);
        if (end == s || d < 1 || d > limit || d != (double)(uint32_t)d)
            return happ_fail(e, "%s = '%s': a comma-separated list of integers 1..%u", name, happ_str(e, name, dflt), limit);
        if (n == max) return happ_fail(e, "%s: at most %d values", name, max);
        v[n++] = (uint32_t)d;
        s = end;
        while (*s == ',' || *s == ' ') s++;
    }
    if (!n) return happ_fail(e, "%s is empty", name);
    return n;
}
