/* LANai 4 board, PCI side (32-bit card). Calibration: docs/hosts.md
 * "Card PCI interface". */
#include "cardpci.h"

const card_pci_params cardpci_lanai4 = {
    .name = "lanai4-pci",
    .width = 4,
    .tgt_wr_wait = 1,          /* Fig 5.3a: 64-byte SSE bursts reach 102 MB/s on 32b/33 */
    .tgt_rd_wait = 12,         /* with the bridge, a PIO read is "roughly 1 us" (L1469) */
    .tgt_boundary = 256,       /* proposed: the board's PCI FIFO */
    .dma_latency_timer = 64,   /* proposed: a common BIOS default */
    .dma_max_burst = 0,
    .dma_start = 35,           /* appendix A: minimum PCI DMA time 2 us, Fig 5.6: half of the peak */
    .dma_done = 8,             /* at 256 B, both as firmware times them (docs/hosts.md, recalibrated
                                  on the full model: the LANai 4's own polling costs ~0.44 us) */
    .dma_desc = 0,             /* no descriptors */
    .irq_delay = 15,           /* appendix A: interrupt service 6.5 us vs 6 us on the LANai 9 */
};

const card_pci_params *cardpci_for(lanai_chip_id chip)
{
    if (chip == CHIP_LANAI4) return &cardpci_lanai4;
    if (chip == CHIP_LANAI9) return &cardpci_lanai9;
    return 0;
}
