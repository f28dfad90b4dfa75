/* The test backend of the platform: one host process whose thread is the
 * caller's own. Blocking = running the event queue. The run function is
 * injectable so that a co-simulation driver (which also runs LANai cores up
 * to the same time) can take the event queue's place. */
#ifndef MYRISIM_PLATFORM_EVQ_H
#define MYRISIM_PLATFORM_EVQ_H

#include "platform_impl.h"

/* Run the whole machine up to and including time t; afterwards the event
 * queue's now must be t. */
typedef void (*plat_run_fn)(void *ctx, sim_time t);

typedef struct plat_evq {
    evq *q;
    plat_run_fn run;           /* default: evq_run_until + evq_advance */
    void *run_ctx;
} plat_evq;

void plat_evq_init(plat_evq *e, evq *q);
plat_backend plat_evq_backend(plat_evq *e);

#endif
