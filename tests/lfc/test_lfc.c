/* LFC unicast end to end (firmware/lfc/ucast.c, hostlib/lfc/lfc.c) through
 * build/myrisim: every node to every other on 2, 5 and 16 DAS nodes with few
 * credits (4 per pair, refresh 2), so senders block and credits flow back
 * both piggy-backed and in CREDIT packets; lfc_check fails a node that sees
 * a packet twice, out of order, damaged or not at all, and its combine step
 * fails unless credits are conserved per (sender, receiver) pair. And bad
 * input: launching a packet not owned, oversize, own destination, freeing a
 * packet not handed out. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TEST(lfc_ucast, exactly_once_in_order_and_credits_conserved_on_2_5_16_nodes)
{
    const char *d = sim_scratch("lfc_ucast_check");
    SIM_RUN_OK("run tests/lfc/fixtures/lfc_check.cfg --jobs 2 --out %s", d);
    char path[600];
    snprintf(path, sizeof path, "%s/lfc.csv", d);
    static const int nodes[] = {2, 5, 16};
    for (int i = 0; i < 3; i++) {
        const char *r = sim_csv_row(path, i);
        harness_note("%s", r);
        int n, got, pairs;
        char status[16];
        ASSERT_EQ(sscanf(r, "%d,%d,%d,%15s", &n, &got, &pairs, status), 4);
        ASSERT_EQ(n, nodes[i]);
        ASSERT_STR_EQ(status, "ok");
        ASSERT_EQ(got, 40 * (n - 1) + (n - 1));     /* data + node 0's barrier packets */
        ASSERT_EQ(pairs, n * (n - 1));
    }
}

TEST(lfc_ucast, bad_input_fails_with_a_clear_error)
{
    const char *d = sim_scratch("lfc_ucast_misuse");
    SIM_RUN_OK("run tests/lfc/fixtures/lfc_misuse.cfg --out %s", d);
    char path[600];
    snprintf(path, sizeof path, "%s/lfc.csv", d);
    const char *r = sim_csv_row(path, 0);
    harness_note("%s", r);
    ASSERT_EQ(atoi(r), 4);   /* not owned, oversize, own destination, free of a foreign packet */
}
