// SystemC shell of the co-simulation (see cosim_sc.h). Per node an
// SC_THREAD runs its core to the horizon the C driver would use, then sleeps
// until SystemC time reaches the core's local time; one SC_THREAD runs the
// event queue up to SystemC's now, waking early when a new earliest event is
// scheduled (evq_set_notify). Node threads act one delta after waking, so at
// any time the pump has run every event up to now before a core goes on -
// the same order as the C driver: events at T run once every core has
// reached T, and a core at T sees every event at or before T.
//
// Host processes are SC_THREADs too. A process's platform backend tells the
// stepping loop when the process acts next (cosim_agent_at: it computes
// until t, i.e. waits until SystemC time t; cosim_agent_wait: it waits for a
// flag an event sets), so no core runs past it; it acts one delta after
// waking, once the pump has run the events of that time. Whenever a core
// advances or a process changes what it waits for, the node threads are
// woken to look at their horizons again.
#include "cosim_sc.h"

#define SC_INCLUDE_DYNAMIC_PROCESSES
#include <systemc>

#include <cstdio>
#include <vector>

namespace {

using sc_core::sc_time;
using sc_core::SC_PS;
using sc_core::SC_ZERO_TIME;

sim_time now_ps() { return (sim_time)sc_core::sc_time_stamp().value(); }
// the time resolution is 1 ps (set below), so a sim_time is an sc_time value
sc_time ps(sim_time t) { return sc_time::from_value((sc_time::value_type)t); }

struct cosim_top;

// One host process and its platform backend.
struct host_proc {
    cosim_top *top;
    cosim_proc *proc;
    int agent;
};

struct cosim_top : sc_core::sc_module {
    cosim *s;
    sim_time until;
    cosim_status result = COSIM_TIME;
    bool stopping = false;        // the run ended: processes unwind, then sc_stop
    char why[512] = "";
    int hosts_running = 0;
    sc_core::sc_event wake;       // a new earliest event, a core advanced, a process changed state
    sc_core::sc_event ran;        // the pump ran the events up to now
    sc_core::sc_event halt;       // stopping: sleeping processes wake up
    sc_core::sc_event_or_list ran_or_halt;   // built once: `ran | halt` would allocate per wait
    std::vector<host_proc> hp;

    cosim_top(sc_core::sc_module_name nm, cosim *s_, cosim_proc *procs, int n, sim_time until_)
        : sc_module(nm), s(s_), until(until_)
    {
        evq_set_notify(cosim_evq(s), notify, this);
        ran_or_halt |= ran;
        ran_or_halt |= halt;
        hp.resize((size_t)n);
        for (int k = 0; k < n; k++) {
            hp[k] = host_proc{this, &procs[k], cosim_agent_new(s)};
            hosts_running++;
        }
        sc_core::sc_spawn([this] { pump(); }, "pump");
        for (int i = 0; i < cosim_nodes(s); i++)
            sc_core::sc_spawn([this, i] { node(i); }, sc_core::sc_gen_unique_name("node"));
        for (int k = 0; k < n; k++)
            sc_core::sc_spawn([this, k] { host(k); }, sc_core::sc_gen_unique_name("host"));
    }
    ~cosim_top() override { evq_set_notify(cosim_evq(s), nullptr, nullptr); }

    static void notify(void *ctx, sim_time) { static_cast<cosim_top *>(ctx)->wake.notify(SC_ZERO_TIME); }

    void finish(cosim_status st)
    {
        if (stopping) return;
        stopping = true;
        result = st;
        cosim_stop_text(s, st, until, why, sizeof why);
        if (hosts_running == 0) sc_core::sc_stop();
        else halt.notify(SC_ZERO_TIME);       // the processes unwind first
    }

    void pump()
    {
        evq *q = cosim_evq(s);
        for (;;) {
            if (stopping) return;
            evq_run_until(q, now_ps());
            ran.notify(SC_ZERO_TIME);
            if (hosts_running && now_ps() >= until) return finish(COSIM_TIME);
            sim_time t = evq_next(q);
            if (hosts_running && until < t) t = until;
            if (t == SIM_TIME_NEVER) wait(wake);
            else wait(ps(t - now_ps()), wake);
        }
    }

