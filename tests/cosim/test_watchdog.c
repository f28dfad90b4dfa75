/* The run-level deadlock watchdog. Four NIs on a ring of four switches
 * each send a long packet two hops on and post their receive buffer only
 * after that send has finished. With shortest-path routes all packets turn
 * the same way and hold each other's switch outputs: a wait-for cycle of
 * links that the report must name. With up/down routes the links form no
 * cycle, but the NIs still wait on each other: the watchdog still stops the
 * run and says so. Status 3 in both cases, at last progress + period. */
#include "../harness/harness.h"
#include "cosim_util.h"
#include "../../model/node/watchdog.h"

#include <stdlib.h>
#include <string.h>

static cosim_opts ring_opts(const char *chip, route_algo algo)
{
    cosim_opts o;
    cosim_opts_default(&o);
    o.chip = chip;
    o.fab.algo = algo;
    o.fab.sw.block_timeout = 0;         /* switches never drop: blocking is forever */
    o.watchdog = SIM_US(1000);
    return o;
}

TEST(cosim_watchdog, ring_with_shortest_path_routes_deadlocks_in_a_cycle_of_links)
{
    const char *chips[] = {"lanai4", "lanai9"};
    for (int k = 0; k < 2; k++) {
        cosim_opts o = ring_opts(chips[k], ROUTE_SHORTEST);
        cosim_run_t r;
        cr_init(&r, NET_RING4, &o);
        cr_load(&r, "ring");
        cosim_status st = cr_run(&r, SIM_US(100000));
        const char *rep = cosim_report(r.s);
        harness_note("%s", rep);
        ASSERT_EQ(st, COSIM_DEADLOCK);
        ASSERT_EQ((int)st, 3);
        /* the cycle: each ring link, held by the packet of the NI behind it */
        ASSERT_TRUE(strstr(rep, "DEADLOCK: wait-for cycle of 8 channels") != NULL);
        /* the first line names the cycle, link after link, back to the first */
        const char *head = "DEADLOCK: wait-for cycle of 8 channels: ni0->sw0.p0 waits for sw0.p1->sw1.p2 waits for ";
        ASSERT_TRUE(!strncmp(rep, head, strlen(head)));
        ASSERT_TRUE(strstr(rep, "waits for ni0->sw0.p0 (each held by a packet that waits for the next)\n") != NULL);
        ASSERT_TRUE(strstr(rep, "sw0.p1->sw1.p2") != NULL);
        ASSERT_TRUE(strstr(rep, "sw1.p1->sw2.p2") != NULL);
        ASSERT_TRUE(strstr(rep, "sw2.p1->sw3.p2") != NULL);
        ASSERT_TRUE(strstr(rep, "sw3.p1->sw0.p2") != NULL);
        /* and every NI waits for its send */
        for (int i = 0; i < 4; i++) {
            char want[64];
            snprintf(want, sizeof want, "ni%d: send DMA segment", i);
            ASSERT_TRUE(strstr(rep, want) != NULL);
        }
        /* it fired one watchdog period after the last progress */
        sim_time last = cosim_progress_time(r.s);
        ASSERT_TRUE(cosim_min_time(r.s) >= last + SIM_US(1000));
        ASSERT_TRUE(cosim_min_time(r.s) < last + SIM_US(1000) + SIM_US(1));
        ASSERT_TRUE(last < SIM_US(200));   /* everything jammed early (after crt0 cleared .bss) */
        cr_free(&r);
    }
}

TEST(cosim_watchdog, updown_routes_leave_no_link_cycle_but_the_nis_still_wait)
{
    cosim_opts o = ring_opts("lanai9", ROUTE_UPDOWN);
    cosim_run_t r;
    cr_init(&r, NET_RING4, &o);
    cr_load(&r, "ring");
    cosim_status st = cr_run(&r, SIM_US(100000));
    const char *rep = cosim_report(r.s);
    harness_note("%s", rep);
    ASSERT_EQ(st, COSIM_DEADLOCK);
    ASSERT_TRUE(strstr(rep, "no wait-for cycle") != NULL);
    ASSERT_TRUE(strstr(rep, "no receive buffer posted") != NULL);
    /* the first line: the NIs that wait. ni2's packet to ni0 queues behind
     * ni0's packet to ni2, which ni2 does not take: ni2 waits for itself */
    const char *want = "DEADLOCK: ni2 waits for itself (its packet to ni0 waits behind ni0#0 (ni0 -> ni2), and ni2 has "
                       "no receive buffer posted; its firmware is in main)\n";
    ASSERT_TRUE(!strncmp(rep, want, strlen(want)));
    cr_free(&r);
}

TEST(cosim_watchdog, a_run_that_progresses_is_not_stopped)
{
    cosim_opts o;
    cosim_opts_default(&o);
    o.chip = "lanai9";
    o.watchdog = SIM_US(2000);
    cosim_status st;
    char *rec = cr_run_all(NET_SWITCH1, &o, "pingpong", SIM_US(100000), &st);
    ASSERT_EQ(st, COSIM_DONE);
    free(rec);
}
