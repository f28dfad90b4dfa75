/* The teaching scenarios (scenarios/teaching, docs/teaching.md) do what the
 * walk-through says: a slow receiver forces NACKs and resends yet every
 * message arrives once, in order, intact; two NIs streaming at each other
 * without the control-message queue deadlock (Figure 4.5) as that series
 * expects (expect = "deadlock"): the watchdog says so and myrisim exits 0, while with the queue the same traffic
 * completes; the report's first line names the cycle of waiting NIs and
 * the trace shows the stuck packets. Needs build/myrisim and the GRIM
 * images. */
#include "../harness/harness.h"
#include "sim_util.h"
#include "../../sim/fidelity/csvread.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

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

/* The whole file, unzipped (static buffer; NULL if unreadable). */
static const char *gz_text(const char *path)
{
    static char buf[1 << 22];
    gzFile g = gzopen(path, "rb");
    if (!g) return NULL;
    int n = gzread(g, buf, sizeof buf - 1);
    gzclose(g);
    if (n < 0) return NULL;
    buf[n] = 0;
    return buf;
}

TEST(teaching, control_messages_without_a_queue_deadlock)
{
    const char *dir = sim_scratch("teach_deadlock");
    int st = sim_cli("run scenarios/teaching/ctl_deadlock.cfg --jobs 2 --out '%s' --trace '%s/dl.json.gz' "
                     "--trace-series 'control queue off'", dir, dir);
    harness_note("stderr: %.4000s", sim_stderr());
    ASSERT_EQ(st, 0);
    const char *e = sim_stderr();
    ASSERT_TRUE(strstr(e, "run failed:") == NULL);
    ASSERT_TRUE(strstr(sim_stdout(), "2 runs, 0 failed; 1 stopped by the watchdog as expected;") != NULL);
    /* the progress line confirms the expectation with the report's first line */
    ASSERT_TRUE(strstr(e, "series 'control queue off': deadlock, as expected: DEADLOCK: ni0 waits for ni1") != NULL);
    /* the first line of the report names the cycle (Figure 4.5a) */
    const char *head = strstr(e, "series 'control queue off': deadlock, as expected; the watchdog's report:\n");
    ASSERT_TRUE(head != NULL);
    head = strchr(head, '\n') + 1;
    const char *want = "  DEADLOCK: ni0 waits for ni1 (ni1 has no receive buffer posted; its firmware is in ctl_send), "
                       "ni1 waits for ni0 (ni0 has no receive buffer posted; its firmware is in ctl_send)\n";
    ASSERT_TRUE(strncmp(head, want, strlen(want)) == 0);
    /* then the detail, once: the times in one format, units on counts */
    ASSERT_TRUE(strstr(e, "stopped at 7516.545 us, when nothing had moved for the watchdog period (2000.000 us)") != NULL);
    ASSERT_TRUE(strstr(e, "[slack 63 of 80 bytes full, sender STOPped]") != NULL);
    ASSERT_TRUE(strstr(e, "(1709642 link symbols, data bytes and GAPs, moved in all)") != NULL);
    const char *a = strstr(e, "ni0: core at pc"), *b = strstr(e, "ni1: core at pc");
    ASSERT_TRUE(a && b && strstr(a, "ctl_send") && strstr(b, "ctl_send"));
    ASSERT_TRUE(strstr(head, "DEADLOCK") == strstr(head, "DEADLOCK: ni0"));   /* the report says it once */
    ASSERT_TRUE(strstr(strstr(head, "DEADLOCK") + 1, "DEADLOCK") == NULL);
    ASSERT_TRUE(strstr(e, "console ends:\n  node") == NULL && strstr(e, "its console ends:\nteaching") == NULL);
    ASSERT_TRUE(strstr(e, "unpin: unpin") == NULL);
    /* both nodes stopped in the same call: said once for both */
    ASSERT_TRUE(strstr(e, "nodes 0-1 (2): host program grim_stream was in send: unpinning a sent payload: unpin ioctl "
                          "when the simulation stopped") != NULL);
    /* every time is "N.NNN us": none with more digits */
    for (const char *p = strstr(e, " us"); p; p = strstr(p + 1, " us")) {
        const char *q = p;
        while (q > e && q[-1] >= '0' && q[-1] <= '9') q--;
        if (q > e && q[-1] == '.') ASSERT_EQ((int)(p - q), 3);
    }
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
    /* the trace shows the packets that were stuck: spans up to the stop */
    char tr[600];
    snprintf(tr, sizeof tr, "%s/dl.json.gz", dir);
    const char *j = gz_text(tr);
    ASSERT_TRUE(j != NULL);
    ASSERT_TRUE(strstr(j, "\"name\":\"pkt 0->1 (unfinished)\"") != NULL);
    ASSERT_TRUE(strstr(j, "\"name\":\"pkt 1->0 (unfinished)\"") != NULL);
    ASSERT_TRUE(strstr(j, "\"name\":\"send 0->1 (unfinished)\"") != NULL);
}
