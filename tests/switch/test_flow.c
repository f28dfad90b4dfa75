/* STOP/GO flow control, the slack-size check, and error injection. */
#include "../harness/harness.h"
#include "net_fixture.h"

#include <stdio.h>
#include <string.h>

static int open_net(net_fx *x, int via_switch, double length_m, const fabric_opts *o)
{
    char err[512];
    topo_opts to;
    topo_opts_default(&to);
    to.length_m = length_m;
    topo_init(&x->t);
    if (via_switch) topo_build_switch(&x->t, 2, &to, err, sizeof err);
    else topo_build_cable(&x->t, &to, err, sizeof err);
    int rc = fx_open(x, o, err, sizeof err);
    if (rc) harness_note("fx_open: %s", err);
    return rc;
}

TEST(switch_flow, slow_receiver_throttles_sender)
{
    for (int via_switch = 0; via_switch < 2; via_switch++) {
        net_fx x = {0};
        fabric_opts o;
        fabric_opts_default(&o);
        ASSERT_EQ(open_net(&x, via_switch, 2.0, &o), 0);
        /* the receiver takes 4 bytes every 100 ns: 40 MB/s, a quarter of the link */
        fni_accept(&x.ni[1], 4, SIM_NS(100), 0);
        unsigned n = 4000;
        fx_send(&x, 0, 1, n, 5, 0);
        evq_run_until(x.q, SIM_US(10000));
        fake_ni *r = &x.ni[1];
        ASSERT_EQ(r->npkts, 1);
        ASSERT_TRUE(fx_payload_ok(&r->pkt[0], n, 5));    /* intact and in order */
        ASSERT_EQ(fabric_overflows(x.f), 0);
        for (int c = 0; c < x.t.ncable * 2; c++) {
            lk_dir *d = fabric_link(x.f, c / 2, c % 2);
            const lk_stats *s = lk_dir_stats(d);
            if (!s->syms) continue;                       /* the idle reverse directions */
            harness_note("%s: %llu STOP, %llu GO, max occupancy %u", lk_dir_name(d),
                         (unsigned long long)s->stops, (unsigned long long)s->gos, s->max_occ);
            ASSERT_TRUE(s->stops > 0 && s->gos > 0);      /* also upstream of the switch */
            ASSERT_TRUE(s->max_occ >= o.link.stop_mark && s->max_occ <= o.link.slack);
        }
        /* without flow control the sender would be done after n*6.25 ns =
         * 25 us; held back it cannot finish before the receiver has taken all
         * but what the slack buffers (and wires) hold */
        unsigned buffered = (unsigned)x.t.ncable * (o.link.slack + 8);
        sim_time floor = (sim_time)(n - buffered) / 4 * SIM_NS(100);
        harness_note("sender done at %.3f us, receiver done at %.3f us",
                     (double)x.ni[0].last_sent / 1e6, (double)r->pkt[0].last / 1e6);
        ASSERT_TRUE(x.ni[0].last_sent >= floor);
        ASSERT_TRUE(r->pkt[0].last >= (sim_time)(n / 4 - 1) * SIM_NS(100));
        fx_close(&x);
    }
}

TEST(switch_flow, refusing_receiver_blocks_until_it_takes)
{
    net_fx x = {0};
    fabric_opts o;
    fabric_opts_default(&o);
    o.sw.block_timeout = 0;
    ASSERT_EQ(open_net(&x, 1, 2.0, &o), 0);
    fni_accept(&x.ni[1], ~0u, 0, SIM_TIME_NEVER);        /* no receive buffer posted */
    fx_send(&x, 0, 1, 3000, 8, 0);
    evq_run_until(x.q, SIM_US(1000));
    ASSERT_EQ(x.ni[0].segs_done, 0);                      /* the sender is stuck */
    ASSERT_EQ(x.ni[1].npkts, 0);
    ASSERT_EQ(evq_pending(x.q), 0);                       /* and nothing is scheduled */
    const ep_stats *es = ep_get_stats(fabric_ep(x.f, 0));
    harness_note("sender got %llu bytes out before blocking", (unsigned long long)es->bytes_sent);
    ASSERT_TRUE(es->bytes_sent <= 2 * o.link.slack);
    ASSERT_EQ(fabric_overflows(x.f), 0);
    /* the NI posts a buffer: everything arrives intact */
    fni_accept(&x.ni[1], ~0u, 0, 0);
    fni_poll(&x.ni[1]);
    evq_run_until(x.q, SIM_US(2000));
    ASSERT_EQ(x.ni[1].npkts, 1);
    ASSERT_TRUE(fx_payload_ok(&x.ni[1].pkt[0], 3000, 8));
    ASSERT_EQ(x.ni[0].segs_done, 1);
    fx_close(&x);
}

