/* Inputs of the 100 Mb/s Ethernet + TCP baseline (dissertation §8.3.4,
 * Table 8.1, Figure 8.10): the wire and switch (IEEE 802.3 arithmetic), the
 * NIC (a PCI bus master with descriptor rings and one interrupt per
 * frame), and the host's kernel TCP/IP path in CPU cycles, so that each
 * host profile's clock, system call, interrupt and copy costs
 * (model/host) turn them into time. eth_params.c gives the reasoning for
 * every number; none is fitted to Table 8.1. */
#ifndef MYRISIM_ETH_PARAMS_H
#define MYRISIM_ETH_PARAMS_H

#include "../event/evq.h"

typedef struct eth_wire {
    double bps;                /* 100e6 */
    uint32_t preamble;         /* preamble + start delimiter bytes (8) */
    uint32_t mac_overhead;     /* MAC header + FCS (14 + 4) */
    uint32_t ifg;              /* inter-frame gap in byte times (12) */
    uint32_t min_frame;        /* smallest frame, header and FCS included (64) */
    uint32_t ip_mtu;           /* largest IP packet (1500) */
    sim_time switch_ps;        /* store-and-forward switch: lookup and forwarding after the last bit */
    sim_time propagation_ps;   /* cable, per hop */
} eth_wire;

typedef struct eth_nic {
    sim_time desc_ps;          /* per frame: descriptor fetch / write-back and DMA start on the bus */
    double dma_efficiency;     /* fraction of the bus's peak a frame's DMA gets */
} eth_nic;

typedef struct eth_tcp {
    uint32_t hdr;              /* IP + TCP header bytes of a segment (timestamps on) */
    uint32_t window;           /* receive window advertised (bytes) */
    uint32_t tx_seg_cycles;    /* kernel send path per segment (tcp_sendmsg .. driver xmit) */
    uint32_t rx_seg_cycles;    /* receive path per data segment (driver rx .. socket queue) */
    uint32_t rx_ack_cycles;    /* receive path of a pure ACK (and the transmissions it clocks out) */
    uint32_t wakeup_cycles;    /* waking the blocked reader (scheduler) */
    uint32_t delack_segs;      /* delayed ACK: one ACK per this many full segments (1 = off) */
    sim_time delack_ps;        /* delayed-ACK timer */
    int nagle;                 /* Nagle's algorithm (the benchmarks set TCP_NODELAY) */
} eth_tcp;

extern const eth_wire eth_wire_100;
extern const eth_nic eth_nic_fast;
extern const eth_tcp eth_tcp_linux24;

/* Exact wire arithmetic: bytes on the wire (preamble, header, padding,
 * FCS, gap) and time of a frame carrying an IP packet of ip_bytes. */
uint32_t eth_wire_bytes(const eth_wire *w, uint32_t ip_bytes);
sim_time eth_wire_ps(const eth_wire *w, uint32_t ip_bytes);

#endif
