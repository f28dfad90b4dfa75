/* GRIM multicast end to end (issue 15): the host library and the multicast
 * firmware images (build/fw/grim/grim_mc.*.elf) on six nodes through
 * build/myrisim; the host program grim_mcast checks delivery and reports.
 * Also the owner's tree builder (pure) and the library's refusals. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"
#include "../../hostlib/grim/grim_mcast.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const chips[] = {"lanai-4.csv", "lanai-9.csv"};

TEST(grim_mcast, tree_builder_puts_smaller_ids_above_larger_ones)
{
    uint32_t ni[7] = {6, 2, 9, 4, 1, 7, 3}, out[7];
    grim_mc_tree_order(ni, 7, 1, out);
    for (uint32_t i = 1; i < 7; i++) ASSERT_TRUE(out[(i - 1) / 2] < out[i]);   /* every parent below its child */
    grim_mc_tree_order(ni, 7, 0, out);                                         /* unsafe: as subscribed */
    for (uint32_t i = 0; i < 7; i++) ASSERT_EQ(out[i], ni[i]);
}

TEST(grim_mcast, every_member_gets_each_message_once_intact_in_one_total_order)
{
    const char *d = sim_scratch("grim_mcast_check");
    int st = sim_cli("run tests/grim/fixtures/mcast.cfg --jobs 2 --out %s", d);
    if (st != 0) harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    for (int i = 0; i < 2; i++) {
        harness_note("%s: %g of %g received, %g bad, order %g", chips[i], sim_csv_col_in(d, chips[i], "received"),
                     sim_csv_col_in(d, chips[i], "expected"), sim_csv_col_in(d, chips[i], "bad"), sim_csv_col_in(d, chips[i], "order_ok"));
        ASSERT_EQ(sim_csv_col_in(d, chips[i], "received"), 2 * 6 * 4);   /* two senders, 6 messages, 4 members */
        ASSERT_EQ(sim_csv_col_in(d, chips[i], "expected"), 2 * 6 * 4);
        ASSERT_EQ(sim_csv_col_in(d, chips[i], "bad"), 0);                 /* intact, in order, none to non-members */
        ASSERT_EQ(sim_csv_col_in(d, chips[i], "order_ok"), 1);            /* every member saw the same order */
    }
}

/* Per-hop reliability under damaged links (experiment.link_corrupt_prob,
 * link_loss_prob): a corrupted packet fails its CRC, a shortened one its
 * length; either is dropped and resent by go-back-N. Each alone, at rates
 * where the protocol recovers. Much heavier rates cannot be survived by
 * any protocol that resends whole packets: the rates are per 4-byte chunk,
 * so at 1e-3 a 16 KB packet arrives intact with probability e^-4 (2 %),
 * at 2e-3 (the unicast check once tried) e^-8 (0.03 %). */
TEST(grim_mcast, corrupting_and_lossy_links_still_deliver_every_message_once_in_order)
{
    static const char *const sets[2] = {"--set experiment.link_corrupt_prob=0.0002 --set experiment.params.RETX_US=2000",
                                        "--set experiment.link_loss_prob=0.0001 --set experiment.params.RETX_US=2000"};
    for (int k = 0; k < 2; k++) {
        const char *d = sim_scratch(k ? "grim_mcast_loss" : "grim_mcast_corrupt");
        int st = sim_cli("run tests/grim/fixtures/mcast.cfg --jobs 2 %s --out %s", sets[k], d);
        if (st != 0) harness_note("%s", sim_stderr());
        ASSERT_EQ(st, 0);
        for (int i = 0; i < 2; i++) {
            ASSERT_EQ(sim_csv_col_in(d, chips[i], "received"), 2 * 6 * 4);
            ASSERT_EQ(sim_csv_col_in(d, chips[i], "bad"), 0);
            ASSERT_EQ(sim_csv_col_in(d, chips[i], "order_ok"), 1);
        }
    }
}

TEST(grim_mcast, bad_requests_are_refused_with_a_reason)
{
    const char *d = sim_scratch("grim_mcast_errors");
    int st = sim_cli("run tests/grim/fixtures/mcast.cfg --jobs 2 --set experiment.params.MODE=errors --set series.1.experiment.params.BYTES=4 --set 'measurements=[\"err_unknown\",\"err_twice\",\"err_full\"]' --out %s", d);
    if (st != 0) harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    ASSERT_EQ(sim_csv_col_in(d, chips[0], "err_unknown"), 1);
    ASSERT_EQ(sim_csv_col_in(d, chips[0], "err_twice"), 1);
    ASSERT_EQ(sim_csv_col_in(d, chips[0], "err_full"), 1);
}

TEST(grim_mcast, multicast_on_an_image_without_it_is_a_clear_error)
{
    const char *d = sim_scratch("grim_mcast_noimage");
    int st = sim_cli("run tests/grim/fixtures/mcast.cfg --jobs 2 --set series.0.experiment.elf=build/fw/grim/grim.l4.elf "
                     "--set series.1.experiment.elf=build/fw/grim/grim.l9.elf --out %s", d);
    ASSERT_TRUE(st != 0);
    ASSERT_TRUE(strstr(sim_stderr(), "grim_mc") != NULL || strstr(sim_stdout(), "grim_mc") != NULL);
}
