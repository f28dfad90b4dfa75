/* LFC's IrxImc image (firmware/lfc/irx.c, seed 002 §8.2.2: NI-level
 * go-back-N retransmission) end to end on DAS nodes over damaged links
 * (every link corrupts a byte with probability 2e-4 and loses a chunk's
 * data with 1e-4, per chunk of symbols): unicast every node to every other
 * on 2, 5 and 16 nodes, broadcast from every root (binary, binomial) and a
 * chain on 16, fetch-and-add under contention on 16 — each exactly once,
 * in order, intact (the programs' own checks), every sequence number sent
 * accepted and acknowledged (combine), and the losses really happened
 * (packets dropped and retransmitted). Without damage nothing is dropped
 * or retransmitted (no spurious timeout). The NrxImc image (ucast.l4.elf)
 * on the same damage must stop with a firmware fault (§8.2.1: Nrx treats
 * a corrupted packet as fatal). */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DAMAGE "--set experiment.link_corrupt_prob=2e-4 --set experiment.link_loss_prob=1e-4"

TEST(lfc_irx, unicast_exactly_once_in_order_over_damaged_links_on_2_5_16_nodes)
{
    const char *d = sim_scratch("lfc_irx_lossy");
    SIM_RUN_OK("run tests/lfc/fixtures/irx_lossy.cfg --jobs 2 --out %s", d);
    char path[600];
    snprintf(path, sizeof path, "%s/lfc.csv", d);
    static const int nodes[] = {2, 5, 16};
    for (int i = 0; i < 3; i++) {
        const char *r = sim_csv_row(path, i);
        harness_note("%s", r);
        int n, got, pairs, retx, drops;
        char status[16];
        ASSERT_EQ(sscanf(r, "%d,%d,%d,%d,%d,%15s", &n, &got, &pairs, &retx, &drops, status), 6);
        ASSERT_EQ(n, nodes[i]);
        ASSERT_STR_EQ(status, "ok");
        ASSERT_EQ(got, 40 * (n - 1) + (n - 1));
        ASSERT_EQ(pairs, n * (n - 1));
        if (n == 16) {   /* ~600 packets per link direction: damage certainly hit some */
            ASSERT_TRUE(drops > 0);
            ASSERT_TRUE(retx >= drops / 4);
        }
    }
}

TEST(lfc_irx, no_drop_and_no_retransmission_on_clean_links)
{
    const char *d = sim_scratch("lfc_irx_clean");
    int st = sim_cli("run tests/lfc/fixtures/irx_lossy.cfg --set experiment.link_corrupt_prob=0 "
                     "--set experiment.link_loss_prob=0 --set 'sweep.values=[16]' --out %s", d);
    if (st) harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    char path[600];
    snprintf(path, sizeof path, "%s/lfc.csv", d);
    const char *r = sim_csv_row(path, 0);
    harness_note("%s", r);
    int n, got, pairs, retx, drops;
    char status[16];
    ASSERT_EQ(sscanf(r, "%d,%d,%d,%d,%d,%15s", &n, &got, &pairs, &retx, &drops, status), 6);
    ASSERT_STR_EQ(status, "ok");
    ASSERT_EQ(got, 40 * 15 + 15);   /* all-to-all on 16 nodes: acknowledgements within the 2 ms timeout */
    ASSERT_EQ(retx, 0);
    ASSERT_EQ(drops, 0);
}

TEST(lfc_irx, multicast_exactly_once_per_root_over_damaged_links_on_16_nodes)
{
    const char *d = sim_scratch("lfc_irx_mcast");
    int st = sim_cli("run tests/lfc/fixtures/lfc_mcast.cfg --set experiment.elf=build/fw/lfc/irx.l4.elf " DAMAGE
                     " --set 'sweep.values=[16]' --set 'measurements=[\"received\",\"pairs_checked\",\"forwarded\",\"retransmitted\"]'"
                     " --jobs 2 --out %s", d);
    if (st) harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    static const char *const files[] = {"broadcast-binary", "broadcast-binomial", "chain-one-root"};
    static const unsigned fwd_want[] = {16 * 20 * 13, 16 * 20 * 11, 30 * 14};   /* first sends only, as lfc_mcast */
    unsigned retx_all = 0;
    for (int f = 0; f < 3; f++) {
        char path[600];
        snprintf(path, sizeof path, "%s/%s.csv", d, files[f]);
        const char *r = sim_csv_row(path, 0);
        harness_note("%s: %s", files[f], r);
        unsigned n, got, pairs, fwd, retx;
        char status[16];
        ASSERT_EQ(sscanf(r, "%u,%u,%u,%u,%u,%15s", &n, &got, &pairs, &fwd, &retx, status), 6);
        ASSERT_STR_EQ(status, "ok");
        ASSERT_EQ(pairs, 16 * 15);
        if (f < 2) ASSERT_EQ(got, 20 * 15);
        ASSERT_EQ(fwd, fwd_want[f]);
        retx_all += retx;
    }
    ASSERT_TRUE(retx_all > 0);
}

TEST(lfc_irx, fetch_and_add_each_value_exactly_once_over_damaged_links)
{
    const char *d = sim_scratch("lfc_irx_fa");
    int st = sim_cli("run tests/lfc/fixtures/lfc_fa.cfg --set experiment.elf=build/fw/lfc/irx.l4.elf " DAMAGE
                     " --set 'sweep.values=[16]' --out %s", d);
    if (st) harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    char path[600];
    snprintf(path, sizeof path, "%s/lfc.csv", d);
    const char *r = sim_csv_row(path, 0);
    harness_note("%s", r);
    int n, values;
    char status[16];
    ASSERT_EQ(sscanf(r, "%d,%d,%15s", &n, &values, status), 3);
    ASSERT_STR_EQ(status, "ok");
    ASSERT_EQ(values, 12 * 16);
}

TEST(lfc_irx, the_nrx_image_faults_on_the_same_damage)
{
    const char *d = sim_scratch("lfc_nrx_lossy");
    int st = sim_cli("run tests/lfc/fixtures/irx_lossy.cfg --set experiment.elf=build/fw/lfc/ucast.l4.elf "
                     "--set 'sweep.values=[16]' --out %s", d);
    const char *err = sim_stderr();
    harness_note("%s", err);
    ASSERT_TRUE(st != 0);
    ASSERT_TRUE(strstr(err, "NI faulted") != NULL);
    ASSERT_TRUE(strstr(err, "(fault+") != NULL);   /* ucast.c's fault(): CRC errors are catastrophic (§3.4) */
}
