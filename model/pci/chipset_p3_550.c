/* P3-550 host (32b/33 PCI). The chipset is not named in the dissertation
 * (thesis-targets.md §1.4); these are 440BX-class values calibrated on
 * Fig 5.2 and Fig 5.6a. Sources and arithmetic: docs/hosts.md "P3-550". */
#include "chipset.h"

const pci_chipset chipset_p3_550 = {
    .name = "p3-550-32",
    .desc = "P3-550 host bridge (440BX class), 32b/33MHz PCI",
    .bus = {.name = "32b/33MHz", .clock_ps = 30000, .width = 4, .arb_cycles = 2,
            .turnaround = 1, .abort_cycles = 5},
    .br = {
        .post_bytes = 128, .uc_merge = 32, .wc_merge = 32, .pio_gap = 0, .latency_timer = 32,
        .pio_rd_host_ps = 450000,
        .wr_wait = 1, .wr_buf = 256, .wr_drain_Bps = 400e6, .wr_boundary = 4096,
        .rd_miss_wait = 10, .rd_hit_wait = 2, .rd_boundary = 4096, .rd_Bps = 0,
    },
};
