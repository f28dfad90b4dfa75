/* GRIM firmware: reliable, in-order, exactly-once delivery of active
 * messages with data intact, on both chips. */
#include "../harness/harness.h"
#include "traffic.h"

#include <stdio.h>

static const char *const chips[2] = {"lanai4", "lanai9"};

static void run(gf *g, traffic *t, sim_time until)
{
    int rc = -1;
    cosim_status st = gf_run(g, traffic_run, t, until, &rc);
    if (rc || st != COSIM_DONE)
        harness_fail(__FILE__, __LINE__, "%s: rc %d status %s: %s %s", g->o.chip, rc, cosim_status_name(st), g->err,
                     cosim_report(g->s));
}

TEST(grim_fw, two_nodes_one_lc)
{
    for (int c = 0; c < 2; c++) {
        gf_opts o;
        gf_opts_default(&o);
        o.chip = chips[c];
        gf g;
        if (gf_new(&g, &o)) harness_fail(__FILE__, __LINE__, "%s", g.err);
        traffic t;
        traffic_init(&t);
        t.per_lc = 6;
        run(&g, &t, SIM_US(100000));
        harness_note("%s: %d messages, sent %u acked %u delivered %u resent %u", o.chip, t.received,
                     gf_sum(&g, GRIM_L_SENT), gf_sum(&g, GRIM_L_ACKED), gf_sum(&g, GRIM_L_DELIVERED),
                     gf_sum(&g, GRIM_L_RESENT));
        ASSERT_EQ(gf_sum(&g, GRIM_L_DELIVERED), (uint32_t)t.expected);
        ASSERT_EQ(gf_sum(&g, GRIM_L_SENT), (uint32_t)t.expected);
        gf_free(&g);
    }
}
