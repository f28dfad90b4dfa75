/* The RC-1000 as an endpoint its node's NI serves (issue 17 item 4;
 * scenarios/teaching/rc1000_ni_endpoint.cfg; firmware/grim/card_*.c, the
 * grim_rc1000 image): host A's active messages to node 0's card LC go into
 * the frame's NI queue by the NI firmware's peer-to-peer DMA, through the
 * circuit, and reach host B intact, in order and each once, for several
 * sizes and across the queue's wrap; with the NI merging its bank-0
 * request with the host's (Figure 6.7) no PCI-side access ever lacks its
 * grant, and an image without the merge is caught by the card at once;
 * wrong set-ups are refused with a message. Needs build/myrisim (and
 * verilator for the student's circuit). */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCEN "scenarios/teaching/rc1000_ni_endpoint.cfg"

enum { MSGS, DELIV, BAD, DUP, MISS, OOO, LAT, MBS, ACQ, INJ, REL, POLLS, FULL, DEFER, TAKE, READS, FAULTS, FAULT_US,
       PFAULTS, PFAULT_US, CLOCKS, UNLOAD_US, LOAD_US, PDMAS, NV };
#define NF 5
static const char *const files[NF] = {"pass-shipped-slot-0.csv", "student-sub-op-5.csv",
                                      "function-fault-under-traffic.csv", "page-faults-under-traffic.csv",
                                      "table-b-2-calls.csv"};

/* Run the scenario with extra settings; both series' values into v. */
static int run(const char *tag, const char *sets, double v[NF][NV])
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch(tag));
    if (sim_cli("run " SCEN " %s --jobs 2 --out %s", sets, d)) {
        harness_note("%s", sim_stderr());
        return -1;
    }
    for (int f = 0; f < NF; f++) {
        if (sim_csv_nums_in(d, files[f], v[f], NV)) return -1;
        harness_note("%s %s: %g of %g intact, %g bad, %g dup, %g missing, %g out of order; NI per message: acquire "
                     "%.2f us, inject %.2f us, release %.2f us, %.2f grant polls; queue full %g times",
                     tag, files[f], v[f][DELIV], v[f][MSGS], v[f][BAD], v[f][DUP], v[f][MISS], v[f][OOO], v[f][ACQ],
                     v[f][INJ], v[f][REL], v[f][POLLS], v[f][FULL]);
    }
    return 0;
}

static int all_once_in_order(const double *v, double n)
{
    return v[MSGS] == n && v[DELIV] == n && v[BAD] == 0 && v[DUP] == 0 && v[MISS] == 0 && v[OOO] == 0;
}

TEST(ni_endpoint, the_ni_delivers_4_kb_messages_intact_in_order_once)
{
    double v[NF][NV];
    ASSERT_EQ(run("rc_ni_4k", "", v), 0);
    ASSERT_EQ((long)v[0][FAULTS], 0);
    ASSERT_EQ((long)v[0][DEFER], 0);
    for (int f = 0; f < 2; f++) {
        ASSERT_TRUE(all_once_in_order(v[f], 16));
        /* 4 KB cannot pass the PLX 9080's Direct Slave FIFO (66.7 MB/s) in
         * less than 61.4 us; the frame's 1,024-word pass is 153.9 us */
        ASSERT_TRUE(v[f][INJ] > 61.4);
        ASSERT_TRUE(v[f][ACQ] > 0 && v[f][REL] > 0 && v[f][POLLS] >= 1);
        ASSERT_TRUE(v[f][LAT] > 153.9 + 61.4);
        ASSERT_TRUE(v[f][CLOCKS] >= 16 * 3078);
    }
}

/* Sizes: the smallest the stage carries (2 words: number and send time),
 * an odd one, and a message whose injection is one 8-byte pointer read
 * shorter (the queue's pointers are read once). */
TEST(ni_endpoint, every_size_arrives_intact_and_injection_grows_with_size)
{
    static const int words[] = {2, 255, 1024};
    double inj[3];
    for (int i = 0; i < 3; i++) {
        char tag[64], sets[256];
        double v[NF][NV];
        snprintf(tag, sizeof tag, "rc_ni_w%d", words[i]);
        snprintf(sets, sizeof sets, "--set experiment.params.MESSAGES=6 --set experiment.params.WORDS=%d", words[i]);
        /* (the fault series sets its own MESSAGES: 40) */
        ASSERT_EQ(run(tag, sets, v), 0);
        ASSERT_TRUE(all_once_in_order(v[0], 6));
        ASSERT_TRUE(all_once_in_order(v[1], 6));
        inj[i] = v[0][INJ];
    }
    ASSERT_TRUE(inj[0] < inj[1] && inj[1] < inj[2]);
    /* the payload's part moves at about the 9080's FIFO rate: 61.4 us for 4 KB more or less */
    double per_kb = (inj[2] - inj[0]) / ((1024 - 2) * 4 / 1024.0);
    harness_note("injection: %.1f us at 8 B, %.1f at 1,020 B, %.1f at 4 KB (%.2f us a KB)", inj[0], inj[1], inj[2],
                 per_kb);
    ASSERT_TRUE(per_kb > 15.0 && per_kb < 30.0);
}

