/* Track layout and bindings for a cosim, and the end-of-run instants. */
#include "trace_cosim.h"

#include "../card/niclock.h"
#include "../pci/bus.h"
#include "hooks.h"
#include "trace_console.h"

#include <stdio.h>

static int chip_channels(const lanai_core *c) { return lanai_profile_of(c)->id == CHIP_LANAI4 ? 1 : 2; }

static void node_tracks(trace *t, cosim *s, int i)
{
    const topo *tp = fabric_topo(cosim_fabric(s));
    lanai_core *core = cosim_core(s, i);
    ni_card *card = cosim_card(s, i);
    host *h = cosim_host(s, i);
    char name[160];
    snprintf(name, sizeof name, "node %d (%s, %s%s%s)", i, tp->node[topo_ni_node(tp, i)].name,
             lanai_profile_of(core)->name, h ? ", host " : "", h ? host_profile_of(h)->name : "");
    int pid = trace_process(t, name);
    if (h) {
        pci_bus *bus = host_bus(h, cosim_host_bus(s, i));
        snprintf(name, sizeof name, "host CPU (%s)", host_profile_of(h)->name);
        int k = trace_track(t, pid, name);
        trace_bind(t, h, 0, k);
        trace_bind_node(t, i, TK_CPU, k);
        snprintf(name, sizeof name, "PCI %s", pci_bus_name(bus));
        k = trace_track(t, pid, name);
        trace_bind(t, bus, 0, k);
        trace_bind_node(t, i, TK_PCI, k);
    }
    snprintf(name, sizeof name, "NI core (%s)", lanai_profile_of(core)->name);
    trace_bind_node(t, i, TK_CORE, trace_track(t, pid, name));
    int k = trace_track(t, pid, "NI send DMA");
    trace_bind(t, card, TK_SEND, k);
    trace_bind_node(t, i, TK_SEND, k);
    k = trace_track(t, pid, "NI receive DMA");
    trace_bind(t, card, TK_RECV, k);
    trace_bind_node(t, i, TK_RECV, k);
    if (!h) return;
    int nch = chip_channels(core);
    for (int ch = 0; ch < nch; ch++) {
        k = trace_track(t, pid, nch == 1 ? "NI host DMA" : ch == 0 ? "NI host DMA L2E (NI->host)"
                                                                   : "NI host DMA E2L (host->NI)");
        trace_bind(t, card, TK_HDMA + ch, k);
        trace_bind_node(t, i, TK_HDMA + ch, k);
    }
}

void trace_cosim_begin(trace *t, cosim *s)
{
    for (int i = 0; i < cosim_nodes(s); i++) node_tracks(t, s, i);
    fabric *f = cosim_fabric(s);
    const topo *tp = fabric_topo(f);
    int pid = trace_process(t, "fabric");
    char name[96];
    for (int c = 0; c < tp->ncable; c++)
        for (int d = 0; d < 2; d++) {
            lk_dir *l = fabric_link(f, c, d);
            snprintf(name, sizeof name, "link %s", lk_dir_name(l));
            trace_bind(t, l, 0, trace_track(t, pid, name));
        }
    for (int n = 0; n < tp->nnode; n++) {
        xbar *x = fabric_switch(f, n);
        for (unsigned p = 0; x && p < xbar_nports(x); p++)
            if (xbar_out_link(x, p)) {
                snprintf(name, sizeof name, "switch %s out p%u", xbar_name(x), p);
                trace_bind(t, x, (int)p, trace_track(t, pid, name));
            }
    }
    trace_console_attach(t, s);
}

/* When the run stopped: the latest of the event queue and the cores. */
static sim_time stop_time(cosim *s)
{
    sim_time now = evq_now(cosim_evq(s));
    sim_time m = cosim_min_time(s);
    return m != SIM_TIME_NEVER && m > now ? m : now;
}

/* Spans still open at the end (packets a deadlock left on the links, DMAs
 * that never finished) run to the stop, marked unfinished. */
static void close_unfinished(trace *t, cosim *s)
{
    sim_time now = stop_time(s);
    fabric *f = cosim_fabric(s);
    const topo *tp = fabric_topo(f);
    for (int c = 0; c < tp->ncable; c++)
        for (int d = 0; d < 2; d++) trace_unfinished(trace_find(t, fabric_link(f, c, d), 0), "link", "pkt", now);
    for (int n = 0; n < tp->nnode; n++) {
        xbar *x = fabric_switch(f, n);
        for (unsigned p = 0; x && p < xbar_nports(x); p++) trace_unfinished(trace_find(t, x, (int)p), "switch", "pkt", now);
    }
    for (int i = 0; i < cosim_nodes(s); i++) {
        trace_unfinished(trace_find_node(t, i, TK_SEND), "ni", "send", now);
        trace_unfinished(trace_find_node(t, i, TK_RECV), "ni", "recv", now);
        for (int ch = 0; ch < 2; ch++) trace_unfinished(trace_find_node(t, i, TK_HDMA + ch), "hostdma", "host DMA", now);
    }
}

void trace_cosim_end(trace *t, cosim *s)
{
    trace_console_detach(t, s);
    close_unfinished(t, s);
    for (int i = 0; i < cosim_nodes(s); i++) {
        int k = trace_find_node(t, i, TK_CORE);
        if (k < 0) continue;
        lanai_core *c = cosim_core(s, i);
        sim_time now = cosim_node_time(s, i);
        trace_pending *p = trace_pending_of(t, k);
        if (p->open) trace_complete(t, k, "core", "idle loop (parked)", p->t0, now, NULL, 0);
        p->open = 0;
        ni_clock clk;
        ni_clock_init(&clk, lanai_profile_of(c)->clock_hz);
        int nm;
        const lanai_mark *m = lanai_marks(c, &nm);
        for (int j = 0; j < nm; j++) {
            char name[32];
            snprintf(name, sizeof name, "mark %u", m[j].id);
            trace_arg a[2] = {{"cycle", NULL, (int64_t)m[j].cycle}, {"insns", NULL, (int64_t)m[j].insns}};
            trace_instant(t, k, "core", name, ni_clock_ps(&clk, m[j].cycle), a, 2);
        }
        lanai_state st = lanai_state_of(c);
        char what[48];
        if (st == LANAI_HALTED) snprintf(what, sizeof what, "exit %d", lanai_exit_code(c));
        else snprintf(what, sizeof what, "%s", st == LANAI_FAULTED ? "fault" : "still running");
        trace_instant(t, k, "core", what, now, NULL, 0);
    }
}