TEST(switch_flow, slack_check_rejects_long_cable)
{
    lk_params p;
    lk_params_default(&p, LK_SAN1280, 25.0);              /* 125 ns each way */
    char err[512];
    ASSERT_EQ(lk_params_check(&p, err, sizeof err), -1);
    /* 56 + 3 + 2*4 + 2*125 ns * 160 MB/s (40 B) = 107 */
    harness_note("%s", err);
    ASSERT_TRUE(strstr(err, "slack of 80 B") != NULL);
    ASSERT_TRUE(strstr(err, "needs 107 B") != NULL);
    p.slack = 107;
    ASSERT_EQ(lk_params_check(&p, err, sizeof err), 0);
    p.slack = 106;
    ASSERT_EQ(lk_params_check(&p, err, sizeof err), -1);
    /* through the fabric the error names the cable */
    net_fx x = {0};
    fabric_opts o;
    fabric_opts_default(&o);
    topo_init(&x.t);
    topo_opts to;
    topo_opts_default(&to);
    to.length_m = 25;
    topo_build_cable(&x.t, &to, err, sizeof err);
    x.q = evq_new();
    ASSERT_TRUE(fabric_new(x.q, &x.t, &o, err, sizeof err) == NULL);
    harness_note("%s", err);
    ASSERT_TRUE(strstr(err, "cable 0 (ni0->ni1") != NULL);
    evq_free(x.q);
    topo_free(&x.t);
    /* inconsistent marks */
    lk_params_default(&p, LK_SAN1280, 2.0);
    p.go_mark = 60;
    ASSERT_EQ(lk_params_check(&p, err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "GO mark") != NULL);
}

/* Run a refusing-then-slow receiver against a given slack; return overflows. */
static uint64_t stress(double length_m, unsigned chunk, unsigned slack, int unchecked, unsigned *max_occ,
                       sim_time period)
{
    net_fx x = {0};
    fabric_opts o;
    fabric_opts_default(&o);
    o.link.chunk = chunk;
    o.link.slack = slack;
    o.link.unchecked = unchecked;
    if (open_net(&x, 0, length_m, &o)) return ~0ull;
    fni_accept(&x.ni[1], chunk, period, SIM_US(2));
    fx_send(&x, 0, 1, 2000, 1, 0);
    fx_send(&x, 0, 1, 500, 2, 0);
    evq_run_until(x.q, SIM_US(100000));
    uint64_t ov = fabric_overflows(x.f);
    *max_occ = lk_dir_stats(fabric_link(x.f, 0, 0))->max_occ;
    if (!ov && (x.ni[1].npkts != 2 || !fx_payload_ok(&x.ni[1].pkt[0], 2000, 1))) ov = ~0ull;
    fx_close(&x);
    return ov;
}

TEST(switch_flow, minimum_slack_never_overflows)
{
    static const double len[] = {0, 1, 2, 7.5, 20, 40};
    static const unsigned chunk[] = {1, 4, 8, 16};
    static const sim_time period[] = {SIM_NS(13), SIM_NS(100), SIM_NS(997)};
    unsigned worst_gap = ~0u;
    for (unsigned a = 0; a < 6; a++)
        for (unsigned b = 0; b < 4; b++)
            for (unsigned c = 0; c < 3; c++) {
                lk_params p;
                lk_params_default(&p, LK_SAN1280, len[a]);
                p.chunk = chunk[b];
                unsigned need = lk_slack_needed(&p), occ = 0;
                ASSERT_EQ(stress(len[a], chunk[b], need, 0, &occ, period[c]), 0);
                ASSERT_TRUE(occ <= need);
                if (need - occ < worst_gap) worst_gap = need - occ;
            }
    harness_note("closest approach to the computed minimum slack: %u B", worst_gap);
    /* and the check is not vacuous: a slack far below it does overflow */
    unsigned occ;
    ASSERT_TRUE(stress(40, 4, 80, 1, &occ, SIM_NS(100)) > 0);
}

