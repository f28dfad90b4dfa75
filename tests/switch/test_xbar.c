/* Crossbar behaviour: route decoding, arbitration, bad routes, timeouts. */
#include "../harness/harness.h"
#include "net_fixture.h"

#include <string.h>

TEST(switch_xbar, route_byte_decoding)
{
    ASSERT_EQ(xbar_route_out(16, 5, 0x80), 5);            /* offset 0: back out */
    ASSERT_EQ(xbar_route_out(16, 5, 0x83), 8);
    ASSERT_EQ(xbar_route_out(16, 5, 0xBF), 4);            /* 0x3F = -1 */
    ASSERT_EQ(xbar_route_out(16, 5, 0xBB), 0);            /* -5 */
    ASSERT_EQ(xbar_route_out(16, 5, 0xBA), -1);           /* -6: below port 0 */
    ASSERT_EQ(xbar_route_out(16, 5, 0x8B), -1);           /* 16: past the last port */
    ASSERT_EQ(xbar_route_out(32, 0, 0x9F), 31);           /* +31 */
    ASSERT_EQ(xbar_route_out(32, 31, 0xA1), 0);           /* -31 */
    ASSERT_EQ(xbar_route_out(32, 31, 0xA0), -1);          /* -32 */
    ASSERT_EQ(xbar_route_out(16, 5, 0x03), -1);           /* MSB 0 */
    char err[128];
    xbar_params p;
    xbar_params_default(&p, 12);
    evq *q = evq_new();
    ASSERT_TRUE(xbar_new(q, &p, "swX", err, sizeof err) == NULL);
    ASSERT_TRUE(strstr(err, "swX") && strstr(err, "12 ports"));
    evq_free(q);
}

static void open_star(net_fx *x, int nni, const fabric_opts *o)
{
    char err[512];
    topo_opts to;
    topo_opts_default(&to);
    topo_init(&x->t);
    ASSERT_EQ(topo_build_switch(&x->t, nni, &to, err, sizeof err), 0);
    ASSERT_EQ(fx_open(x, o, err, sizeof err), 0);
}

TEST(switch_xbar, round_robin_between_contending_inputs)
{
    /* three inputs keep one output busy. After a tail leaves, that input's
     * next head needs the routing latency, so the other two are waiting:
     * round robin must rotate 0,1,2 (a fixed priority would starve input 2) */
    net_fx x = {0};
    fabric_opts o;
    fabric_opts_default(&o);
    open_star(&x, 4, &o);
    for (int s = 0; s < 3; s++)
        for (unsigned k = 0; k < 8; k++) fx_send(&x, s, 3, 300, (unsigned)s * 100 + k, 0);
    evq_run_until(x.q, SIM_US(10000));
    fake_ni *r = &x.ni[3];
    ASSERT_EQ(r->npkts, 24);
    int count[3] = {0}, next_seq[3] = {0};
    char order[64] = {0};
    for (int i = 0; i < 24; i++) {
        int s = r->pkt[i].tag.src;
        ASSERT_TRUE(s >= 0 && s < 3);
        ASSERT_EQ(r->pkt[i].tag.seq, next_seq[s]);       /* in order per source */
        ASSERT_TRUE(fx_payload_ok(&r->pkt[i], 300, (unsigned)s * 100 + (unsigned)next_seq[s]));
        next_seq[s]++;
        count[s]++;
        order[i] = (char)('0' + s);
    }
    harness_note("arrival order by source: %s", order);
    /* in every window of three consecutive packets each source appears once */
    for (int i = 0; i + 3 <= 24; i++)
        ASSERT_TRUE(order[i] != order[i + 1] && order[i] != order[i + 2] && order[i + 1] != order[i + 2]);
    ASSERT_EQ(count[0], 8);
    ASSERT_EQ(count[1], 8);
    ASSERT_EQ(count[2], 8);
    fx_close(&x);
}

TEST(switch_xbar, bad_route_dropped_and_next_packet_passes)
{
    net_fx x = {0};
    fabric_opts o;
    fabric_opts_default(&o);
    open_star(&x, 3, &o);                                 /* ni0..2 on ports 0..2 of 16 */
    uint8_t pkt[200];
    const uint8_t msb0[] = {0x01}, below0[] = {0xBF}, uncabled[] = {0x89}, past[] = {0x90};
    const uint8_t good[] = {0x81};                        /* port 0 -> 1 */
    unsigned n;
    n = fni_make_packet(pkt, msb0, 1, 150, 1);
    fni_send_at(&x.ni[0], 0, pkt, n);
    n = fni_make_packet(pkt, below0, 1, 150, 2);
    fni_send_at(&x.ni[0], 0, pkt, n);
    n = fni_make_packet(pkt, uncabled, 1, 150, 3);
    fni_send_at(&x.ni[0], 0, pkt, n);
    n = fni_make_packet(pkt, past, 1, 150, 4);
    fni_send_at(&x.ni[0], 0, pkt, n);
    n = fni_make_packet(pkt, good, 1, 150, 5);
    fni_send_at(&x.ni[0], 0, pkt, n);
    evq_run_until(x.q, SIM_US(1000));
    const xbar_stats *st = xbar_get_stats(fabric_switch(x.f, 0));
    ASSERT_EQ(st->bad_route, 4);
    ASSERT_EQ(st->forwarded, 1);
    char sum[256];
    ASSERT_TRUE(strstr(fabric_drop_summary(x.f, sum, sizeof sum), "0 blocked-packet timeouts (0 truncated), 4 bad routes"));
    ASSERT_TRUE(strstr(sum, "by switch") == NULL);        /* no timeouts, no list */
    ASSERT_EQ(x.ni[1].npkts, 1);
    ASSERT_TRUE(fx_payload_ok(&x.ni[1].pkt[0], 150, 5));
    ASSERT_EQ(x.ni[2].npkts, 0);
    ASSERT_EQ(x.ni[0].npkts, 0);
    ASSERT_EQ(x.ni[0].segs_done, 5);                      /* the sender was not blocked */
    fx_close(&x);
}

