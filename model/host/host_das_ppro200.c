/* The DAS node of seed 002 (Bhoedjang's LFC thesis, §1.6, L702-L716): a
 * 200 MHz Pentium Pro with 32-byte cache lines, write combining, a 66 MHz
 * memory bus and a 32-bit/33 MHz PCI bus (chipset_440fx.c). A profile of its
 * own; host_ppro200.c stays calibrated to the GRIM dissertation's machine.
 * Component calibration against Table 2.1 (L847; Mbyte = 2^20 bytes):
 * memcpy 52, PIO 25, PIO + WC 84. Inputs from §2.5 (L891-L899): kernel
 * interrupt handler 8 us, user-level signal 17 us, polls 5 / 74 ns. The rest
 * is the PPro-200 profile's (proposed). docs/lfc.md "The DAS node". */
#include "host_profile.h"

const host_profile host_das_ppro200 = {
    .name = "das-ppro200",
    .desc = "DAS node: Pentium Pro 200 MHz, 440FX, 32b/33MHz PCI",
    .cpu_mhz = 200,
    .has_mmx = 0, .has_sse = 0, .has_wc = 1,
    .wc_line = 32,
    .uc_store_ps = 60000, .wc_line_ps = 60000, .wc_store_ps = 5000,
    .src_line_ps = 250000, .src_line_pf_ps = 250000,
    .pio_call_ps = 400000,
    .memcpy_Bps = 52.0 * 1048576.0, .memcpy_call_ps = 500000,
    .ram_bytes = 128ull << 20, .contig_regions = 8,
    .syscall_ps = 4000000,
    .pin_call_ps = 30000000, .pin_page_ps = 2500000, .unpin_page_ps = 1000000,
    .xlate_page_ps = 500000,
    .irq_entry_ps = 8000000, .irq_exit_ps = 3000000,
    .poll_miss_ps = 5000, .poll_hit_ps = 74000, .signal_ps = 17000000,
    .card_pci = &cardpci_lanai41,
    .nbuses = 1, .bus = {&chipset_440fx},
};
