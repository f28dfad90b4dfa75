/* plat_idle_poll on the test backend: it must end exactly where a loop of
 * plat_compute(period) + look would first see a DMA write or an interrupt,
 * and give up at the first period boundary at or after max. The write comes
 * from a bus master of the test's own on the host's bus at a chosen time;
 * when it lands is recorded by a watcher of the test, independently of the
 * primitive, and a second, identical machine runs the plain loop. */
#include "../harness/harness.h"
#include "../tpil/fixture.h"

#include <string.h>

static void open_fx(fixture *f)
{
    char err[300];
    if (fixture_open(f, &host_p3_550, 0, CHIP_LANAI4, 0, err, sizeof err))
        harness_fail(__FILE__, __LINE__, "fixture: %s", err);
}

/* A bus master of the test writes 4 bytes into host memory at `at`. */
typedef struct dma_at {
    fixture *f;
    pci_master *m;
    pci_txn t;
    uint8_t data[4];
    uint64_t phys;
    int landed;
    sim_time land;             /* when the bytes reached host memory (the watcher) */
} dma_at;

static void dma_done(pci_txn *t, void *ctx) { (void)t; (void)ctx; }

static void dma_go(void *arg)
{
    dma_at *d = arg;
    memset(&d->t, 0, sizeof d->t);
    d->t.cmd = PCI_WRITE;
    d->t.addr = d->phys;
    d->t.data = d->data;
    d->t.len = 4;
    d->t.on_done = dma_done;
    d->t.ctx = d;
    pci_submit(d->m, &d->t);
}

static void dma_seen(void *ctx)
{
    dma_at *d = ctx;
    if (!d->landed) d->land = evq_now(d->f->q);
    d->landed = 1;
}

/* A machine with a pinned word and a write of 0x11223344 into it planned
 * `after` from now; returns the word. */
static volatile uint32_t *plan_dma(fixture *f, dma_at *d, sim_time after)
{
    open_fx(f);
    memset(d, 0, sizeof *d);
    d->f = f;
    volatile uint32_t *w = plat_alloc_contig(f->p, 4096, &d->phys);
    ASSERT_TRUE(w != NULL);
    *w = 0;
    const uint8_t v[4] = {0x44, 0x33, 0x22, 0x11};
    memcpy(d->data, v, 4);
    d->m = pci_master_new(host_bus(f->h, 0), "test DMA", 4, 64, 0);
    ASSERT_TRUE(d->m != NULL);
    ASSERT_EQ(host_watch(f->h, dma_seen, d), 0);
    evq_at(f->q, plat_now(f->p) + after, dma_go, d);
    return w;
}

/* The plain loop on its own machine: returns the iterations it took. */
static uint64_t plain_loop(sim_time after, sim_time period, sim_time *end, sim_time *land)
{
    fixture f;
    dma_at d;
    volatile uint32_t *w = plan_dma(&f, &d, after);
    sim_time t0 = plat_now(f.p);
    uint64_t k = 0;
    do {
        ASSERT_EQ(plat_compute(f.p, period), 0);
        k++;
    } while (*w == 0 && k < 1000000);
    ASSERT_EQ(*w, 0x11223344u);
    *end = plat_now(f.p) - t0;
    *land = d.land - t0;
    host_unwatch(f.h, dma_seen, &d);
    fixture_close(&f);
    return k;
}

/* The same machine, idle polling: returns the iterations it stood for. */
static int idle_loop(sim_time after, sim_time period, sim_time max, sim_time *end, sim_time *land, uint32_t *seen)
{
    fixture f;
    dma_at d;
    volatile uint32_t *w = plan_dma(&f, &d, after);
    sim_time t0 = plat_now(f.p);
    int k = plat_idle_poll(f.p, period, max);
    if (k < 0) harness_note("%s", plat_error(f.p));
    *seen = *w;
    *end = plat_now(f.p) - t0;
    *land = d.landed ? d.land - t0 : SIM_TIME_NEVER;
    host_unwatch(f.h, dma_seen, &d);
    fixture_close(&f);
    return k;
}

TEST(idle_poll, ends_at_the_first_boundary_after_a_dma_write_like_the_plain_loop)
{
    const sim_time period = 109090, after = SIM_US(7);
    sim_time pend, pland, iend, iland;
    uint64_t pk = plain_loop(after, period, &pend, &pland);
    uint32_t seen;
    int k = idle_loop(after, period, SIM_US(1000), &iend, &iland, &seen);
    harness_note("write lands %llu ps after the start; the loop sees it after %llu polls", (unsigned long long)iland,
                 (unsigned long long)pk);
    ASSERT_EQ(iland, pland);                       /* the same machine */
    ASSERT_TRUE(iland >= after && iland < after + SIM_US(2));
    ASSERT_EQ(seen, 0x11223344u);
    ASSERT_EQ((uint64_t)k, pk);
    ASSERT_EQ(iend, pend);
    ASSERT_EQ(iend, (uint64_t)k * period);
    ASSERT_TRUE(iend >= iland && iend - period < iland); /* the first boundary at or after the write */
}

