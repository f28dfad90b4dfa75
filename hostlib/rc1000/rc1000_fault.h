/* The host's handlers for the RC-1000 frame's function and page faults
 * (sections 7.2.3, 7.4.2, Tables 7.1 and 7.2, appendix B.4), written once over
 * the few things they need from whoever
 * runs it: kind rc1000_stage's harness on the card model
 * (sim/experiments/exp_rc1000_fault.c, Table 7.1's steps) and the process
 * on a GRIM node that serves its card (hostlib/apps/app_grim_rc1000.c).
 *
 * Steps (each time stamped): acquire bank 0; read the fault record
 * (process); load the configuration file (file_load, CPU), start the
 * configuration and shift it in (config, CPU), set the FPGA clock
 * (set_clock, CPU); write the configuration's function list (set function
 * IDs); wait out the reset; release. The frame then restarts, reloads its
 * state from bank 0 and takes the faulted message again: nothing is lost.
 *
 * Page fault: acquire banks 0-2; read the fault record and the page table
 * (process); for each missing page, its frame (port A's page in frame 1,
 * B's in frame 2, C's in 2 unless B's was just put there), that frame's page
 * unloaded to the host's copy, the missing one loaded; the page table
 * written and RESUME on the control port (notify); release. */
#ifndef MYRISIM_RC1000_FAULT_H
#define MYRISIM_RC1000_FAULT_H

#include "../../model/event/evq.h"

#include <stddef.h>
#include <stdint.h>

typedef struct rcf_ops {
    void *ctx;
    int (*acquire)(void *ctx, uint32_t banks);                      /* 0 = release */
    int (*read)(void *ctx, uint32_t word, uint32_t *v, uint32_t n); /* bank 0 words, held */
    int (*write)(void *ctx, uint32_t word, const uint32_t *v, uint32_t n);
    int (*cpu)(void *ctx, sim_time d);                              /* the CPU busy for d */
    sim_time (*now)(void *ctx);
    sim_time (*configure)(void *ctx);   /* begin loading: when the FPGA leaves its reset */
    void (*set_clock)(void *ctx);       /* the FPGA clock set (NULL: kept) */
    const char *(*error)(void *ctx);    /* why the last call failed */
    /* page faults (NULL where only function faults are served) */
    int (*page_out)(void *ctx, unsigned frame, uint32_t page);   /* bank `frame` to the host's copy of page */
    int (*page_in)(void *ctx, unsigned frame, uint32_t page);    /* the host's copy of page into bank `frame` */
    int (*resume)(void *ctx);                                    /* RESUME on the control port */
} rcf_ops;

typedef struct rcf_function {
    sim_time file_load, config, set_clock;   /* CPU time of each step (inputs) */
    uint32_t funcs[9];                        /* the new configuration's function list */
} rcf_function;

typedef struct rcf_times {
    sim_time t[7];                 /* function: start, acquired, record read, reconfigured, ids set, reset over,
                                      released; page: start, acquired, record read, unloaded, loaded, notified,
                                      released */
    uint32_t record[4];            /* the fault record: kind << 30 | handler, missing pages of A, B, C */
    uint32_t pages[2];             /* page: the page table as read (frames 1, 2) */
    sim_time unload, load;         /* page: time in page_out, page_in */
    unsigned unloads, loads;
} rcf_times;

/* Serve a function fault the status port showed. 0, or -1 with err (a
 * record that is not a function fault included). */
int rcf_function_fault(const rcf_ops *o, const rcf_function *f, rcf_times *t, char *err, size_t n);
/* Serve a page fault the status port showed. 0, or -1 with err. */
int rcf_page_fault(const rcf_ops *o, rcf_times *t, char *err, size_t n);

#endif
