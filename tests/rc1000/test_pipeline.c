/* The RC-1000 as a GRIM endpoint and a pipeline stage between two hosts
 * (scenarios/teaching/rc1000_pipeline.cfg; program grim_rc1000_stage,
 * hostlib/rc1000, the platform's second-device window): host A's messages
 * reach the card's node by AM, go through the frame and the circuit, and
 * reach host B intact and each once, checked word for word against a C
 * computation; queue 0's ring and the outgoing slots wrap; the check catches
 * a circuit that does not do what it should; a program without the card
 * and a card on no node are refused, and so is a circuit that does not fit
 * at load time. Needs build/myrisim (and verilator for
 * the student's circuit). */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCEN "scenarios/teaching/rc1000_pipeline.cfg"


enum { MSGS, DELIV, BAD, DUP, MISS, LAT, MBS, INJ, TAKE, READS, CLOCKS, NV };

TEST(pipeline, a_students_circuit_runs_between_two_hosts)
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("rc_pipeline"));
    ASSERT_EQ(sim_cli("run " SCEN " --jobs 2 --out %s", d), 0);
    static const char *const files[2] = {"pass-shipped-slot-0.csv", "student-sub-op-5.csv"};
    for (int f = 0; f < 2; f++) {
        double v[NV];
        ASSERT_EQ(sim_csv_nums_in(d, files[f], v, NV), 0);
        harness_note("%s: %g of %g intact, %g bad, %g dup, %g missing; median %.1f us, %.2f MB/s; inject %.1f us, "
                     "take %.1f us a message; %g FPGA clocks", files[f], v[DELIV], v[MSGS], v[BAD], v[DUP], v[MISS],
                     v[LAT], v[MBS], v[INJ], v[TAKE], v[CLOCKS]);
        ASSERT_EQ((long)v[MSGS], 16);
        ASSERT_EQ((long)v[DELIV], 16);
        ASSERT_EQ((long)v[BAD], 0);
        ASSERT_EQ((long)v[DUP], 0);
        ASSERT_EQ((long)v[MISS], 0);
        /* a message spends at least the frame's 1,024-word pass (3,078
         * clocks at 20 MHz) and its injection through the 9080's FIFO
         * (4 KB at 66.7 MB/s) on the card */
        ASSERT_TRUE(v[LAT] > 153.9 + 61.4);
        ASSERT_TRUE(v[INJ] > 61.4);
        ASSERT_TRUE(v[MBS] > 0 && v[MBS] < 4096 / (153.9 + 61.4));
        ASSERT_TRUE(v[CLOCKS] >= 16 * 3078);
    }
}

/* 100 messages of 777 words: queue 0's ring (32,752 words) wraps twice and
 * the 64 outgoing slots once; two nodes, so host A is host B. */
TEST(pipeline, the_rings_wrap_and_every_message_arrives_once)
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("rc_pipeline_wrap"));
    ASSERT_EQ(sim_cli("run " SCEN " --set cluster.nodes=2 --set experiment.params.MESSAGES=100 "
                      "--set experiment.params.WORDS=777 --set experiment.params.INFLIGHT=15 --jobs 2 --out %s", d), 0);
    double v[NV];
    ASSERT_EQ(sim_csv_nums_in(d, "student-sub-op-5.csv", v, NV), 0);
    harness_note("%g of %g intact, %g bad, %g dup, %g missing", v[DELIV], v[MSGS], v[BAD], v[DUP], v[MISS]);
    ASSERT_EQ((long)v[DELIV], 100);
    ASSERT_EQ((long)(v[BAD] + v[DUP] + v[MISS]), 0);
}

/* The check is real: expecting a copy from the student's circuit (which
 * adds the sub-op) finds every message wrong. */
TEST(pipeline, host_b_catches_a_circuit_that_computes_something_else)
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("rc_pipeline_neg"));
    /* the series' own EXPECT = "add" becomes "copy" (a series' params win over --set) */
    const char *neg = sim_cfg_variant(d, SCEN, "EXPECT = \"add\"", "EXPECT = \"copy\"");
    ASSERT_EQ(sim_cli("run %s --set experiment.params.MESSAGES=4 --jobs 2 --out %s/out", neg, d), 0);
    strcat(d, "/out");
    double p[NV], s[NV];
    ASSERT_EQ(sim_csv_nums_in(d, "pass-shipped-slot-0.csv", p, NV), 0);
    ASSERT_EQ(sim_csv_nums_in(d, "student-sub-op-5.csv", s, NV), 0);
    ASSERT_EQ((long)p[DELIV], 4);
    ASSERT_EQ((long)s[DELIV], 0);
    ASSERT_EQ((long)s[BAD], 4);
}

TEST(pipeline, without_the_card_on_node_0_the_program_says_so)
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("rc_pipeline_nocard"));
    int st = sim_cli("run " SCEN " --set experiment.rc1000_node=1 --jobs 2 --out %s", d);
    harness_note("%s", sim_stderr());
    ASSERT_TRUE(st != 0);
    ASSERT_TRUE(strstr(sim_stderr(), "node 0 has no RC-1000 on its bus") != NULL);
    st = sim_cli("run " SCEN " --set experiment.rc1000_node=7 --out %s/bad", d);
    ASSERT_EQ(st, 2);
    ASSERT_TRUE(strstr(sim_stderr(), "rc1000_node must name a node, 0..2") != NULL);
    /* the card's circuit is checked at load time as kind rc1000_stage's */
    st = sim_cli("run " SCEN " --set experiment.rc1000_circuit=tests/hw/fixtures/bad_width.v --out %s/bad2", d);
    ASSERT_EQ(st, 2);
    ASSERT_TRUE(strstr(sim_stderr(), "bad_width.v:12: port 'c_data' is 16 bits wide; the interface needs 32") != NULL);
}
