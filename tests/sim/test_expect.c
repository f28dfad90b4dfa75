/* The scenario key `expect` (docs/scenarios.md): a run that stops as its
 * series expects (a teaching deadlock) succeeds with exit status 0, the
 * progress line and report.md confirming it with the watchdog's cycle line;
 * an expected deadlock that does not happen is a failure (exit 1) saying
 * so; a deadlock nobody expected still exits 3; a bad value is bad input
 * naming file, line and key. Uses the Figure 8.3 and 4.8 teaching files
 * (build/myrisim and their firmware images). */
#include "../harness/harness.h"
#include "sim_util.h"

#include <stdio.h>
#include <string.h>

static const char *const cycle =
    "DEADLOCK: grim-mc channels wait in a cycle: ni1 ch 2 waits for space at ni2 ch 2 -> ni2 ch 2 waits for space at "
    "ni1 ch 2 -> back to ni1 ch 2";

TEST(expect, an_expected_deadlock_that_happens_exits_0_and_says_so)
{
    const char *dir = sim_scratch("expect_met");
    int st = sim_cli("run scenarios/teaching/fig8_3_unsafe.cfg --jobs 1 --out '%s'", dir);
    harness_note("stderr: %.3000s", sim_stderr());
    ASSERT_EQ(st, 0);
    char want[512];
    snprintf(want, sizeof want, "[1/1] series 'default': deadlock, as expected: %s\n", cycle);
    ASSERT_TRUE(strstr(sim_stderr(), want) != NULL);
    ASSERT_TRUE(strstr(sim_stderr(), "run failed") == NULL);
    ASSERT_TRUE(strstr(sim_stdout(), "1 runs, 0 failed; 1 stopped by the watchdog as expected;") != NULL);
    /* where each program was, once: no empty detail ("sendMC:  / ...") and no label twice ("poll: poll") */
    ASSERT_TRUE(strstr(sim_stderr(), "nodes 0, 5 (2): host program grim_mcast was in sendMC when the simulation stopped\n") != NULL);
    ASSERT_TRUE(strstr(sim_stderr(), "nodes 1-4 (4): host program grim_mcast was in poll when the simulation stopped\n") != NULL);
    char path[600];
    snprintf(path, sizeof path, "%s/default.csv", dir);
    ASSERT_TRUE(strstr(sim_read(path, NULL), ",deadlock\n") != NULL);
    snprintf(path, sizeof path, "%s/report.md", dir);
    const char *md = sim_read(path, NULL);
    const char *sec = strstr(md, "## Stopped by the watchdog, as expected (1)\n");
    ASSERT_TRUE(sec != NULL);
    ASSERT_TRUE(strstr(sec, cycle) != NULL);
    ASSERT_TRUE(strstr(md, "## Failed runs") == NULL);
}

TEST(expect, an_expected_deadlock_that_does_not_happen_fails_with_exit_1)
{
    const char *dir = sim_scratch("expect_missed");
    int st = sim_cli("run scenarios/teaching/lfc_fig4_8_binary.cfg --set expect=deadlock --out '%s'", dir);
    harness_note("stderr: %.3000s", sim_stderr());
    ASSERT_EQ(st, 1);
    ASSERT_TRUE(strstr(sim_stderr(), "[1/1] series 'binary trees': FAILED (expected a deadlock, but the run "
                                     "completed)\n") != NULL);
    ASSERT_TRUE(strstr(sim_stderr(), "run failed: scenario lfc_fig4_8_binary, series 'binary trees': expected a "
                                     "deadlock (expect = \"deadlock\"), but the run completed\n") != NULL);
    ASSERT_TRUE(strstr(sim_stdout(), "1 runs, 1 failed;") != NULL);
    char path[600];
    snprintf(path, sizeof path, "%s/report.md", dir);
    const char *md = sim_read(path, NULL);
    ASSERT_TRUE(strstr(md, "## Failed runs (1)\n\n- binary trees: expected a deadlock") != NULL);
    /* the run itself completed: its row keeps its measurements and says ok */
    snprintf(path, sizeof path, "%s/binary-trees.csv", dir);
    ASSERT_TRUE(strstr(sim_read(path, NULL), ",ok\n") != NULL);
}

TEST(expect, an_unexpected_deadlock_still_exits_3)
{
    const char *dir = sim_scratch("expect_unexpected");
    int st = sim_cli("run scenarios/teaching/fig8_3_unsafe.cfg --set expect=complete --out '%s'", dir);
    ASSERT_EQ(st, 3);
    ASSERT_TRUE(strstr(sim_stderr(), "[1/1] series 'default': FAILED\n") != NULL);
    ASSERT_TRUE(strstr(sim_stderr(), "run failed: scenario teaching_fig8_3_unsafe, series 'default':\n") != NULL);
    ASSERT_TRUE(strstr(sim_stderr(), "as expected") == NULL);
    /* expecting a livelock is not met by a deadlock either */
    st = sim_cli("run scenarios/teaching/fig8_3_unsafe.cfg --set expect=livelock --out '%s'", dir);
    ASSERT_EQ(st, 3);
    ASSERT_TRUE(strstr(sim_stderr(), "as expected") == NULL);
}

TEST(expect, a_bad_value_names_file_line_and_key)
{
    const char *dir = sim_scratch("expect_bad");
    const char *text = sim_read("scenarios/teaching/ctl_deadlock.cfg", NULL);
    ASSERT_TRUE(text != NULL);
    char *bad = sim_replace(text, "expect = \"deadlock\"; }", "expect = \"dead\"; }");
    char path[600];
    snprintf(path, sizeof path, "%s/bad.cfg", dir);
    sim_write(path, bad);
    int st = sim_cli("run '%s' --out '%s/out'", path, dir);
    ASSERT_EQ(st, 2);
    char want[700];
    snprintf(want, sizeof want, "%s:35: series[1].expect: unknown expected outcome 'dead' (expected complete, "
             "deadlock or livelock)", path);
    ASSERT_TRUE(strstr(sim_stderr(), want) != NULL);
    st = sim_cli("run scenarios/teaching/lfc_fig4_8_binary.cfg --set expect=hang --out '%s/out'", dir);
    ASSERT_EQ(st, 2);
    ASSERT_TRUE(strstr(sim_stderr(), "--set expect: unknown expected outcome 'hang'") != NULL);
}

TEST(expect, an_expected_livelock_is_met_by_a_livelock_report)
{
    const char *dir = sim_scratch("expect_livelock");
    const char *text = sim_read("tests/grim/fixtures/storm.cfg", NULL);
    ASSERT_TRUE(text != NULL);
    char path[600];
    snprintf(path, sizeof path, "%s/storm.cfg", dir);
    sim_write(path, sim_replace(text, "{ name = \"hold 200 ms\";", "{ name = \"hold 200 ms\"; expect = \"livelock\";"));
    int st = sim_cli("run '%s' --jobs 1 --out '%s/out'", path, dir);
    harness_note("stderr: %.3000s", sim_stderr());
    ASSERT_EQ(st, 0);
    ASSERT_TRUE(strstr(sim_stderr(), "series 'hold 200 ms': livelock, as expected: LIVELOCK: links busy") != NULL);
    snprintf(path, sizeof path, "%s/out/hold-200-ms.csv", dir);
    ASSERT_TRUE(strstr(sim_read(path, NULL), ",livelock\n") != NULL);
    /* the series that expects nothing completes as before */
    snprintf(path, sizeof path, "%s/out/hold-2-ms.csv", dir);
    ASSERT_STR_EQ(sim_read(path, NULL), "received,expected,status\n20,20,ok\n");
}
