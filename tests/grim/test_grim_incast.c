/* Many senders into one slow endpoint (scenarios/scale/incast_backoff.cfg,
 * hostlib/apps/app_grim_incast.c): on 8 and 32 nodes, with the
 * dissertation's resend-at-once protocol and with NACK back-off, every
 * message arrives once, in order, intact (the receiver checks each
 * sender's sequence and data), and the receiver really was overrun (its NI
 * refused messages, the senders resent them). */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>

TEST(grim, incast_many_senders_into_one_slow_endpoint_deliver_everything)
{
    const char *d = sim_scratch("grim_incast");
    int st = sim_cli("run scenarios/scale/incast_backoff.cfg --jobs 2 --out %s", d);
    harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    static const char *const files[] = {"as-published-resend-at-once.csv", "nack-back-off.csv"};
    static const int nodes[] = {8, 32};
    for (int f = 0; f < 2; f++)
        for (int r = 0; r < 2; r++) {
            char path[700];
            snprintf(path, sizeof path, "%s/%s", d, files[f]);
            int n = 0;
            double received = -1, expected = -1, bad = -1, resent = -1, nacks = -1;
            ASSERT_EQ(sscanf(sim_csv_row(path, r), "%d,%lf,%lf,%lf,%lf,%lf", &n, &received, &expected, &bad,
                             &resent, &nacks),
                      6);
            harness_note("%s, %d nodes: %.0f of %.0f, bad %.0f, resent %.0f, NACKs %.0f", files[f], n, received,
                         expected, bad, resent, nacks);
            ASSERT_EQ(n, nodes[r]);
            ASSERT_TRUE(expected == (nodes[r] - 1) * 20.0);
            ASSERT_TRUE(received == expected);
            ASSERT_TRUE(bad == 0);
            ASSERT_TRUE(nacks > 0 && resent >= nacks);   /* overrun, and every refusal resent */
        }
}
