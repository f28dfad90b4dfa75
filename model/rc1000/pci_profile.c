/* The RC-1000's PCI side as components: the PLX PCI 9080 bridge (the
 * dissertation's reference [80], the PCI 9080 Data Book, PLX Technology
 * 1997) and the card's local bus to the SRAM banks. Every number is an
 * input, chosen once from the component, never fitted to a table of the
 * dissertation (docs/endpoints.md, "Calibration of the card's PCI side").
 * "checked": read in the data book's pages (section 3, DMA); "data book"
 * alone: the data book as we know it, not checked against a copy here. */
#include "pci.h"

const rc1000_pci_params rc1000_pci_default = {
    /* Local bus clock. The 9080's local bus runs up to 40 MHz (data book);
     * the RC-1000's local bus frequency is not given by any source we have,
     * so it is taken at the PCI clock, 33.3 MHz (assumption). */
    .local_clock_ps = 30000,
    /* Direct Slave (PCI target) write FIFO: 8 Lwords (data book, FIFO
     * depths). PCI writes into the card's window land here and leave on the
     * local bus; when it is full the 9080 disconnects (LBRD0 "Direct Slave
     * PCI write mode" 0, its reset default: disconnect rather than hold
     * TRDY#). The first data phase of a burst waits for room. */
    .ds_wfifo_lwords = 8,
    /* One Lword per single local cycle: address phase + one data phase with
     * no internal wait states (local burst disabled, NWAD = NRAD = 0: the
     * data book's reset defaults; the banks are asynchronous SRAM behind
     * the CPLD's switches, no wait state published). */
    .ds_write_clocks = 2,
    .ds_read_clocks = 2,
    /* A Direct Slave access starts on the local bus after the 9080 has
     * synchronised it and held the bus (LHOLD -> LHOLDA): 2 local clocks
     * (data book timing diagrams, minimum). */
    .ds_start_clocks = 2,
    /* PCI -> local and back across the 9080's clock boundary, in PCI
     * clocks for a read's data to come back (2: one synchroniser each way). */
    .ds_sync_pci_clocks = 2,
    /* A posted write's first data phase: the 9080 claims with medium
     * DEVSEL and takes data with no wait state while the FIFO has room. */
    .target_write_wait = 0,
    /* DMA: between tenures the channel keeps REQ# down for at least two
     * PCI clocks (data book, DMA arbitration: checked); a chained block
     * starts by reading its four-Lword descriptor from host memory (data
     * book, chaining mode: checked; pci.c reads it as one 16-byte PCI read). */
    .dma_setup_cycles = 2,
    /* DMA FIFO: 32 Lwords (data book); the channel leaves the PCI bus when
     * it is full (PCI -> local) or empty (local -> PCI) (checked). Its local side
     * bursts (DMAMODE local burst enable, set by the host's driver), one
     * Lword a local clock: at 33.3 MHz as fast as the PCI side, so the FIFO
     * neither fills nor empties mid-block and the channel has no burst
     * limit of its own. */
    .max_burst = 0,
    /* The 9080's PCI latency timer is the BIOS's (assumption: 64 clocks). */
    .latency_timer = 64,
};
