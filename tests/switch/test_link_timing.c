/* Timing of packets over a bare cable and through switches. Expected times
 * come from an analytic model written here from the parameters:
 *   bt = 1e12/rate ps per byte, ct = chunk * bt, p = propagation.
 * Cable: chunk k of a packet sent at t0 is received at t0 + (k+1)ct + p, so
 * the first byte is seen at t0 + ct + p and the last at t0 + n*bt + p.
 * Switch: the head (route byte) is seen at A = arrival of the first chunk;
 * after the routing latency L the stripped packet leaves back to back, so the
 * next stage sees its first chunk at A + L + ct + p, its last byte at
 * A + L + (bytes left)*bt + p (valid when L + p >= 2ct: no bubbles). */
#include "../harness/harness.h"
#include "net_fixture.h"

#include <string.h>

static const sim_time P = 10000;            /* 2 m at 5 ns/m */

TEST(switch_link, cable_first_and_last_byte_times)
{
    static const struct { lk_kind kind; unsigned chunk, n; } cases[] = {
        {LK_SAN1280, 8, 1000}, {LK_SAN1280, 4, 37}, {LK_M2000, 8, 1003}, {LK_M2000, 16, 16},
    };
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        net_fx x = {0};
        char err[512];
        fabric_opts o;
        fx_quiet_opts(&o, cases[k].chunk, 0);
        topo_init(&x.t);
        topo_opts to;
        topo_opts_default(&to);
        to.kind = cases[k].kind;
        ASSERT_EQ(topo_build_cable(&x.t, &to, err, sizeof err), 0);
        ASSERT_EQ(fx_open(&x, &o, err, sizeof err), 0);
        sim_time bt = 1000000000000ull / lk_kind_rate(cases[k].kind);
        sim_time ct = bt * cases[k].chunk, t0 = SIM_US(1);
        unsigned n = cases[k].n;
        ASSERT_EQ(fx_send(&x, 0, 1, n, 3, t0), n);            /* no route bytes */
        evq_run_until(x.q, SIM_US(1000));
        fake_ni *r = &x.ni[1];
        ASSERT_EQ(r->npkts, 1);
        ASSERT_TRUE(fx_payload_ok(&r->pkt[0], n, 3));
        ASSERT_EQ(r->pkt[0].first, t0 + ct + P);
        ASSERT_EQ(r->pkt[0].last, t0 + (sim_time)n * bt + P);
        /* every chunk: full ones every ct, the short last one after its bytes */
        unsigned chunks = (n + cases[k].chunk - 1) / cases[k].chunk;
        ASSERT_EQ(r->nlog, (int)chunks);
        for (unsigned c = 0; c + 1 < chunks; c++) {
            ASSERT_EQ(r->log[c].n, cases[k].chunk);
            ASSERT_EQ(r->log[c].t, t0 + (c + 1) * ct + P);
        }
        /* the sender hears "segment done" when its last byte is serialised */
        ASSERT_EQ(x.ni[0].segs_done, 1);
        ASSERT_EQ(x.ni[0].last_sent, t0 + (sim_time)n * bt);
        fx_close(&x);
    }
}

TEST(switch_link, segments_never_share_a_chunk)
{
    /* header segment without tail, payload sent when SEND_INT would rise */
    net_fx x = {0};
    char err[512];
    fabric_opts o;
    fx_quiet_opts(&o, 8, 0);
    topo_init(&x.t);
    topo_opts to;
    topo_opts_default(&to);
    ASSERT_EQ(topo_build_cable(&x.t, &to, err, sizeof err), 0);
    ASSERT_EQ(fx_open(&x, &o, err, sizeof err), 0);
    uint8_t hdr[5] = {1, 2, 3, 4, 5}, body[20];
    for (int i = 0; i < 20; i++) body[i] = (uint8_t)(100 + i);
    fni_send_seg_at(&x.ni[0], 0, hdr, 5, 0);
    fni_send_seg_at(&x.ni[0], 0, body, 20, 1);
    evq_run_until(x.q, SIM_US(10));
    fake_ni *r = &x.ni[1];
    ASSERT_EQ(r->npkts, 1);
    ASSERT_EQ(r->pkt[0].len, 25);
    ASSERT_MEM_EQ(r->pkt[0].data, hdr, 5);
    ASSERT_MEM_EQ(r->pkt[0].data + 5, body, 20);
    /* chunks: 5 (header), 8, 8, 4 */
    ASSERT_EQ(r->nlog, 4);
    ASSERT_EQ(r->log[0].n, 5);
    ASSERT_EQ(r->log[1].n, 8);
    ASSERT_EQ(r->log[3].n, 4);
    ASSERT_EQ(x.ni[0].segs_done, 2);
    ASSERT_EQ(x.ni[0].last_sent, 25 * 6250);
    fx_close(&x);
}

