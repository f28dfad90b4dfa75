/* Deadlock: the teaching scenario (shortest routes on a ring, every NI
 * sending two switches clockwise) must lock up, and the report must name the
 * cycle; the same load over up* / down* routes completes. */
#include "../harness/harness.h"
#include "net_fixture.h"

#include <stdio.h>
#include <string.h>

TEST(switch_deadlock, cycle_finder_on_hand_built_state)
{
    /* 0 -> 2 -> 4 -> 2 is a cycle {2, 4}; 1 -> 3 (refuses); 5 free */
    dl_channel ch[6];
    memset(ch, 0, sizeof ch);
    int waits[6] = {2, 3, 4, -1, 2, -1};
    dl_why why[6] = {DL_WAITS, DL_HOLDS, DL_HOLDS, DL_REFUSES, DL_WAITS, DL_FREE};
    for (int i = 0; i < 6; i++) {
        snprintf(ch[i].name, sizeof ch[i].name, "c%d", i);
        snprintf(ch[i].at, sizeof ch[i].at, "sw%d", i);
        ch[i].waits_on = waits[i];
        ch[i].why = why[i];
        ch[i].port = 1;
        ch[i].has_pkt = i != 5;
        ch[i].pkt = (lk_sym){.src = (uint16_t)i, .dst = (uint16_t)(i + 1), .seq = 7};
    }
    const char *names[] = {"a", "b", "c", "d", "e", "f", "g"};
    dl_state s = {.ch = ch, .n = 6, .ni_names = names, .nni = 7, .now = SIM_US(9), .last_progress = SIM_US(2)};
    int cyc[6];
    ASSERT_EQ(dl_find_cycle(&s, cyc, 6), 2);
    ASSERT_EQ(cyc[0], 2);
    ASSERT_EQ(cyc[1], 4);
    char rep[2048];
    ASSERT_EQ(dl_report(&s, rep, sizeof rep), 1);
    harness_note("%s", rep);
    ASSERT_TRUE(strstr(rep, "last progress at 2.000 us") != NULL);
    ASSERT_TRUE(strstr(rep, "cycle of 2 channels") != NULL);
    ASSERT_TRUE(strstr(rep, "c#7 (c -> d)") != NULL);
    ASSERT_TRUE(strstr(rep, "is not being taken by sw3") != NULL);
    /* break the cycle: no deadlock, the refusing NI is still reported */
    ch[4].waits_on = 3;
    ASSERT_EQ(dl_find_cycle(&s, cyc, 6), 0);
    ASSERT_EQ(dl_report(&s, rep, sizeof rep), 0);
    ASSERT_TRUE(strstr(rep, "no wait-for cycle") != NULL);
    /* a self-loop is a cycle of one */
    ch[5].waits_on = 5;
    ASSERT_EQ(dl_find_cycle(&s, cyc, 6), 1);
    ASSERT_EQ(cyc[0], 5);
}

static void ring_load(net_fx *x, route_algo algo, sim_time timeout)
{
    char err[512];
    topo_opts to;
    topo_opts_default(&to);
    topo_init(&x->t);
    ASSERT_EQ(topo_build_ring(&x->t, 4, 1, &to, err, sizeof err), 0);
    fabric_opts o;
    fabric_opts_default(&o);
    o.algo = algo;
    o.sw.block_timeout = timeout;
    ASSERT_EQ(fx_open(x, &o, err, sizeof err), 0);
    /* each NI sends a packet far longer than the slack on its path to the NI
     * two switches away: with shortest routes all of them go clockwise */
    for (int i = 0; i < 4; i++) fx_send(x, i, (i + 2) % 4, 2000, (unsigned)i, 0);
}