/* 100 messages of 777 words: the NI queue's ring (32,752 words) wraps twice. */
TEST(ni_endpoint, the_ni_queue_wraps_and_nothing_is_lost)
{
    double v[NF][NV];
    ASSERT_EQ(run("rc_ni_wrap", "--set cluster.nodes=2 --set experiment.params.MESSAGES=100 "
                                "--set experiment.params.WORDS=777", v), 0);
    ASSERT_TRUE(all_once_in_order(v[0], 100));
    ASSERT_TRUE(all_once_in_order(v[1], 100));
    ASSERT_TRUE(all_once_in_order(v[2], 40));
}

/* The third series: host A's messages name handler 0x50, which the card's
 * first configuration lacks. The first one makes the frame fault; node 0
 * serves it with the handler kind rc1000_stage's Table 7.1 runs
 * (hostlib/rc1000/rc1000_fault.c: the configuration file named in the
 * scenario, the FPGA reconfigured and reset, Table 7.1's inputs) while A
 * keeps sending. The handler holds bank 0 throughout, so the NI's next
 * delivery asks for bank 0 while the host holds it and must wait (both
 * request; one owner at a time): every message still arrives, once, in
 * order, through the newly configured function list. */
TEST(ni_endpoint, a_function_fault_under_traffic_loses_nothing)
{
    double v[NF][NV];
    ASSERT_EQ(run("rc_ni_fault", "", v), 0);
    harness_note("fault: %g served, handler %.0f us; the NI deferred to the host's bank 0 %g times; median %.0f us",
                 v[2][FAULTS], v[2][FAULT_US], v[2][DEFER], v[2][LAT]);
    ASSERT_TRUE(all_once_in_order(v[2], 40));
    ASSERT_EQ((long)v[2][FAULTS], 1);
    /* file load, configuration and reset: 10,205 + 95,114 + 56,813 us of inputs at least */
    ASSERT_TRUE(v[2][FAULT_US] > 162132 && v[2][FAULT_US] < 170000);
    ASSERT_TRUE(v[2][DEFER] > 0);
    ASSERT_TRUE(v[2][LAT] > 162132);
    ASSERT_EQ((long)v[0][FAULTS], 0);
}

/* The fourth series: port A reads scratchpad pages 1 and 2 in turn; the two
 * frames start empty and port A's page always goes to frame 1, so every
 * message page-faults: the first only loads, the others unload the page in
 * frame 1 to its host copy and load the other (Table 7.2's handler, by the
 * card's DMA), while the NI waits for banks 0-2. Host B checks every word
 * against the host's copy of its page: all six arrive intact, once, in order. */
TEST(ni_endpoint, page_faults_under_traffic_lose_nothing)
{
    double v[NF][NV];
    ASSERT_EQ(run("rc_ni_pages", "", v), 0);
    harness_note("pages: %g faults served, %.0f us each on average; the NI deferred %g times; per page unload %.0f us, "
                 "load %.0f us; %g DMAs", v[3][PFAULTS], v[3][PFAULT_US], v[3][DEFER], v[3][UNLOAD_US], v[3][LOAD_US],
                 v[3][PDMAS]);
    ASSERT_TRUE(all_once_in_order(v[3], 6));
    ASSERT_EQ((long)v[3][PFAULTS], 6);
    ASSERT_EQ((long)v[3][FAULTS], 0);
    /* 2 MB through a 133 MB/s bus takes 15.7 ms at least; five of six faults move two pages */
    ASSERT_TRUE(v[3][PFAULT_US] > 15700.0 * 11 / 6);
    ASSERT_TRUE(v[3][DEFER] > 0);
    ASSERT_EQ((long)v[0][PFAULTS], 0);
    /* Table 7.2's transfers (hostlib/rc1000/rc1000_dma.c, the harness's
     * code): each unload is 16 block DMAs of 128 KB into the bounce buffer,
     * each load one chained DMA, so six loads and five unloads start the
     * channel 6 + 5 x 16 times (one DMA each way: 11); the unload adds the
     * CPU's copy of 2 MB to the bus time and costs well over the load (one
     * block DMA each way: about equal) */
    ASSERT_EQ((long)v[3][PDMAS], 6 + 5 * 16);
    ASSERT_TRUE(v[3][LOAD_US] > 2097152 / 133.4);
    ASSERT_TRUE(v[3][UNLOAD_US] > 1.5 * v[3][LOAD_US]);
}

/* The fifth series drives the card with Table B.2's calls: per message
 * grim_celoxica_ldMem x into page 1 and y into page 2, alu_local x + y into
 * page 1, grim_celoxica_send of the sum through the pass circuit to host B,
 * which checks x + y word for word; the scratchpad pages fault in on the way
 * (node 0 serves them). Expecting the sum plus a sub-op instead finds every
 * message wrong: the check is real. */
