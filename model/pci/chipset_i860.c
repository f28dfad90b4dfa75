/* P4-1.7 GHz host with the Intel 860 chipset: the 32b/33 slots hang off the
 * ICH2, the 64b/66 slots off a P64H bridge. The dissertation calls its PCI
 * behaviour "unusual" (L1449); Fig 5.3 and Fig 5.6b fix the numbers.
 * Sources and arithmetic: docs/hosts.md "P4-1.7 / Intel 860". */
#include "chipset.h"

const pci_chipset chipset_i860_ich2 = {
    .name = "i860-ich2-32",
    .desc = "Intel 860 ICH2, 32b/33MHz PCI",
    .bus = {.name = "32b/33MHz", .clock_ps = 30000, .width = 4, .arb_cycles = 2,
            .turnaround = 1, .abort_cycles = 5},
    .br = {
        .post_bytes = 256, .uc_merge = 8, .wc_merge = 64, .pio_gap = 2, .latency_timer = 32,
        .pio_rd_host_ps = 500000,
        .wr_wait = 1, .wr_buf = 512, .wr_drain_Bps = 500e6, .wr_boundary = 1024,
        .rd_miss_wait = 12, .rd_hit_wait = 3, .rd_boundary = 64, .rd_Bps = 0,
    },
};

const pci_chipset chipset_i860_p64h = {
    .name = "i860-p64h-64",
    .desc = "Intel 860 P64H, 64b/66MHz PCI",
    .bus = {.name = "64b/66MHz", .clock_ps = 15000, .width = 8, .arb_cycles = 2,
            .turnaround = 1, .abort_cycles = 5},
    .br = {
        .post_bytes = 256, .uc_merge = 8, .wc_merge = 8, .pio_gap = 6, .latency_timer = 64,
        .pio_rd_host_ps = 600000,
        .wr_wait = 1, .wr_buf = 256, .wr_drain_Bps = 306e6, .wr_boundary = 4096,
        .rd_miss_wait = 60, .rd_hit_wait = 36, .rd_boundary = 256, .rd_Bps = 0,
    },
};
