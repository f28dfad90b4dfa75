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

static char *row_of(const char *path, int row)
{
    size_t len;
    char *t = sim_read(path, &len);
    if (!t) harness_fail(__FILE__, __LINE__, "no %s", path);
    char *l = strchr(t, '\n');
    for (int i = 0; l && i < row; i++) l = strchr(l + 1, '\n');
    if (!l || !l[1]) harness_fail(__FILE__, __LINE__, "%s: no row %d", path, row);
    char *e = strchr(l + 1, '\n');
    if (e) *e = 0;
    return l + 1;
}

TEST(lfc_ucast, exactly_once_in_order_and_credits_conserved_on_2_5_16_nodes)
{
    const char *d = sim_scratch("lfc_ucast_check");
    int st = sim_cli("run tests/lfc/fixtures/lfc_check.cfg --jobs 2 --out %s", d);
    if (st) harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    char path[600];
    snprintf(path, sizeof path, "%s/lfc.csv", d);
    static const int nodes[] = {2, 5, 16};
    for (int i = 0; i < 3; i++) {
        const char *r = row_of(path, i);
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
    int st = sim_cli("run tests/lfc/fixtures/lfc_misuse.cfg --out %s", d);
    if (st) harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    char path[600];
    snprintf(path, sizeof path, "%s/lfc.csv", d);
    const char *r = row_of(path, 0);
    harness_note("%s", r);
    ASSERT_EQ(atoi(r), 4);   /* not owned, oversize, own destination, free of a foreign packet */
}
