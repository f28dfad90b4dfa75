/* P3-550 host: "a single 550-MHz Pentium III (P3) processor and a 32b/33MHz
 * PCI bus" (dissertation L1449). Calibrated on Fig 5.2 and Fig 5.6a;
 * docs/hosts.md "P3-550". */
#include "host_profile.h"

const host_profile host_p3_550 = {
    .name = "p3-550",
    .desc = "Pentium III 550 MHz, 32b/33MHz PCI",
    .cpu_mhz = 550,
    .has_mmx = 1, .has_sse = 1, .has_wc = 1,
    .wc_line = 32,
    .uc_store_ps = 50000, .wc_line_ps = 60000, .wc_store_ps = 4000,
    .src_line_ps = 150000, .src_line_pf_ps = 40000,
    .pio_call_ps = 200000,
    .memcpy_Bps = 115e6, .memcpy_call_ps = 200000,
    .ram_bytes = 256ull << 20, .contig_regions = 8,
    .syscall_ps = 1500000,
    .pin_call_ps = 15000000, .pin_page_ps = 200000, .unpin_page_ps = 50000,
    .xlate_page_ps = 50000,
    .irq_entry_ps = 4000000, .irq_exit_ps = 860000,
    .nbuses = 1, .bus = {&chipset_p3_550},
};
