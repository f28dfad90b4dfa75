/* Exactness of the co-simulation: everything a run produces (console with
 * round-trip cycles and RTC values read by the firmware, marks, final
 * cycle and instruction counts, card statistics) is byte for byte the same
 * with the computed lookahead and with a 1 ns lookahead, and with idle-loop
 * skipping on and off. */
#include "../harness/harness.h"
#include "cosim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void same_everywhere(const char *chip, net_kind net, const char *fw, sim_time until)
{
    char *rec[4];
    double wall[4];
    for (int v = 0; v < 4; v++) {
        cosim_opts o;
        cosim_opts_default(&o);
        o.chip = chip;
        o.lookahead = (v & 1) ? SIM_NS(1) : 0;
        o.idle_skip = !(v & 2);
        cosim_run_t r;
        cr_init(&r, net, &o);
        cr_load(&r, fw);
        cr_run(&r, until);
        rec[v] = cr_record(&r);
        wall[v] = r.wall_s;
        if (v == 0) harness_note("lookahead %llu ps, %llu rounds, %llu runs, %llu parked", (unsigned long long)cosim_lookahead(r.s),
                                 (unsigned long long)cosim_get_stats(r.s)->rounds,
                                 (unsigned long long)cosim_get_stats(r.s)->core_runs,
                                 (unsigned long long)cosim_get_stats(r.s)->parked_runs);
        cr_free(&r);
    }
    harness_note("wall: L computed %.3f s, L 1 ns %.3f s, no idle skip %.3f s / %.3f s", wall[0], wall[1],
                 wall[2], wall[3]);
    harness_note("%s", rec[0]);
    ASSERT_TRUE(strstr(rec[0], "status done") != NULL);
    for (int v = 1; v < 4; v++)
        if (strcmp(rec[v], rec[0])) {
            /* leave both records for diff(1) */
            char path[512];
            for (int k = 0; k < 2; k++) {
                snprintf(path, sizeof path, "%s/build/tests/cosim_exact_%s_%s_%d.txt", harness_root(), fw, chip,
                         k ? v : 0);
                FILE *f = fopen(path, "w");
                if (f) { fputs(rec[k ? v : 0], f); fclose(f); }
            }
            harness_note("variant %d differs; see %s", v, path);
            ASSERT_STR_EQ(rec[v], rec[0]);
        }
    for (int v = 0; v < 4; v++) free(rec[v]);
}

TEST(cosim_exact, pingpong_lanai4_cable) { same_everywhere("lanai4", NET_CABLE, "pingpong", SIM_US(100000)); }
TEST(cosim_exact, pingpong_lanai9_cable) { same_everywhere("lanai9", NET_CABLE, "pingpong", SIM_US(100000)); }
TEST(cosim_exact, pingpong_lanai9_three_switches) { same_everywhere("lanai9", NET_LINE3, "pingpong", SIM_US(100000)); }
TEST(cosim_exact, probe_lanai4_cable) { same_everywhere("lanai4", NET_CABLE, "probe", SIM_US(100000)); }
TEST(cosim_exact, probe_lanai9_cable) { same_everywhere("lanai9", NET_CABLE, "probe", SIM_US(100000)); }
TEST(cosim_exact, probe_lanai9_one_switch) { same_everywhere("lanai9", NET_SWITCH1, "probe", SIM_US(100000)); }
TEST(cosim_exact, flow_programs)
{
    same_everywhere("lanai4", NET_SWITCH1, "backpressure", SIM_US(50000));
    same_everywhere("lanai9", NET_LINE3, "backpressure", SIM_US(50000));
    same_everywhere("lanai9", NET_SWITCH1, "bufffill", SIM_US(50000));
    same_everywhere("lanai4", NET_LINE3, "multiseg", SIM_US(50000));
}
