/* PPro-200 host: "four 200-MHz Pentium Pro (PPro) processors and 32b/33MHz
 * PCI", used "only ... as a point of comparison for PCI measurements"; no
 * MMX or SSE (dissertation L1449, L1529). docs/hosts.md "PPro-200". */
#include "host_profile.h"

const host_profile host_ppro200 = {
    .name = "ppro200",
    .desc = "4x Pentium Pro 200 MHz, 32b/33MHz PCI",
    .cpu_mhz = 200,
    .has_mmx = 0, .has_sse = 0, .has_wc = 0,
    .wc_line = 32,
    .uc_store_ps = 60000, .wc_line_ps = 0, .wc_store_ps = 0,
    .src_line_ps = 250000, .src_line_pf_ps = 250000,
    .pio_call_ps = 400000,
    .memcpy_Bps = 70e6, .memcpy_call_ps = 500000,
    .ram_bytes = 256ull << 20, .contig_regions = 8,
    .syscall_ps = 4000000,
    .pin_call_ps = 30000000, .pin_page_ps = 2500000, .unpin_page_ps = 1000000,
    .xlate_page_ps = 500000,
    .irq_entry_ps = 8000000, .irq_exit_ps = 3000000,
    .nbuses = 1, .bus = {&chipset_ppro200},
};
