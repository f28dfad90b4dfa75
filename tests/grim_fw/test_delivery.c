/* GRIM firmware: reliable, in-order, exactly-once delivery of active
 * messages with data intact, on both chips. */
#include "../harness/harness.h"
#include "traffic.h"

#include <stdio.h>

TEST(grim_fw, two_nodes_one_lc)
{
    for (int c = 0; c < 2; c++) {
        gf_opts o = gf_opts_on(gf_chips[c]);
        gf g;
        GF_NEW(&g, &o);
        traffic t;
        traffic_init(&t);
        t.per_lc = 6;
        GF_RUN_OK(&g, traffic_run, &t, SIM_US(100000));
        harness_note("%s: %d messages, sent %u acked %u delivered %u resent %u", o.chip, t.received,
                     gf_sum(&g, GRIM_L_SENT), gf_sum(&g, GRIM_L_ACKED), gf_sum(&g, GRIM_L_DELIVERED),
                     gf_sum(&g, GRIM_L_RESENT));
        ASSERT_EQ(gf_sum(&g, GRIM_L_DELIVERED), (uint32_t)t.expected);
        ASSERT_EQ(gf_sum(&g, GRIM_L_SENT), (uint32_t)t.expected);
        gf_free(&g);
    }
}

/* Three nodes, three LCs each, random destinations and sizes (0..2000
 * bytes), messages committed in batches so several are in flight. */
TEST(grim_fw, three_nodes_three_lcs_random_sizes)
{
    for (int c = 0; c < 2; c++) {
        gf_opts o = gf_opts_on(gf_chips[c]);
        o.nodes = 3;
        o.nlc = 3;
        gf g;
        GF_NEW(&g, &o);
        traffic t;
        traffic_init(&t);
        t.per_lc = 12;
        t.maxlen = 2000;
        t.batch = 4;
        t.seed = 7 + (uint64_t)c;
        GF_RUN_OK(&g, traffic_run, &t, SIM_US(200000));
        harness_note("%s: %d messages, sent %u acked %u delivered %u resent %u nacks %u, %.0f us", o.chip, t.received,
                     gf_sum(&g, GRIM_L_SENT), gf_sum(&g, GRIM_L_ACKED), gf_sum(&g, GRIM_L_DELIVERED),
                     gf_sum(&g, GRIM_L_RESENT), gf_sum(&g, GRIM_L_NACKS_SENT),
                     (double)evq_now(cosim_evq(g.s)) / 1e6);
        ASSERT_EQ(t.received, t.expected);
        ASSERT_EQ(gf_sum(&g, GRIM_L_DELIVERED), (uint32_t)t.expected);
        ASSERT_EQ(gf_sum(&g, GRIM_L_SENT), (uint32_t)t.expected);
        ASSERT_EQ(gf_sum(&g, GRIM_L_ACKED), (uint32_t)t.expected);
        ASSERT_EQ(gf_sum(&g, GRIM_L_ERRORS), 0u);
        gf_free(&g);
    }
}

/* A receiving endpoint with a 512-byte AM ring that its host empties only
 * every 400 us: the NI must refuse (NACK), the senders roll back and resend,
 * and still every message arrives once, in order. */
TEST(grim_fw, tiny_ring_forces_nack_and_rollback)
{
    for (int c = 0; c < 2; c++) {
        gf_opts o = gf_opts_on(gf_chips[c]);
        o.nodes = 3;
        o.nlc = 2;
        gf g;
        g.amsize_of[0][0] = 0;
        GF_NEW(&g, &o);
        g.amsize_of[2][1] = 512;
        traffic t;
        traffic_init(&t);
        t.per_lc = 10;
        t.minlen = 64;
        t.maxlen = 200;
        t.only_to = 2;
        t.batch = 5;
        t.slow_node = 2;
        t.slow_lc = 1;
        t.slow_every = SIM_US(400);
        GF_RUN_OK(&g, traffic_run, &t, SIM_US(200000));
        uint32_t nacks = gf_lcw(&g, 2, 1, GRIM_L_NACKS_SENT), nrecv = gf_sum(&g, GRIM_L_NACKS_RECV),
                 resent = gf_sum(&g, GRIM_L_RESENT);
        harness_note("%s: %d messages; to the tiny ring: %u delivered, %u refused; NACKs received %u, resent %u",
                     o.chip, t.received, gf_lcw(&g, 2, 1, GRIM_L_DELIVERED), nacks, nrecv, resent);
        ASSERT_EQ(t.received, t.expected);
        ASSERT_TRUE(nacks > 0);
        ASSERT_TRUE(nrecv > 0);
        ASSERT_TRUE(resent > 0);
        ASSERT_EQ(gf_sum(&g, GRIM_L_DELIVERED), (uint32_t)t.expected);
        ASSERT_EQ(gf_sum(&g, GRIM_L_SENT), (uint32_t)t.expected);
        gf_free(&g);
    }
}

/* Idle-loop skipping never changes a result: the same traffic with it on
 * and off ends at the same picosecond with the same counters, cycles and
 * instructions on every NI. */
TEST(grim_fw, idle_skipping_changes_nothing)
{
    for (int c = 0; c < 2; c++) {
        char rec[2][2000];
        for (int k = 0; k < 2; k++) {
            gf_opts o = gf_opts_on(gf_chips[c]);
            o.nodes = 3;
            o.nlc = 2;
            o.no_idle_skip = k;
            gf g;
            GF_NEW(&g, &o);
            traffic t;
            traffic_init(&t);
            t.per_lc = 5;
            t.maxlen = 600;
            t.batch = 2;
            GF_RUN_OK(&g, traffic_run, &t, SIM_US(200000));
            int len = snprintf(rec[k], sizeof rec[k], "end %llu ps;", (unsigned long long)evq_now(cosim_evq(g.s)));
            for (int n = 0; n < 3; n++) {
                len += snprintf(rec[k] + len, sizeof rec[k] - (size_t)len, " ni%d %llu cycles %llu insns", n,
                                (unsigned long long)lanai_cycles(cosim_core(g.s, n)),
                                (unsigned long long)lanai_insns(cosim_core(g.s, n)));
                for (int l = 0; l < 2; l++)
                    for (uint32_t off = GRIM_L_SENT; off <= GRIM_L_ERRORS; off += 4)
                        len += snprintf(rec[k] + len, sizeof rec[k] - (size_t)len, " %u", gf_lcw(&g, n, l, off));
            }
            gf_free(&g);
        }
        harness_note("%s: %s", gf_chips[c], rec[0]);
        ASSERT_STR_EQ(rec[0], rec[1]);
    }
}