TEST(switch_flow, error_injection_is_seeded)
{
    uint64_t corrupt_seen[3] = {0};
    unsigned diff_pattern[3] = {0};
    for (int run = 0; run < 3; run++) {
        net_fx x = {0};
        fabric_opts o;
        fabric_opts_default(&o);
        o.link.corrupt_prob = 0.05;
        o.link.loss_prob = 0.02;
        o.seed = run == 2 ? 99 : 7;                    /* runs 0 and 1 identical */
        ASSERT_EQ(open_net(&x, 0, 2.0, &o), 0);
        for (unsigned i = 0; i < 100; i++) fx_send(&x, 0, 1, 64, i, 0);
        evq_run_until(x.q, SIM_US(10000));
        fake_ni *r = &x.ni[1];
        ASSERT_EQ(r->npkts, 100);                          /* framing survives */
        const lk_stats *s = lk_dir_stats(fabric_link(x.f, 0, 0));
        unsigned bad = 0;
        for (int i = 0; i < 100; i++) {
            int ok = fx_payload_ok(&r->pkt[i], 64, (unsigned)i);
            int flagged = (r->pkt[i].flags & EP_RX_CORRUPT) || r->pkt[i].len != 64;
            ASSERT_EQ(ok, !flagged);                        /* damage is always visible */
            bad += !ok;
            diff_pattern[run] = diff_pattern[run] * 31u + (unsigned)ok;
        }
        harness_note("seed %llu: %llu corrupted, %llu lost chunks, %u bad packets",
                     (unsigned long long)o.seed, (unsigned long long)s->corrupted_chunks,
                     (unsigned long long)s->lost_chunks, bad);
        ASSERT_TRUE(s->corrupted_chunks > 0 && s->lost_chunks > 0);
        corrupt_seen[run] = s->corrupted_chunks * 1000 + s->lost_chunks;
        fx_close(&x);
    }
    ASSERT_EQ(corrupt_seen[0], corrupt_seen[1]);
    ASSERT_EQ(diff_pattern[0], diff_pattern[1]);
    ASSERT_NE(diff_pattern[0], diff_pattern[2]);
}

TEST(switch_flow, fast_link_into_slow_link_through_a_switch)
{
    /* ni0 on a 250 MB/s cable, ni1 on a 160 MB/s one: the switch's input
     * slack absorbs the difference with STOP/GO and the packet arrives at
     * the slower rate, intact */
    net_fx x = {0};
    char err[512];
    topo_init(&x.t);
    ASSERT_EQ(topo_parse(&x.t, "switch s 8\nni a\nni b\ncable a:0 s:0 myrinet-2000 2\n"
                               "cable b:0 s:1 san-1280 2\n", "mixed", err, sizeof err), 0);
    fabric_opts o;
    fabric_opts_default(&o);
    ASSERT_EQ(fx_open(&x, &o, err, sizeof err), 0);
    unsigned n = 20000;
    fx_send(&x, 0, 1, n, 6, 0);
    evq_run_until(x.q, SIM_US(100000));
    ASSERT_EQ(x.ni[1].npkts, 1);
    ASSERT_TRUE(fx_payload_ok(&x.ni[1].pkt[0], n, 6));
    double rate = (double)(n - 4) / ((double)(x.ni[1].pkt[0].last - x.ni[1].pkt[0].first) * 1e-12);
    harness_note("delivered at %.3f MB/s", rate / 1e6);
    ASSERT_TRUE(rate > 159.8e6 && rate < 160.2e6);
    ASSERT_TRUE(lk_dir_stats(fabric_link(x.f, 0, 0))->stops > 0);   /* the fast side was held */
    ASSERT_EQ(fabric_overflows(x.f), 0);
    /* the sender finished early only by what the slack absorbed */
    ASSERT_TRUE(x.ni[0].last_sent + SIM_NS(1000) > (sim_time)(n - 100) * 6250);
    fx_close(&x);
}
