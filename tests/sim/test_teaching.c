/* The teaching scenarios (scenarios/teaching, docs/teaching.md) do what the
 * walk-through says: a slow receiver forces NACKs and resends yet every
 * message arrives once, in order, intact; two NIs streaming at each other
 * without the control-message queue deadlock (Figure 4.5) and the watchdog
 * says so with exit status 3, while with the queue the same traffic
 * completes. Needs build/myrisim and the GRIM images. */
#include "../harness/harness.h"
#include "sim_util.h"
#include "../../sim/fidelity/csvread.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value of column `col` in the data row of a one-point series CSV (-1
 * if the file, the column or the row is missing). */
static double csv_value(const char *path, const char *col)
{
    csv_table t;
    if (csv_read(path, path, stderr, &t)) return -1;
    int k = csv_column(&t, col);
    double v = k >= 0 && t.nrows > 1 && k < t.rows[1].nfields ? atof(t.rows[1].fields[k]) : -1;
    csv_free(&t);
    return v;
}

TEST(teaching, slow_receiver_nacks_but_delivers_everything)
{
    const char *dir = sim_scratch("teach_slow");
    ASSERT_EQ(sim_cli("run scenarios/teaching/slow_receiver.cfg --jobs 2 --out '%s'", dir), 0);
    char fast[512], slow[512];
    snprintf(fast, sizeof fast, "%s/fast-receiver.csv", dir);
    snprintf(slow, sizeof slow, "%s/slow-receiver.csv", dir);
    ASSERT_EQ((int)csv_value(fast, "received"), 60);
    ASSERT_EQ((int)csv_value(slow, "received"), 60);
    ASSERT_EQ((int)csv_value(fast, "bad"), 0);
    ASSERT_EQ((int)csv_value(slow, "bad"), 0);
    ASSERT_EQ((int)csv_value(fast, "nacks_sent_peer"), 0);
    ASSERT_TRUE(csv_value(slow, "nacks_sent_peer") > 0);
    ASSERT_TRUE(csv_value(slow, "resent") > 0);
    ASSERT_TRUE(csv_value(slow, "time_us") > csv_value(fast, "time_us"));
}

TEST(teaching, control_messages_without_a_queue_deadlock)
{
    const char *dir = sim_scratch("teach_deadlock");
    int st = sim_cli("run scenarios/teaching/ctl_deadlock.cfg --jobs 2 --out '%s'", dir);
    harness_note("stderr: %.3000s", sim_stderr());
    ASSERT_EQ(st, 3);
    const char *e = sim_stderr();
    ASSERT_TRUE(strstr(e, "series 'control queue off'") != NULL);
    ASSERT_TRUE(strstr(e, "run failed: scenario teaching_ctl_deadlock, series 'control queue on'") == NULL);
    ASSERT_TRUE(strstr(e, "DEADLOCK") != NULL);
    const char *a = strstr(e, "ni0: core at pc"), *b = strstr(e, "ni1: core at pc");
    ASSERT_TRUE(a && b && strstr(a, "ctl_send") && strstr(b, "ctl_send"));
    char on[512];
    snprintf(on, sizeof on, "%s/control-queue-on.csv", dir);
    ASSERT_EQ((int)csv_value(on, "received"), 100);
    ASSERT_EQ((int)csv_value(on, "bad"), 0);
    /* no sweep, so no x column; the deadlocked series is a row that says so */
    char off[512];
    snprintf(off, sizeof off, "%s/control-queue-off.csv", dir);
    const char *csv = sim_read(off, NULL), *nl = strchr(csv, '\n');
    ASSERT_TRUE(!strncmp(csv, "received,", 9) && nl && !strncmp(nl - 7, ",status", 7));
    ASSERT_TRUE(strstr(csv, ",deadlock\n") != NULL && strchr(nl + 1, '\n') == csv + strlen(csv) - 1);
    ASSERT_TRUE(strstr(sim_read(on, NULL), ",ok\n") != NULL);
}
