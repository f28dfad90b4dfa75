/* PPro-200 host (four processors, 32b/33 PCI). The chipset is not named in
 * the dissertation (thesis-targets.md §1.4); these are 450GX-class values.
 * Sources and arithmetic: docs/hosts.md "PPro-200". */
#include "chipset.h"

const pci_chipset chipset_ppro200 = {
    .name = "ppro200-32",
    .desc = "PPro-200 host bridge, 32b/33MHz PCI",
    .bus = {.name = "32b/33MHz", .clock_ps = 30000, .width = 4, .arb_cycles = 2,
            .turnaround = 1, .abort_cycles = 5},
    .br = {
        .post_bytes = 32, .uc_merge = 4, .wc_merge = 32, .pio_gap = 2, .latency_timer = 32,
        .pio_rd_host_ps = 700000,
        .wr_wait = 2, .wr_buf = 64, .wr_drain_Bps = 110e6, .wr_boundary = 4096,
        .rd_miss_wait = 20, .rd_hit_wait = 8, .rd_boundary = 32, .rd_Bps = 0,
    },
};
