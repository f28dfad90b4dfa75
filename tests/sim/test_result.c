/* A run's error text (sim/runner/result.c) that overflows ends with one
 * note saying lines were left out, never mid-line; short ones are whole. */
#include "../harness/harness.h"
#include "../../sim/runner/result.h"

#include <string.h>

TEST(sim_result, an_overflowing_report_ends_with_one_note)
{
    static run_result r;
    result_init(&r);
    result_fail(&r, "first line");
    result_fail(&r, "second line");
    ASSERT_TRUE(!strcmp(r.error, "first line\nsecond line"));
    for (int i = 0; i < 1000; i++) result_fail(&r, "node %d: host program x was in grim_send when it stopped", i);
    const char *note = "(more lines did not fit in the run's report)";
    size_t len = strlen(r.error), n = strlen(note);
    ASSERT_TRUE(len < sizeof r.error);
    ASSERT_TRUE(len > n && !strcmp(r.error + len - n, note));
    ASSERT_TRUE(r.error[len - n - 1] == '\n');
    ASSERT_TRUE(strstr(r.error, note) == r.error + len - n);   /* once */
    /* every line before it is whole */
    const char *last = r.error + len - n - 1;
    const char *prev = last - 1;
    while (prev > r.error && prev[-1] != '\n') prev--;
    ASSERT_TRUE(!strncmp(prev, "node ", 5) && !strncmp(last - 15, "when it stopped", 15));
    ASSERT_EQ(r.ok, 0);
}
