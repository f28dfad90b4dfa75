/* Tracks for a co-simulated cluster (model/node/cosim.h): a process per
 * node with its components' tracks (host CPU, PCI bus and host DMA when it
 * has a host; NI core, send DMA, receive DMA), then a "fabric" process
 * with a track per link direction and per cabled switch output port. Binds
 * the model objects to them so the hooks find their tracks. */
#ifndef MYRISIM_TRACE_COSIM_H
#define MYRISIM_TRACE_COSIM_H

#include "../node/hosts.h"
#include "trace.h"

/* After the cluster is built (hosts added), before it runs. */
void trace_cosim_begin(trace *t, cosim *s);
/* After the run: packets and DMAs still in flight become spans up to the
 * stop marked unfinished (trace_unfinished), idle spans still open are
 * closed at each core's time, and every core's marks and final state
 * become instants on its track. */
void trace_cosim_end(trace *t, cosim *s);

#endif
