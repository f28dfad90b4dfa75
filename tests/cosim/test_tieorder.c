/* Same-picosecond ties between events that different cores' writes create.
 *
 * firmware/ni/tiesend.c: NIs 0..n-2 start a send to NI n-1 on the same core
 * cycle; the heads meet at the one switch's output on the same picosecond,
 * so the switch's arbitration (first request wins: the order in which the
 * two on_route events run) decides which packet goes first. The order of
 * those events goes back to the order of the two send-start events
 * (evq_at at write time + dma_start), i.e. to the order in which the cores
 * made their writes. The test moves round boundaries (lookaheads of the
 * computed value, 1 ns, 1 ps and an odd 2.501 ns, idle skipping on and off,
 * runs cut into slices) and requires the same record every time; it first
 * checks that the tie really happens (same mark cycles before and after the
 * send store on every sender), so it cannot pass without one.
 *
 * It holds because stores at the same local time are made in NI order
 * within a round, and cosim_round keeps it so when a core's own event ends
 * its round early: the last test builds that case (it flipped the winner
 * before cosim_round; docs/speed.md). */
#define _POSIX_C_SOURCE 200809L
#include "../harness/harness.h"
#include "../../model/node/cosim.h"
#include "../../model/card/niclock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    sim_time lookahead;   /* 0 = computed */
    int idle_skip;
    sim_time slice;       /* cosim_run to successive limits this far apart; 0 = one call */
} variant;

static const variant variants[] = {
    {0, 1, 0},
    {SIM_NS(1), 1, 0},
    {1, 1, 0},
    {2501, 1, 0},
    {0, 0, 0},
    {SIM_NS(1), 0, 0},
    {0, 1, 777},          /* limits every 777 ps end rounds off the lookahead grid */
    {2501, 0, SIM_NS(13)},
};
#define NV (int)(sizeof variants / sizeof variants[0])

