// SystemC shell of the co-simulation (see cosim_sc.h).
//
// One SC_THREAD, the stepper, runs the cores and the event queue: the C
// driver's conservative stepping loop (cosim_advance) up to the next moment
// a host process acts, which is the next pending activity the kernel has.
// Host processes are SC_THREADs that never wait on time themselves: a
// platform call that blocks (advance_to: compute until t; wait_flag: wait
// for a flag an event sets) records what the process waits for as its agent
// (cosim_agent_at / cosim_agent_wait) and hands control back to the
// stepper. The stepper advances the model to the earliest agent, moves
// SystemC time there with one timed wait, and hands control to each process
// due then, in process order, one at a time (immediate events: no delta
// cycles). So SystemC time advances once per host action, not once per
// lookahead round, and the order of everything is the C driver's: with one
// process the results are those of the plain-C backend, byte for byte.
#include "cosim_sc.h"

#define SC_INCLUDE_DYNAMIC_PROCESSES
#include <systemc>

#include <cstdio>
#include <vector>

namespace {

using sc_core::sc_time;
using sc_core::SC_PS;

sim_time now_ps() { return (sim_time)sc_core::sc_time_stamp().value(); }
// the time resolution is 1 ps (set below), so a sim_time is an sc_time value
sc_time ps(sim_time t) { return sc_time::from_value((sc_time::value_type)t); }

struct cosim_top;

// One host process and its platform backend.
struct host_proc {
    cosim_top *top;
    cosim_proc *proc;
    int agent;
    bool running;
    sc_core::sc_event go;     // the stepper hands control to the process
};

struct cosim_top : sc_core::sc_module {
    cosim *s;
    sim_time until;
    cosim_status result = COSIM_TIME;
    bool stopping = false;        // the run ended: processes unwind, then the stepper returns
    char why[512] = "";
    int hosts_running = 0;
    sc_core::sc_event yielded;    // the process in control blocked again or returned
    std::vector<host_proc> hp;
    std::vector<int> due;         // the agents due when a pass over the processes begins, in order
    std::vector<int> proc_of;     // per agent: its process in hp, -1 if none

    cosim_top(sc_core::sc_module_name nm, cosim *s_, cosim_proc *procs, int n, sim_time until_)
        : sc_module(nm), s(s_), until(until_), hp((size_t)n)
    {
        for (int k = 0; k < n; k++) {
            hp[k].top = this;
            hp[k].proc = &procs[k];
            hp[k].agent = cosim_agent_new(s);
            cosim_agent_node(s, hp[k].agent, procs[k].ni);   // it touches only its node: cores may lag (lag.c)
            hp[k].running = true;
            hosts_running++;
        }
        int nag = 0;
        for (const host_proc &h : hp) nag = h.agent + 1 > nag ? h.agent + 1 : nag;
        due.assign((size_t)nag, 0);
        proc_of.assign((size_t)nag, -1);
        for (int k = 0; k < n; k++) proc_of[(size_t)hp[k].agent] = k;
        sc_core::sc_spawn([this] { stepper(); }, "stepper");
        for (int k = 0; k < n; k++)
            sc_core::sc_spawn([this, k] { host(k); }, sc_core::sc_gen_unique_name("host"));
    }

    // Let process k run until it blocks again or returns.
    void hand_over(host_proc &h)
    {
        uint32_t was = cosim_agent_acts(s, h.agent);   // what it makes is its node's
        h.go.notify();
        wait(yielded);
        cosim_agent_acted(s, was);
    }

    // The process in control gives it back and sleeps until handed it again.
    void hand_back(host_proc &h)
    {
        yielded.notify();
        wait(h.go);
    }

    void sync_time()
    {
        sim_time t = evq_now(cosim_evq(s)), now = now_ps();
        if (t > now) wait(ps(t - now));
    }

