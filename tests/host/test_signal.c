/* plat_set_signal (hostlib/platform.h) on the test backend with the DAS
 * host profile (irq_entry 8 us, signal 17 us, seed 002 §2.5): a rise of the
 * card's interrupt line while the process computes cuts the computation at
 * the rise; the handler starts 17 us after it (the driver's ISR has run and
 * lowered the line), and the computation's remaining work follows the
 * handler, so the call ends at its length plus the delivery and handler.
 * A line already up is delivered at the start of the next compute; without
 * a handler a compute is exactly its length. The LANai's side is the test
 * (fixture_lanai_write of HOST_SIG at a planned time). */
#include "../harness/harness.h"
#include "../tpil/fixture.h"

#include <string.h>

static void open_das(fixture *f)
{
    char err[300];
    if (fixture_open(f, &host_das_ppro200, 0, CHIP_LANAI4, 0, err, sizeof err))
        harness_fail(__FILE__, __LINE__, "fixture: %s", err);
}

static void raise_sig(void *arg)
{
    fixture *f = arg;
    fixture_lanai_write(f, fixture_isr_off(f), FIX_HOST_SIG);
}

/* when the line rose, seen by a watcher of the test's own (host_watch) */
typedef struct rise { evq *q; int n; sim_time at; } rise;
static void rise_seen(void *ctx)
{
    rise *r = ctx;
    if (!r->n++) r->at = evq_now(r->q);
}

typedef struct sig_log { int n; sim_time at[4], back[4]; sim_time work; } sig_log;

static int handler(void *ctx, platform *p)
{
    sig_log *s = ctx;
    if (s->n < 4) s->at[s->n] = plat_now(p);
    int r = s->work ? plat_compute(p, s->work) : 0;   /* no signal inside: nested compute is plain */
    if (s->n < 4) s->back[s->n] = plat_now(p);
    s->n++;
    return r;
}

TEST(signal, a_rise_cuts_the_computation_and_the_rest_follows_the_handler)
{
    fixture f;
    open_das(&f);
    ASSERT_EQ(drv_enable_irq(f.d, FIX_HOST_SIG), 0);
    ASSERT_EQ(plat_pio_flush(f.p), 0);
    sig_log s = {0};
    s.work = SIM_US(5);
    plat_set_signal(f.p, handler, &s);
    rise r = {f.q, 0, 0};
    ASSERT_EQ(host_watch(f.h, rise_seen, &r), 0);
    sim_time t0 = plat_now(f.p);
    evq_at(f.q, t0 + SIM_US(100), raise_sig, &f);
    ASSERT_EQ(plat_compute(f.p, SIM_US(1000)), 0);
    ASSERT_EQ(s.n, 1);
    ASSERT_EQ(plat_irq_level(f.p), 0);           /* the ISR acknowledged it */
    host_unwatch(f.h, rise_seen, &r);
    ASSERT_TRUE(r.n >= 1);
    sim_time rise = r.at;
    ASSERT_TRUE(rise >= t0 + SIM_US(100) && rise < t0 + SIM_US(101));   /* the store, then the card's line */
    ASSERT_EQ(s.at[0] - rise, SIM_US(17));        /* the handler starts 17 us after the rise */
    ASSERT_EQ(s.back[0] - s.at[0], SIM_US(5));
    /* the 900 us of work left after the rise run after the handler */
    ASSERT_EQ(plat_now(f.p) - t0, SIM_US(1000) + (s.back[0] - rise));
    plat_set_signal(f.p, NULL, NULL);
    fixture_close(&f);
}

TEST(signal, a_line_already_up_is_delivered_at_the_next_compute)
{
    fixture f;
    open_das(&f);
    ASSERT_EQ(drv_enable_irq(f.d, FIX_HOST_SIG), 0);
    ASSERT_EQ(plat_pio_flush(f.p), 0);
    sig_log s = {0};
    plat_set_signal(f.p, handler, &s);
    evq_at(f.q, plat_now(f.p) + SIM_US(1), raise_sig, &f);
    for (int i = 0; i < 100 && !plat_irq_level(f.p); i++) ASSERT_EQ(plat_pio_flush(f.p), 0);   /* PIO reads only */
    ASSERT_EQ(plat_irq_level(f.p), 1);
    ASSERT_EQ(s.n, 0);                            /* not delivered inside another call */
    sim_time t1 = plat_now(f.p);
    ASSERT_EQ(plat_compute(f.p, SIM_US(10)), 0);
    ASSERT_EQ(s.n, 1);
    ASSERT_TRUE(s.at[0] >= t1 + SIM_US(8));       /* the ISR's entry came first */
    ASSERT_EQ(plat_now(f.p) - t1, (s.back[0] - t1) + SIM_US(10));   /* then all 10 us of work */
    plat_set_signal(f.p, NULL, NULL);
    fixture_close(&f);
}

TEST(signal, without_a_handler_a_compute_is_exactly_its_length)
{
    fixture f;
    open_das(&f);
    ASSERT_EQ(drv_enable_irq(f.d, FIX_HOST_SIG), 0);
    ASSERT_EQ(plat_pio_flush(f.p), 0);
    sim_time t0 = plat_now(f.p);
    evq_at(f.q, t0 + SIM_US(100), raise_sig, &f);
    ASSERT_EQ(plat_compute(f.p, SIM_US(1000)), 0);
    ASSERT_EQ(plat_now(f.p) - t0, SIM_US(1000));
    ASSERT_EQ(plat_irq_level(f.p), 1);            /* nobody served it */
    fixture_close(&f);
}
