/* Two NIs running real firmware (firmware/ni/pingpong.c): packets of
 * several sizes go back and forth with every byte and the CRC checked by
 * the firmware, back to back and through 1 and 3 switches, on both chips.
 * The test checks the exit codes and that every round trip is at least the
 * physical minimum of the path (serialisation, propagation, switches). */
#include "../harness/harness.h"
#include "cosim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Minimum round trip for n payload bytes: both directions carry route +
 * 8-byte header + payload + CRC, each hop serialises and propagates, each
 * switch adds its routing latency; the DMA engines start twice per trip. */
static double min_rtt_ns(const char *chip, int nswitch, unsigned n)
{
    double rate = strcmp(chip, "lanai4") ? 250e6 : 160e6;
    double bytes = 8 + n + 1 + nswitch;
    return 2 * (bytes / rate * 1e9 + (nswitch + 1) * 10.0 + nswitch * 500.0);
}

static void pingpong(const char *chip, net_kind net, int nswitch)
{
    cosim_opts o;
    cosim_opts_default(&o);
    o.chip = chip;
    cosim_status st;
    char *rec = cr_run_all(net, &o, "pingpong", SIM_US(100000), &st);
    if (st != COSIM_DONE || strstr(rec, "FAIL") || !strstr(rec, "ni0 state 1 exit 0") ||
        !strstr(rec, "ni1 state 1 exit 0")) {
        harness_note("%s", rec);
        ASSERT_EQ(st, COSIM_DONE);
        ASSERT_TRUE(!"a node failed");
    }
    double mhz = strcmp(chip, "lanai4") ? 133.0 : 33.0;
    int lines = 0;
    for (const char *p = strstr(rec, "size "); p; p = strstr(p + 1, "size ")) {
        unsigned n, cyc, ticks;
        ASSERT_EQ(sscanf(p, "size %u rtt %u cycles %u ticks", &n, &cyc, &ticks), 3);
        double ns = cyc * 1000.0 / mhz;
        if (ns < min_rtt_ns(chip, nswitch, n)) {
            harness_note("size %u: %.0f ns < physical minimum %.0f ns", n, ns, min_rtt_ns(chip, nswitch, n));
            ASSERT_TRUE(!"round trip faster than the wire");
        }
        /* RTC ticks (0.5 us) agree with the cycle count within a tick and
         * the few instructions between reading one and the other */
        double slack_ns = 500.0 + 40 * 1000.0 / mhz;
        if (!(ticks * 500.0 <= ns + slack_ns && ticks * 500.0 >= ns - 500.0)) {
            harness_note("size %u: %u cycles = %.0f ns but %u RTC ticks\n%s", n, cyc, ns, ticks, rec);
            ASSERT_TRUE(!"RTC and cycle counter disagree");
        }
        lines++;
    }
    ASSERT_EQ(lines, 10);
    harness_note("%s", rec);
    free(rec);
}

TEST(cosim_pingpong, lanai4_back_to_back) { pingpong("lanai4", NET_CABLE, 0); }
TEST(cosim_pingpong, lanai9_back_to_back) { pingpong("lanai9", NET_CABLE, 0); }
TEST(cosim_pingpong, lanai4_one_switch) { pingpong("lanai4", NET_SWITCH1, 1); }
TEST(cosim_pingpong, lanai9_one_switch) { pingpong("lanai9", NET_SWITCH1, 1); }
TEST(cosim_pingpong, lanai4_three_switches) { pingpong("lanai4", NET_LINE3, 3); }
TEST(cosim_pingpong, lanai9_three_switches) { pingpong("lanai9", NET_LINE3, 3); }
