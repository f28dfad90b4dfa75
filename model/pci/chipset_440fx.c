/* The DAS node's chipset (seed 002 §1.6: Pentium Pro 200, 32-bit/33 MHz PCI;
 * the 440FX is the PPro's desktop chipset). A profile of its own: the
 * PPro-200 of chipset_ppro200.c is calibrated to the GRIM dissertation's
 * machine and is not touched. Component calibration against seed 002 Table
 * 2.1 (L847): PIO 25, PIO + WC 84, NI->host PIO 7, DMA 117 Mbyte/s (binary
 * megabytes); docs/lfc.md "The DAS node" has the arithmetic. */
#include "chipset.h"

const pci_chipset chipset_440fx = {
    .name = "440fx-32",
    .desc = "Intel 440FX (DAS Pentium Pro 200), 32b/33MHz PCI",
    .bus = {.name = "32b/33MHz", .clock_ps = 30000, .width = 4, .arb_cycles = 2,
            .turnaround = 1, .abort_cycles = 5},
    .br = {
        .post_bytes = 32, .uc_merge = 4, .wc_merge = 32, .pio_gap = 1, .latency_timer = 32,
        .pio_rd_host_ps = 250000,
        .wr_wait = 2, .wr_buf = 64, .wr_drain_Bps = 130e6, .wr_boundary = 4096,
        .rd_miss_wait = 6, .rd_hit_wait = 0, .rd_boundary = 4096, .rd_Bps = 0,
    },
};
