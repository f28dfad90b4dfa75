/* A host CPU profile: what PIO, copies, system calls, pinning and interrupts
 * cost on one kind of host, and which PCI buses it has. One file per host
 * (host_ppro200.c, host_p3_550.c, host_p4_1700.c); every number is sourced
 * or reasoned in docs/hosts.md. */
#ifndef MYRISIM_HOST_PROFILE_H
#define MYRISIM_HOST_PROFILE_H

#include "../pci/cardpci.h"
#include "../pci/chipset.h"

#define HOST_MAX_BUSES 2

typedef struct host_profile {
    const char *name;          /* "p3-550" */
    const char *desc;
    uint32_t cpu_mhz;
    int has_mmx, has_sse;
    int has_wc;                /* write-combining MTRRs ("Pentium MMX and higher", L1473) */
    /* PIO writes, CPU side */
    uint32_t wc_line;          /* bytes one write-combining buffer flushes as a burst */
    sim_time uc_store_ps;      /* one uncached store (4 bytes plain, 8 bytes MMX) leaves the CPU */
    sim_time wc_line_ps;       /* one write-combined line (SSE or WC mapping) leaves the CPU */
    sim_time wc_store_ps;      /* one ordinary store into a write-combining buffer */
    sim_time src_line_ps;      /* reading one 32-byte source line without prefetch (plain, MMX) */
    sim_time src_line_pf_ps;   /* ... with SSE prefetch running ahead */
    sim_time pio_call_ps;      /* fixed cost of one PIO copy routine (set-up, fence) */
    /* host memory */
    double memcpy_Bps;         /* large copy, source not cached */
    sim_time memcpy_call_ps;
    uint64_t ram_bytes;
    uint32_t contig_regions;   /* 4 MB pinned regions the driver reserves */
    /* operating system and driver */
    sim_time syscall_ps;       /* ioctl into the driver and back */
    sim_time pin_call_ps;      /* pin a user range: fixed part (kiobuf set-up) */
    sim_time pin_page_ps;      /* ... per page */
    sim_time unpin_page_ps;
    sim_time xlate_page_ps;    /* driver virtual->physical lookup per page */
    sim_time irq_entry_ps;     /* interrupt line up -> driver ISR running */
    sim_time irq_exit_ps;      /* ISR done -> the waiting process runs again */
    /* polling and signals (seed 002 §2.5, L885-L899; 0 where not given) */
    sim_time poll_miss_ps;     /* a failed poll of a flag in cached host memory (cache hit) */
    sim_time poll_hit_ps;      /* a successful one (the NI's DMA made it a cache miss) */
    sim_time signal_ps;        /* interrupt dispatched to a user-level signal handler */
    /* the Myrinet board's PCI side in this machine: NULL = its chip's own
     * profile (cardpci_for); the DAS node's LANai 4.1 board differs */
    const card_pci_params *card_pci;
    /* PCI buses, in slot order */
    int nbuses;
    const pci_chipset *bus[HOST_MAX_BUSES];
} host_profile;

extern const host_profile host_ppro200, host_p3_550, host_p4_1700, host_das_ppro200;
const host_profile *host_profile_get(const char *name);   /* NULL if unknown */

#endif
