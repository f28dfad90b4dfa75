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
    char path[1200];
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
    char pa[1200], pb[1200];
    snprintf(pa, sizeof pa, "%s/lanai-4-pmc-ni-p3-550-host.csv", a);
    snprintf(pb, sizeof pb, "%s/lanai-4-pmc-ni-p3-550-host.csv", b);
    ASSERT_TRUE(sim_same_file(pa, pb));
}

/* acquire0_us and release0_us of one series of table6_1 */
static int arb(const char *dir, const char *file, double *acq, double *rel)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    size_t len;
    char *s = sim_read(path, &len);
    const char *p = s ? strchr(s, '\n') : NULL;
    return p && sscanf(p + 1, "%lf,%lf", acq, rel) == 2 ? 0 : -1;
}

TEST(rc1000_ni, the_host_arbitrates_through_the_nis_request_queue)
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("rc_arb"));
    /* the run checks the CPLD's grant after each acknowledgement of the NI */
    ASSERT_EQ(sim_cli("run scenarios/thesis/table6_1.cfg --jobs 2 --out %s", d), 0);
    double ha, hr, na, nr, va, vr;
    ASSERT_EQ(arb(d, "host-performs.csv", &ha, &hr), 0);
    ASSERT_EQ(arb(d, "ni-performs.csv", &na, &nr), 0);
    ASSERT_EQ(arb(d, "host-through-the-ni.csv", &va, &vr), 0);
    harness_note("acquire/release: host %.2f/%.2f, NI %.2f/%.2f, host through the NI %.2f/%.2f us", ha, hr, na, nr, va,
                 vr);
    /* the indirect path contains the NI's own arbitration plus the host's
     * request and its polls, so it costs more than either direct one (L1951) */
    ASSERT_TRUE(va > na && va > ha);
    ASSERT_TRUE(vr > nr && vr > hr);
}
