/* The DAS cluster's LANai 4.1 board, PCI side (seed 002 §1.6): the LANai 4
 * board's profile except as a PIO read target. Seed 002 measures one PIO
 * read of NI memory at 467 ns on its 440FX hosts (L899: "each poll in the
 * simple scheme (i.e., an I/O bus transfer) costs 467 nanoseconds") and
 * 7 MiB/s for 4-byte reads in a loop (Table 2.1, L847), where the LANai 4
 * profile (calibrated to GRIM's "roughly 1 us", L1469) gives about 1.2 us.
 * The wait states are set with the 440FX's bridge share so that a read
 * costs what L899 says (docs/lfc.md "The DAS node"). */
#include "cardpci.h"

const card_pci_params cardpci_lanai41 = {
    .name = "lanai4.1-pci",
    .width = 4,
    .tgt_wr_wait = 1,
    .tgt_rd_wait = 4,
    .tgt_boundary = 256,
    .dma_latency_timer = 64,
    .dma_max_burst = 0,
    .dma_start = 35,
    .dma_done = 8,
    .dma_desc = 0,
    .irq_delay = 15,
};
