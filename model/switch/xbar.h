/* A Myrinet crossbar switch (8, 16 or 32 ports): source routing, per-output
 * round-robin arbitration, cut-through (wormhole) forwarding, drop of packets
 * with a bad route byte, and a blocked-packet timeout.
 *
 * At each input the first byte of a packet is the route byte. After the
 * routing latency the switch strips it; it must have MSB = 1, and
 * out = in + sext6(byte & 0x3F). An out port that is out of range or not
 * cabled, or MSB = 0, makes the switch consume and drop the whole packet
 * (bad_route). A valid packet waits for its output, then its bytes flow as
 * they arrive, and the path is held until the tail has passed.
 *
 * Timeout: a packet that has symbols waiting but has moved nothing for
 * block_timeout (waiting for its output, or held by STOP) is dropped: the
 * rest of it is drained at the input, and if part of it already left, the
 * output ends it with a bare GAP so the next stage sees a truncated packet. */
#ifndef MYRISIM_SWITCH_XBAR_H
#define MYRISIM_SWITCH_XBAR_H

#include "link.h"

#define XBAR_MAX_PORTS 32

/* PROPOSED defaults (lanai-hardware.md §5: the real figures are not public). */
#define XBAR_DEFAULT_LATENCY  SIM_NS(500)
#define XBAR_DEFAULT_TIMEOUT  SIM_US(50000)     /* 50 ms */

typedef struct {
    unsigned nports;           /* 8, 16 or 32 */
    sim_time route_latency;    /* head arrival -> bytes may leave */
    sim_time block_timeout;    /* 0 = never drop blocked packets */
} xbar_params;

typedef struct {
    uint64_t forwarded;        /* packets whose tail left */
    uint64_t bad_route;        /* dropped: MSB 0, port out of range or not cabled */
    uint64_t runts;            /* dropped: nothing after the route byte */
    uint64_t timeouts;         /* dropped: blocked too long */
    uint64_t truncated;        /* of those, ended early with a bare GAP */
} xbar_stats;

typedef enum { XIN_IDLE, XIN_ROUTING, XIN_WAITING, XIN_FORWARD, XIN_DROPPING } xin_state;

typedef struct {
    xin_state state;
    int out;                   /* requested/held output, -1 if none */
    lk_sym head;               /* the route byte (carries the packet's tags) */
    sim_time since;            /* when the packet entered this state */
} xbar_port_info;

typedef struct xbar xbar;

void xbar_params_default(xbar_params *p, unsigned nports);
/* NULL and a message for bad parameters. */
xbar *xbar_new(evq *q, const xbar_params *p, const char *name, char *err, size_t errlen);
void xbar_free(xbar *x);
/* in: the link direction arriving at this port; out: the one leaving it.
 * Either may be NULL (port not cabled). */
void xbar_attach(xbar *x, unsigned port, lk_dir *in, lk_dir *out);

const char *xbar_name(const xbar *x);
unsigned xbar_nports(const xbar *x);
const xbar_stats *xbar_get_stats(const xbar *x);
void xbar_port_info_get(const xbar *x, unsigned port, xbar_port_info *info);
/* Input holding an output (-1 if free); *closing = 1 while it sends the
 * bare GAP that ends a dropped packet. */
int xbar_out_owner(const xbar *x, unsigned port, int *closing);
lk_dir *xbar_in_link(const xbar *x, unsigned port);
lk_dir *xbar_out_link(const xbar *x, unsigned port);
/* The argument of the events input `port` schedules (routing, blocked-packet
 * timeout): statistics that place events by their argument need it. */
const void *xbar_event_arg(const xbar *x, unsigned port);
/* Decode a route byte arriving on port `in`: the output port, or -1. */
int xbar_route_out(unsigned nports, unsigned in, uint8_t byte);

#endif
