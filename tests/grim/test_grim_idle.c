/* Idle polling is exact on the SystemC backend too: GRIM programs on two
 * nodes (build/myrisim, host processes as SystemC threads) measure the same
 * values to the last printed digit whether grim_poll_idle skips idle polls
 * (plat_idle_poll) or polls every period (PLAIN_POLL = 1). One poll period
 * is ~0.11 us on the P3-550, far above the printed resolution. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <string.h>

static void same_csv(const char *dir, const char *a, const char *b)
{
    char pa[700], pb[700];
    snprintf(pa, sizeof pa, "%s/%s", dir, a);
    snprintf(pb, sizeof pb, "%s/%s", dir, b);
    size_t la, lb;
    char *ta = sim_read(pa, &la), *tb = sim_read(pb, &lb);
    if (!ta || !tb) harness_fail(__FILE__, __LINE__, "missing %s or %s", pa, pb);
    harness_note("%s: %s", a, ta);
    ASSERT_TRUE(strstr(ta, ",,") == NULL && la > 20);    /* every value reported */
    ASSERT_STR_EQ(ta, tb);                              /* sim_read owns both */
}

TEST(grim_idle, pingpong_measures_the_same_with_idle_and_plain_polling)
{
    const char *d = sim_scratch("grim_idle_pp");
    int st = sim_cli("run tests/grim/fixtures/idle.cfg --jobs 2 --out %s", d);
    if (st != 0) harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    same_csv(d, "am-idle.csv", "am-plain.csv");
    same_csv(d, "rmp-idle.csv", "rmp-plain.csv");
}

TEST(grim_idle, credit_limited_bursts_measure_the_same_with_idle_and_plain_polling)
{
    const char *d = sim_scratch("grim_idle_burst");
    int st = sim_cli("run tests/grim/fixtures/idle_burst.cfg --jobs 2 --out %s", d);
    if (st != 0) harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    same_csv(d, "burst-idle.csv", "burst-plain.csv");
}