/* until2: if nonzero, one cosim_run to it first (a round boundary there). */
static char *run_fw(const char *fw, const char *chip, int nni, const variant *v, sim_time until2, sim_time *L)
{
    char err[512];
    topo t;
    topo_init(&t);
    topo_opts to;
    topo_opts_default(&to);
    to.kind = strcmp(chip, "lanai4") ? LK_M2000 : LK_SAN1280;
    to.ports = 8;
    if (topo_build_switch(&t, nni, &to, err, sizeof err)) harness_fail(__FILE__, __LINE__, "topology: %s", err);
    cosim_opts o;
    cosim_opts_default(&o);
    o.chip = chip;
    o.lookahead = v->lookahead;
    o.idle_skip = v->idle_skip;
    cosim *s = cosim_new(&t, &o, err, sizeof err);
    if (!s) harness_fail(__FILE__, __LINE__, "cosim_new: %s", err);
    char path[512];
    snprintf(path, sizeof path, "%s/build/fw/ni/%s.%s.elf", harness_root(), fw, strcmp(chip, "lanai4") ? "l9" : "l4");
    for (int i = 0; i < nni; i++)
        if (cosim_load(s, i, path, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
    sim_time until = SIM_US(5000);
    cosim_status st = COSIM_TIME;
    if (until2) st = cosim_run(s, until2);
    if (st != COSIM_TIME) {
    } else if (!v->slice) {
        st = cosim_run(s, until);
    } else {
        sim_time at = 0;
        do {
            at += v->slice;
            st = cosim_run(s, at < until ? at : until);
        } while (st == COSIM_TIME && at < until);
    }
    *L = cosim_lookahead(s);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cosim_write_record(s, st, f);
    fclose(f);
    cosim_free(s);
    topo_free(&t);
    return buf;
}

/* The cycle of mark id on NI ni in a record, or 0 if it has none. */
static unsigned long long mark_of(const char *rec, int ni, unsigned id)
{
    char key[64];
    int n = snprintf(key, sizeof key, "ni%d mark %u ", ni, id);
    const char *p = strstr(rec, key);
    return p ? strtoull(p + n, NULL, 10) : 0;
}

static void tie(const char *chip, int nni)
{
    char *rec[NV];
    sim_time L[NV];
    for (int v = 0; v < NV; v++) rec[v] = run_fw("tiesend", chip, nni, &variants[v], 0, &L[v]);
    int dst = nni - 1;
    ASSERT_TRUE(strstr(rec[0], "status done") != NULL);
    /* the tie happens: every sender is at the same cycle before and after its send store */
    unsigned long long c1 = mark_of(rec[0], 0, 1), c2 = mark_of(rec[0], 0, 2);
    ASSERT_TRUE(c1 > 0 && c2 > c1);
    for (int i = 1; i < dst; i++) {
        ASSERT_EQ(mark_of(rec[0], i, 1), c1);
        ASSERT_EQ(mark_of(rec[0], i, 2), c2);
    }
    /* and every packet came through, one after the other */
    for (int k = 0; k < dst; k++) {
        char got[32];
        snprintf(got, sizeof got, "got %d from ni", k);
        ASSERT_TRUE(strstr(rec[0], got) != NULL);
        if (k) ASSERT_TRUE(mark_of(rec[0], dst, 10 + (unsigned)k) > mark_of(rec[0], dst, 9 + (unsigned)k));
    }
    const char *first = strstr(rec[0], "got 0 from ni");
    harness_note("%s, %d senders: send store between cycles %llu and %llu on all; computed lookahead %llu ps; "
                 "first packet from ni%c", chip, dst, c1, c2, (unsigned long long)L[0], first[13]);
    for (int v = 1; v < NV; v++)
        if (strcmp(rec[v], rec[0])) {
            char path[512];
            snprintf(path, sizeof path, "%s/build/tests/cosim_tieorder_%s_%d_v%d.txt", harness_root(), chip, nni, v);
            FILE *f = fopen(path, "w");
            if (f) { fputs(rec[v], f); fclose(f); }
            harness_note("variant %d (lookahead %llu ps, idle skip %d, slice %llu ps) differs; see %s", v,
                         (unsigned long long)L[v], variants[v].idle_skip, (unsigned long long)variants[v].slice, path);
            ASSERT_STR_EQ(rec[v], rec[0]);
        }
    for (int v = 0; v < NV; v++) free(rec[v]);
}

TEST(cosim_tieorder, two_senders_lanai9) { tie("lanai9", 3); }
TEST(cosim_tieorder, three_senders_lanai9) { tie("lanai9", 4); }
TEST(cosim_tieorder, two_senders_lanai4) { tie("lanai4", 3); }
TEST(cosim_tieorder, seven_senders_lanai4) { tie("lanai4", 8); }

/* ---- the gap: a core's own event ends its round early ----
 *
 * firmware/ni/tieskew.c: as tiesend, but some cycles before the send NI 0
 * loads its interval timer (an event 0.5 us later: its core stops there,
 * cosim_node_run shrinks its horizon to it) while the other senders write
 * the RTC (no event). In a round that starts before that store and whose
 * horizon lies beyond the send, NI 0 stops at its timer event and makes its
 * send store only in the next round, after NI 1 has made its store at the
 * same cycle in this round: NI 1's send-start event gets the lower sequence
 * number, its head reaches the switch first and wins. With rounds of 1 ns
 * both stores fall in one round, NI 0's first: NI 0 wins. */
static char *skew_run(const char *chip, int nni, sim_time lookahead, sim_time cut, sim_time *L)
{
    variant v = {lookahead, 1, 0};
    return run_fw("tieskew", chip, nni, &v, cut, L);
}

static char first_sender(const char *rec)
{
    const char *p = strstr(rec, "got 0 from ni");
    return p ? p[13] : '?';
}

static void skew(const char *chip, int nni)
{
    sim_time L0, L1, L2;
    char *plain = skew_run(chip, nni, 0, 0, &L0);
    ASSERT_TRUE(strstr(plain, "status done") != NULL);
    int dst = nni - 1;
    /* same instructions on every sender: same cycle at mark 3 (before the
     * skewing store) and mark 2 (after the send store), so the same send cycle */
    unsigned long long c3 = mark_of(plain, 0, 3), c2 = mark_of(plain, 0, 2);
    ASSERT_TRUE(c3 > 0 && c2 > c3);
    for (int i = 1; i < dst; i++) {
        ASSERT_EQ(mark_of(plain, i, 3), c3);
        ASSERT_EQ(mark_of(plain, i, 2), c2);
    }
    ni_clock k;
    ni_clock_init(&k, lanai_profile_get(chip)->clock_hz);
    sim_time t3 = ni_clock_ps(&k, c3);
    /* a round boundary exactly at mark 3: the next round spans the skewing store and the send */
    char *cut = skew_run(chip, nni, 0, t3, &L1);
    char *fine = skew_run(chip, nni, SIM_NS(1), 0, &L2);
    /* a plain lookahead, no cut: its rounds put a boundary in the window too */
    char *la640 = skew_run(chip, nni, SIM_NS(640), 0, &L2);
    /* which lookaheads of 600..700 ns agree with the 1 ns run */
    int agree = 0, n = 0;
    sim_time lo = 0, hi = 0;
    for (sim_time la = SIM_NS(600); la <= SIM_NS(700); la += SIM_NS(1), n++) {
        sim_time Lx;
        char *r = skew_run(chip, nni, la, 0, &Lx);
        if (!strcmp(r, fine)) agree++;
        else {
            if (!lo) lo = la;
            hi = la;
        }
        free(r);
    }
    harness_note("%s, %d senders: mark 3 at cycle %llu (%llu ps), mark 2 at %llu; computed lookahead %llu ps; "
                 "first packet from: computed ni%c, computed with a cut at mark 3 ni%c, 640 ns ni%c, 1 ns ni%c; "
                 "lookaheads 600..700 ns: %d of %d agree with 1 ns, the others (%llu..%llu ps) differ", chip, dst, c3,
                 (unsigned long long)t3, c2, (unsigned long long)L0, first_sender(plain), first_sender(cut),
                 first_sender(la640), first_sender(fine), agree, n, (unsigned long long)lo, (unsigned long long)hi);
    /* both records for diff(1) */
    const char *keep[2][2] = {{"1ns", fine}, {"640ns", la640}};
    for (int k = 0; k < 2; k++) {
        char path[512];
        snprintf(path, sizeof path, "%s/build/tests/cosim_tieorder_skew_%s_%s.txt", harness_root(), chip, keep[k][0]);
        FILE *f = fopen(path, "w");
        if (f) { fputs(keep[k][1], f); fclose(f); }
    }
    /* cosim_round: the core after NI 0 stops at NI 0's own event too, so both
     * send stores fall in one round, NI 0's first, whatever the lookahead */
    ASSERT_TRUE(strstr(cut, "status done") != NULL && strstr(fine, "status done") != NULL);
    ASSERT_EQ(first_sender(fine), '0');
    ASSERT_EQ(first_sender(plain), '0');
    ASSERT_EQ(first_sender(cut), '0');
    ASSERT_EQ(first_sender(la640), '0');
    ASSERT_STR_EQ(cut, fine);
    ASSERT_STR_EQ(la640, fine);
    ASSERT_STR_EQ(plain, fine);
    ASSERT_EQ(agree, n);
    free(plain);
    free(cut);
    free(fine);
    free(la640);
}

/* The case of the defect that cosim_round fixed: before it, lookaheads of
 * 637..666 ns (and a round cut at mark 3) let NI 1 win. */
TEST(cosim_tieorder, a_store_that_ends_its_round_early_keeps_ni_order_lanai4) { skew("lanai4", 3); }
