/* A PCI-to-PCI bridge: a secondary bus behind a device on the primary one
 * (the RC-1000's bridge, behind which its PMC site's Myrinet card sits).
 * The bridge claims on the primary bus the window of the secondary devices
 * and, on the secondary bus, every other address (a transparent bridge
 * forwards upstream what is not behind it, so a device behind it reaches
 * host memory and its peers on the primary bus alike).
 *
 * Upstream writes (device DMA into host memory or into a peer) are posted:
 * the bridge takes a burst into one of its buffers and forwards it as its
 * own transaction on the primary bus; with every buffer full it holds the
 * next burst off (wait states) until the oldest has gone. Reads and
 * downstream writes are not posted: the near tenure lasts the bridge's
 * forwarding latency plus the data phases, and the data moves at its end
 * straight to the far target (the far bus is not occupied by them: a
 * simplification, docs/endpoints.md "Device trees"). Interrupt lines and
 * faults of the secondary bus reach the primary one. */
#ifndef MYRISIM_PCI_P2P_H
#define MYRISIM_PCI_P2P_H

#include "bus.h"

typedef struct pci_p2p_params {
    const char *name;          /* "rc1000-bridge" */
    const char *desc;
    pci_bus_params sec;        /* the secondary bus segment */
    uint32_t width;            /* the bridge's data path on both sides (bytes) */
    uint32_t post_bufs;        /* upstream posted-write buffers */
    uint32_t post_buf_bytes;   /* ... bytes each: an accepted burst ends when one is full */
    uint32_t wr_wait;          /* wait states before a posted write's first data phase */
    uint32_t fwd_gap;          /* idle cycles before each of the bridge's own tenures */
    uint32_t latency_timer;    /* its latency timer as a master (cycles) */
    uint32_t fwd_wait;         /* non-posted access: wait states for the trip to the far side and back */
    uint32_t fwd_boundary;     /* ... a non-posted burst ends at multiples of this (bytes) */
} pci_p2p_params;

extern const pci_p2p_params p2p_rc1000;      /* the RC-1000's bridge to its PMC sites (p2p_rc1000.c) */

typedef struct pci_p2p pci_p2p;

typedef struct pci_p2p_stats {
    uint64_t up_bytes, up_bursts;    /* posted upstream */
    uint64_t held_bursts;            /* upstream bursts held off: every buffer full */
    uint64_t fwd_bytes, fwd_bursts;  /* non-posted, either way */
} pci_p2p_stats;

/* A bridge on `primary` with a new secondary bus named `name`. */
pci_p2p *pci_p2p_new(pci_bus *primary, const pci_p2p_params *p, const char *name, char *err, size_t errlen);
void pci_p2p_free(pci_p2p *br);
pci_bus *pci_p2p_secondary(pci_p2p *br);
/* After the devices are on the secondary bus: the window [base, base+size)
 * the bridge claims on the primary bus. Once. 0, or -1 with err. */
int pci_p2p_open_window(pci_p2p *br, uint64_t base, uint64_t size, char *err, size_t errlen);
const pci_p2p_stats *pci_p2p_stats_of(const pci_p2p *br);
const pci_p2p_params *pci_p2p_params_of(const pci_p2p *br);

#endif
