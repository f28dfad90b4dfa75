/* The Ethernet + TCP baseline's inputs and why each has its value. None is
 * taken from Table 8.1 or Figure 8.10; the host's own costs (clock, system
 * call, interrupt entry/exit, memcpy bandwidth, PCI bus) come from its
 * profile in model/host and model/pci.
 *
 * Wire (IEEE 802.3u, 100BASE-TX): 100 Mb/s; every frame carries 7 bytes of
 * preamble and a start delimiter (8), a 14-byte header and a 4-byte FCS,
 * is padded to 64 bytes, and is followed by a 96-bit-time gap (12 bytes).
 * An IP packet is at most 1500 bytes. Switch: store-and-forward (a whole
 * frame is received before it is sent on); 4 us from last bit in to first
 * bit out, the order of what the data sheets of 2001-era 10/100 switches
 * quote (a few microseconds of lookup and queueing beyond the frame time).
 * Propagation: 20 m of cable at 0.66 c, about 0.1 us.
 *
 * NIC (a 2001 Fast Ethernet bus master of the 3c905 / eepro100 kind):
 * each frame costs a descriptor fetch, a status write-back and the DMA's
 * start, about 1.5 us of bus and chip time on 32b/33MHz PCI; the frame's
 * bytes move at 80% of the bus's peak (burst reads with arbitration and
 * the latency timer; model/pci measures about that for large DMA).
 *
 * TCP (Linux 2.4, the dissertation's hosts): headers 20 (IP) + 20 (TCP) +
 * 12 (timestamps, on by default) = 52 bytes, so an MSS of 1448. Window:
 * 64 KB (no window scaling needed on a LAN; 2.4's default receive buffer
 * gives about that). Per-segment kernel work, in CPU cycles (so a faster
 * CPU does it faster): send path 3000 (system-call entry is charged
 * separately; tcp_sendmsg, checksum of the header, ip_queue_xmit,
 * dev_queue_xmit, the driver's descriptor set-up: the "about 2-3k
 * instructions per packet" of the 2.4-era send-path measurements), receive
 * path 4000 for a data segment (driver rx, netif_rx softirq, ip_rcv,
 * tcp_v4_rcv with the checksum of the payload deferred to the copy, queueing
 * on the socket), 1500 for a pure ACK; waking a reader blocked in read
 * 2000 (the scheduler's wake-up and context switch). The copies
 * (user->kernel with checksum, kernel->user) run at the profile's memcpy
 * bandwidth; the interrupt per frame at its entry / exit costs. Delayed
 * ACK: one ACK per two full segments, a 40 ms timer (Linux TCP_DELACK_MIN),
 * piggy-backed on data going back. Nagle: off (the programs set
 * TCP_NODELAY); both are switches. */
#include "eth_params.h"

const eth_wire eth_wire_100 = {
    .bps = 100e6, .preamble = 8, .mac_overhead = 18, .ifg = 12, .min_frame = 64, .ip_mtu = 1500,
    .switch_ps = SIM_US(4), .propagation_ps = SIM_NS(100),
};

const eth_nic eth_nic_fast = {.desc_ps = SIM_NS(1500), .dma_efficiency = 0.8};

const eth_tcp eth_tcp_linux24 = {
    .hdr = 52, .window = 65535,
    .tx_seg_cycles = 3000, .rx_seg_cycles = 4000, .rx_ack_cycles = 1500, .wakeup_cycles = 2000,
    .delack_segs = 2, .delack_ps = SIM_US(40000), .nagle = 0,
};

uint32_t eth_wire_bytes(const eth_wire *w, uint32_t ip_bytes)
{
    uint32_t frame = ip_bytes + w->mac_overhead;
    if (frame < w->min_frame) frame = w->min_frame;
    return frame + w->preamble + w->ifg;
}

sim_time eth_wire_ps(const eth_wire *w, uint32_t ip_bytes)
{
    /* bits / bps in picoseconds, exact for 100 Mb/s (80 000 ps a byte) */
    return (sim_time)((double)eth_wire_bytes(w, ip_bytes) * 8.0 * 1e12 / w->bps + 0.5);
}