static void through_line(int nsw, unsigned n, unsigned chunk, sim_time L)
{
    net_fx x = {0};
    char err[512];
    fabric_opts o;
    fx_quiet_opts(&o, chunk, L);
    topo_init(&x.t);
    topo_opts to;
    topo_opts_default(&to);
    if (nsw == 1) ASSERT_EQ(topo_build_switch(&x.t, 2, &to, err, sizeof err), 0);
    else ASSERT_EQ(topo_build_line(&x.t, nsw, 1, &to, err, sizeof err), 0);
    ASSERT_EQ(fx_open(&x, &o, err, sizeof err), 0);
    int dst = nsw == 1 ? 1 : nsw - 1;                     /* the far end */
    sim_time bt = 6250, ct = bt * chunk, t0 = SIM_NS(300);
    unsigned len = fx_send(&x, 0, dst, n - (unsigned)nsw, 9, t0);
    ASSERT_EQ(len, n);
    evq_run_until(x.q, SIM_US(10000));
    fake_ni *r = &x.ni[dst];
    ASSERT_EQ(r->npkts, 1);
    ASSERT_TRUE(fx_payload_ok(&r->pkt[0], n - (unsigned)nsw, 9));
    /* analytic model, stage by stage */
    sim_time A = t0 + ct + P;                             /* head at switch 1 */
    for (int s = 1; s < nsw; s++) A += L + ct + P;        /* head at switch s+1 */
    sim_time first = A + L + ct + P;
    sim_time last = A + L + (sim_time)(n - (unsigned)nsw) * bt + P;
    harness_note("%d switch(es): first byte at %llu ps, last at %llu ps", nsw,
                 (unsigned long long)r->pkt[0].first, (unsigned long long)r->pkt[0].last);
    ASSERT_EQ(r->pkt[0].first, first);
    ASSERT_EQ(r->pkt[0].last, last);
    for (int i = 0; i < x.t.nnode; i++)
        if (fabric_switch(x.f, i)) ASSERT_EQ(xbar_get_stats(fabric_switch(x.f, i))->forwarded, 1);
    ASSERT_EQ(fabric_overflows(x.f), 0);
    fx_close(&x);
}

TEST(switch_link, one_switch_exact_times)
{
    through_line(1, 1000, 8, SIM_NS(500));
    through_line(1, 77, 4, SIM_NS(200));
}

TEST(switch_link, three_switches_exact_times)
{
    through_line(3, 1000, 8, SIM_NS(500));
    through_line(3, 203, 4, SIM_NS(100));
}

TEST(switch_link, throughput_equals_link_rate)
{
    /* long packets over a cable and through a switch with the DEFAULT
     * parameters (chunk 4, slack 80/56/40, 0.5 us routing) */
    for (int via_switch = 0; via_switch < 2; via_switch++) {
        for (int kind = 0; kind < 2; kind++) {
            net_fx x = {0};
            char err[512];
            fabric_opts o;
            fabric_opts_default(&o);
            topo_init(&x.t);
            topo_opts to;
            topo_opts_default(&to);
            to.kind = kind ? LK_M2000 : LK_SAN1280;
            if (via_switch) ASSERT_EQ(topo_build_switch(&x.t, 2, &to, err, sizeof err), 0);
            else ASSERT_EQ(topo_build_cable(&x.t, &to, err, sizeof err), 0);
            ASSERT_EQ(fx_open(&x, &o, err, sizeof err), 0);
            unsigned n = 65536;
            fx_send(&x, 0, 1, n, 1, 0);
            evq_run_until(x.q, SIM_US(100000));
            fake_ni *r = &x.ni[1];
            ASSERT_EQ(r->npkts, 1);
            ASSERT_TRUE(fx_payload_ok(&r->pkt[0], n, 1));
            double secs = (double)(r->pkt[0].last - r->pkt[0].first) * 1e-12;
            double rate = (double)(n - 4) / secs;             /* first chunk excluded */
            double want = (double)lk_kind_rate(to.kind);
            harness_note("%s %s: %.3f MB/s (link %.0f MB/s)", via_switch ? "switch" : "cable",
                         lk_kind_name(to.kind), rate / 1e6, want / 1e6);
            ASSERT_TRUE(rate > want * 0.999 && rate < want * 1.001);
            ASSERT_EQ(fabric_overflows(x.f), 0);
            fx_close(&x);
        }
    }
}

TEST(switch_link, one_event_per_chunk_per_hop)
{
    net_fx x = {0};
    char err[512];
    fabric_opts o;
    fabric_opts_default(&o);
    topo_init(&x.t);
    topo_opts to;
    topo_opts_default(&to);
    ASSERT_EQ(topo_build_line(&x.t, 3, 1, &to, err, sizeof err), 0);
    ASSERT_EQ(fx_open(&x, &o, err, sizeof err), 0);
    for (int i = 0; i < 8; i++) fx_send(&x, 0, 2, 8192, (unsigned)i, 0);
    evq_run_until(x.q, SIM_US(100000));
    ASSERT_EQ(x.ni[2].npkts, 8);
    uint64_t ev = evq_events_run(x.q), ch = fabric_chunks(x.f);
    harness_note("%llu events for %llu chunk-hops (%.3f per chunk-hop)",
                 (unsigned long long)ev, (unsigned long long)ch, (double)ev / (double)ch);
    ASSERT_TRUE(ev <= ch + ch / 20);
    fx_close(&x);
}
