/* The test backend of the platform: one host process whose thread is the
 * caller's own. Blocking = running the event queue. The run function is
 * injectable so that a co-simulation driver (which also runs LANai cores up
 * to the same time) can take the event queue's place. */
#ifndef MYRISIM_HOSTLIB_PLATFORM_EVQ_H
#define MYRISIM_HOSTLIB_PLATFORM_EVQ_H

#include "platform.h"
#include "../model/host/plat_backend.h"

/* Run the whole machine up to and including time t; afterwards the event
 * queue's now must be t. */
typedef void (*plat_run_fn)(void *ctx, sim_time t);

typedef struct plat_evq {
    evq *q;
    plat_run_fn run;           /* default: evq_run_until + evq_advance */
    void *run_ctx;
    /* A wait gives up ("never completes") when the next event lies further
     * than this beyond its start: a card's interval timers always have a
     * wrap pending (every 2^32 ticks = 36 minutes), so the queue is never
     * empty. Default 10 s of simulated time, far beyond any transfer. */
    sim_time give_up;
} plat_evq;

void plat_evq_init(plat_evq *e, evq *q);
plat_backend plat_evq_backend(plat_evq *e);

#endif
