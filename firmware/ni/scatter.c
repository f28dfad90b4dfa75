/* The scale stress at the NI level (scenarios/scale/stress_512.cfg): every
 * NI sends one packet of BYTES payload to each of the PEERS NIs after it
 * (me+1 .. me+PEERS, mod n) and takes the PEERS packets of the NIs before
 * it, checking each one's length, CRC, header and every payload byte; then
 * it halts, and the run ends when the last NI has. Run by the ni_pingpong
 * experiment kind: NI 0's marks 1 and 2 bracket its own share, and it prints
 * what that kind wants: "measure iters 1", "measure bytes BYTES" and its
 * share's cycles as min_rtt_cycles (the scenario reports sim_us and events).
 *
 * No NI ever waits for its send engine while a packet may be waiting for
 * it: one loop polls the ISR, reposts the receive buffer as soon as a packet
 * is in, and starts the next packet (route, header and payload as one
 * segment) only when the engine is idle. So the fabric always drains and
 * nothing can close a cycle through an NI (the ring test's deadlock). */
#include "common.h"

#ifndef BYTES
#define BYTES 64
#endif
#ifndef PEERS
#define PEERS 4
#endif
#if BYTES < 4 || BYTES % 4 || BYTES > 4096
#error "BYTES must be a multiple of 4 in 4..4096 (LANai 4 send limits name whole words)"
#endif
#if PEERS < 1
#error "PEERS must be >= 1"
#endif

#define PLEN (8u + BYTES)                        /* header + payload */
#define RXSIZE ((PLEN + NI_RECV_SLACK + 7u) & ~7u)

/* the route goes in the 32 bytes before the header */
static unsigned char tx[32 + PLEN] __attribute__((aligned(8)));
static unsigned char rx[RXSIZE] __attribute__((aligned(8)));

/* Build the packet to dest in tx and start it (the engine is idle). */
static void send_to(unsigned me, unsigned dest)
{
    pkt_hdr *h = (pkt_hdr *)(tx + 32);
    h->type = PKT_DATA | BYTES;
    h->seq = me;
    fill(tx + 40, BYTES, me ^ (dest << 12));
    unsigned char *p = ni_route_prepend(dest, tx + 32);
    if (!p) fail(2, "no route", dest, 0);
    ni_send_segment(p, (unsigned)(tx + 32 + PLEN - p), 1);
}

/* The packet in rx: from one of the PEERS NIs before me, intact. */
static void take(unsigned me, unsigned n, unsigned *seen)
{
    unsigned len = ni_recv_len(rx);
    if (len != PLEN) fail(4, "length", len, PLEN);
    if (!ni_recv_crc_ok(rx, len)) fail(3, "crc", len, 0);
    const pkt_hdr *h = (const pkt_hdr *)rx;
    unsigned src = h->seq, back = (me + n - src) % n;
    if (h->type != (PKT_DATA | BYTES) || src >= n || back == 0 || back > PEERS) fail(5, "header", h->type, src);
    if (seen[back - 1]) fail(7, "duplicate", src, 0);
    seen[back - 1] = 1;
    unsigned bad = check(rx + 8, BYTES, src ^ (me << 12));
    if (bad != BYTES) fail(6, "data", src, bad);
}

int main(void)
{
    if (!ni_have_routes()) fail(1, "no route table", 0, 0);
    unsigned me = ni_my_id(), n = ni_num_nodes();
    unsigned peers = PEERS < n ? PEERS : n - 1;
    unsigned seen[PEERS] = {0};
    ni_crc_enable(1);
    unsigned c0 = SIM_REG(SIMSVC_CYCLE_LO);
    if (me == 0) sim_mark(1);
    ni_recv_post(rx, RXSIZE);
    unsigned sent = 0, got = 0;
    while (got < peers || sent < peers || !(ni_events() & NI_EV_SEND)) {
        unsigned e = ni_events();
        if (e & NI_EV_RECV) {
            take(me, n, seen);
            got++;
            ni_ack(NI_EV_RECV | NI_EV_HEAD);
            ni_recv_post(rx, RXSIZE);
        }
        if (sent < peers && (e & NI_EV_SEND)) {
            sent++;
            send_to(me, (me + sent) % n);
        }
    }
    if (me == 0) {
        sim_mark(2);
        con_printf("measure min_rtt_cycles %u\n", SIM_REG(SIMSVC_CYCLE_LO) - c0);
        con_printf("measure bytes %u\n", (unsigned)BYTES);
        con_printf("measure iters 1\n");
    }
    return 0;
}
