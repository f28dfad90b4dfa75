/* The agents' bookkeeping (model/node/hosts.c): host processes acting at a
 * time sit in a min-heap on (time, index), waiting ones in a set split into
 * woken and not, so a host action costs O(log n) instead of a scan of every
 * agent. Random operations - acting at times with many ties, waiting for
 * flags (some set already), flags set by "events" that note a wake, stamps
 * of wake times, finishing - must leave what the driver reads (earliest
 * time, first agent at it and how many, woken, busy, the due lists in index
 * order) equal to a full scan after every step; a heap broken on purpose
 * must be caught. A whole run checks the same against the scan at every
 * refresh under MYRISIM_LAG_CHECK=1 (sim_fast_paths compares runs with
 * MYRISIM_SLOW_PATHS=1, where the scans are the reference). */
#include "../harness/harness.h"
#include "../../model/node/cosim_internal.h"
#include "cosim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

#define NAG 40

static void check(cosim *s, int step)
{
    char why[400];
    if (cosim_agents_verify(s, why, sizeof why))
        harness_fail(__FILE__, __LINE__, "step %d: %s", step, why);
}

TEST(cosim_agents, heap_and_waiting_sets_agree_with_a_scan)
{
    cosim_run_t r;
    cr_init(&r, NET_SWITCH1, NULL);
    cosim *s = r.s;
    ASSERT_TRUE(!s->slow);
    static volatile int flag[NAG];
    int n = 0;
    uint64_t seed = 0xa9e17c0deu;
    for (int step = 0; step < 20000; step++) {
        uint64_t x = next(&seed);
        int a = n ? (int)(x % (uint64_t)n) : 0;
        switch (n < NAG && (x >> 8) % 8 == 0 ? 9 : (int)((x >> 16) % 7)) {
        case 9:
            ASSERT_EQ(cosim_agent_new(s), n);
            n++;
            break;
        case 0:
        case 1:   /* few distinct times: ties are common */
            cosim_agent_at(s, a, (sim_time)((x >> 24) % 6) * 1000u);
            break;
        case 2:
            flag[a] = (x >> 24) % 5 == 0;   /* now and then set already */
            cosim_agent_wait(s, a, &flag[a]);
            break;
        case 3: {   /* an event sets some waiting agents' flags and notes a wake */
            for (int i = 0; i < n; i++)
                if (s->ag[i].state == AGENT_WAIT && (next(&seed) & 3) == 0) flag[i] = 1;
            evq_note_wake(cosim_evq(s));
            break;
        }
        case 4:
            cosim_agents_stamp(s, (sim_time)((x >> 24) % 6) * 1000u);
            break;
        case 5:
            if ((x >> 24) % 8 == 0) cosim_agent_done(s, a);
            break;
        default: {   /* what the stepper and lag.c ask */
            int due[NAG];
            sim_time t = (sim_time)((x >> 24) % 7) * 1000u;
            int k = cosim_agents_due_list(s, t, due, n), j = 0;
            for (int i = 0; i < n; i++)
                if (cosim_agent_due(s, i, t)) {
                    ASSERT_TRUE(j < k);
                    ASSERT_EQ(due[j], i);
                    j++;
                }
            ASSERT_EQ(j, k);
            break;
        }
        }
        if (n) check(s, step);
    }
    cr_free(&r);
}

TEST(cosim_agents, a_broken_heap_is_caught)
{
    cosim_run_t r;
    cr_init(&r, NET_SWITCH1, NULL);
    cosim *s = r.s;
    for (int i = 0; i < 8; i++) {
        cosim_agent_new(s);
        cosim_agent_at(s, i, (sim_time)(8 - i) * 1000u);
    }
    check(s, 0);
    char why[400];
    /* the last entry swapped with the top: the earliest is no longer on top */
    int last = s->ag_nheap - 1, a = s->ag_heap[0], b = s->ag_heap[last];
    s->ag_heap[0] = b, s->ag_hpos[b] = 0;
    s->ag_heap[last] = a, s->ag_hpos[a] = last;
    s->ag_version++;   /* the cache refreshes from the broken heap */
    ASSERT_TRUE(cosim_agents_verify(s, why, sizeof why) != 0);
    cr_free(&r);
}

TEST(cosim_agents, a_flag_set_before_waiting_is_woken_at_once)
{
    cosim_run_t r;
    cr_init(&r, NET_SWITCH1, NULL);
    cosim *s = r.s;
    static volatile int f = 1;
    int a = cosim_agent_new(s);
    cosim_agent_wait(s, a, &f);   /* no wake note after this: the set reads the flag on entry */
    ASSERT_EQ(cosim_agents_earliest(s), evq_now(cosim_evq(s)));
    check(s, 0);
    cr_free(&r);
}
