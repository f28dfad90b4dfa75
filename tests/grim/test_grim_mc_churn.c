/* GRIM multicast membership while traffic flows (issue 15, "Tests"): the
 * host program grim_mc_churn (hostlib/apps/app_grim_mc_churn.c) on nodes
 * spread over three switches, seeded: random groups, senders, sizes (up to
 * 1 MB), joins and leaves at random moments of the traffic (the root's
 * too, so the root moves), clean and damaged links. Node 0 judges the receivers' logs (see the program's top
 * comment for the membership rule): each message once and intact, one
 * total order, no message missed while subscribed, none to a never-member. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value of column `col` in the first data row of CSV file path. */
/* One run of fixtures/churn.cfg with these overrides; every verdict 0. */
static void churn(const char *scratch, const char *sets)
{
    const char *d = sim_scratch(scratch);
    int st = sim_cli("run tests/grim/fixtures/churn.cfg %s --out %s", sets, d);
    if (st != 0) harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    char path[700];
    snprintf(path, sizeof path, "%s/default.csv", d);
    static const char *const zero[] = {"bad", "order_bad", "run_bad", "missing", "outsider"};
    double msgs = sim_csv_col(path, "messages"), got = sim_csv_col(path, "received");
    harness_note("%s: %g messages, %g copies received, joins %g, leaves %g, cut %g, partial %g", sets, msgs, got,
                 sim_csv_col(path, "joins"), sim_csv_col(path, "leaves"), sim_csv_col(path, "cut"),
                 sim_csv_col(path, "partial"));
    ASSERT_TRUE(msgs > 0 && got >= msgs);   /* the anchor alone gets every message */
    for (size_t i = 0; i < sizeof zero / sizeof zero[0]; i++) {
        double v = sim_csv_col(path, zero[i]);
        if (v != 0) harness_note("%s = %g", zero[i], v);
        ASSERT_EQ(v, 0);
    }
}

TEST(grim_mc_churn, random_groups_of_two_to_eight_nodes_with_joins_and_leaves)
{
    /* node counts and seeds fixed here; the groups, senders, sizes and
     * membership changes follow from SEED */
    static const int nodes[] = {2, 3, 5, 8};
    for (int i = 0; i < 4; i++) {
        char sets[200];
        snprintf(sets, sizeof sets, "--set cluster.nodes=%d --set experiment.params.SEED=%d --set experiment.params.CHANGES=%d",
                 nodes[i], 11 + i, 2 + 2 * i);
        churn("grim_mc_churn_groups", sets);
    }
}

TEST(grim_mc_churn, messages_up_to_one_megabyte_while_members_come_and_go)
{
    churn("grim_mc_churn_big", "--set cluster.nodes=8 --set experiment.params.SEED=7 --set experiment.params.BYTES=1048576");
}

/* Damaged packets are resent hop by hop. A damaged multicast copy waits
 * for the retransmission timer (the recycle path has no NACK-again rule
 * like unicast's st_abandon), so the timer is 2 ms and the drain 200 ms
 * (with the default 10 ms timer everything arrives too, within 1 s). */
TEST(grim_mc_churn, corrupting_and_lossy_links_change_nothing_but_time)
{
    churn("grim_mc_churn_noisy", "--set cluster.nodes=8 --set experiment.params.SEED=8 --set experiment.link_corrupt_prob=1e-4 "
                                 "--set experiment.link_loss_prob=5e-5 --set experiment.params.DRAIN_US=200000 --set experiment.params.RETX_US=2000");
}

TEST(grim_mc_churn, sixteen_nodes)
{
    churn("grim_mc_churn_16", "--set cluster.nodes=16 --set experiment.params.SEED=9 --set experiment.params.CHANGES=8");
}

/* The tree table full of trees (GRIM_MC_TREES = 16): the traffic's tree is
 * the last entry; one more is refused before any run, naming the key. */
TEST(grim_mc_churn, a_full_tree_table_works_and_one_tree_more_is_refused_naming_the_key)
{
    churn("grim_mc_churn_trees", "--set cluster.nodes=5 --set experiment.params.SEED=16 --set experiment.params.TREES=16");
    const char *d = sim_scratch("grim_mc_churn_17");
    int st = sim_cli("run tests/grim/fixtures/churn.cfg --set experiment.params.TREES=17 --out %s", d);
    ASSERT_EQ(st, 2);
    ASSERT_TRUE(strstr(sim_stderr(), "experiment.params.TREES = 17: the NI's tree table holds that many trees "
                                     "(GRIM_MC_TREES) (at most 16)") != NULL);
}

/* The root moves while traffic flows (OWNER = 1): node 0, the smallest NI,
 * is the root whenever it is in the tree, and joins and leaves too. The
 * tree's sequencer (its first root) keeps one ticket order through every
 * move (docs/grim.md "Tickets and the sequencer"). The first three cases
 * are mcast4's reproductions of the old defect (2 nodes lost 2 messages;
 * 8 nodes seed 6 reordered and lost; 8 nodes seed 2 livelocked); the last
 * is the load that livelocked a sequencer relaying through its own recycle
 * queue (4 senders, 24 messages each every ~150 us, 16 changes). */
TEST(grim_mc_churn, the_root_moves_while_traffic_flows)
{
    static const struct {
        int nodes, seed, changes;
    } c[] = {{2, 3, 6}, {8, 6, 6}, {8, 2, 6}, {3, 4, 6}, {4, 5, 6}, {5, 1, 8}, {16, 3, 8}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        char sets[240];
        snprintf(sets, sizeof sets,
                 "--set cluster.nodes=%d --set experiment.params.SEED=%d --set experiment.params.CHANGES=%d "
                 "--set experiment.params.OWNER=1",
                 c[i].nodes, c[i].seed, c[i].changes);
        churn("grim_mc_churn_root", sets);
    }
    churn("grim_mc_churn_root_load", "--set cluster.nodes=6 --set experiment.params.SEED=22 --set experiment.params.CHANGES=16 "
                                     "--set experiment.params.OWNER=1 --set experiment.params.SENDERS=4 "
                                     "--set experiment.params.COUNT=24 --set experiment.params.GAP_US=150");
}

/* Retransmissions of the firmware LCs must not wait behind a host LC's
 * (docs/grim.md "Tickets and the sequencer"). 6 nodes, 4 senders, 16
 * changes, seed 101: the sequencer (NI 1) is behind in the tree's order
 * and NACKs every message NI 0's host sends it until ticket 61 comes;
 * ticket 61 waits in NI 0's recycle queue behind two copies to NI 2 that
 * went back to be resent. Resent lowest LC first, NI 0's host LC always
 * had a resend pending again (its NACK came back first) and those copies
 * never went: a livelock with the previous image. With the LCs' resends
 * round robin it completes. The livelock period is 0.1 s so that the old
 * firmware fails in seconds. */
TEST(grim_mc_churn, a_refused_host_lc_does_not_starve_the_recycled_copies_resends)
{
    churn("grim_mc_churn_resend_rr", "--set cluster.nodes=6 --set experiment.params.SEED=101 --set experiment.params.CHANGES=16 "
                                     "--set experiment.params.OWNER=1 --set experiment.params.SENDERS=4 "
                                     "--set experiment.params.COUNT=24 --set experiment.params.GAP_US=150 "
                                     "--set experiment.livelock_us=100000");
}
