/* A stand-in for the GRIM firmware in unit tests: native C run as periodic
 * events of the test platform's event queue, on the real card model of
 * tests/tpil/fixture.h (its LANai runs no firmware). It plays the NI's side
 * of grim_abi.h for a single node talking to itself: reads the outgoing
 * queue (headers, WRAP, cut-through commits), frees it (q_front), delivers
 * active messages into the endpoint's host ring with the WRAP rule and the
 * back pointer in host order, executes RM-P and RM-V writes and locks into
 * host memory, looks up the translation cache and, on a miss, sends a
 * translation request and raises HOST_SIG, and lends its host-DMA engine.
 * It is written from the ABI, independently of hostlib/grim, so the tests
 * check the host library against the contract, not against itself. */
#ifndef MYRISIM_GRIM_FAKE_NI_H
#define MYRISIM_GRIM_FAKE_NI_H

#include "../tpil/fixture.h"

typedef struct gfni {
    fixture *f;
    sim_time period;           /* between looks at the queues */
    uint32_t features;         /* GRIM_C_FEATURES it announces */
    int running, stopped;
    uint32_t next;             /* our q_next (offset) of the open LC */
    uint32_t lc;
    uint32_t am_back;          /* our back offset in the endpoint's ring */
    uint32_t xseq;             /* translation requests issued */
    int xwait;                 /* waiting for the driver's answer */
    uint32_t xslot;            /* next dynamic slot to fill (round robin) */
    int hold_front;            /* tests: do not free the queue (it fills up) */
    /* what it saw */
    uint32_t msgs, wraps, am_delivered, rm_writes, xmisses, xhits, partial_seen, grants;
    uint32_t order[4096];      /* type (8) | first payload byte (8) | length (16) of each message, in order */
    uint32_t norder;
    char err[300];             /* the first protocol violation it found */
} gfni;

/* Announce MAGIC / VERSION / features and start ticking. */
void gfni_start(gfni *n, fixture *f, uint32_t features);
void gfni_stop(gfni *n);

#endif