TEST(ni_endpoint, table_b2_calls_load_add_and_send)
{
    double v[NF][NV];
    ASSERT_EQ(run("rc_ni_b2", "", v), 0);
    ASSERT_TRUE(all_once_in_order(v[4], 4));
    ASSERT_TRUE(v[4][PFAULTS] >= 2);
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("rc_ni_b2_neg"));
    const char *neg = sim_cfg_variant(d, SCEN, "EXPECT = \"copy\"; B2 = 1;", "EXPECT = \"add\"; SUBOP = 3; B2 = 1;");
    ASSERT_EQ(sim_cli("run %s --jobs 2 --out %s/out", neg, d), 0);
    strcat(d, "/out");
    double n[NV];
    ASSERT_EQ(sim_csv_nums_in(d, files[4], n, NV), 0);
    ASSERT_EQ((long)n[DELIV], 0);
    ASSERT_EQ((long)n[BAD], 4);
}

TEST(ni_endpoint, a_function_fault_without_a_configuration_file_is_an_error)
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("rc_ni_nofile"));
    /* handler 0x50 in every series, the file in none: the first series faults and stops */
    int st = sim_cli("run " SCEN " --set experiment.params.HANDLER=0x50 --set experiment.params.MESSAGES=2 --out %s", d);
    harness_note("%.400s", sim_stderr());
    ASSERT_TRUE(st != 0);
    ASSERT_TRUE(strstr(sim_stderr(), "function fault and the scenario names no configuration") != NULL);
}

/* Host (bank 3, through the NI) and NI (bank 0) request at once all run
 * long: the merged run above never made an access the card refused (the
 * card stops on any PCI-side access without its grant) and finished its 16
 * messages in about 5 ms. The same traffic with an image that writes each
 * agent's request alone goes wrong within 30 ms: one agent's write takes
 * the other's bank away, so either an access without its grant stops the
 * card, or a request that was overwritten is never granted and the run
 * does not finish. The merge is what keeps the check quiet. */
TEST(ni_endpoint, without_the_merge_one_agent_takes_the_others_bank)
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("rc_ni_nomerge"));
    int st = sim_cli("run " SCEN " --set experiment.rc1000_elf=build/fw/grim/grim_rc1000_nomerge.l4.elf "
                     "--set experiment.time_limit_us=30000 --jobs 2 --out %s", d);
    const char *e = sim_stderr(), *p = strstr(e, "series 'pass (shipped, slot 0)':");
    harness_note("%.600s", e);
    ASSERT_TRUE(st != 0);
    ASSERT_TRUE(p != NULL);
    ASSERT_TRUE(strstr(p, "without its grant") != NULL || strstr(p, "not finished after 30000 us") != NULL);
}

TEST(ni_endpoint, wrong_set_ups_are_refused_with_a_message)
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("rc_ni_bad"));
    /* the plain image on the card's node */
    int st = sim_cli("run " SCEN " --set experiment.rc1000_elf=build/fw/grim/grim.l4.elf --out %s/a", d);
    ASSERT_TRUE(st != 0);
    ASSERT_TRUE(strstr(sim_stderr(), "serves no RC-1000") != NULL);
    /* no LC for the card */
    st = sim_cli("run " SCEN " --set experiment.params.NLC=1 --out %s/b", d);
    ASSERT_TRUE(st != 0);
    ASSERT_TRUE(strstr(sim_stderr(), "NLC must be 2 or more, not 1") != NULL);
    /* a configuration file that is not one */
    char cfgf[1200];
    snprintf(cfgf, sizeof cfgf, "%s/bad.conf", d);
    FILE *cf = fopen(cfgf, "w");
    ASSERT_TRUE(cf != NULL);
    fprintf(cf, "# fine\n0 0x50\n9 0x41\n");
    fclose(cf);
    st = sim_cli("run " SCEN " --set experiment.rc1000_config=%s --out %s/d", cfgf, d);
    ASSERT_EQ(st, 2);
    ASSERT_TRUE(strstr(sim_stderr(), "bad.conf:3: expected \"SLOT HANDLER\"") != NULL);
    /* an image for the card's node without a card */
    char cfg[1200];
    snprintf(cfg, sizeof cfg, "%s/nocard.cfg", d);
    FILE *f = fopen(cfg, "w");
    ASSERT_TRUE(f != NULL);
    fprintf(f, "name = \"nocard\";\ntitle = \"t\";\nmeasurements = [ \"stage_messages\" ];\ncluster = { nodes = 2; ni = \"lanai4\"; host = \"p3-550\"; };\n"
               "experiment = { kind = \"host\"; program = \"grim_rc1000_stage\"; elf = \"%s/build/fw/grim/grim.l4.elf\";\n"
               "  rc1000_elf = \"%s/build/fw/grim/grim_rc1000.l4.elf\"; };\n", harness_root(), harness_root());
    fclose(f);
    st = sim_cli("run %s --out %s/c", cfg, d);
    harness_note("%.300s", sim_stderr());
    ASSERT_EQ(st, 2);
    ASSERT_TRUE(strstr(sim_stderr(), "rc1000_elf needs a card: set experiment.rc1000_node") != NULL);
}
