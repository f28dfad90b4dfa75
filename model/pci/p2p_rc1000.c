/* The RC-1000's PCI-to-PCI bridge to its PMC sites (Figure 6.4; L1580:
 * "a PCI bridge unit to allow the LANai 4 PMC card to appear as a normal PCI
 * device"). The dissertation names no part and gives no timing, so every
 * number is our input, chosen once as typical of the transparent bridges of
 * the time (a few cache-line buffers each way, one wait state to accept a
 * posted write, a delayed read that costs a round trip), and never fitted
 * to the 112 MB/s of L1589: docs/endpoints.md "Device trees". */
#include "p2p.h"

const pci_p2p_params p2p_rc1000 = {
    .name = "rc1000-bridge",
    .desc = "RC-1000 PCI-to-PCI bridge to the PMC sites, 32b/33MHz secondary bus",
    .sec = {.name = "32b/33MHz", .clock_ps = 30000, .width = 4, .arb_cycles = 2, .turnaround = 1,
            .abort_cycles = 5},
    .width = 4,
    .post_bufs = 2,            /* upstream posted-write buffers */
    .post_buf_bytes = 64,      /* two cache lines each */
    .wr_wait = 1,
    .fwd_gap = 1,              /* a full buffer raises the bridge's request on the next clock */
    .latency_timer = 32,
    .fwd_wait = 8,             /* delayed read / non-posted write: out and back */
    .fwd_boundary = 64,
};
