// The thin C++ shell around a user's circuit Verilated at run time (as
// Vuser, from the module a scenario names): compiled with the Verilated
// files into one shared library (sim/experiments/hwbuild.c), loaded by
// model/rc1000/userc.c and clocked through the canvas's external slot. It
// owns the model and copies pins; no model logic lives here.
#include "hw_circuit.h"

#include "Vuser.h"
#include "verilated.h"

namespace {
struct user {
    VerilatedContext ctx;
    Vuser *top;
};
}

extern "C" void *hw_user_new(void)
{
    user *u = new user;
    u->top = new Vuser(&u->ctx, "user");
    u->top->clk = 0;
    u->top->reset_h = 1;
    u->top->eval();
    return u;
}

extern "C" void hw_user_free(void *p)
{
    user *u = static_cast<user *>(p);
    if (!u) return;
    u->top->final();
    delete u->top;
    delete u;
}

extern "C" void hw_user_edge(void *p, hw_circuit_pins *pins)
{
    Vuser *t = static_cast<user *>(p)->top;
    t->clk = 0;               // the circuit's falling edge (the frame's rising one) has passed
    t->eval();
    t->reset_h = pins->reset_h & 1;
    t->job_new = pins->job_new & 1;
    t->job_subop = pins->job_subop & 15;
    t->job_ints = pins->job_ints & 1023;
    t->operation_complete = pins->operation_complete & 1;
    t->a_valid = pins->a_valid & 1;
    t->a_data = pins->a_data;
    t->b_valid = pins->b_valid & 1;
    t->b_data = pins->b_data;
    t->c_ack = pins->c_ack & 1;
    t->clk = 1;               // the circuit's rising edge: it acts
    t->eval();
    pins->job_done = t->job_done;
    pins->a_on = t->a_on;
    pins->a_ack = t->a_ack;
    pins->b_on = t->b_on;
    pins->b_ack = t->b_ack;
    pins->c_on = t->c_on;
    pins->c_valid = t->c_valid;
    pins->c_data = t->c_data;
}
