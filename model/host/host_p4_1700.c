/* P4-1.7 GHz host: "dual 1.7-GHz Pentium IV (P4) processors", "both 32b/33MHz
 * and 64b/66MHz PCI buses", Intel 860 chipset, RDRAM (dissertation L1449,
 * L1524). Bus 0 is the 32b/33 slot (ICH2), bus 1 the 64b/66 slot (P64H).
 * Calibrated on Fig 5.3 and Fig 5.6b; docs/hosts.md "P4-1.7 / Intel 860". */
#include "host_profile.h"

const host_profile host_p4_1700 = {
    .name = "p4-1700",
    .desc = "2x Pentium 4 1.7 GHz, Intel 860, RDRAM, 32b/33MHz + 64b/66MHz PCI",
    .cpu_mhz = 1700,
    .has_mmx = 1, .has_sse = 1, .has_wc = 1,
    .wc_line = 64,
    .uc_store_ps = 30000, .wc_line_ps = 40000, .wc_store_ps = 1500,
    .src_line_ps = 100000, .src_line_pf_ps = 15000,
    .pio_call_ps = 100000,
    .memcpy_Bps = 700e6, .memcpy_call_ps = 100000,
    .ram_bytes = 512ull << 20, .contig_regions = 8,
    .syscall_ps = 800000,
    .pin_call_ps = 8000000, .pin_page_ps = 150000, .unpin_page_ps = 30000,
    .xlate_page_ps = 30000,
    .irq_entry_ps = 3500000, .irq_exit_ps = 800000,
    .nbuses = 2, .bus = {&chipset_i860_ich2, &chipset_i860_p64h},
};
