/* The frame's second outgoing queue and Table B.2's setPipeline /
 * killPipeline end to end (program grim_rc1000_stage; hostlib/rc1000's
 * rch_take_queue, hostlib/grim/grim_celoxica_pipe.c): results through
 * outgoing queue 1, or alternating between both, reach host B intact, once,
 * across the wrap of both queues' slots; a two-stage pipeline set up by
 * host A with setPipeline delivers every message through both stages and
 * after killPipeline the frame drops the next message instead of running
 * it, whether the NI or node 0's process (INJECT = host) serves the card;
 * a pipeline id the directory does not have is refused by name. Needs
 * build/myrisim. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <string.h>

#define PIPE "scenarios/teaching/rc1000_pipeline.cfg"
#define SETP "scenarios/teaching/rc1000_setpipe.cfg"

enum { MSGS, DELIV, BAD, DUP, MISS, NQ };

/* 140 messages alternating between the queues: 70 slots each, so both wrap */
TEST(setpipe, results_through_both_outgoing_queues_arrive_once_across_their_wrap)
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("rc_outq"));
    ASSERT_EQ(sim_cli("run " PIPE " --set cluster.nodes=2 --set experiment.params.MESSAGES=140 "
                      "--set experiment.params.WORDS=100 --set experiment.params.INFLIGHT=15 "
                      "--set experiment.params.OUTQ=2 --jobs 2 --out %s", d), 0);
    static const char *const files[2] = {"pass-shipped-slot-0.csv", "student-sub-op-5.csv"};
    for (int f = 0; f < 2; f++) {
        double v[NQ];
        ASSERT_EQ(sim_csv_nums_in(d, files[f], v, NQ), 0);
        harness_note("%s: %g of %g intact, %g bad, %g dup, %g missing", files[f], v[DELIV], v[MSGS], v[BAD], v[DUP],
                     v[MISS]);
        ASSERT_EQ((long)v[DELIV], 140);
        ASSERT_EQ((long)(v[BAD] + v[DUP] + v[MISS]), 0);
    }
}

enum { S_MSGS, S_DELIV, S_BAD, S_DUP, S_MISS, S_OOO, S_LAT, S_MBS, S_DROP, S_TAKE, S_CLOCKS, NS };

TEST(setpipe, a_two_stage_pipeline_runs_and_after_kill_pipeline_drops)
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("rc_setpipe"));
    ASSERT_EQ(sim_cli("run " SETP " --jobs 2 --out %s", d), 0);
    /* the third: the card served by node 0's process (INJECT = host), which
     * relays host A's setPipeline / killPipeline (handler 0x20) and sends into
     * the frame's host queue itself (grim_celoxica_relay) */
    static const char *const files[3] = {"alu-5-then-pass-outgoing-queue-0.csv", "the-same-through-outgoing-queue-1.csv",
                                         "served-by-node-0-s-process-inject-host.csv"};
    for (int f = 0; f < 3; f++) {
        double v[NS];
        ASSERT_EQ(sim_csv_nums_in(d, files[f], v, NS), 0);
        harness_note("%s: %g of %g intact, %g bad, %g dup, %g missing, %g out of order; median %.1f us; %g dropped "
                     "after the kill; %g FPGA clocks", files[f], v[S_DELIV], v[S_MSGS], v[S_BAD], v[S_DUP], v[S_MISS],
                     v[S_OOO], v[S_LAT], v[S_DROP], v[S_CLOCKS]);
        ASSERT_EQ((long)v[S_MSGS], 8);
        ASSERT_EQ((long)v[S_DELIV], 8);   /* each word + 5: the ALU stage ran, then the pass stage */
        /* the message after the kill would reach B as number 8: bad */
        ASSERT_EQ((long)(v[S_BAD] + v[S_DUP] + v[S_MISS] + v[S_OOO]), 0);
        ASSERT_EQ((long)v[S_DROP], 1);
        /* two 1,024-word jobs a message (3,078 clocks for each pass at least) */
        ASSERT_TRUE(v[S_CLOCKS] >= 8 * 2 * 3078);
    }
}

TEST(setpipe, a_pipeline_id_the_directory_lacks_is_refused)
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("rc_setpipe_bad"));
    sim_cli("run " SETP " --set experiment.params.PIPE_ID=300 --jobs 2 --out %s", d);
    harness_note("%s", sim_stderr());
    ASSERT_TRUE(strstr(sim_stderr(), "grim_celoxica_setPipeline: pipeline ids are 0..255 (the card's directory has "
                                     "256 entries), not 300") != NULL);
    /* 255 itself is an entry, but its second stage's 256 is not */
    sim_cli("run " SETP " --set experiment.params.PIPE_ID=255 --jobs 2 --out %s/b", d);
    ASSERT_TRUE(strstr(sim_stderr(), "not 255 (next 256)") != NULL);
}
