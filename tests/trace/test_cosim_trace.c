/* Traces of NI ping-pong runs (firmware/ni/pingpong.c: packets of 8 B to
 * 4000 B each way, every byte checked by the firmware) on a cable and
 * through a switch: the expected tracks; packet spans on the wire whose
 * durations are the link rate's (SAN-1280: 6.25 ns a byte); as many packet
 * spans as the cards counted; one flow per packet from send DMA over every
 * hop to receive DMA; spans that never overlap on a track; and a run that
 * gives the same record with tracing on as off, and the same trace twice. */
#include "../harness/harness.h"
#include "../../model/node/cosim.h"
#include "../../model/trace/trace_cosim.h"
#include "mem_sink.h"
#include "trace_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PS_PER_BYTE_SAN1280 6250   /* 10^12 / 160 MB/s */

typedef struct {
    topo t;
    cosim *s;
    cosim_status st;
    char *record;
    char *console[2];
    card_stats cs[2];
} run_out;

/* Two NIs (chip) on a SAN-1280 cable or on one switch, running pingpong,
 * traced into m if m is given. */
static void run_pingpong(const char *chip, int via_switch, mem_sink *m, run_out *o)
{
    char err[512], path[512];
    memset(o, 0, sizeof *o);
    trace_cur = NULL;
    topo_init(&o->t);
    topo_opts to;
    topo_opts_default(&to);
    to.kind = LK_SAN1280;
    to.ports = 8;
    if (via_switch ? topo_build_switch(&o->t, 2, &to, err, sizeof err) : topo_build_cable(&o->t, &to, err, sizeof err))
        harness_fail(__FILE__, __LINE__, "topology: %s", err);
    cosim_opts co;
    cosim_opts_default(&co);
    co.chip = chip;
    o->s = cosim_new(&o->t, &co, err, sizeof err);
    if (!o->s) harness_fail(__FILE__, __LINE__, "cosim_new: %s", err);
    snprintf(path, sizeof path, "%s/build/fw/ni/pingpong.%s.elf", harness_root(), strcmp(chip, "lanai4") ? "l9" : "l4");
    for (int i = 0; i < 2; i++)
        if (cosim_load(o->s, i, path, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
    if (m) {
        trace_cur = mem_trace(m, 0);
        trace_cosim_begin(trace_cur, o->s);
    }
    o->st = cosim_run(o->s, SIM_US(100000));
    if (m) {
        trace_cosim_end(trace_cur, o->s);
        ASSERT_EQ(trace_close(trace_cur, err, sizeof err), 0);
        ASSERT_TRUE(trace_cur == NULL);
    }
    size_t len = 0;
    FILE *f = open_memstream(&o->record, &len);
    cosim_write_record(o->s, o->st, f);
    fclose(f);
    for (int i = 0; i < 2; i++) {
        o->cs[i] = *card_get_stats(cosim_card(o->s, i));
        o->console[i] = strdup(cosim_console(o->s, i));
    }
    cosim_free(o->s);
    topo_free(&o->t);
    if (o->st != COSIM_DONE || !strstr(o->record, "ni0 state 1 exit 0") || !strstr(o->record, "ni1 state 1 exit 0")) {
        harness_note("%s", o->record);
        harness_fail(__FILE__, __LINE__, "the ping-pong did not finish cleanly");
    }
}

static int on(const tr_event *e, const tr_track *k) { return k && e->pid == k->pid && e->tid == k->tid; }

static const tr_track *need(const tr_trace *r, const char *proc, const char *name)
{
    const tr_track *k = tr_track_find(r, proc, name);
    if (!k) harness_fail(__FILE__, __LINE__, "no track '%s' in process '%s...'", name, proc);
    return k;
}

/* Spans of one track follow each other without overlapping. */
static void sequential(const tr_trace *r, const tr_track *k)
{
    int64_t end = -1;
    for (int i = 0; i < r->nev; i++) {
        const tr_event *e = &r->ev[i];
        if (e->ph != 'X' || !on(e, k)) continue;
        if (e->ts < end) harness_fail(__FILE__, __LINE__, "%s: span at %lld ps starts before the previous ends (%lld)",
                                      k->name, (long long)e->ts, (long long)end);
        end = e->ts + e->dur;
    }
}

/* The X span on track k that contains time t (strictly inside or at its
 * start), NULL if none. */
static const tr_event *span_at(const tr_trace *r, const tr_track *k, int64_t t)
{
    for (int i = 0; i < r->nev; i++) {
        const tr_event *e = &r->ev[i];
        if (e->ph == 'X' && on(e, k) && e->ts <= t && t <= e->ts + e->dur) return e;
    }
    return NULL;
}

static int count_x(const tr_trace *r, const tr_track *k)
{
    int n = 0;
    for (int i = 0; i < r->nev; i++) n += r->ev[i].ph == 'X' && on(&r->ev[i], k);
    return n;
}

/* The "console" instants on node i's core track, joined line by line, are
 * its console; they come in time order. */
static void check_console(const tr_trace *r, const tr_track *core, const char *console)
{
    char joined[8192];
    size_t n = 0;
    int64_t last = -1;
    int lines = 0;
    joined[0] = 0;
    for (int e = 0; e < r->nev; e++) {
        const tr_event *ev = &r->ev[e];
        if (ev->ph != 'i' || !on(ev, core) || strcmp(ev->name, "console")) continue;
        ASSERT_TRUE(ev->ts >= last);
        last = ev->ts;
        n += (size_t)snprintf(joined + n, sizeof joined - n, "%s\n", jv_str(ev->args, "text", "?"));
        ASSERT_TRUE(n < sizeof joined);
        lines++;
    }
    ASSERT_TRUE(lines > 0);
    ASSERT_STR_EQ(joined, console);
}

static void check_trace(const char *chip, int via_switch, const tr_trace *r, const run_out *o)
{
    char core[32];
    snprintf(core, sizeof core, "NI core (%s)", chip);
    const tr_track *send[2], *recv[2], *wire[2], *sw[2] = {NULL, NULL};
    for (int i = 0; i < 2; i++) {
        char proc[16];
        snprintf(proc, sizeof proc, "node %d", i);
        check_console(r, need(r, proc, core), o->console[i]);
        send[i] = need(r, proc, "NI send DMA");
        recv[i] = need(r, proc, "NI receive DMA");
        ASSERT_TRUE(tr_track_find(r, proc, "NI host DMA") == NULL);   /* no host here */
        sequential(r, send[i]);
        sequential(r, recv[i]);
    }
    if (via_switch) {
        wire[0] = need(r, "fabric", "link ni0->sw0.p0");
        wire[1] = need(r, "fabric", "link ni1->sw0.p1");
        need(r, "fabric", "link sw0.p0->ni0");
        need(r, "fabric", "link sw0.p1->ni1");
        sw[0] = need(r, "fabric", "switch sw0 out p1");   /* ni0's packets leave towards ni1 */
        sw[1] = need(r, "fabric", "switch sw0 out p0");
        sequential(r, sw[0]);
        sequential(r, sw[1]);
    } else {
        wire[0] = need(r, "fabric", "link ni0->ni1");
        wire[1] = need(r, "fabric", "link ni1->ni0");
    }
    for (int i = 0; i < 2; i++) {
        sequential(r, wire[i]);
        /* one span per packet the card sent / received */
        ASSERT_EQ(count_x(r, wire[i]), (int)o->cs[i].packets_sent);
        ASSERT_EQ(count_x(r, recv[i]), (int)o->cs[i].packets_recv);
        if (sw[i]) ASSERT_EQ(count_x(r, sw[i]), (int)o->cs[i].packets_sent);
    }
    ASSERT_TRUE(o->cs[0].packets_sent >= 5);

    int spans = 0, exact = 0, flows = 0;
    for (int i = 0; i < r->nev; i++) {
        const tr_event *e = &r->ev[i];
        int from = on(e, wire[0]) ? 0 : on(e, wire[1]) ? 1 : -1;
        if (e->ph == 'X' && from >= 0) {
            int64_t bytes = tr_arg(e, "bytes", -1);
            ASSERT_TRUE(bytes > 0);
            /* the wire is busy for exactly the bytes' time at the link
             * rate; the rest of the span it stood idle inside the packet
             * (between the firmware's send segments, or held by STOP) */
            int64_t idle = tr_arg(e, "idle_ps", -1);
            ASSERT_TRUE(idle >= 0 && idle < e->dur);
            if (e->dur - idle != bytes * PS_PER_BYTE_SAN1280)
                harness_fail(__FILE__, __LINE__, "%s packet of %lld bytes: %lld ps busy (%lld - %lld idle), not %lld",
                             chip, (long long)bytes, (long long)(e->dur - idle), (long long)e->dur, (long long)idle,
                             (long long)(bytes * PS_PER_BYTE_SAN1280));
            exact += idle == 0;
            char want[32];
            snprintf(want, sizeof want, "pkt %d->%d", from, 1 - from);
            ASSERT_STR_EQ(e->name, want);
            spans++;
        }
        if (e->ph != 's') continue;
        /* follow this packet's flow: starts inside a send span of its
         * source, a step inside a span on every hop, ends inside a receive
         * span of its destination carrying as many bytes as the last hop */
        flows++;
        int src = on(e, send[0]) ? 0 : on(e, send[1]) ? 1 : -1;
        ASSERT_TRUE(src >= 0);
        ASSERT_TRUE(span_at(r, send[src], e->ts) != NULL);
        int steps = 0, ends = 0;
        int64_t last_bytes = -1;
        for (int j = 0; j < r->nev; j++) {
            const tr_event *g = &r->ev[j];
            if (g->id != e->id || (g->ph != 't' && g->ph != 'f')) continue;
            const tr_track *k = NULL;
            for (int q = 0; q < r->ntrk; q++)
                if (r->trk[q].pid == g->pid && r->trk[q].tid == g->tid) k = &r->trk[q];
            const tr_event *sp = span_at(r, k, g->ts);
            if (!sp) harness_fail(__FILE__, __LINE__, "flow %llu: step at %lld ps on %s is in no span",
                                  (unsigned long long)e->id, (long long)g->ts, k->name);
            if (g->ph == 't') {
                steps++;
                last_bytes = tr_arg(sp, "bytes", -1);
                ASSERT_TRUE(k == wire[src] || k == sw[src] || !strncmp(k->name, "link sw0.p", 10));
            } else {
                ends++;
                ASSERT_TRUE(k == recv[1 - src]);
                ASSERT_EQ(tr_arg(sp, "bytes", -2), last_bytes);
                ASSERT_EQ(tr_arg(sp, "seq", -1), tr_arg(span_at(r, send[src], e->ts), "seq", -2));
            }
        }
        ASSERT_EQ(steps, via_switch ? 3 : 1);
        ASSERT_EQ(ends, 1);
    }
    ASSERT_EQ(flows, (int)(o->cs[0].packets_sent + o->cs[1].packets_sent));
    ASSERT_EQ(spans, flows);
    harness_note("%s%s: %d packets, %d without idle time inside, %d events", chip, via_switch ? " via a switch" : "",
                 spans, exact, r->nev);
}

static void traced_pingpong(const char *chip, int via_switch)
{
    mem_sink m = {0}, m2 = {0};
    run_out a, b, plain;
    run_pingpong(chip, via_switch, &m, &a);
    tr_trace r;
    if (tr_load_text(&r, m.buf, m.len)) harness_fail(__FILE__, __LINE__, "bad trace: %s", r.err);
    check_trace(chip, via_switch, &r, &a);
    tr_free(&r);
    /* tracing changes nothing the run reports, and gives the same bytes again */
    run_pingpong(chip, via_switch, NULL, &plain);
    ASSERT_STR_EQ(a.record, plain.record);
    run_pingpong(chip, via_switch, &m2, &b);
    ASSERT_EQ(m.len, m2.len);
    ASSERT_MEM_EQ(m.buf, m2.buf, m.len);
    for (int i = 0; i < 2; i++) {
        free(a.console[i]);
        free(b.console[i]);
        free(plain.console[i]);
    }
    free(a.record);
    free(b.record);
    free(plain.record);
    mem_sink_free(&m);
    mem_sink_free(&m2);
}

TEST(trace_cosim, lanai9_cable) { traced_pingpong("lanai9", 0); }
TEST(trace_cosim, lanai9_switch) { traced_pingpong("lanai9", 1); }
TEST(trace_cosim, lanai4_cable) { traced_pingpong("lanai4", 0); }
