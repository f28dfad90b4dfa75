/* GRIM end to end: host library, driver and the real GRIM firmware on both
 * NIs of two P3-550 nodes, through build/myrisim (two host processes need
 * the SystemC shell). The host program grim_check (hostlib/apps) does the
 * checking on the receiving node and reports its verdict. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *run_check(const char *scratch, const char *mode, const char *more)
{
    const char *d = sim_scratch(scratch);
    int st = sim_cli("run tests/grim/fixtures/check.cfg --jobs 2 --set experiment.params.MODE=%s %s --out %s", mode, more, d);
    if (st != 0) harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    return d;
}

static const char *const chips[] = {"lanai-4.csv", "lanai-9.csv"};

TEST(grim_e2e, active_messages_arrive_once_in_order_and_intact_between_two_nodes)
{
    const char *d = run_check("grim_e2e_am", "am", "--set experiment.params.N=60");
    for (int i = 0; i < 2; i++) {
        harness_note("%s: %g received, %g bad, %g fragments sent", chips[i], sim_csv_col_in(d, chips[i], "received"),
                     sim_csv_col_in(d, chips[i], "bad"), sim_csv_col_in(d, chips[i], "fragments"));
        ASSERT_EQ(sim_csv_col_in(d, chips[i], "received"), 60);
        ASSERT_EQ(sim_csv_col_in(d, chips[i], "bad"), 0);
    }
    ASSERT_TRUE(sim_csv_col_in(d, chips[0], "fragments") > 0);   /* 16 KB fragments on the LANai 4 */
}

/* Go-back-N on a corrupting link (fixtures/noisy.cfg): a damaged in-order
 * packet must be asked for again at once, not after the retransmission
 * timer; the fixture's time limit (300 ms, about 3.7 times what the run
 * needs) fails a receiver that waits for the timer (about 950 ms). */
TEST(grim_e2e, a_corrupting_link_delays_but_does_not_stall_active_messages)
{
    const char *d = sim_scratch("grim_e2e_noisy");
    int st = sim_cli("run tests/grim/fixtures/noisy.cfg --out %s", d);
    if (st != 0) harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    harness_note("%g received, %g bad", sim_csv_col_in(d, "default.csv", "received"), sim_csv_col_in(d, "default.csv", "bad"));
    ASSERT_EQ(sim_csv_col_in(d, "default.csv", "received"), 60);
    ASSERT_EQ(sim_csv_col_in(d, "default.csv", "bad"), 0);
    /* the damage reached the NIs, and their CRC-8 caught all of it here
     * (docs/network.md, "Damaged links and what the CRC misses") */
    harness_note("%g damaged packets received, %g passed the CRC", sim_csv_col_in(d, "default.csv", "damaged_packets"),
                 sim_csv_col_in(d, "default.csv", "crc_missed"));
    ASSERT_TRUE(sim_csv_col_in(d, "default.csv", "damaged_packets") > 0);
    ASSERT_EQ(sim_csv_col_in(d, "default.csv", "crc_missed"), 0);
}

TEST(grim_e2e, remote_writes_land_byte_for_byte_including_page_pinned_memory)
{
    const char *d = run_check("grim_e2e_rm", "rm", "--set experiment.params.N=9");
    for (int i = 0; i < 2; i++) {
        harness_note("%s: %g blocks intact, %g bad, %g translation requests", chips[i], sim_csv_col_in(d, chips[i], "received"),
                     sim_csv_col_in(d, chips[i], "bad"), sim_csv_col_in(d, chips[i], "xlat_requests"));
        ASSERT_EQ(sim_csv_col_in(d, chips[i], "received"), 9);
        ASSERT_EQ(sim_csv_col_in(d, chips[i], "bad"), 0);
        ASSERT_TRUE(sim_csv_col_in(d, chips[i], "xlat_requests") >= 1);   /* the page-pinned block missed */
    }
}

TEST(grim_e2e, rm_may_overtake_an_earlier_am_but_other_orders_hold)
{
    const char *d = run_check("grim_e2e_order", "order", "");
    for (int i = 0; i < 2; i++) {
        ASSERT_EQ(sim_csv_col_in(d, chips[i], "am_am_in_order"), 1);
        ASSERT_EQ(sim_csv_col_in(d, chips[i], "rm_am_in_order"), 1);
        ASSERT_EQ(sim_csv_col_in(d, chips[i], "rm_rm_in_order"), 1);
        /* the receiver left the AM in its ring: the NI executed the later RM first */
        ASSERT_EQ(sim_csv_col_in(d, chips[i], "am_rm_overtaken"), 1);
    }
}

TEST(grim_e2e, remote_reads_fetch_byte_for_byte_into_pinned_and_page_pinned_memory)
{
    /* up to 60000 bytes: one request on the LANai 9 (64 KB fragments),
     * several on the LANai 4 (16 KB) */
    const char *d = run_check("grim_e2e_fetch", "fetch", "--set experiment.params.N=8 --set experiment.params.FETCH_MAX=60000");
    for (int i = 0; i < 2; i++) {
        ASSERT_EQ(sim_csv_col_in(d, chips[i], "received"), 8);
        ASSERT_EQ(sim_csv_col_in(d, chips[i], "bad"), 0);
    }
    ASSERT_TRUE(sim_csv_col_in(d, chips[0], "fragments") > 0);
}
