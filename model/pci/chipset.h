/* A chipset profile: the timing of one PCI bus segment and of the host
 * bridge on it (CPU PIO posting, DMA write posting, DMA read prefetch).
 * One file per chipset holds the numbers (chipset_*.c); docs/hosts.md gives
 * the source or the reasoning for every one of them. */
#ifndef MYRISIM_PCI_CHIPSET_H
#define MYRISIM_PCI_CHIPSET_H

#include "bus.h"

typedef struct pci_bridge_params {
    /* CPU -> device (PIO) */
    uint32_t post_bytes;       /* CPU-to-PCI posted-write buffer */
    uint32_t uc_merge;         /* longest burst merged from consecutive uncached stores */
    uint32_t wc_merge;         /* longest burst merged from write-combining line flushes */
    uint32_t pio_gap;          /* idle cycles before each PIO tenure of the bridge */
    uint32_t latency_timer;    /* the bridge's own latency timer (cycles) */
    sim_time pio_rd_host_ps;   /* CPU <-> bridge part of a PIO read (request out, data back) */
    /* device -> memory (DMA writes) */
    uint32_t wr_wait;          /* wait states before the first data phase */
    uint32_t wr_buf;           /* inbound posted-write buffer (bytes) */
    double wr_drain_Bps;       /* it drains into memory at this rate */
    uint32_t wr_boundary;      /* the bridge disconnects at multiples of this */
    /* memory -> device (DMA reads) */
    uint32_t rd_miss_wait;     /* wait states when the data is not prefetched */
    uint32_t rd_hit_wait;      /* wait states when a read continues the previous one */
    uint32_t rd_boundary;      /* a read burst ends at multiples of this (prefetch buffer) */
    double rd_Bps;             /* streaming limit from memory once started (0: bus rate) */
} pci_bridge_params;

typedef struct pci_chipset {
    const char *name;          /* "p3-440bx-32", "i860-ich2-32", "i860-p64h-64" */
    const char *desc;          /* one line for reports */
    pci_bus_params bus;
    pci_bridge_params br;
} pci_chipset;

extern const pci_chipset chipset_ppro200;      /* PPro-200 host, 32b/33 */
extern const pci_chipset chipset_p3_550;       /* P3-550 host, 32b/33 */
extern const pci_chipset chipset_i860_ich2;    /* P4-1.7 / Intel 860, 32b/33 slot (ICH2) */
extern const pci_chipset chipset_i860_p64h;    /* P4-1.7 / Intel 860, 64b/66 slot (P64H) */
extern const pci_chipset chipset_440fx;        /* DAS node (seed 002): PPro-200 / 440FX, 32b/33 */

const pci_chipset *pci_chipset_get(const char *name);   /* NULL if unknown */

#endif
