// SystemC shell of the NI co-simulation (see cosim_sc.h). Per node an
// SC_THREAD runs its core to the horizon the C driver would use, then sleeps
// until SystemC time reaches the core's local time; one SC_THREAD runs the
// event queue up to SystemC's now, waking early when a new earliest event is
// scheduled (evq_set_notify). Node threads act one delta after waking, so at
// any time the pump has run every event up to now before a core goes on -
// the same order as the C driver: events at T run once every core has
// reached T, and a core at T sees every event at or before T.
#include "cosim_sc.h"

#define SC_INCLUDE_DYNAMIC_PROCESSES
#include <systemc>

namespace {

using sc_core::sc_time;
using sc_core::SC_PS;
using sc_core::SC_ZERO_TIME;

sim_time now_ps() { return (sim_time)sc_core::sc_time_stamp().value(); }

struct cosim_top : sc_core::sc_module {
    cosim *s;
    sim_time until;
    cosim_status result = COSIM_TIME;
    sc_core::sc_event wake;       // a new earliest event was scheduled

    cosim_top(sc_core::sc_module_name nm, cosim *s_, sim_time until_) : sc_module(nm), s(s_), until(until_)
    {
        evq_set_notify(cosim_evq(s), notify, this);
        sc_core::sc_spawn([this] { pump(); }, "pump");
        for (int i = 0; i < cosim_nodes(s); i++)
            sc_core::sc_spawn([this, i] { node(i); }, sc_core::sc_gen_unique_name("node"));
    }
    ~cosim_top() override { evq_set_notify(cosim_evq(s), nullptr, nullptr); }

    static void notify(void *ctx, sim_time) { static_cast<cosim_top *>(ctx)->wake.notify(SC_ZERO_TIME); }

    void finish(cosim_status st)
    {
        result = st;
        sc_core::sc_stop();
    }

    void pump()
    {
        evq *q = cosim_evq(s);
        for (;;) {
            evq_run_until(q, now_ps());
            sim_time t = evq_next(q);
            if (t == SIM_TIME_NEVER) wait(wake);
            else wait(sc_time((double)(t - now_ps()), SC_PS), wake);
        }
    }

    void node(int i)
    {
        wait(SC_ZERO_TIME);                  // the pump goes first at time 0
        for (;;) {
            // the checks the C driver makes at the start of a round
            sim_time m = cosim_min_time(s);
            cosim_status st = cosim_check(s, m);
            if (st != COSIM_TIME) return finish(st);
            if (m >= until) return finish(COSIM_TIME);
            if (!cosim_node_running(s, i)) return;
            sim_time local = cosim_node_time(s, i);
            if (local < until) {
                sim_time h = cosim_horizon(s);
                if (h > until) h = until;
                if (local < h) cosim_node_run(s, i, h);
                local = cosim_node_time(s, i);
                if (!cosim_node_running(s, i)) continue;   // halted or faulted: check again
            }
            sim_time now = now_ps(), e = evq_next(cosim_evq(s));
            if (local > now) wait(sc_time((double)(local - now), SC_PS));
            else if (e <= now) wait(SC_ZERO_TIME);   // the pump runs events at now first
            else wait(sc_time((double)(e - now), SC_PS), wake);
            wait(SC_ZERO_TIME);
        }
    }
};

}  // namespace

cosim_status cosim_run_systemc(cosim *s, sim_time until)
{
    sc_core::sc_set_time_resolution(1, SC_PS);
    cosim_top top("cosim", s, until);
    sc_core::sc_start();
    return top.result;
}
