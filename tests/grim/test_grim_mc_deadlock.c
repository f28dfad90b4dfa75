/* The multicast deadlock of Figure 8.3 (scenarios/teaching/fig8_3_*.cfg):
 * in unsafe mode two trees that share NIs 1 and 2 in reverse order
 * deadlock under a flood, and the watchdog's first line names the cycle
 * from the firmware's protocol waits (fw_waits); the file expects that
 * (expect = "deadlock"), so myrisim confirms it and exits 0. The same
 * traffic on id-ordered trees completes, every message delivered once and
 * intact. Needs build/myrisim and the grim_mc images. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TEST(grim_mc_deadlock, unsafe_trees_in_reverse_order_deadlock_and_the_cycle_is_named)
{
    const char *dir = sim_scratch("mc_unsafe");
    int st = sim_cli("run scenarios/teaching/fig8_3_unsafe.cfg --jobs 1 --out '%s'", dir);
    harness_note("stderr: %.3000s", sim_stderr());
    ASSERT_EQ(st, 0);
    const char *e = sim_stderr();
    const char *head = strstr(e, "series 'default': deadlock, as expected; the watchdog's report:\n");
    ASSERT_TRUE(head != NULL);
    head = strchr(head, '\n') + 1;
    const char *want = "  DEADLOCK: grim-mc channels wait in a cycle: ni1 ch 2 waits for space at ni2 ch 2 -> "
                       "ni2 ch 2 waits for space at ni1 ch 2 -> back to ni1 ch 2\n";
    ASSERT_TRUE(strncmp(head, want, strlen(want)) == 0);
    ASSERT_TRUE(strstr(e, "protocol waits (fw_waits):") != NULL);
}

TEST(grim_mc_deadlock, id_ordered_trees_complete_the_same_traffic)
{
    const char *dir = sim_scratch("mc_ordered");
    int st = sim_cli("run scenarios/teaching/fig8_3_ordered.cfg --jobs 1 --out '%s'", dir);
    harness_note("stderr: %.3000s", sim_stderr());
    ASSERT_EQ(st, 0);
    char path[700];
    snprintf(path, sizeof path, "%s/default.csv", dir);
    size_t len;
    char *t = sim_read(path, &len);
    ASSERT_TRUE(t != NULL);
    ASSERT_STR_EQ(t, "received,expected,bad,status\n320,320,0,ok\n");
}

TEST(grim_mc_deadlock, a_retransmission_storm_is_a_livelock_not_progress)
{
    const char *dir = sim_scratch("mc_storm");
    int st = sim_cli("run tests/grim/fixtures/storm.cfg --jobs 1 --out '%s'", dir);
    harness_note("stderr: %.3000s", sim_stderr());
    ASSERT_EQ(st, 3);
    const char *e = sim_stderr();
    ASSERT_TRUE(strstr(e, "run failed: scenario grim_mc_storm, series 'hold 2 ms'") == NULL);
    const char *head = strstr(e, "series 'hold 200 ms':\n");
    ASSERT_TRUE(head != NULL);
    head = strchr(head, '\n') + 1;
    ASSERT_TRUE(strncmp(head, "  LIVELOCK: links busy but no message delivered for 5", 52) == 0);
    const char *nl = strchr(head, '\n');
    const char *ni0 = strstr(head, " ni0 ");
    ASSERT_TRUE(ni0 != NULL && ni0 < nl);   /* the resending NI is named on the first line */
    ASSERT_TRUE(strstr(e, "livelock at ") != NULL);
    char path[700];
    snprintf(path, sizeof path, "%s/hold-2-ms.csv", dir);
    size_t len;
    char *t = sim_read(path, &len);
    ASSERT_TRUE(t != NULL);
    ASSERT_STR_EQ(t, "received,expected,status\n20,20,ok\n");
    /* the stopped series' row names the livelock, not a deadlock */
    snprintf(path, sizeof path, "%s/hold-200-ms.csv", dir);
    ASSERT_TRUE(strstr(sim_read(path, &len), ",livelock\n") != NULL);
}

TEST(grim_mc_deadlock, a_negative_livelock_period_is_refused_naming_the_key)
{
    const char *dir = sim_scratch("mc_storm_bad");
    int st = sim_cli("run tests/grim/fixtures/storm.cfg --set experiment.livelock_us=-1 --jobs 1 --out '%s'", dir);
    ASSERT_EQ(st, 2);
    ASSERT_TRUE(strstr(sim_stderr(), "livelock_us must be >= 0") != NULL);
}

/* L2315 (scenarios/teaching/tickets.cfg): C leaves and F joins while the
 * old path to D is slowed; membership is the root's ticket order. */
TEST(grim_mc_deadlock, tickets_keep_order_through_an_update_and_without_them_it_is_overtaken)
{
    const char *dir = sim_scratch("mc_tickets");
    int st = sim_cli("run scenarios/teaching/tickets.cfg --jobs 2 --out '%s'", dir);
    harness_note("stderr: %.3000s", sim_stderr());
    ASSERT_EQ(st, 0);
    char path[700];
    size_t len;
    snprintf(path, sizeof path, "%s/tickets-on.csv", dir);
    char *on = sim_read(path, &len);
    snprintf(path, sizeof path, "%s/tickets-off.csv", dir);
    char *off = sim_read(path, &len);
    ASSERT_TRUE(on != NULL && off != NULL);
    harness_note("on: %s off: %s", on, off);
    /* with tickets: every member of each message's ticket got it once, in order, intact */
    ASSERT_TRUE(strstr(on, "\n52,52,") != NULL);
    ASSERT_TRUE(strstr(on, ",0,0,0,0,ok\n") != NULL);   /* overtaken, duplicates, wrong_members, bad */
    /* without: the update and the new data overtook the old data at D */
    int rec, exp, c, ot, dup, wrong, bad;
    const char *row = strchr(off, '\n');
    ASSERT_TRUE(row && sscanf(row + 1, "%d,%d,%d,%d,%d,%d,%d", &rec, &exp, &c, &ot, &dup, &wrong, &bad) == 7);
    ASSERT_TRUE(ot > 0);
    ASSERT_EQ(bad, 0);
}
