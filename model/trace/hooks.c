/* The models' trace hooks (hooks.h): pending spans per track, packet names
 * and flows, and the fingerprint records (trace.h): a packet's head and tail
 * times on each link direction and switch output, send and receive DMAs,
 * host-DMA completions, host platform calls. PCI bursts, core idle spans
 * and marks are left out: they show how the engine or the firmware got
 * there, not what crossed a component boundary. */
#include "hooks.h"

#include <stdio.h>

#define FLOW "packet"

static uint64_t flow_id(const trace_pending *p) { return ((uint64_t)p->src << 16 | p->seq) + 1; }

static void take_pkt(trace_pending *p, const lk_sym *s)
{
    p->has_pkt = 1;
    p->src = s->src;
    p->dst = s->dst;
    p->seq = s->seq;
}

/* "pkt 0->1" (the destination may be unknown: '?'). */
static const char *pkt_name(char *buf, size_t n, const char *what, const trace_pending *p)
{
    if (!p->has_pkt) snprintf(buf, n, "%s", what);
    else if (p->dst == LK_NO_NODE) snprintf(buf, n, "%s %u->?", what, p->src);
    else snprintf(buf, n, "%s %u->%u", what, p->src, p->dst);
    return buf;
}

/* The pending span of obj's track for slot (its track in *k); NULL if obj
 * is not bound. */
static trace_pending *pending(const void *obj, int slot, int *k)
{
    *k = trace_find(trace_cur, obj, slot);
    return *k < 0 ? NULL : trace_pending_of(trace_cur, *k);
}

/* A span of obj's track for slot starts at t0. */
static trace_pending *begin(const void *obj, int slot, sim_time t0)
{
    int k;
    trace_pending *p = pending(obj, slot, &k);
    if (p) {
        p->open = 1;
        p->t0 = t0;
    }
    return p;
}

static sim_time mid(sim_time a, sim_time b) { return a + (b - a) / 2; }

static unsigned data_syms(const lk_sym *s, unsigned n)
{
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++) k += !(s[i].flags & LK_GAP);
    return k;
}

/* One more piece of a packet's wire span: the wire stood idle since the
 * previous one (between send segments, or held by STOP). */
static void wire_piece(trace_pending *p, const lk_sym *s, unsigned n, sim_time start, sim_time end)
{
    if (start > p->last) p->idle += start - p->last;
    p->last = end;
    p->bytes += data_syms(s, n);
}

/* A packet's wire span ends: the span and its flow step. */
static void packet_done(trace *t, int k, trace_pending *p, const char *cat, sim_time t1, int truncated, int in)
{
    uint64_t w[8] = {'P', p->t0, t1, p->src, p->dst, p->seq, p->bytes, (uint64_t)truncated << 32 | (uint32_t)in};
    trace_fp_record(t, k, w, 8);
    char name[48];
    trace_arg a[5] = {{"seq", NULL, p->seq}, {"bytes", NULL, (int64_t)p->bytes}, {"idle_ps", NULL, (int64_t)p->idle}};
    int na = 3;
    if (in >= 0) a[na++] = (trace_arg){"in_port", NULL, in};
    if (truncated) a[na++] = (trace_arg){"truncated", NULL, 1};
    trace_complete(t, k, cat, pkt_name(name, sizeof name, "pkt", p), p->t0, t1, a, na);
    trace_flow(t, k, 't', FLOW, flow_id(p), mid(p->t0, t1));
    p->open = 0;
}

void trace_link_chunk(const void *dir, const lk_sym *s, unsigned n, sim_time start, sim_time end)
{
    trace *t = trace_cur;
    int k = trace_find(t, dir, 0);
    if (k < 0 || !n) return;
    trace_pending *p = trace_pending_of(t, k);
    if (!p->open) {
        *p = (trace_pending){.open = 1, .t0 = start, .last = start};
        take_pkt(p, &s[0]);
    }
    wire_piece(p, s, n, start, end);
    if (s[n - 1].flags & LK_TAIL) packet_done(t, k, p, "link", end, (s[n - 1].flags & LK_GAP) != 0, -1);
}

void trace_switch_pull(const void *xbar, unsigned out, int in, const lk_sym *s, unsigned n, sim_time start,
                       sim_time end)
{
    trace *t = trace_cur;
    int k = trace_find(t, xbar, (int)out);
    if (k < 0 || !n) return;
    trace_pending *p = trace_pending_of(t, k);
    if (!p->open) {
        *p = (trace_pending){.open = 1, .t0 = start, .last = start, .in = in};
        take_pkt(p, &s[0]);
    }
    wire_piece(p, s, n, start, end);
    if (s[n - 1].flags & LK_TAIL) packet_done(t, k, p, "switch", end, in < 0 || (s[n - 1].flags & LK_GAP), p->in);
}

void trace_ni_tx(unsigned ni, const lk_sym *first, sim_time start)
{
    trace *t = trace_cur;
    int k = trace_find_node(t, (int)ni, TK_SEND);
    if (k < 0) return;
    trace_pending *p = trace_pending_of(t, k);
    take_pkt(p, first);
    trace_flow(t, k, 's', FLOW, flow_id(p), start);
}

void trace_ni_rx(unsigned ni, const lk_sym *s, unsigned n)
{
    trace *t = trace_cur;
    int k = trace_find_node(t, (int)ni, TK_RECV);
    if (k < 0 || !n) return;
    trace_pending *p = trace_pending_of(t, k);
    take_pkt(p, &s[0]);
    p->bytes += data_syms(s, n);
}

