/* The circuit interface of appendix B.3 as C pins, for a circuit that sits
 * outside the Verilated FPGA: the canvas's external slot 4 (hw/frame/canvas.v)
 * is served through these by hw_fpga_attach, and a user's circuit Verilated
 * at run time (hw/user/user_shell.cpp) is driven through them. */
#ifndef MYRISIM_SHELL_HW_CIRCUIT_H
#define MYRISIM_SHELL_HW_CIRCUIT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    /* frame -> circuit */
    unsigned reset_h, job_new, job_subop, job_ints, operation_complete;
    unsigned a_valid, b_valid, c_ack;
    uint32_t a_data, b_data;
    /* circuit -> frame */
    unsigned job_done, a_on, a_ack, b_on, b_ack, c_on, c_valid;
    uint32_t c_data;
} hw_circuit_pins;

/* One rising edge of the circuit's clock (the frame clock's falling edge):
 * the frame's side of `p` is what the frame drives now; the circuit acts and
 * writes its side. */
typedef void (*hw_circuit_edge_fn)(void *ctx, hw_circuit_pins *p);

/* What a run-time circuit library (hw/user/user_shell.cpp) exports. */
#define HW_USER_NEW  "hw_user_new"    /* void *hw_user_new(void) */
#define HW_USER_EDGE "hw_user_edge"   /* hw_circuit_edge_fn */
#define HW_USER_FREE "hw_user_free"   /* void hw_user_free(void *) */

#ifdef __cplusplus
}
#endif
#endif
