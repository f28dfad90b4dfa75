/* The ni_pingpong kind's times against expectations computed from the chip
 * profile and the link model, not from the simulator's output:
 *   - store and forward: between two message sizes the one-way time grows by
 *     exactly the extra bytes at the link rate (the firmware path is the same);
 *   - a tiny message's smallest round trip is at least two engine start-ups,
 *     the wire and the cable twice (the firmware can only add to that), and
 *     the firmware's share stays within a few dozen cycles per NI;
 *   - nothing goes faster than the link;
 *   - each switch adds at least its routing latency and a cable per direction.
 * Tolerances are in core cycles: the polling loops quantise every time to
 * their period (under 20 cycles on both chips). */
#include "../harness/harness.h"
#include "ni_util.h"
#include "../../model/lanai/lanai.h"

#include <stdio.h>
#include <string.h>

#define CABLE "kind = \"cable\";"
#define POLL_CYCLES 20.0      /* more than one polling-loop period on either chip */
#define FW_CYCLES_MAX 60.0    /* ceiling on one NI's reaction: detect, three register writes */

static double one_way(const char *chip, const char *link, const char *topology, unsigned bytes, const char *what)
{
    char params[128], name[96];
    snprintf(params, sizeof params, "BYTES = %u; ITERS = 4; WARMUP = 1;", bytes);
    snprintf(name, sizeof name, "%s_%s_%s_%u", what, chip, link, bytes);
    run_result r = ni_run(name, ni_cfg(chip, link, topology, "", params));
    return ni_get(&r, "one_way_us");
}

static void slope(const char *chip, const char *link)
{
    double a = one_way(chip, link, CABLE, 1024, "slope"), b = one_way(chip, link, CABLE, 16384, "slope");
    /* The slower of the link and the receive engine (profile rate) sets the slope. */
    const lanai_profile *p = lanai_profile_get(chip);
    double engine_mbs = (double)p->clock_hz * p->pkt_dma_bytes_per_kcycle / 1000.0 / 1e6;
    double rate = ni_link_mbs(link) < engine_mbs ? ni_link_mbs(link) : engine_mbs;
    double want = (16384 - 1024) / rate;
    double tol = 2 * POLL_CYCLES / ni_clock_mhz(chip);
    harness_note("%s %s: one-way 1 KB %.4f us, 16 KB %.4f us; difference %.4f us, expected %.4f us at %.1f MB/s "
                 "(tol %.3f)", chip, link, a, b, b - a, want, rate, tol);
    ASSERT_TRUE(b - a > want - tol && b - a < want + tol);
}

TEST(ni_bench, store_and_forward_slope_is_the_path_rate_lanai4_san1280) { slope("lanai4", "san1280"); }
TEST(ni_bench, store_and_forward_slope_is_the_path_rate_lanai9_san1280) { slope("lanai9", "san1280"); }
TEST(ni_bench, store_and_forward_slope_is_the_path_rate_lanai9_m2000) { slope("lanai9", "myrinet2000"); }

static void tiny(const char *chip, const char *link)
{
    run_result r = ni_run("tiny", ni_cfg(chip, link, CABLE, "", "BYTES = 4; ITERS = 8; WARMUP = 1;"));
    double rtt = ni_get(&r, "min_round_trip_us"), mhz = ni_clock_mhz(chip);
    /* 4 payload bytes + the CRC-8 byte each way, 2 m of cable */
    double wire = 2 * (ni_dma_start_us(chip) + 5 / ni_link_mbs(link) + ni_prop_us(2.0));
    double fw_cycles = (rtt - wire) * mhz / 2;
    harness_note("%s %s: smallest round trip %.4f us; start-ups + wire %.4f us; firmware %.1f cycles per NI", chip,
                 link, rtt, wire, fw_cycles);
    ASSERT_TRUE(rtt >= wire);
    ASSERT_TRUE(fw_cycles > 0 && fw_cycles < FW_CYCLES_MAX);
    /* the mean over the timed loop adds only NI 0's loop bookkeeping */
    double mean = ni_get(&r, "round_trip_us");
    ASSERT_TRUE(mean >= rtt && mean < rtt + FW_CYCLES_MAX / mhz);
    ASSERT_EQ((long)ni_get(&r, "bytes"), 4);
    ASSERT_EQ((long)ni_get(&r, "iters"), 8);
}

TEST(ni_bench, tiny_message_bracketed_by_start_ups_and_wire_lanai4) { tiny("lanai4", "san1280"); }
TEST(ni_bench, tiny_message_bracketed_by_start_ups_and_wire_lanai9) { tiny("lanai9", "san1280"); }
TEST(ni_bench, tiny_message_bracketed_by_start_ups_and_wire_lanai9_m2000) { tiny("lanai9", "myrinet2000"); }

static void no_faster_than_the_link(const char *chip, const char *link)
{
    run_result r = ni_run("bw", ni_cfg(chip, link, CABLE, "", "BYTES = 65536; ITERS = 2; WARMUP = 1;"));
    double bw = ni_get(&r, "bandwidth_mbs"), ow = ni_get(&r, "one_way_us");
    harness_note("%s %s: 64 KB one-way %.3f us, %.2f MB/s (link %.0f)", chip, link, ow, bw, ni_link_mbs(link));
    ASSERT_TRUE(bw < ni_link_mbs(link));
    ASSERT_TRUE(ow > 65536 / ni_link_mbs(link) + ni_dma_start_us(chip));
    ASSERT_TRUE(bw > 0 && bw == 65536 / ow);
}

TEST(ni_bench, bandwidth_below_the_link_rate_lanai4) { no_faster_than_the_link("lanai4", "san1280"); }
TEST(ni_bench, bandwidth_below_the_link_rate_lanai9_m2000) { no_faster_than_the_link("lanai9", "myrinet2000"); }

/* One switch and a line of three (NI 0 on the first, NI 1 on the last): per
 * hop and direction at least the routing latency plus one more cable; the
 * rest (a route byte, a 4-symbol chunk cut through) is a few tens of ns. */
static void per_hop(const char *chip)
{
    double cable = one_way(chip, "san1280", CABLE, 64, "hop");
    double one = one_way(chip, "san1280", "kind = \"switch\"; ports = 16;", 64, "hop1");
    double three = one_way(chip, "san1280", "kind = \"line\"; switches = 3; ports = 16;", 64, "hop3");
    double floor = ni_route_latency_us() + ni_prop_us(2.0);
    double tol = POLL_CYCLES / ni_clock_mhz(chip) + 0.05;
    harness_note("%s: one-way 64 B: cable %.4f, 1 switch %.4f, 3 switches %.4f us; per hop %.4f / %.4f us (>= %.3f)",
                 chip, cable, one, three, one - cable, (three - cable) / 3, floor);
    ASSERT_TRUE(one - cable >= floor - POLL_CYCLES / ni_clock_mhz(chip) && one - cable < floor + tol);
    ASSERT_TRUE((three - cable) / 3 >= floor - POLL_CYCLES / ni_clock_mhz(chip) / 3);
    ASSERT_TRUE((three - cable) / 3 < floor + tol);
}

TEST(ni_bench, switch_hops_add_routing_latency_lanai4) { per_hop("lanai4"); }
TEST(ni_bench, switch_hops_add_routing_latency_lanai9) { per_hop("lanai9"); }
