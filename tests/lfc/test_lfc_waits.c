/* LFC firmware fills the watchdog's protocol-wait record (firmware/hal/
 * waits.h, global fw_waits): while process 0's sends wait for credits from
 * NI 1 (whose host is not polling and has 2 buffers), the record read from
 * NI 0's SRAM at the image's fw_waits symbol says one FW_WAIT_CREDIT wait,
 * channel 1, on NI 1, begun in the past; once NI 1 drained, no wait; and
 * NI 1's delivered count is the packets its host got. And the Figure 4.8
 * deadlock read from all four NIs' records is one cycle of credit waits. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* fw_waits's address from the image's link map ("0xADDR 0xSIZE object fw_waits") */
static unsigned long waits_addr(void)
{
    size_t len;
    char *t = sim_read("build/fw/lfc/ucast.l4.map", &len);
    for (char *l = t; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        unsigned long a, sz;
        char kind[16], name[64];
        if (sscanf(l, " %lx %lx %15s %63s", &a, &sz, kind, name) == 4 && !strcmp(kind, "object") && !strcmp(name, "fw_waits"))
            return a;
    }
    harness_fail(__FILE__, __LINE__, "no fw_waits symbol in build/fw/lfc/ucast.l4.map");
    return 0;
}

TEST(lfc_waits, credit_waits_are_exported_for_the_watchdog)
{
    unsigned long a = waits_addr();
    ASSERT_TRUE(a > 0 && a < 0x8000);
    const char *d = sim_scratch("lfc_waits");
    SIM_RUN_OK("run tests/lfc/fixtures/lfc_waits.cfg --set experiment.params.WAITS=%lu --out %s", a, d);
    char path[600];
    snprintf(path, sizeof path, "%s/lfc.csv", d);
    size_t len;
    char *t = sim_read(path, &len);
    char *r = strchr(t, '\n');
    ASSERT_TRUE(r != NULL);
    harness_note("%s", r + 1);
    unsigned n, kind, chan, on_ni, since_ok, after, delivered;
    char status[16];
    ASSERT_EQ(sscanf(r + 1, "%u,%u,%u,%u,%u,%u,%u,%15s", &n, &kind, &chan, &on_ni, &since_ok, &after, &delivered, status), 8);
    ASSERT_STR_EQ(status, "ok");
    ASSERT_EQ(n, 1);
    ASSERT_EQ(kind, 2);   /* FW_WAIT_CREDIT */
    ASSERT_EQ(chan, 1);
    ASSERT_EQ(on_ni, 1);
    ASSERT_EQ(since_ok, 1);
    ASSERT_EQ(after, 0);
    ASSERT_EQ(delivered, 20);
}

/* Figure 4.8's deadlock (4 NIs, chains, 1 credit): every process stalls and
 * the NIs' records, joined, close a cycle through all four NIs, each
 * waiting for its chain successor's credits: what the watchdog's wait-for
 * graph will name. */
TEST(lfc_waits, figure_4_8_deadlock_is_a_cycle_of_credit_waits_through_all_four_nis)
{
    unsigned long a = waits_addr();
    const char *d = sim_scratch("lfc_cycle");
    SIM_RUN_OK("run tests/lfc/fixtures/lfc_cycle.cfg --set experiment.params.WAITS=%lu --out %s", a, d);
    char path[600];
    snprintf(path, sizeof path, "%s/chains.csv", d);
    size_t len;
    char *t = sim_read(path, &len);
    char *r = strchr(t, '\n');
    ASSERT_TRUE(r != NULL);
    harness_note("%s", r + 1);
    unsigned stalled, cycle;
    char status[16];
    ASSERT_EQ(sscanf(r + 1, "%u,%u,%15s", &stalled, &cycle, status), 3);
    ASSERT_STR_EQ(status, "ok");
    ASSERT_EQ(stalled, 4);
    ASSERT_EQ(cycle, 4);
}

/* Appendix A.2: three overlapping groups on 9 NIs with binary trees inside
 * each: processes stall and the NIs' records close a cycle of credit waits
 * across the groups' trees (3 NIs in this run: the simulation is
 * deterministic). */
TEST(lfc_waits, appendix_a2_overlapping_groups_deadlock_is_a_cycle_of_credit_waits)
{
    unsigned long a = waits_addr();
    const char *d = sim_scratch("lfc_a2_cycle");
    SIM_RUN_OK("run tests/lfc/fixtures/lfc_a2_cycle.cfg --set experiment.params.WAITS=%lu --out %s", a, d);
    char path[600];
    snprintf(path, sizeof path, "%s/overlapping-groups.csv", d);
    size_t len;
    char *t = sim_read(path, &len);
    char *r = strchr(t, '\n');
    ASSERT_TRUE(r != NULL);
    harness_note("%s", r + 1);
    unsigned stalled, cycle;
    char status[16];
    ASSERT_EQ(sscanf(r + 1, "%u,%u,%15s", &stalled, &cycle, status), 3);
    ASSERT_STR_EQ(status, "ok");
    ASSERT_TRUE(stalled > 0);
    ASSERT_EQ(cycle, 3);
}
