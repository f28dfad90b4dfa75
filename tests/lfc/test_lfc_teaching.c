/* The LFC teaching pair of seed 002 Figure 4.8 (scenarios/teaching/
 * lfc_fig4_8*.cfg): every one of 4 NIs broadcasts with one credit per
 * destination; over chains the credit waits form a cycle, nothing moves and
 * the watchdog stops the run (a deadlock row; the file expects it, so
 * myrisim exits 0 saying "deadlock, as expected") naming the
 * cycle of credit waits from the NIs' fw_waits records; over binary
 * trees, which meet appendix A's condition, the same traffic completes with
 * every packet once, in order, and credits conserved. Appendix A.2's
 * overlapping groups (scenarios/teaching/lfc_a2.cfg) deadlock too. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <string.h>

TEST(lfc_teaching, fig4_8_chains_deadlock_and_the_watchdog_stops_the_run)
{
    const char *d = sim_scratch("lfc_fig4_8");
    int st = sim_cli("run scenarios/teaching/lfc_fig4_8.cfg --out %s", d);
    ASSERT_EQ(st, 0);
    ASSERT_TRUE(strstr(sim_stderr(), "series 'chains': deadlock, as expected: DEADLOCK: lfc channels") != NULL);
    /* the watchdog names the cycle of credit waits through all four NIs */
    const char *e = strstr(sim_stderr(), "DEADLOCK: lfc channels wait in a cycle: ");
    ASSERT_TRUE(e != NULL);
    const char *eol = strchr(e, '\n');
    for (int ni = 0; ni < 4; ni++) {
        char want[40];
        snprintf(want, sizeof want, "waits for credits from ni%d", ni);
        const char *w = strstr(e, want);
        ASSERT_TRUE(w != NULL && (!eol || w < eol));
    }
    char path[600];
    snprintf(path, sizeof path, "%s/chains.csv", d);
    size_t len;
    ASSERT_TRUE(strstr(sim_read(path, &len), "deadlock") != NULL);
}

TEST(lfc_teaching, fig4_8_traffic_over_binary_trees_completes)
{
    const char *d = sim_scratch("lfc_fig4_8_binary");
    SIM_RUN_OK("run scenarios/teaching/lfc_fig4_8_binary.cfg --out %s", d);
    char path[600];
    snprintf(path, sizeof path, "%s/binary-trees.csv", d);
    size_t len;
    const char *t = sim_read(path, &len);
    const char *r = strchr(t, '\n');
    ASSERT_TRUE(r != NULL);
    harness_note("%s", r + 1);
    unsigned got, pairs, fwd;
    char status[16];
    ASSERT_EQ(sscanf(r + 1, "%u,%u,%u,%15s", &got, &pairs, &fwd, status), 4);
    ASSERT_STR_EQ(status, "ok");
    ASSERT_EQ(got, 4 * 3);     /* 4 packets from each of 3 other roots */
    ASSERT_EQ(pairs, 12);
    ASSERT_EQ(fwd, 4 * 4 * 1); /* each root's packet forwarded once (root 2 children of 3) */
}

TEST(lfc_teaching, appendix_a2_overlapping_groups_deadlock)
{
    const char *d = sim_scratch("lfc_a2");
    int st = sim_cli("run scenarios/teaching/lfc_a2.cfg --out %s", d);
    ASSERT_EQ(st, 0);
    ASSERT_TRUE(strstr(sim_stderr(), "deadlock, as expected: DEADLOCK: lfc channels wait in a cycle: ") != NULL);
    ASSERT_TRUE(strstr(sim_stderr(), "DEADLOCK: lfc channels wait in a cycle: ") != NULL);
}

TEST(lfc_teaching, overlapping_groups_are_refused_without_overlap_unsafe)
{
    const char *d = sim_scratch("lfc_a2_refused");
    int st = sim_cli("run scenarios/teaching/lfc_a2.cfg --set experiment.params.OVERLAP=0 --out %s", d);
    ASSERT_EQ(st, 1);
    ASSERT_TRUE(strstr(sim_stderr(), "overlapping groups") != NULL);
}
