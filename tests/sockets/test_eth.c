/* The Ethernet + TCP model (model/eth) alone on an event queue: the wire
 * arithmetic of 802.3 exactly, one segment's way from the sending kernel to
 * the receiving socket buffer to the picosecond, the window holding back
 * and ACKs clocking out a long message, and nothing lost or reordered. */
#include "../harness/harness.h"

#include "../../model/eth/eth_net.h"

#include <stdlib.h>
#include <string.h>

TEST(eth, wire_bytes_and_time_follow_802_3)
{
    const eth_wire *w = &eth_wire_100;
    /* a 40-byte IP packet is padded to a 64-byte frame; + 8 preamble + 12 gap */
    ASSERT_EQ(eth_wire_bytes(w, 40), 84);
    ASSERT_EQ(eth_wire_bytes(w, 46), 84);
    ASSERT_EQ(eth_wire_bytes(w, 47), 85);
    /* a full 1500-byte packet: 1518-byte frame, 1538 bytes of wire time */
    ASSERT_EQ(eth_wire_bytes(w, 1500), 1538);
    ASSERT_EQ(eth_wire_ps(w, 1500), 1538ull * 80000);   /* 80 ns a byte at 100 Mb/s */
    ASSERT_EQ(eth_wire_ps(w, 40), 84ull * 80000);
}

typedef struct got {
    uint32_t n, bytes, src, kind;
    sim_time last;
    evq *q;
    uint8_t buf[300000];
} got;

static void rx(void *ctx, uint32_t src, uint32_t kind, const uint32_t a[4], const uint8_t *data, uint32_t len)
{
    got *g = ctx;
    (void)a;
    if (g->bytes + len <= sizeof g->buf && len) memcpy(g->buf + g->bytes, data, len);
    g->n++, g->bytes += len, g->src = src, g->kind = kind;
    g->last = evq_now(g->q);
}

static const eth_host host550 = {550, 133e6, 115e6, 4000000, 860000};

TEST(eth, one_segment_arrives_when_the_sum_of_its_stages_says)
{
    evq *q = evq_new();
    got *g0 = calloc(1, sizeof *g0), *g1 = calloc(1, sizeof *g1);
    g0->q = g1->q = q;
    char err[200];
    eth_net *n0 = eth_attach(q, 2, 0, &host550, &eth_wire_100, &eth_nic_fast, &eth_tcp_linux24, rx, g0, err, sizeof err);
    eth_net *n1 = eth_attach(q, 2, 1, &host550, &eth_wire_100, &eth_nic_fast, &eth_tcp_linux24, rx, g1, err, sizeof err);
    ASSERT_TRUE(n0 && n0 == n1);
    uint8_t data[100];
    for (int i = 0; i < 100; i++) data[i] = (uint8_t)i;
    uint32_t a[4] = {7, 0, 0, 0};
    sim_time k = eth_send(n0, 0, 1, 2, a, data, 100, 0);
    const eth_tcp *t = &eth_tcp_linux24;
    /* the send path: the copy (100 B at 115 MB/s) and one segment's work */
    sim_time copy = (sim_time)(100 * 1e12 / 115e6 + 0.5), tx = (sim_time)t->tx_seg_cycles * 1000000 / 550;
    ASSERT_EQ(k, copy + tx);
    evq_run_until(q, SIM_US(10000));
    ASSERT_EQ(g1->n, 1);
    ASSERT_EQ(g1->bytes, 100);
    ASSERT_EQ(g1->src, 0);
    ASSERT_EQ(g1->kind, 2);
    ASSERT_TRUE(memcmp(g1->buf, data, 100) == 0);
    uint32_t ip = t->hdr + 100;
    sim_time dma = eth_nic_fast.desc_ps + (sim_time)((ip + 14) * 1e12 / (133e6 * 0.8) + 0.5);
    sim_time wire = eth_wire_ps(&eth_wire_100, ip), prop = eth_wire_100.propagation_ps;
    sim_time kernel = 4000000 + (sim_time)t->rx_seg_cycles * 1000000 / 550 + 860000;
    sim_time want = copy + tx + dma + wire + prop + eth_wire_100.switch_ps + wire + prop + dma + kernel;
    harness_note("one 100-byte segment: %.3f us from the send call to the socket buffer", (double)want / 1e6);
    ASSERT_EQ(g1->last, want);
    free(g0), free(g1);
    eth_detach(n0, 0), eth_detach(n1, 1);
    evq_free(q);
}

TEST(eth, a_long_message_is_held_by_the_window_and_arrives_whole_in_order)
{
    evq *q = evq_new();
    got *g0 = calloc(1, sizeof *g0), *g1 = calloc(1, sizeof *g1);
    g0->q = g1->q = q;
    char err[200];
    eth_net *n = eth_attach(q, 2, 0, &host550, &eth_wire_100, &eth_nic_fast, &eth_tcp_linux24, rx, g0, err, sizeof err);
    ASSERT_TRUE(eth_attach(q, 2, 1, &host550, &eth_wire_100, &eth_nic_fast, &eth_tcp_linux24, rx, g1, err, sizeof err) == n);
    uint32_t len = 200000;
    uint8_t *d = malloc(len);
    for (uint32_t i = 0; i < len; i++) d[i] = (uint8_t)(i * 13 + (i >> 9));
    uint32_t a[4] = {0};
    eth_send(n, 0, 1, 2, a, d, len, 0);
    evq_run_until(q, SIM_US(100000));
    uint32_t segs = (len + eth_mss(n) - 1) / eth_mss(n);
    ASSERT_EQ(g1->n, segs);
    ASSERT_EQ(g1->bytes, len);
    ASSERT_TRUE(memcmp(g1->buf, d, len) == 0);
    const eth_stats *st = eth_get_stats(n);
    harness_note("%u segments, %llu ACKs, %llu window stalls, last byte at %.1f us (%.2f MB/s)", segs,
                 (unsigned long long)st->acks, (unsigned long long)st->window_stalls, (double)g1->last / 1e6,
                 len / ((double)g1->last / 1e6));
    ASSERT_TRUE(st->window_stalls > 0);             /* 200 KB > the 64 KB window */
    /* one per two segments; the odd last one by the 40 ms delayed-ACK timer */
    ASSERT_EQ(st->acks, (segs + 1) / 2);
    /* no faster than the wire: 1448 payload bytes per 1538 bytes of wire time */
    ASSERT_TRUE(g1->last > (sim_time)segs * eth_wire_ps(&eth_wire_100, 1500));
    free(d), free(g0), free(g1);
    eth_detach(n, 0), eth_detach(n, 1);
    evq_free(q);
}
