/* The host side of seed 002's basic protocol (§2.1): send(), poll() and the
 * handle_packet() upcall, on an endpoint handle (no global state). The NI
 * side is firmware/lfc/basic.c; their contract firmware/lfc/basic_abi.h.
 *
 * lfb_send copies the data into a packet buffer of the DMA area (step 1)
 * and writes the send descriptor by PIO (step 2); when the descriptor it
 * needs is still in use it polls its DescriptorFree flag with PIO reads.
 * lfb_poll looks at the flag of the next receive buffer in (cached) host
 * memory, calls the handler with the packet in the DMA area, and gives the
 * buffer back to the NI. Nothing here is reliable: a packet that finds no
 * free buffer is dropped by the NI (lfb_counters says how many). */
#ifndef MYRISIM_LFC_LFB_H
#define MYRISIM_LFC_LFB_H

#include "../driver/driver.h"

typedef struct lfb lfb;

/* The handler sees the packet in the DMA area; the buffer goes back to the
 * NI when it returns (copy what is kept: the optional step 8). */
typedef void (*lfb_handler)(void *ctx, unsigned src, const void *data, unsigned size);

/* Open the NI (the firmware must be basic.l4.elf) for packets of at most
 * max_payload bytes (<= LFB_MAX_PAYLOAD). NULL and a message on failure. */
lfb *lfb_open(platform *p, unsigned max_payload, char *err, size_t errlen);
/* Tell the firmware to exit and close the driver. */
void lfb_close(lfb *b);
const char *lfb_error(const lfb *b);
unsigned lfb_node(const lfb *b);
unsigned lfb_nodes(const lfb *b);

/* send(destination, data, size): 0, or -1 (size over the maximum, no such
 * destination, a platform error). */
int lfb_send(lfb *b, unsigned dest, const void *data, unsigned size);
/* poll(): handle at most one packet; 1 if one was handled, 0 if none, -1 on
 * error. */
int lfb_poll(lfb *b, lfb_handler fn, void *ctx);
/* Poll until a packet was handled or max_ps passed (idle time skipped
 * exactly, platform.h plat_idle_poll); 1, 0 (timed out) or -1. */
int lfb_wait(lfb *b, lfb_handler fn, void *ctx, sim_time max_ps);

/* The firmware's counters (PIO reads). */
typedef struct lfb_counters { uint32_t sent, received, dropped, errors; } lfb_counters;
int lfb_counters_get(lfb *b, lfb_counters *c);

#endif
