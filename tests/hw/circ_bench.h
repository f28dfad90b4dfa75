/* A C stand-in for the frame's side of the circuit interface (appendix
 * B.3): streams vectors into ports A and B of the Verilated canvas, collects
 * port C, runs the job_new / job_done / operation_complete sequence and
 * counts frame clocks. */
#ifndef MYRISIM_HW_CIRC_BENCH_H
#define MYRISIM_HW_CIRC_BENCH_H

#include "../../hw/shell/hw_canvas.h"

#include <stddef.h>
#include <stdint.h>

typedef struct {
    unsigned sel, subop, ints;       /* slot, job_subop, job_ints (0 = 1,024) */
    const uint32_t *a, *b;           /* input vectors (b may be NULL) */
    size_t na, nb;
    uint32_t *c;                     /* output vector, room for nc_max words */
    size_t nc_max;
    uint64_t limit;                  /* give up after this many clocks */
    unsigned stall_c;                /* receiver refuses port C every Nth clock (0: never) */
} circ_job;

typedef struct {
    size_t na_read, nb_read, nc;     /* words moved through each port */
    uint64_t clocks;                 /* from the clock job_new rises to the clock job_done is seen */
    int done;                        /* job_done seen before the limit */
    int on_after_done;               /* a port still on when job_done rose (an interface error) */
} circ_result;

/* Run one job on the canvas (reset first when `reset` is set). */
circ_result circ_run(hw_canvas *cv, const circ_job *j, int reset);

#endif
