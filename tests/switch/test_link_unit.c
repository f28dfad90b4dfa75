/* One link direction driven directly through its API: exact STOP and GO
 * timing, and the contract that symbols taken "at a later time" keep
 * counting against the slack until then. */
#include "../harness/harness.h"
#include "../../model/switch/link.h"

#include <string.h>

typedef struct {
    unsigned left;            /* bytes the source still has */
    sim_time arrivals[64];
    int narr;
    evq *q;
} bench_src;

static unsigned s_avail(void *ctx, unsigned max, int *end)
{
    bench_src *b = ctx;
    unsigned n = b->left < max ? b->left : max;
    *end = n == b->left;
    return n;
}

static void s_pull(void *ctx, lk_sym *out, unsigned n, sim_time start, sim_time end)
{
    bench_src *b = ctx;
    (void)start;
    (void)end;
    for (unsigned i = 0; i < n; i++) out[i] = (lk_sym){.byte = (uint8_t)(b->left - i)};
    b->left -= n;
    if (!b->left) out[n - 1].flags = LK_TAIL;
}

static const lk_source_ops ops = {s_avail, s_pull};

static void on_arr(void *ctx, lk_dir *d)
{
    bench_src *b = ctx;
    (void)d;
    if (b->narr < 64) b->arrivals[b->narr++] = evq_now(b->q);
}

TEST(switch_link_unit, stop_and_go_exact_times)
{
    /* 160 MB/s, chunk 4 (25 ns), prop 10 ns, slack 80, STOP 56, GO 40 */
    evq *q = evq_new();
    lk_params p;
    lk_params_default(&p, LK_SAN1280, 2.0);
    char err[256];
    lk_dir *d = lk_dir_new(q, &p, "t", err, sizeof err);
    ASSERT_TRUE(d != NULL);
    bench_src b = {.left = 1000, .q = q};
    lk_dir_set_source(d, &ops, &b);
    lk_dir_set_sink(d, on_arr, &b);                      /* the sink takes nothing */
    sim_time t0 = SIM_NS(100);
    evq_advance(q, t0);
    lk_dir_kick(d);
    evq_run_until(q, SIM_US(10));
    /* chunk k arrives at t0 + 25(k+1) + 10 ns; the 14th brings 56 -> STOP,
     * which reaches the sender at t0 + 370 ns: chunks starting before then
     * (k = 0..14) still go, so exactly 15 chunks = 60 bytes arrive */
    ASSERT_EQ(b.narr, 15);
    ASSERT_EQ(b.arrivals[14], t0 + SIM_NS(385));
    ASSERT_EQ(lk_rx_count(d), 60);
    ASSERT_EQ(lk_dir_stats(d)->stops, 1);
    ASSERT_TRUE(lk_tx_stopped(d));
    ASSERT_EQ(evq_pending(q), 0);

    /* take 30 bytes at T, but say they leave at T + 1 us: occupancy stays
     * 60 until then, and only then does it fall below 40 and send GO */
    sim_time T = SIM_US(20);
    evq_advance(q, T);
    lk_sym got[30];
    lk_rx_take(d, got, 30, T + SIM_US(1));
    ASSERT_EQ(got[0].byte, (uint8_t)1000);                /* in order */
    ASSERT_EQ(lk_rx_count(d), 30);
    ASSERT_EQ(lk_rx_occupancy(d), 60);
    evq_run_until(q, T + SIM_US(1) - 1);
    ASSERT_EQ(lk_dir_stats(d)->gos, 0);
    ASSERT_EQ(b.narr, 15);
    evq_run_until(q, T + SIM_US(1));
    ASSERT_EQ(lk_rx_occupancy(d), 30);
    ASSERT_EQ(lk_dir_stats(d)->gos, 1);
    /* GO reaches the sender 10 ns later; its next chunk lands 25 + 10 ns on */
    evq_run_until(q, T + SIM_US(1) + SIM_NS(45));
    ASSERT_EQ(b.narr, 16);
    ASSERT_EQ(b.arrivals[15], T + SIM_US(1) + SIM_NS(45));

    /* taking everything now sends no second GO (already going) and the
     * stream continues until the next STOP */
    lk_rx_take(d, NULL, lk_rx_count(d), evq_now(q));
    evq_run_until(q, SIM_US(40));
    ASSERT_EQ(lk_dir_stats(d)->stops, 2);
    ASSERT_EQ(lk_dir_stats(d)->overflows, 0);
    lk_dir_free(d);
    evq_free(q);
}

TEST(switch_link_unit, serialisation_and_slack_formula)
{
    lk_params p;
    lk_params_default(&p, LK_M2000, 0);
    ASSERT_EQ(lk_ser_time(&p, 1), 4000);                  /* 250 MB/s: 4 ns per byte */
    ASSERT_EQ(lk_ser_time(&p, 8), 32000);
    p.rate = 300000000;                                   /* 3.333.. ns: rounded up */
    ASSERT_EQ(lk_ser_time(&p, 1), 3334);
    ASSERT_EQ(lk_ser_time(&p, 3), 10000);
    lk_params_default(&p, LK_SAN1280, 2.0);
    ASSERT_EQ(p.prop, 10000);
    /* 56 + 3 + 8 + ceil(2 * 10 ns * 0.16 B/ns = 3.2) */
    ASSERT_EQ(lk_slack_needed(&p), 71);
    p.chunk = 8;
    ASSERT_EQ(lk_slack_needed(&p), 56 + 7 + 16 + 4);
    char err[256];
    ASSERT_EQ(lk_params_check(&p, err, sizeof err), -1);  /* 83 > 80 */
    p.unchecked = 1;
    ASSERT_EQ(lk_params_check(&p, err, sizeof err), 0);
}