TEST(switch_deadlock, shortest_routes_on_a_ring_deadlock_and_are_reported)
{
    net_fx x = {0};
    ring_load(&x, ROUTE_SHORTEST, 0);
    evq_run_until(x.q, SIM_US(5000));
    /* nothing moves any more, and nothing was delivered */
    ASSERT_EQ(evq_pending(x.q), 0);
    const lk_progress *pr = fabric_progress(x.f);
    uint64_t moved = pr->syms;
    sim_time last = pr->last;
    ASSERT_TRUE(last < SIM_US(100));
    for (int i = 0; i < 4; i++) {
        ASSERT_EQ(x.ni[i].npkts, 0);
        ASSERT_EQ(x.ni[i].segs_done, 0);
    }
    evq_advance(x.q, SIM_US(5000));
    evq_run_until(x.q, SIM_US(10000));
    ASSERT_EQ(pr->syms, moved);
    ASSERT_EQ(fabric_overflows(x.f), 0);

    char rep[8192];
    ASSERT_EQ(fabric_deadlock_report(x.f, rep, sizeof rep), 1);
    harness_note("%s", rep);
    dl_state s;
    fabric_snapshot(x.f, &s);
    int cyc[64];
    int k = dl_find_cycle(&s, cyc, 64);
    /* the cycle: each packet holds its switch's east output and waits for
     * the next switch's, held by the next packet */
    ASSERT_EQ(k, 8);
    int ring_links = 0, holds = 0, waits = 0;
    for (int j = 0; j < k; j++) {
        const dl_channel *c = &s.ch[cyc[j]];
        ring_links += strncmp(c->name, "sw", 2) == 0;
        holds += c->why == DL_HOLDS;
        waits += c->why == DL_WAITS;
        ASSERT_TRUE(c->has_pkt);
    }
    ASSERT_EQ(ring_links, 4);
    ASSERT_EQ(holds, 4);
    ASSERT_EQ(waits, 4);
    fabric_snapshot_free(&s);
    for (int i = 0; i < 4; i++) {
        char pkt[64];
        snprintf(pkt, sizeof pkt, "ni%d#0 (ni%d -> ni%d)", i, i, (i + 2) % 4);
        if (!strstr(rep, pkt)) harness_fail(__FILE__, __LINE__, "report does not name %s", pkt);
    }
    ASSERT_TRUE(strstr(rep, "DEADLOCK: wait-for cycle of 8 channels") != NULL);
    ASSERT_TRUE(strstr(rep, "sw0.p1->sw1.p2") != NULL);
    ASSERT_TRUE(strstr(rep, "is STOPped") != NULL);
    fx_close(&x);
}

TEST(switch_deadlock, updown_routes_carry_the_same_load)
{
    net_fx x = {0};
    ring_load(&x, ROUTE_UPDOWN, 0);
    evq_run_until(x.q, SIM_US(5000));
    for (int i = 0; i < 4; i++) {
        int d = (i + 2) % 4;
        ASSERT_EQ(x.ni[d].npkts, 1);
        ASSERT_TRUE(fx_payload_ok(&x.ni[d].pkt[0], 2000, (unsigned)i));
    }
    char rep[4096];
    ASSERT_EQ(fabric_deadlock_report(x.f, rep, sizeof rep), 0);
    fx_close(&x);
}

TEST(switch_deadlock, blocked_packet_timeout_breaks_the_deadlock)
{
    net_fx x = {0};
    ring_load(&x, ROUTE_SHORTEST, SIM_US(100));
    evq_run_until(x.q, SIM_US(5000));
    uint64_t drops = 0;
    for (int i = 0; i < x.t.nnode; i++)
        if (fabric_switch(x.f, i)) drops += xbar_get_stats(fabric_switch(x.f, i))->timeouts;
    harness_note("%llu packets dropped by timeouts", (unsigned long long)drops);
    ASSERT_TRUE(drops > 0);
    for (int i = 0; i < 4; i++) ASSERT_EQ(x.ni[i].segs_done, 1);   /* every sender got free */
    char rep[4096];
    ASSERT_EQ(fabric_deadlock_report(x.f, rep, sizeof rep), 0);
    ASSERT_EQ(fabric_overflows(x.f), 0);
    fx_close(&x);
}
