/* For implementers of a platform backend (not for host code). It lives in
 * model/ so that the node model (model/node/hosts.h) and the platform core
 * (hostlib/platform.c) share it without model/ reaching into hostlib/.
 *
 * The platform core (platform.c) runs every operation on the plain-C host
 * model (model/host) and needs two things from whoever runs the host thread:
 *   advance_to(t): block the calling host thread until simulated time t,
 *                  while the rest of the machine catches up to t;
 *   wait_flag(f):  block until *f is nonzero; a model callback run from the
 *                  event queue sets it. Return -1 if that can never happen
 *                  (nothing left to run: a deadlock, reported as an error).
 * and, optionally, stopped(): why the simulation stopped under the process.
 * The test backend (platform_evq.h) does both by running the event queue.
 * A SystemC backend runs the host code in an SC_THREAD: advance_to = wait()
 * until t; wait_flag = loop { wait(the event the queue pump notifies after
 * running events) } until *f. */
#ifndef MYRISIM_HOST_PLAT_BACKEND_H
#define MYRISIM_HOST_PLAT_BACKEND_H

#include "../pci/bar.h"
#include "host.h"

/* The host code's handle (hostlib/platform.h), opaque here. */
typedef struct platform platform;

typedef struct plat_backend {
    void *ctx;
    void (*advance_to)(void *ctx, sim_time t);
    int (*wait_flag)(void *ctx, volatile int *flag);
    /* Optional: NULL while the simulation runs, else why it stopped (a time
     * limit, an NI fault); every platform call fails from then on. */
    const char *(*stopped)(void *ctx);
} plat_backend;

/* One host process on host h, talking to the card whose BAR (layout lay)
 * sits at bar_base on the host's bus `bus`. */
platform *plat_new(host *h, int bus, uint64_t bar_base, const bar_layout *lay,
                   const plat_backend *be, char *err, size_t errlen);
void plat_free_platform(platform *p);
/* The second device on the same bus (platform.h plat_dev_*): its name, BAR
 * base and size; name NULL removes it. */
void plat_set_device(platform *p, const char *name, uint64_t base, uint32_t size);
host *plat_host(platform *p);

#endif