TEST(switch_xbar, blocked_packet_timeout_truncates_and_recovers)
{
    net_fx x = {0};
    fabric_opts o;
    fabric_opts_default(&o);
    o.sw.block_timeout = SIM_US(20);
    open_star(&x, 3, &o);
    fni_accept(&x.ni[1], ~0u, 0, SIM_TIME_NEVER);        /* ni1 refuses */
    fx_send(&x, 0, 1, 1000, 11, 0);                       /* holds the output to ni1 */
    fx_send(&x, 2, 1, 400, 12, SIM_US(1));                /* waits for it */
    evq_run_until(x.q, SIM_US(200));
    const xbar_stats *st = xbar_get_stats(fabric_switch(x.f, 0));
    ASSERT_EQ(st->timeouts, 2);
    ASSERT_EQ(st->truncated, 1);                          /* only the holder had bytes out */
    /* the stats line of a run (MYRISIM_COSIM_STATS) names them */
    char sum[256];
    fabric_drop_summary(x.f, sum, sizeof sum);
    harness_note("%s", sum);
    ASSERT_TRUE(strstr(sum, "switch drops: 2 blocked-packet timeouts (1 truncated), 0 bad routes, 0 runts") == sum);
    ASSERT_TRUE(strstr(sum, "timeouts by switch: ") && strstr(sum, " 2"));
    ASSERT_EQ(x.ni[0].segs_done, 1);                      /* the switch drained both */
    ASSERT_EQ(x.ni[2].segs_done, 1);
    ASSERT_EQ(x.ni[1].npkts, 0);
    /* ni1 posts a buffer: it sees the cut packet, ended by a bare GAP */
    fni_accept(&x.ni[1], ~0u, 0, 0);
    fni_poll(&x.ni[1]);
    evq_run_until(x.q, SIM_US(300));
    ASSERT_EQ(x.ni[1].npkts, 1);
    fni_pkt *p = &x.ni[1].pkt[0];
    ASSERT_TRUE(p->flags & EP_RX_TRUNCATED);
    ASSERT_TRUE(p->len > 0 && p->len < 1000);
    uint8_t want[1000];
    fni_make_packet(want, NULL, 0, 1000, 11);
    ASSERT_MEM_EQ(p->data, want, p->len);                 /* a prefix, intact */
    harness_note("truncated packet: %u of 1000 bytes", p->len);
    /* the output was released: a new packet goes through whole */
    fx_send(&x, 2, 1, 400, 13, SIM_US(310));
    evq_run_until(x.q, SIM_US(400));
    ASSERT_EQ(x.ni[1].npkts, 2);
    ASSERT_TRUE(fx_payload_ok(&x.ni[1].pkt[1], 400, 13));
    ASSERT_EQ(fabric_overflows(x.f), 0);
    fx_close(&x);
}

TEST(switch_xbar, no_timeout_while_packet_moves_slowly)
{
    /* a slow receiver keeps the packet moving: no drop even though the
     * transfer takes far longer than the timeout */
    net_fx x = {0};
    fabric_opts o;
    fabric_opts_default(&o);
    o.sw.block_timeout = SIM_US(5);
    open_star(&x, 2, &o);
    fni_accept(&x.ni[1], 4, SIM_NS(400), 0);              /* 10 MB/s */
    fx_send(&x, 0, 1, 2000, 4, 0);
    evq_run_until(x.q, SIM_US(1000));
    ASSERT_EQ(xbar_get_stats(fabric_switch(x.f, 0))->timeouts, 0);
    char sum[64];
    ASSERT_STR_EQ(fabric_drop_summary(x.f, sum, sizeof sum), "");   /* nothing dropped: no line */
    ASSERT_EQ(x.ni[1].npkts, 1);
    ASSERT_TRUE(fx_payload_ok(&x.ni[1].pkt[0], 2000, 4));
    ASSERT_TRUE(x.ni[1].pkt[0].last > SIM_US(150));       /* it really was slow */
    fx_close(&x);
}
