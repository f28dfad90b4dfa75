/* The nodes' times as the per-node horizon's scans read them (model/node
 * lag.c reads s->tm: 8 bytes a node, NEVER for a core not running, instead
 * of each node's state and time, and s->tm_g: the least of each group of 8,
 * so rule 2 visits only groups with a core to run): both must follow every
 * core run, load and state refresh, and broken ones must be caught. A whole run
 * checks it after every event under MYRISIM_LAG_CHECK=1
 * (tests/sim/test_agents_check.c). */
#include "../harness/harness.h"
#include "../../model/node/cosim_internal.h"
#include "cosim_util.h"

#include <stdio.h>

static void check(cosim *s, const char *when)
{
    char why[300];
    if (cosim_times_verify(s, why, sizeof why)) harness_fail(__FILE__, __LINE__, "%s: %s", when, why);
}

TEST(cosim_times, the_array_follows_loads_runs_and_halts)
{
    cosim_run_t r;
    cr_init(&r, NET_SWITCH1, NULL);
    cosim *s = r.s;
    check(s, "new");
    cr_load(&r, "pingpong");
    cosim_refresh_states(s);
    check(s, "loaded");
    ASSERT_TRUE(s->tm[0] != SIM_TIME_NEVER);   /* loaded cores run */
    cosim_status st = cosim_run(s, 2000000);   /* 2 us: the cores are under way */
    ASSERT_TRUE(st == COSIM_TIME || st == COSIM_DONE);
    check(s, "after 2 us");
    ASSERT_TRUE(s->tm[0] > 0);
    st = cr_run(&r, SIM_US(100000));   /* to the end: the cores halt */
    ASSERT_TRUE(st == COSIM_DONE);
    check(s, "done");
    for (int i = 0; i < s->n; i++) ASSERT_TRUE(s->tm[i] == SIM_TIME_NEVER);
    cr_free(&r);
}

TEST(cosim_times, a_broken_array_is_caught)
{
    cosim_run_t r;
    cr_init(&r, NET_SWITCH1, NULL);
    cosim *s = r.s;
    cr_load(&r, "pingpong");
    cosim_refresh_states(s);
    cosim_run(s, 1000000);
    check(s, "ran");
    char why[300];
    s->tm[1] += 1;   /* a core run that did not move the array */
    ASSERT_TRUE(cosim_times_verify(s, why, sizeof why) != 0);
    s->tm[1] -= 1;
    ASSERT_EQ(cosim_times_verify(s, why, sizeof why), 0);
    s->tm_g[0] += 1;   /* a group's least above its slowest core: rule 2 would pass the group by */
    ASSERT_TRUE(cosim_times_verify(s, why, sizeof why) != 0);
    s->tm_g[0] -= 1;
    ASSERT_EQ(cosim_times_verify(s, why, sizeof why), 0);
    s->tm[0] = SIM_TIME_NEVER;   /* a running core taken for stopped: rule 2 would never run it */
    ASSERT_TRUE(cosim_times_verify(s, why, sizeof why) != 0);
    cr_free(&r);
}
