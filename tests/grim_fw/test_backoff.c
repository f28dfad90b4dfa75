/* NACK back-off (firmware/grim/backoff.c, the grim_backoff images): seven
 * senders on eight nodes send to one slow endpoint, whose small ring the
 * host empties only every 400 us, with the dissertation's protocol (resend
 * at once after a NACK) and with back-off. With back-off every message
 * must arrive, exactly once and in order (traffic.c checks each), and the
 * senders must resend fewer messages than without (measured: LANai 4 381
 * -> 303, LANai 9 1313 -> 450). */
#include "../harness/harness.h"
#include "traffic.h"

#include <stdio.h>

static traffic *slow_traffic(void)
{
    static traffic t;
    traffic_init(&t);
    t.per_lc = 8;
    t.minlen = 64;
    t.maxlen = 200;
    t.only_to = 7;
    t.slow_node = 7;
    t.slow_lc = 0;
    t.slow_every = SIM_US(400);
    t.batch = 5;
    t.seed = 614;
    t.limit = SIM_US(60000);
    return &t;
}

static gf_opts eight(const char *chip, int backoff)
{
    gf_opts o = gf_opts_on(chip);
    o.nodes = 8;
    o.nlc = 1;
    o.retx = 2000;
    o.backoff = backoff;
    return o;
}

TEST(grim_fw, nack_backoff_eight_nodes_slow_endpoint)
{
    for (int c = 0; c < 2; c++) {
        uint32_t resent[2] = {0, 0};
        int received[2] = {0, 0};
        for (int b = 0; b < 2; b++) {
            gf_opts o = eight(gf_chips[c], b);
            static gf g;
            GF_NEW(&g, &o);
            g.amsize_of[7][0] = 512;    /* room for a few messages */
            traffic *t = slow_traffic();
            int rc = -1;
            cosim_status st = gf_run(&g, traffic_run, t, SIM_US(60000), &rc);
            received[b] = t->received;
            resent[b] = gf_sum(&g, GRIM_L_RESENT);
            harness_note("%s, back-off %s: %d of %d messages in %.0f us; NACKs %u, resent %u (%s)", o.chip,
                         b ? "on" : "off", t->received, t->expected, (double)evq_now(cosim_evq(g.s)) / 1e6,
                         gf_sum(&g, GRIM_L_NACKS_SENT), resent[b], cosim_status_name(st));
            if (b) {
                if (rc || st != COSIM_DONE)
                    harness_fail(__FILE__, __LINE__, "%s with back-off: rc %d %s: %s", o.chip, rc,
                                 cosim_status_name(st), g.err);
                ASSERT_EQ(t->bad, 0);
                ASSERT_EQ(t->received, t->expected);
                ASSERT_EQ(t->expected, 7 * 8);
            }
            gf_free(&g);
        }
        ASSERT_TRUE(received[1] >= received[0]);
        ASSERT_TRUE(resent[1] < resent[0]);
    }
}