TEST(idle_poll, a_boundary_equal_to_the_write_time_sees_the_write)
{
    const sim_time after = SIM_US(5);
    sim_time pend, land, iend, iland;
    uint32_t seen;
    /* learn when the write lands, then poll with a period that hits it */
    plain_loop(after, SIM_NS(100), &pend, &land);
    ASSERT_TRUE(land > 0);
    uint64_t pk = plain_loop(after, land, &pend, &land);
    ASSERT_EQ(pk, 1);                              /* the plain loop sees it at the boundary */
    ASSERT_EQ(pend, land);
    ASSERT_EQ(idle_loop(after, land, SIM_US(1000), &iend, &iland, &seen), 1);
    ASSERT_EQ(iend, land);
    ASSERT_EQ(seen, 0x11223344u);
    /* one picosecond shorter: the first boundary misses it, the second sees it */
    ASSERT_EQ(idle_loop(after, land - 1, SIM_US(1000), &iend, &iland, &seen), 2);
    ASSERT_EQ(iend, 2 * (land - 1));
    ASSERT_EQ(seen, 0x11223344u);
}

TEST(idle_poll, max_ends_it_at_the_first_boundary_at_or_after_max)
{
    const sim_time period = 109090;
    sim_time iend, iland;
    uint32_t seen;
    /* the write comes long after max: max ends it, nothing seen yet */
    ASSERT_EQ(idle_loop(SIM_US(500), period, 10 * period, &iend, &iland, &seen), 10);
    ASSERT_EQ(iend, 10 * period);
    ASSERT_EQ(seen, 0);
    ASSERT_EQ(iland, SIM_TIME_NEVER);
    ASSERT_EQ(idle_loop(SIM_US(500), period, 10 * period + 1, &iend, &iland, &seen), 11);
    ASSERT_EQ(iend, 11 * period);
    ASSERT_EQ(idle_loop(SIM_US(500), period, 0, &iend, &iland, &seen), 1);
    ASSERT_EQ(iend, period);
    /* a write before max wins */
    ASSERT_EQ(idle_loop(SIM_US(2), period, SIM_US(100), &iend, &iland, &seen), (int)((iland + period - 1) / period));
    ASSERT_EQ(seen, 0x11223344u);
}

/* The LANai raises HOST_SIG (a firmware store to ISR) at the event's time. */
static void raise_sig(void *arg)
{
    fixture *f = arg;
    fixture_lanai_write(f, fixture_isr_off(f), FIX_HOST_SIG);
}

typedef struct rise { evq *q; int n; sim_time at; } rise;
static void rise_seen(void *ctx)
{
    rise *r = ctx;
    if (!r->n++) r->at = evq_now(r->q);
}

TEST(idle_poll, an_interrupt_wakes_it)
{
    const sim_time period = 109090;
    fixture f;
    open_fx(&f);
    ASSERT_EQ(drv_enable_irq(f.d, FIX_HOST_SIG), 0);
    ASSERT_EQ(plat_pio_flush(f.p), 0);
    rise r = {f.q, 0, 0};
    ASSERT_EQ(host_watch(f.h, rise_seen, &r), 0);
    sim_time t0 = plat_now(f.p);
    evq_at(f.q, t0 + SIM_US(20), raise_sig, &f);
    int k = plat_idle_poll(f.p, period, SIM_US(1000));
    ASSERT_TRUE(k > 0);
    ASSERT_EQ(r.n, 1);
    ASSERT_EQ(plat_irq_level(f.p), 1);
    sim_time end = plat_now(f.p) - t0, at = r.at - t0;
    ASSERT_TRUE(at >= SIM_US(20));
    ASSERT_EQ(end, (uint64_t)k * period);
    ASSERT_TRUE(end >= at && end - period < at);
    /* the line is still up: the next call is one period */
    t0 = plat_now(f.p);
    ASSERT_EQ(plat_idle_poll(f.p, period, SIM_US(1000)), 1);
    ASSERT_EQ(plat_now(f.p) - t0, period);
    host_unwatch(f.h, rise_seen, &r);
    fixture_close(&f);
}

TEST(idle_poll, a_zero_period_is_an_error)
{
    fixture f;
    open_fx(&f);
    sim_time t0 = plat_now(f.p);
    ASSERT_EQ(plat_idle_poll(f.p, 0, SIM_US(1)), -1);
    ASSERT_TRUE(strstr(plat_error(f.p), "period of 0") != NULL);
    ASSERT_EQ(plat_now(f.p), t0);
    fixture_close(&f);
}