void trace_send_begin(const void *card, sim_time t0, unsigned bytes, int tail)
{
    trace_pending *p = begin(card, TK_SEND, t0);
    if (!p) return;
    p->bytes = bytes;
    p->in = tail;
}

void trace_send_end(const void *card, sim_time t1)
{
    trace *t = trace_cur;
    int k;
    trace_pending *p = pending(card, TK_SEND, &k);
    if (!p || !p->open) return;
    uint64_t w[6] = {'S', p->t0, t1, p->seq, p->bytes, (uint64_t)p->in};
    trace_fp_record(t, k, w, 6);
    char name[48];
    trace_arg a[3] = {{"seq", NULL, p->seq}, {"bytes", NULL, (int64_t)p->bytes}, {"tail", NULL, p->in}};
    trace_complete(t, k, "ni", pkt_name(name, sizeof name, "send", p), p->t0, t1, a, 3);
    p->open = 0;
}

void trace_recv_begin(const void *card, sim_time t0) { begin(card, TK_RECV, t0); }

void trace_recv_end(const void *card, sim_time t1, int bad)
{
    trace *t = trace_cur;
    int k;
    trace_pending *p = pending(card, TK_RECV, &k);
    if (!p) return;
    sim_time t0 = p->open ? p->t0 : t1;
    uint64_t w[6] = {'R', t0, t1, (uint64_t)p->src << 32 | p->seq, p->bytes, (uint64_t)bad};
    trace_fp_record(t, k, w, 6);
    char name[48];
    trace_arg a[3] = {{"seq", NULL, p->seq}, {"bytes", NULL, (int64_t)p->bytes}, {"bad", NULL, 1}};
    trace_complete(t, k, "ni", pkt_name(name, sizeof name, "recv", p), t0, t1, a, bad ? 3 : 2);
    if (p->has_pkt) trace_flow(t, k, 'f', FLOW, flow_id(p), mid(t0, t1));
    *p = (trace_pending){0};
}

void trace_hdma_begin(const void *card, int ch, sim_time t0) { begin(card, TK_HDMA + ch, t0); }

void trace_hdma_end(const void *card, int ch, sim_time t1, int to_host, uint32_t bytes, int failed)
{
    trace *t = trace_cur;
    int k;
    trace_pending *p = pending(card, TK_HDMA + ch, &k);
    if (!p) return;
    uint64_t w[5] = {'H', p->open ? p->t0 : t1, t1, bytes, (uint64_t)to_host << 1 | (uint64_t)(failed != 0)};
    trace_fp_record(t, k, w, 5);
    trace_arg a[2] = {{"bytes", NULL, bytes}, {"failed", NULL, 1}};
    trace_complete(t, k, "hostdma", to_host ? "NI->host" : "host->NI", p->open ? p->t0 : t1, t1, a, failed ? 2 : 1);
    p->open = 0;
}

void trace_pci_burst(const void *bus, const char *master, int write, uint32_t bytes, uint64_t addr, sim_time t0,
                     sim_time t1, int ok)
{
    trace *t = trace_cur;
    int k = trace_find(t, bus, 0);
    if (k < 0) return;
    char name[64];
    snprintf(name, sizeof name, "%s %s", master, write ? "write" : "read");
    trace_arg a[3] = {{"bytes", NULL, bytes}, {"addr", NULL, (int64_t)addr}, {"abort", NULL, 1}};
    trace_complete(t, k, "pci", name, t0, t1, a, ok ? 2 : 3);
}

void trace_cpu(const void *host, const char *what, sim_time t0, sim_time t1, uint64_t bytes)
{
    trace *t = trace_cur;
    int k = trace_find(t, host, 0);
    if (k < 0) return;
    uint64_t w[5] = {'C', trace_fp_string(what), t0, t1, bytes};
    trace_fp_record(t, k, w, 5);
    trace_arg a = {"bytes", NULL, (int64_t)bytes};
    trace_complete(t, k, "host", what, t0, t1, &a, bytes ? 1 : 0);
}

void trace_core_run(unsigned ni, sim_time t0, sim_time t1, int parked)
{
    trace *t = trace_cur;
    int k = trace_find_node(t, (int)ni, TK_CORE);
    if (k < 0) return;
    trace_pending *p = trace_pending_of(t, k);
    (void)t1;
    if (parked && !p->open) {
        p->open = 1;
        p->t0 = t0;
    } else if (!parked && p->open) {
        trace_complete(t, k, "core", "idle loop (parked)", p->t0, t0, NULL, 0);
        p->open = 0;
    }
}

void trace_unfinished(int trk, const char *cat, const char *what, sim_time now)
{
    trace *t = trace_cur;
    if (!t || trk < 0) return;
    trace_pending *p = trace_pending_of(t, trk);
    if (!p->open) return;
    char base[48], name[64];
    snprintf(name, sizeof name, "%s (unfinished)", pkt_name(base, sizeof base, what, p));
    trace_arg a[3] = {{"seq", NULL, p->seq}, {"bytes", NULL, (int64_t)p->bytes}, {"unfinished", NULL, 1}};
    trace_complete(t, trk, cat, name, p->t0, now > p->t0 ? now : p->t0, p->has_pkt ? a : a + 1, p->has_pkt ? 3 : 2);
    p->open = 0;
}
