/* A switched 100 Mb/s Ethernet with a NIC and a kernel TCP path per host,
 * on the event queue. A host's kernel takes a message (a typed record with
 * four arguments and a payload, what the sockets layer sends) onto the TCP
 * flow to another host: payload in segments of at most one MSS, each a
 * frame through the NIC's transmit DMA, the wire, the store-and-forward
 * switch, the receiver's NIC DMA and an interrupt with the kernel's
 * receive processing, after which its bytes are in the receiver's socket
 * buffer (the host's rx callback) and a blocked reader is woken. Sender
 * window and ACK clocking, delayed ACK piggy-backed on data, Nagle as a
 * switch. No loss (so no retransmission). One flow per ordered pair of
 * hosts carries all their connections (enough for the benchmarks).
 *
 * The kernel's CPU time: the send path's (copy, per-segment processing) is
 * returned to the caller to charge to the sending process; the receive
 * side's (interrupt, per-segment processing, ACKs and the transmissions
 * they clock out) runs on a per-host kernel timeline that does not delay
 * the host's process (an approximation: docs/sockets.md). */
#ifndef MYRISIM_ETH_NET_H
#define MYRISIM_ETH_NET_H

#include "eth_params.h"

typedef struct eth_net eth_net;

/* What a host's kernel costs (from its profile). */
typedef struct eth_host {
    uint32_t cpu_mhz;
    double pci_Bps;            /* the NIC's bus: peak bytes per second */
    double memcpy_Bps;
    sim_time irq_entry_ps, irq_exit_ps;
} eth_host;

/* The kernel put a message's bytes into this host's socket buffer. */
typedef void (*eth_rx_fn)(void *ctx, uint32_t src, uint32_t kind, const uint32_t a[4], const uint8_t *data,
                          uint32_t len);

/* The network of the cluster on event queue q (made by the first host
 * that attaches, freed when the last detaches). */
eth_net *eth_attach(evq *q, uint32_t nodes, uint32_t node, const eth_host *h, const eth_wire *w, const eth_nic *nic,
                    const eth_tcp *tcp, eth_rx_fn fn, void *ctx, char *err, size_t errlen);
void eth_detach(eth_net *n, uint32_t node);

/* Host src's kernel sends a message to dst at time now (the caller's
 * process, after its system call); returns the kernel CPU time the send
 * path takes (the user->kernel copy and the per-segment work), which the
 * caller charges. control = 1: a connection or window record (one segment,
 * no payload bytes in the stream). */
sim_time eth_send(eth_net *n, uint32_t src, uint32_t dst, uint32_t kind, const uint32_t a[4], const void *data,
                  uint32_t len, int control);
uint32_t eth_mss(const eth_net *n);

typedef struct eth_stats {
    uint64_t frames, data_segments, acks, piggy_acks, window_stalls, wire_bytes;
} eth_stats;
const eth_stats *eth_get_stats(const eth_net *n);

#endif
