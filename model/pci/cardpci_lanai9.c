/* LANai 9 board (PCI64B class), PCI side (64-bit card; narrows to 32 bits in
 * a 32-bit slot). Calibration: docs/hosts.md "Card PCI interface". */
#include "cardpci.h"

const card_pci_params cardpci_lanai9 = {
    .name = "lanai9-pci",
    .width = 8,
    .tgt_wr_wait = 1,
    .tgt_rd_wait = 10,
    .tgt_boundary = 256,
    .dma_latency_timer = 64,
    .dma_max_burst = 0,
    .dma_start = 45,           /* same minimum PCI DMA time as the LANai 4: 2 us (appendix A), as
                                  firmware times it (recalibrated on the full model, docs/hosts.md) */
    .dma_done = 8,
    .dma_desc = 12,            /* proposed: a 24-byte descriptor read from SRAM */
    .irq_delay = 0,
};
