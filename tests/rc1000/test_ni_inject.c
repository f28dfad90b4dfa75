/* The PMC NI as the RC-1000's injector (kind rc1000_stage, injector ni):
 * the firmware on the ISS arbitrates and injects by peer-to-peer DMA up
 * through the card's bridge, the Verilated frame produces the message (the
 * run fails otherwise), the times obey the bus's limits, and two runs
 * write the same files. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <string.h>

/* the one data row of the series' CSV, as numbers */
static int row(const char *dir, double v[4])
{
    char path[700];
    snprintf(path, sizeof path, "%s/lanai-4-pmc-ni-p3-550-host.csv", dir);
    size_t len;
    char *s = sim_read(path, &len);
    if (!s) return -1;
    const char *p = strchr(s, '\n');
    int n = p ? sscanf(p + 1, "%lf,%lf,%lf,%lf", &v[0], &v[1], &v[2], &v[3]) : 0;
    return n == 4 ? 0 : -1;
}

TEST(rc1000_ni, the_pmc_ni_arbitrates_and_injects_by_peer_to_peer_dma)
{
    char a[1024], b[1024];   /* sim_scratch returns one static buffer */
    snprintf(a, sizeof a, "%s", sim_scratch("rc_ni_a"));
    snprintf(b, sizeof b, "%s", sim_scratch("rc_ni_b"));
    ASSERT_EQ(sim_cli("run scenarios/thesis/table7_3_ni.cfg --out %s", a), 0);
    ASSERT_EQ(sim_cli("run scenarios/thesis/table7_3_ni.cfg --out %s", b), 0);
    double v[4];   /* acquire0_us, inject_us, release0_us, bridge_posted_bytes */
    ASSERT_EQ(row(a, v), 0);
    harness_note("acquire %.3f us, inject %.3f us, release %.3f us, posted %.0f B", v[0], v[1], v[2], v[3]);
    /* every byte of the message, the tail word and the two request writes went up through the bridge */
    ASSERT_EQ((long)v[3], 4096 + 32 + 4 + 4 + 4);
    /* 4,136 bytes on a 32b/33 MHz bus take at least 31.3 us */
    ASSERT_TRUE(v[1] > 4136 / 132.0);
    /* a request write and at least one grant read, each a DMA through the bridge */
    ASSERT_TRUE(v[0] > v[2] && v[2] > 0.5);
    char pa[700], pb[700];
    snprintf(pa, sizeof pa, "%s/lanai-4-pmc-ni-p3-550-host.csv", a);
    snprintf(pb, sizeof pb, "%s/lanai-4-pmc-ni-p3-550-host.csv", b);
    ASSERT_TRUE(sim_same_file(pa, pb));
}
