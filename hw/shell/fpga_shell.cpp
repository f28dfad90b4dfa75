// The thin C++ shell around the Verilated FPGA (Vfpga): clocks it, serves
// its four SRAM bank ports from the caller's arrays (data the clock after
// the address, as the frame expects), refuses ungranted accesses, and
// serves the canvas's external slot 4 from an attached circuit.
#include "hw_fpga.h"

#include "Vfpga.h"
#include "verilated.h"

struct hw_fpga {
    VerilatedContext ctx;
    Vfpga *top;
    uint32_t *bank[4];
    uint64_t clocks, bad;
    unsigned bad_bank;
    uint32_t bad_addr;
    int ctrl_pending;
    uint8_t ctrl;
    hw_circuit_edge_fn ext;      // the circuit in slot 4, or none
    void *ext_ctx;
};

extern "C" hw_fpga *hw_fpga_new(uint32_t *banks[4])
{
    hw_fpga *f = new hw_fpga();
    for (int k = 0; k < 4; k++) f->bank[k] = banks[k];
    f->top = new Vfpga(&f->ctx, "fpga");
    f->top->clk = 1;
    f->top->reset_h = 1;
    f->top->eval();
    return f;
}

extern "C" void hw_fpga_free(hw_fpga *f)
{
    if (!f) return;
    f->top->final();
    delete f->top;
    delete f;
}

extern "C" void hw_fpga_reset(hw_fpga *f, int on) { f->top->reset_h = on ? 1 : 0; }

extern "C" void hw_fpga_attach(hw_fpga *f, hw_circuit_edge_fn fn, void *ctx)
{
    f->ext = fn;
    f->ext_ctx = ctx;
    f->top->x_present = fn ? 1 : 0;
}

// Slot 4's circuit takes its edge where the canvas's circuits take theirs,
// from the pins the frame drives since its last edge; its outputs reach the
// canvas before the frame's next edge.
static void external_edge(hw_fpga *f)
{
    Vfpga *t = f->top;
    hw_circuit_pins p = {};
    p.reset_h = t->reset_h;
    p.job_new = t->x_job_new;
    p.job_subop = t->x_job_subop;
    p.job_ints = t->x_job_ints;
    p.operation_complete = t->x_operation_complete;
    p.a_valid = t->x_a_valid;
    p.a_data = t->x_a_data;
    p.b_valid = t->x_b_valid;
    p.b_data = t->x_b_data;
    p.c_ack = t->x_c_ack;
    f->ext(f->ext_ctx, &p);
    t->x_job_done = p.job_done & 1;
    t->x_a_on = p.a_on & 1;
    t->x_a_ack = p.a_ack & 1;
    t->x_b_on = p.b_on & 1;
    t->x_b_ack = p.b_ack & 1;
    t->x_c_on = p.c_on & 1;
    t->x_c_valid = p.c_valid & 1;
    t->x_c_data = p.c_data;
}

extern "C" void hw_fpga_ctrl(hw_fpga *f, uint8_t v)
{
    f->ctrl = v;
    f->ctrl_pending = 1;
}

// One bank port after the frame's edge: a granted write lands now; a
// granted read's data is on rdata for the next edge.
static void serve(hw_fpga *f, unsigned k, unsigned gnt, uint32_t addr, uint32_t wdata, bool we,
                  bool re, uint32_t *rdata)
{
    if (!we && !re) return;
    addr &= HW_FPGA_BANK_WORDS - 1;
    if (!(gnt >> k & 1)) {
        if (!f->bad++) {
            f->bad_bank = k;
            f->bad_addr = addr;
        }
        return;
    }
    if (we) f->bank[k][addr] = wdata;
    if (re) *rdata = f->bank[k][addr];
}

extern "C" void hw_fpga_clock(hw_fpga *f, unsigned gnt, hw_fpga_out *out)
{
    Vfpga *t = f->top;
    t->gnt = gnt & 15;
    t->ctrl = f->ctrl;
    t->ctrl_wr = f->ctrl_pending;
    f->ctrl_pending = 0;
    if (f->ext) external_edge(f);
    t->clk = 0;               // the circuits' edge
    t->eval();
    t->clk = 1;               // the frame's edge
    t->eval();
    f->clocks++;
    serve(f, 0, gnt, t->b0_addr, t->b0_wdata, t->b0_we, t->b0_re, &t->b0_rdata);
    serve(f, 1, gnt, t->b1_addr, t->b1_wdata, t->b1_we, t->b1_re, &t->b1_rdata);
    serve(f, 2, gnt, t->b2_addr, t->b2_wdata, t->b2_we, t->b2_re, &t->b2_rdata);
    serve(f, 3, gnt, t->b3_addr, t->b3_wdata, t->b3_we, t->b3_re, &t->b3_rdata);
    out->req = t->req;
    out->status = t->status;
    out->phase = t->phase;
    out->sel = t->sel;
    out->job_new = t->job_new;
    out->fetch = t->dbg_fetch;
    out->store = t->dbg_store;
}

extern "C" uint64_t hw_fpga_bad_accesses(const hw_fpga *f, unsigned *bank, uint32_t *addr)
{
    if (f->bad) {
        if (bank) *bank = f->bad_bank;
        if (addr) *addr = f->bad_addr;
    }
    return f->bad;
}

extern "C" uint64_t hw_fpga_clocks(const hw_fpga *f) { return f->clocks; }