    void node(int i)
    {
        wait(SC_ZERO_TIME);                  // the pump goes first at time 0
        for (;;) {
            if (stopping) return;
            // the checks the C driver makes at the start of a round
            sim_time m = cosim_min_time(s);
            cosim_status st = cosim_check(s, m);
            if (st != COSIM_TIME) return finish(st);
            // m is NEVER when no core runs: then a host process may still be
            // busy, and the run is not at its time limit
            if (m != SIM_TIME_NEVER && m >= until) return finish(COSIM_TIME);
            if (!cosim_node_running(s, i)) return;
            sim_time local = cosim_node_time(s, i);
            if (local < until) {
                sim_time h = cosim_horizon(s);
                if (h > until) h = until;
                if (local < h) {
                    cosim_node_run(s, i, h);
                    if (!hp.empty()) wake.notify(SC_ZERO_TIME);   // others' horizons may have grown
                }
                local = cosim_node_time(s, i);
                if (!cosim_node_running(s, i)) continue;   // halted or faulted: check again
            }
            sim_time now = now_ps(), e = evq_next(cosim_evq(s));
            if (local > now) wait(ps(local - now));
            else if (e <= now) wait(SC_ZERO_TIME);   // the pump runs events at now first
            else wait(ps(e - now), wake);
            wait(SC_ZERO_TIME);
        }
    }

    // ---- host processes ----

    static void advance_to(void *ctx, sim_time t)
    {
        host_proc *h = static_cast<host_proc *>(ctx);
        cosim_top *top = h->top;
        if (top->stopping) return;
        if (t > top->until) return top->finish(COSIM_TIME);
        cosim_agent_at(top->s, h->agent, t);
        top->wake.notify(SC_ZERO_TIME);
        sim_time now = now_ps();
        if (t > now) sc_core::wait(ps(t - now), top->halt);
        if (top->stopping) return;
        sc_core::wait(SC_ZERO_TIME);               // the pump runs the events of time t first
        evq *q = cosim_evq(top->s);
        if (evq_now(q) < t) evq_advance(q, t);
    }

    static int wait_flag(void *ctx, volatile int *flag)
    {
        host_proc *h = static_cast<host_proc *>(ctx);
        cosim_top *top = h->top;
        cosim_agent_wait(top->s, h->agent, flag);
        top->wake.notify(SC_ZERO_TIME);
        while (!*flag) {
            if (top->stopping) return -1;
            sc_core::wait(top->ran_or_halt);
        }
        cosim_agent_at(top->s, h->agent, now_ps());
        return 0;
    }

    static const char *stopped(void *ctx)
    {
        cosim_top *top = static_cast<host_proc *>(ctx)->top;
        return top->stopping ? top->why : nullptr;
    }

    void host(int k)
    {
        host_proc *h = &hp[(size_t)k];
        cosim_proc *p = h->proc;
        p->finished = 0;
        p->rc = -1;
        p->err[0] = 0;
        wait(SC_ZERO_TIME);                  // the pump goes first at time 0
        cosim_agent_at(s, h->agent, now_ps());
        plat_backend be = {h, advance_to, wait_flag, stopped};
        platform *pl = cosim_platform_new(s, p->ni, &be, p->err, sizeof p->err);
        if (pl) {
            p->rc = p->fn(pl, p->arg);
            p->finished = 1;
            p->end = evq_now(cosim_evq(s));
            plat_free_platform(pl);
        }
        cosim_agent_done(s, h->agent);
        if (stopping) std::snprintf(p->err, sizeof p->err, "%.399s", why);
        hosts_running--;
        wake.notify(SC_ZERO_TIME);
        if (stopping) {
            if (hosts_running == 0) sc_core::sc_stop();
            return;
        }
        cosim_status st = cosim_check(s, cosim_min_time(s));
        if (st != COSIM_TIME) finish(st);
    }
};

}  // namespace

extern "C" cosim_status cosim_run_systemc_hosts(cosim *s, cosim_proc *procs, int n, sim_time until)
{
    sc_core::sc_set_time_resolution(1, SC_PS);
    // the end of a run is ours to report; SystemC's note on sc_stop is noise
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    cosim_top top("cosim", s, procs, n, until);
    sc_core::sc_start();
    // nothing left to happen while a process still waits: it never completes
    for (int k = 0; k < n; k++)
        if (!procs[k].finished && !procs[k].err[0])
            std::snprintf(procs[k].err, sizeof procs[k].err,
                          "the host process on node %d waits for something that never happens", procs[k].ni);
    return top.result;
}

extern "C" cosim_status cosim_run_systemc(cosim *s, sim_time until)
{
    return cosim_run_systemc_hosts(s, nullptr, 0, until);
}
