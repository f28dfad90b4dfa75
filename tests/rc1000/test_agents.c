/* Two agents serving the frame's two outgoing queues (program
 * grim_rc1000_stage, AGENTS = 2; hostlib/rc1000's rch_take_if_full): the
 * agent of each queue knows only its queue and takes its next slot when the
 * slot's word 0 says full. 140 messages alternate between the queues (70
 * each: both queues' 64 slots wrap); host B gets every one intact, once, in
 * order per queue. Needs build/myrisim. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <string.h>

enum { MSGS, DELIV, BAD, DUP, MISS, OOO, TAKEN0, TAKEN1, EMPTY, NV };

static const char *write_cfg(const char *dir, const char *params)
{
    static char path[1200];
    snprintf(path, sizeof path, "%s/agents.cfg", dir);
    FILE *f = fopen(path, "w");
    if (!f) return NULL;
    fprintf(f,
            "name = \"agents\"; title = \"two agents\"; description = \"tests/rc1000/test_agents.c\";\n"
            "cluster = { nodes = 3; ni = \"lanai4\"; host = \"p3-550\"; pci = \"pci32-33\"; topology = { kind = \"switch\"; }; };\n"
            "experiment = { kind = \"host\"; program = \"grim_rc1000_stage\"; elf = \"build/fw/grim/grim.l4.elf\";\n"
            "  rc1000_node = 0; rc1000_elf = \"build/fw/grim/grim_rc1000.l4.elf\"; time_limit_us = 1e6;\n"
            "  params = { INJECT = \"ni\"; NLC = 2; %s }; };\n"
            "series = ( { name = \"two agents\"; } );\n"
            "measurements = [ \"stage_messages\", \"stage_delivered\", \"stage_bad\", \"stage_dup\", \"stage_missing\",\n"
            "  \"stage_out_of_order\", \"agent0_taken\", \"agent1_taken\", \"agent_empty_passes\" ];\n",
            params);
    fclose(f);
    return path;
}

TEST(rc1000_agents, two_agents_serve_their_own_queues_and_lose_nothing)
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("rc_agents"));
    const char *cfg = write_cfg(d, "MESSAGES = 140; WORDS = 100; OUTQ = 2; AGENTS = 2;");
    ASSERT_TRUE(cfg != NULL);
    ASSERT_EQ(sim_cli("run %s --jobs 1 --out %s/out", cfg, d), 0);
    char out[1100];
    snprintf(out, sizeof out, "%s/out", d);
    double v[NV];
    ASSERT_EQ(sim_csv_nums_in(out, "two-agents.csv", v, NV), 0);
    harness_note("%g of %g intact, %g bad, %g dup, %g missing, %g out of order per queue; agent 0 took %g, agent 1 "
                 "%g; %g passes found the agent's slot empty", v[DELIV], v[MSGS], v[BAD], v[DUP], v[MISS], v[OOO],
                 v[TAKEN0], v[TAKEN1], v[EMPTY]);
    ASSERT_EQ((long)v[DELIV], 140);
    ASSERT_EQ((long)(v[BAD] + v[DUP] + v[MISS] + v[OOO]), 0);
    ASSERT_EQ((long)v[TAKEN0], 70);
    ASSERT_EQ((long)v[TAKEN1], 70);
}

TEST(rc1000_agents, two_agents_need_both_queues_in_use)
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("rc_agents_bad"));
    const char *cfg = write_cfg(d, "MESSAGES = 4; OUTQ = 1; AGENTS = 2;");
    ASSERT_TRUE(cfg != NULL);
    sim_cli("run %s --jobs 1 --out %s/out", cfg, d);
    harness_note("%s", sim_stderr());
    ASSERT_TRUE(strstr(sim_stderr(), "AGENTS must be 1, or 2 with INJECT = ni, OUTQ = 2") != NULL);
}
