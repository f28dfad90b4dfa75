/* RECOV (seed 002 §4.3; firmware/lfc/recov.h, build/fw/lfc/recov.l4.elf)
 * end to end through build/myrisim. Random deadlock-prone workloads
 * (lfc_recov_random: overlapping groups over chains and binary trees,
 * mostly 1 credit, plus unicasts) on 2 .. 16 DAS nodes: with RECOV every
 * one completes, every stream exactly once and in order, credits
 * conserved per (sender, receiver) pair, no escape buffer held and no
 * recovery active at the end, and every packet sent on a recovery channel
 * was received into an escape buffer; without RECOV (ucast.l4.elf) most of
 * the same workloads deadlock, so they do exercise recovery. The teaching
 * twins of Figure 4.8 and appendix A.2 complete and count their
 * recoveries (one CHANNEL_CLEAR per escape-buffer use). Unicast
 * every-to-every and broadcasts on 2, 5 and 16 nodes still deliver
 * exactly once, in order, on the RECOV image. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEEDS 16

TEST(lfc_recov, random_deadlock_prone_workloads_complete_exactly_once_on_2_to_16_nodes)
{
    unsigned deadlocked = 0, recovered = 0, sizes = 0;
    for (unsigned s = 1; s <= SEEDS; s++) {
        unsigned n = 2u + (s * 7u) % 15u;   /* 2 .. 16, each once but 9 */
        sizes |= 1u << n;
        const char *d = sim_scratch("lfc_recov_random");
        int st = sim_cli("run tests/lfc/fixtures/recov_random.cfg --set cluster.nodes=%u --set experiment.params.SEED=%u "
                         "--out %s", n, s, d);
        if (st) harness_note("seed %u, %u nodes: %s", s, n, sim_stderr());
        ASSERT_EQ(st, 0);
        char path[600];
        snprintf(path, sizeof path, "%s/random.csv", d);
        const char *r = sim_csv_row(path, 0);
        unsigned got, pairs, rec, esc;
        char status[16];
        ASSERT_EQ(sscanf(r, "%u,%u,%u,%u,%15s", &got, &pairs, &rec, &esc, status), 5);
        ASSERT_STR_EQ(status, "ok");
        ASSERT_EQ(pairs, n * (n - 1));
        ASSERT_TRUE(got > 0);
        /* the same workload without RECOV */
        const char *d2 = sim_scratch("lfc_recov_random_off");
        int st2 = sim_cli("run tests/lfc/fixtures/recov_random.cfg --set cluster.nodes=%u --set experiment.params.SEED=%u "
                          "--set experiment.elf=build/fw/lfc/ucast.l4.elf --out %s", n, s, d2);
        ASSERT_TRUE(st2 == 0 || st2 == 3);
        if (st2 == 3) {
            ASSERT_TRUE(strstr(sim_stderr(), "DEADLOCK") != NULL);
            deadlocked++;
            ASSERT_TRUE(rec > 0 && esc > 0);   /* what deadlocks without RECOV recovered with it */
        }
        recovered += rec > 0;
        harness_note("seed %2u, %2u nodes: %5u packets, %3u recoveries, %4u escapes; without RECOV: %s", s, n, got, rec, esc,
                     st2 == 3 ? "deadlock" : "completes");
    }
    ASSERT_EQ(sizes, 0x1FFFCu);             /* 2 .. 16 nodes all covered */
    ASSERT_TRUE(deadlocked >= SEEDS / 2);   /* the workloads are deadlock-prone */
    harness_note("%u of %u workloads deadlock without RECOV; %u used recovery", deadlocked, SEEDS, recovered);
}

static void twin(const char *cfg, const char *csv, unsigned want_got)
{
    const char *d = sim_scratch(cfg);
    SIM_RUN_OK("run scenarios/teaching/%s.cfg --out %s", cfg, d);
    char path[600];
    snprintf(path, sizeof path, "%s/%s.csv", d, csv);
    const char *r = sim_csv_row(path, 0);
    harness_note("%s: %s", cfg, r);
    unsigned got, pairs, fwd, rec, esc, clr;
    char status[16];
    ASSERT_EQ(sscanf(r, "%u,%u,%u,%u,%u,%u,%15s", &got, &pairs, &fwd, &rec, &esc, &clr, status), 7);
    ASSERT_STR_EQ(status, "ok");
    ASSERT_EQ(got, want_got);
    ASSERT_TRUE(rec > 0 && esc >= rec);
    ASSERT_EQ(clr, esc);   /* every escape-buffer holder sends one CHANNEL_CLEAR up */
}

TEST(lfc_recov, the_teaching_deadlocks_complete_with_recov_and_count_it)
{
    twin("lfc_fig4_8_recov", "chains-with-recov", 4 * 3);   /* process 0: 4 from each other root */
    twin("lfc_a2_recov", "overlapping-groups-with-recov", 4 * 2);   /* process 0: in G1 and G2, 4 from 3 (G2) and 6 (G3) */
}

TEST(lfc_recov, unicast_and_broadcast_still_exactly_once_in_order_on_the_recov_image)
{
    const char *d = sim_scratch("lfc_recov_ucast");
    SIM_RUN_OK("run tests/lfc/fixtures/lfc_check.cfg --set experiment.elf=build/fw/lfc/recov.l4.elf --jobs 2 --out %s", d);
    char path[600];
    snprintf(path, sizeof path, "%s/lfc.csv", d);
    for (int i = 0; i < 3; i++) {
        const char *r = sim_csv_row(path, i);
        harness_note("unicast: %s", r);
        int n, got, pairs;
        char status[16];
        ASSERT_EQ(sscanf(r, "%d,%d,%d,%15s", &n, &got, &pairs, status), 4);
        ASSERT_STR_EQ(status, "ok");
        ASSERT_EQ(got, 40 * (n - 1) + (n - 1));
        ASSERT_EQ(pairs, n * (n - 1));
    }
    d = sim_scratch("lfc_recov_mcast");
    SIM_RUN_OK("run tests/lfc/fixtures/lfc_mcast.cfg --set experiment.elf=build/fw/lfc/recov.l4.elf --jobs 2 --out %s", d);
    static const char *const files[] = {"broadcast-binary", "broadcast-binomial", "chain-one-root"};
    for (int f = 0; f < 3; f++) {
        snprintf(path, sizeof path, "%s/%s.csv", d, files[f]);
        for (int i = 0; i < 3; i++) {
            const char *r = sim_csv_row(path, i);
            harness_note("%s: %s", files[f], r);
            unsigned n, got, pairs, fwd;
            char status[16];
            ASSERT_EQ(sscanf(r, "%u,%u,%u,%u,%15s", &n, &got, &pairs, &fwd, status), 5);
            ASSERT_STR_EQ(status, "ok");
            ASSERT_EQ(pairs, n * (n - 1));
        }
    }
}
