/* Seed 002's basic protocol end to end (firmware/lfc/basic.c, hostlib/lfc/
 * lfb.c) through build/myrisim, since several host processes need the
 * SystemC shell: every node to every other on 2, 5 and 16 DAS nodes (the
 * program lfb_check fails a node that sees a packet twice, out of order or
 * damaged, or loses one its NI did not count as dropped), and bad input. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TEST(lfc_basic, every_node_to_every_other_in_order_once_intact_on_2_5_16_nodes)
{
    const char *d = sim_scratch("lfc_basic_check");
    SIM_RUN_OK("run tests/lfc/fixtures/check.cfg --jobs 2 --out %s", d);
    char path[600];
    snprintf(path, sizeof path, "%s/basic.csv", d);
    static const int nodes[] = {2, 5, 16};
    for (int i = 0; i < 3; i++) {
        const char *r = sim_csv_row(path, i);
        harness_note("%s", r);
        int n, got, missing, dropped;
        char status[16];
        ASSERT_EQ(sscanf(r, "%d,%d,%d,%d,%15s", &n, &got, &missing, &dropped, status), 5);
        ASSERT_EQ(n, nodes[i]);
        ASSERT_STR_EQ(status, "ok");
        ASSERT_EQ(got + missing, 20 * (n - 1));      /* COUNT = 20 from each other node */
        ASSERT_EQ(missing, dropped);
    }
}

TEST(lfc_basic, bad_input_fails_with_a_clear_error)
{
    const char *d = sim_scratch("lfc_basic_misuse");
    SIM_RUN_OK("run tests/lfc/fixtures/misuse.cfg --out %s", d);
    char path[600];
    snprintf(path, sizeof path, "%s/basic.csv", d);
    const char *r = sim_csv_row(path, 0);
    harness_note("%s", r);
    ASSERT_EQ(atoi(r), 3);   /* oversize packet, unknown node, oversize maximum */
}

TEST(lfc_basic, a_deaf_receiver_loses_exactly_what_its_ni_dropped)
{
    const char *d = sim_scratch("lfc_basic_drops");
    SIM_RUN_OK("run tests/lfc/fixtures/drops.cfg --out %s", d);
    char path[600];
    snprintf(path, sizeof path, "%s/basic.csv", d);
    const char *r = sim_csv_row(path, 0);
    harness_note("%s", r);
    int got, missing, dropped;
    ASSERT_EQ(sscanf(r, "%d,%d,%d", &got, &missing, &dropped), 3);
    ASSERT_EQ(got + missing, 20 * 8);
    ASSERT_TRUE(dropped > 0);                 /* 160 packets for 64 buffers: it must drop */
    ASSERT_EQ(missing, dropped);
}
