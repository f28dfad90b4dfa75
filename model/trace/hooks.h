/* What the models call to be traced, each behind `if (trace_cur)` so an
 * untraced run pays a load and a branch. Objects are named by pointer and
 * find their tracks through the bindings trace_cosim_begin made
 * (trace_cosim.h); an unbound object records nothing. None of these
 * changes model state.
 *
 * Packets are named by the endpoint tags every link symbol carries (source
 * NI, destination NI, per-source sequence number); one flow (id from source
 * and sequence) runs send DMA -> each link direction -> each switch output
 * -> receive DMA. */
#ifndef MYRISIM_TRACE_HOOKS_H
#define MYRISIM_TRACE_HOOKS_H

#include "../switch/sym.h"
#include "trace.h"

/* Per-node components (trace_bind_node kinds). */
enum {
    TK_CPU = 0,     /* host CPU: platform calls */
    TK_PCI,         /* the card's PCI bus: every burst */
    TK_CORE,        /* the LANai: idle-loop spans, marks, halt */
    TK_SEND,        /* packet send DMA: segments */
    TK_RECV,        /* packet receive DMA: packets */
    TK_HDMA,        /* host DMA, channel 0 (LANai 4: the only one) */
    TK_HDMA1,       /* host DMA, channel 1 (LANai 9 E2L) */
};

/* A link direction committed a chunk of n symbols, serialised over
 * [start, end]: a packet's span runs from its first chunk's start to its
 * tail's end. */
void trace_link_chunk(const void *dir, const lk_sym *s, unsigned n, sim_time start, sim_time end);
/* Switch output port `out` pulled n symbols from input `in` (-1: the bare
 * GAP that ends a dropped packet), serialised over [start, end]. */
void trace_switch_pull(const void *xbar, unsigned out, int in, const lk_sym *s, unsigned n, sim_time start,
                       sim_time end);
/* NI `ni`'s endpoint: a packet's first byte leaves at `start`. */
void trace_ni_tx(unsigned ni, const lk_sym *first, sim_time start);
/* NI `ni`'s endpoint: the receive engine took n symbols. */
void trace_ni_rx(unsigned ni, const lk_sym *s, unsigned n);
/* The card's packet send DMA: a segment of `bytes` started by a register
 * write at t; done when its last byte has been serialised. */
void trace_send_begin(const void *card, sim_time t, unsigned bytes, int tail);
void trace_send_end(const void *card, sim_time t);
/* The card's packet receive DMA: the first bytes of a packet taken at t;
 * the packet finished (RECV_INT) at t, bad = CRC error or truncated. */
void trace_recv_begin(const void *card, sim_time t);
void trace_recv_end(const void *card, sim_time t, int bad);
/* A host-DMA transfer on channel ch of the card's engines. */
void trace_hdma_begin(const void *card, int ch, sim_time t);
void trace_hdma_end(const void *card, int ch, sim_time t, int to_host, uint32_t bytes, int failed);
/* One PCI bus tenure [t0, t1] of master `master`; ok = 0 for an abort. */
void trace_pci_burst(const void *bus, const char *master, int write, uint32_t bytes, uint64_t addr, sim_time t0,
                     sim_time t1, int ok);
/* A platform call of host code on `host` that took [t0, t1]. */
void trace_cpu(const void *host, const char *what, sim_time t0, sim_time t1, uint64_t bytes);
/* NI ni's core ran from local time t0 to t1 and ended parked (1) in a
 * verified idle loop or not. */
void trace_core_run(unsigned ni, sim_time t0, sim_time t1, int parked);
/* The run ended at `now` with a span of track trk still open (a packet on
 * a link or through a switch, a DMA): write it up to now as "<what> a->b
 * (unfinished)" with unfinished = 1, so a deadlock's stuck packets show as
 * spans that run to the stop. Nothing if no span is open. */
void trace_unfinished(int trk, const char *cat, const char *what, sim_time now);

#endif
