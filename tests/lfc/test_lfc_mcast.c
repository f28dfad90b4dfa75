/* LFC multicast and fetch-and-add end to end (firmware/lfc/ucast.c,
 * hostlib/lfc/lfc.c) through build/myrisim on 2, 5 and 16 DAS nodes:
 * broadcast over binary and binomial trees from every root and over a chain
 * from one root, 2 credits per pair (forwarding blocks; credits go back to
 * tree parents); lfc_mcast_check fails a process that sees a root's
 * packet twice, out of order, damaged or not at all, and its combine step
 * fails unless credits are conserved per pair. The forwarded counts are
 * what the trees imply. Fetch-and-add: every process on process 0's
 * variable, each value returned exactly once. Bad input: overlapping
 * groups, oversize, a packet not owned, broadcast mixed with multicast. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned log2_ceil(unsigned n)
{
    unsigned k = 0;
    while ((1u << k) < n) k++;
    return k;
}

TEST(lfc_mcast, exactly_once_in_order_per_root_credits_conserved_on_2_5_16_nodes)
{
    const char *d = sim_scratch("lfc_mcast_check");
    SIM_RUN_OK("run tests/lfc/fixtures/lfc_mcast.cfg --jobs 2 --out %s", d);
    static const char *const files[] = {"broadcast-binary", "broadcast-binomial", "chain-one-root"};
    static const unsigned nodes[] = {2, 5, 16};
    for (int f = 0; f < 3; f++) {
        char path[600];
        snprintf(path, sizeof path, "%s/%s.csv", d, files[f]);
        for (int i = 0; i < 3; i++) {
            const char *r = sim_csv_row(path, i);
            harness_note("%s: %s", files[f], r);
            unsigned n, got, pairs, fwd;
            char status[16];
            ASSERT_EQ(sscanf(r, "%u,%u,%u,%u,%15s", &n, &got, &pairs, &fwd, status), 5);
            ASSERT_EQ(n, nodes[i]);
            ASSERT_STR_EQ(status, "ok");
            ASSERT_EQ(pairs, n * (n - 1));
            unsigned want;
            if (f == 0) {   /* every root, 20 packets, a root has min(2, n-1) children */
                ASSERT_EQ(got, 20 * (n - 1));
                want = n * 20 * ((n - 1) - (n - 1 < 2 ? n - 1 : 2));
            } else if (f == 1) {   /* every root, 20 packets, a root has log2(n) children */
                ASSERT_EQ(got, 20 * (n - 1));
                want = n * 20 * ((n - 1) - log2_ceil(n));
            } else {               /* chain: every member but the root's child and the last forwards */
                want = n > 2 ? 30 * (n - 2) : 0;
            }
            ASSERT_EQ(fwd, want);
        }
    }
}

TEST(lfc_mcast, bad_input_fails_with_a_clear_error)
{
    const char *d = sim_scratch("lfc_mcast_misuse");
    SIM_RUN_OK("run tests/lfc/fixtures/lfc_mcast_misuse.cfg --out %s", d);
    char path[600];
    snprintf(path, sizeof path, "%s/lfc.csv", d);
    const char *r = sim_csv_row(path, 0);
    harness_note("%s", r);
    ASSERT_EQ(atoi(r), 4);   /* overlapping groups, oversize, not owned, broadcast mixed with multicast */
}

TEST(lfc_fa, each_value_exactly_once_under_contention_on_2_5_16_nodes)
{
    const char *d = sim_scratch("lfc_fa");
    SIM_RUN_OK("run tests/lfc/fixtures/lfc_fa.cfg --jobs 2 --out %s", d);
    char path[600];
    snprintf(path, sizeof path, "%s/lfc.csv", d);
    static const int nodes[] = {2, 5, 16};
    for (int i = 0; i < 3; i++) {
        const char *r = sim_csv_row(path, i);
        harness_note("%s", r);
        int n, values;
        char status[16];
        ASSERT_EQ(sscanf(r, "%d,%d,%15s", &n, &values, status), 3);
        ASSERT_EQ(n, nodes[i]);
        ASSERT_STR_EQ(status, "ok");
        ASSERT_EQ(values, 12 * n);
    }
}
