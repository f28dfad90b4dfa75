/* The frame-side test bench of the circuit interface (circ_bench.h). It
 * acts at the frame's clock edge on what the circuits drove at theirs: a
 * sender advances when it sees ack and presents the next word at once; a
 * receiver acks whatever valid word it sees. */
#include "circ_bench.h"

#include <string.h>

circ_result circ_run(hw_canvas *cv, const circ_job *j, int reset)
{
    hw_canvas_pins p;
    memset(&p, 0, sizeof p);
    circ_result r;
    memset(&r, 0, sizeof r);
    if (reset) {
        p.reset_h = 1;
        hw_canvas_clock(cv, &p);
        hw_canvas_clock(cv, &p);
        p.reset_h = 0;
        hw_canvas_clock(cv, &p);
    }
    p.sel = j->sel;
    p.job_subop = j->subop;
    p.job_ints = j->ints;
    p.job_new = 1;
    size_t ia = 0, ib = 0;
    for (uint64_t k = 1; k <= j->limit; k++) {
        hw_canvas_clock(cv, &p);
        /* senders: an ack means the word on the lines was taken */
        if (p.a_valid && p.a_ack) { ia++; r.na_read++; }
        if (p.b_valid && p.b_ack) { ib++; r.nb_read++; }
        p.a_valid = p.a_on && ia < j->na;
        p.a_data = p.a_valid ? j->a[ia] : 0;
        p.b_valid = p.b_on && j->b && ib < j->nb;
        p.b_data = p.b_valid ? j->b[ib] : 0;
        /* receiver: take a valid word unless this clock is a stall */
        int stall = j->stall_c && k % j->stall_c == 0;
        p.c_ack = 0;
        if (p.c_valid && !stall) {
            if (r.nc < j->nc_max) j->c[r.nc] = p.c_data;
            r.nc++;
            p.c_ack = 1;
        }
        if (p.job_done) {
            r.clocks = k;
            r.done = 1;
            r.on_after_done = p.a_on || p.b_on || p.c_on;
            break;
        }
    }
    /* operation_complete for one clock with job_new dropped; then idle */
    p.job_new = 0;
    p.a_valid = p.b_valid = 0;
    p.c_ack = 0;
    p.operation_complete = 1;
    hw_canvas_clock(cv, &p);
    p.operation_complete = 0;
    hw_canvas_clock(cv, &p);
    return r;
}