    // The run ends with st: every process still running wakes, sees its
    // platform calls fail and unwinds.
    void finish(cosim_status st)
    {
        cosim_sync(s);   // every core caught up, as after a step without lagging cores
        stopping = true;
        result = st;
        cosim_stop_text(s, st, until, why, sizeof why);
        for (host_proc &h : hp)
            if (h.running) hand_over(h);
    }

    void stepper()
    {
        sc_core::wait(sc_core::SC_ZERO_TIME);    // every process is waiting for `go` now
        for (host_proc &h : hp) {                // they start at time 0, in order
            hand_over(h);
            if (cosim_failed_host(s) >= 0) return finish(COSIM_DONE);
        }
        while (hosts_running) {
            sim_time t = cosim_agents_earliest(s);
            if (t == SIM_TIME_NEVER) {
                // every process waits for a flag: step as far as the cores and
                // events can go, until an event sets one
                t = cosim_horizon(s);
                if (t == SIM_TIME_NEVER) return;          // nothing can ever set them
                // with lagging cores a step to the horizon would catch every
                // core up: step until a flag is set instead
                // (lag.c stops where nothing is left to happen, as the horizon would)
                if (cosim_lags(s)) t = until;
            }
            cosim_status st = cosim_advance(s, t < until ? t : until, nullptr);
            if (st != COSIM_TIME) return finish(st);
            sim_time now = evq_now(cosim_evq(s));
            if (cosim_agents_earliest(s) > now) {         // nobody acts yet
                if (now >= until) return finish(COSIM_TIME);
                continue;                                 // stepped to the horizon: go on
            }
            sync_time();
            // Which processes are due, asked once for the pass: while it
            // lasts no event runs (a process that blocks hands control back
            // here), so no flag is set and only the process in control
            // changes its own agent; one not due now cannot become due.
            // Only the processes due are visited, in process order (agents
            // are made in that order), as a pass over all of them would.
            int ndue = cosim_agents_due_list(s, now, due.data(), (int)due.size());
            for (int i = 0; i < ndue; i++) {
                int k = proc_of[(size_t)due[(size_t)i]];
                if (k < 0) continue;
                host_proc &h = hp[(size_t)k];
                if (h.running && cosim_agent_due(s, h.agent, now)) hand_over(h);
                // a failed program fails the run: the others stop with it
                if (cosim_failed_host(s) >= 0) return finish(COSIM_DONE);
            }
        }
        if (cosim_failed_host(s) >= 0) {   // the last process to return failed
            result = COSIM_DONE;
            return;
        }
        // every process has returned: the cores run on until they halt
        cosim_status st = cosim_run(s, until);
        sync_time();
        result = st;
    }

    // ---- host processes ----

    static void advance_to(void *ctx, sim_time t)
    {
        host_proc *h = static_cast<host_proc *>(ctx);
        cosim_top *top = h->top;
        if (top->stopping) return;
        cosim_agent_at(top->s, h->agent, t);
        top->hand_back(*h);
    }

    static int wait_flag(void *ctx, volatile int *flag)
    {
        host_proc *h = static_cast<host_proc *>(ctx);
        cosim_top *top = h->top;
        if (top->stopping) return -1;
        if (!*flag) {
            cosim_agent_wait(top->s, h->agent, flag);
            top->hand_back(*h);
            if (top->stopping) return -1;
        }
        cosim_agent_at(top->s, h->agent, evq_now(cosim_evq(top->s)));
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
        wait(h->go);
        if (!stopping) {
            plat_backend be = {h, advance_to, wait_flag, stopped};
            platform *pl = cosim_platform_new(s, p->ni, &be, p->err, sizeof p->err);
            if (pl) {
                p->rc = p->fn(pl, p->arg);
                p->finished = 1;
                if (p->rc && !stopping) cosim_host_failed(s, p->ni);
                p->end = evq_now(cosim_evq(s));
                plat_free_platform(pl);
            }
        }
        cosim_agent_done(s, h->agent);
        if (stopping) std::snprintf(p->err, sizeof p->err, "%.399s", why);
        h->running = false;
        hosts_running--;
        yielded.notify();
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
