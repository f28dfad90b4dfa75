/* C interface to the Verilated circuit canvas (hw/frame/canvas.v): a test
 * bench, or a C model standing in for the frame, drives the frame side of
 * appendix B.3's circuit interface one frame clock at a time. */
#ifndef MYRISIM_SHELL_HW_CANVAS_H
#define MYRISIM_SHELL_HW_CANVAS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The pins between the frame and the canvas. The frame side's outputs are
 * inputs here; the canvas's outputs are written by hw_canvas_clock. */
typedef struct {
    /* frame -> canvas */
    unsigned reset_h, sel, job_new, job_subop, job_ints, operation_complete;
    unsigned a_valid, b_valid, c_ack;
    uint32_t a_data, b_data;
    /* canvas -> frame */
    unsigned job_done, a_on, a_ack, b_on, b_ack, c_on, c_valid, present;
    uint32_t c_data;
} hw_canvas_pins;

typedef struct hw_canvas hw_canvas;

hw_canvas *hw_canvas_new(void);
void hw_canvas_free(hw_canvas *c);
/* One frame clock: apply the frame-side pins, let the frame clock fall (the
 * circuits' rising edge: they act), then rise (the frame's edge, where the
 * caller acts next on the outputs now in `p`). */
void hw_canvas_clock(hw_canvas *c, hw_canvas_pins *p);
/* Frame clocks run since hw_canvas_new. */
uint64_t hw_canvas_clocks(const hw_canvas *c);

#ifdef __cplusplus
}
#endif
#endif
