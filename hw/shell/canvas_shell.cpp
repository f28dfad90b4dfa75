// The thin C++ shell around the Verilated canvas (Vcanvas): it owns the
// model and its context and copies pins; no model logic lives here.
#include "hw_canvas.h"

#include "Vcanvas.h"
#include "verilated.h"

struct hw_canvas {
    VerilatedContext ctx;
    Vcanvas *top;
    uint64_t clocks;
};

extern "C" hw_canvas *hw_canvas_new(void)
{
    hw_canvas *c = new hw_canvas;
    c->top = new Vcanvas(&c->ctx, "canvas");
    c->clocks = 0;
    c->top->clk = 1;
    c->top->reset_h = 1;
    c->top->x_present = 0;    // nothing in the external slot here
    c->top->eval();
    return c;
}

extern "C" void hw_canvas_free(hw_canvas *c)
{
    if (!c) return;
    c->top->final();
    delete c->top;
    delete c;
}

extern "C" void hw_canvas_clock(hw_canvas *c, hw_canvas_pins *p)
{
    Vcanvas *t = c->top;
    t->reset_h = p->reset_h & 1;
    t->sel = p->sel & 15;
    t->job_new = p->job_new & 1;
    t->job_subop = p->job_subop & 15;
    t->job_ints = p->job_ints & 1023;
    t->operation_complete = p->operation_complete & 1;
    t->a_valid = p->a_valid & 1;
    t->a_data = p->a_data;
    t->b_valid = p->b_valid & 1;
    t->b_data = p->b_data;
    t->c_ack = p->c_ack & 1;
    t->clk = 0;               // the circuits' edge
    t->eval();
    t->clk = 1;               // the frame's edge
    t->eval();
    c->clocks++;
    p->job_done = t->job_done;
    p->a_on = t->a_on;
    p->a_ack = t->a_ack;
    p->b_on = t->b_on;
    p->b_ack = t->b_ack;
    p->c_on = t->c_on;
    p->c_valid = t->c_valid;
    p->c_data = t->c_data;
    p->present = t->present;
}

extern "C" uint64_t hw_canvas_clocks(const hw_canvas *c) { return c->clocks; }
