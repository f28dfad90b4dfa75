/* The event queue (model/event/evq.h): order by time then by scheduling,
 * cancellation, events scheduling events, a large random load, the
 * reports' time format, and quiet events. */
#include "../harness/harness.h"
#include "../../model/event/evq.h"

#include <stdlib.h>
#include <string.h>

static char log_buf[256];
static evq *the_q;

static void log_ev(void *arg)
{
    size_t n = strlen(log_buf);
    log_buf[n] = *(const char *)arg;
    log_buf[n + 1] = 0;
}

TEST(evq, orders_by_time_then_schedule_order)
{
    evq *q = evq_new();
    log_buf[0] = 0;
    evq_at(q, 30, log_ev, "c");
    evq_at(q, 10, log_ev, "a");
    evq_at(q, 20, log_ev, "b");
    evq_at(q, 10, log_ev, "A");   /* same time as "a", scheduled later */
    ASSERT_EQ(evq_next(q), 10);
    ASSERT_EQ(evq_run_until(q, 25), 3);
    ASSERT_STR_EQ(log_buf, "aAb");
    ASSERT_EQ(evq_now(q), 20);
    ASSERT_EQ(evq_step(q), 1);
    ASSERT_STR_EQ(log_buf, "aAbc");
    ASSERT_EQ(evq_next(q), SIM_TIME_NEVER);
    ASSERT_EQ(evq_events_run(q), 4);
    evq_free(q);
}

TEST(evq, cancel_skips_event)
{
    evq *q = evq_new();
    log_buf[0] = 0;
    ev_id a = evq_at(q, 5, log_ev, "x");
    evq_at(q, 7, log_ev, "y");
    evq_cancel(q, a);
    evq_cancel(q, a);             /* twice is harmless */
    ASSERT_EQ(evq_pending(q), 1);
    ASSERT_EQ(evq_next(q), 7);
    evq_run_until(q, 100);
    ASSERT_STR_EQ(log_buf, "y");
    evq_free(q);
}

static void chain(void *arg)
{
    int *left = arg;
    if (--*left > 0) evq_after(the_q, 3, chain, arg);
}

TEST(evq, events_schedule_events_and_past_clamps_to_now)
{
    evq *q = the_q = evq_new();
    int left = 1000;
    evq_at(q, 1, chain, &left);
    evq_run_until(q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(left, 0);
    ASSERT_EQ(evq_now(q), 1 + 3 * 999);
    log_buf[0] = 0;
    evq_at(q, 0, log_ev, "p");   /* in the past: runs at now */
    ASSERT_EQ(evq_next(q), evq_now(q));
    evq_free(q);
}

static int counted;
static void count_ev(void *arg) { (void)arg; counted++; }

TEST(evq, heap_stays_ordered_under_load)
{
    evq *q = evq_new();
    uint32_t x = 12345;
    for (int i = 0; i < 5000; i++) {
        x = x * 1103515245u + 12345u;
        evq_at(q, (x >> 8) % 100000, count_ev, NULL);
    }
    counted = 0;
    sim_time last = 0;
    while (evq_next(q) != SIM_TIME_NEVER) {
        sim_time t = evq_next(q);
        ASSERT_TRUE(t >= last);
        last = t;
        evq_step(q);
    }
    ASSERT_EQ(evq_events_run(q), 5000);
    ASSERT_EQ(counted, 5000);
    evq_free(q);
}

/* The timers' pattern: a far-future event cancelled and re-armed again and
 * again while near events keep running. Every cancelled one is skipped,
 * every live one runs once, and a stale id (already run) cancels nothing. */
TEST(evq, many_cancelled_timers_and_stale_ids)
{
    evq *q = evq_new();
    counted = 0;
    ev_id timer = 0, ran_ids[100];
    for (int i = 0; i < 100; i++) {
        evq_cancel(q, timer);
        timer = evq_at(q, 1000000 + (sim_time)i, count_ev, NULL);
        ran_ids[i] = evq_at(q, (sim_time)i * 10, count_ev, NULL);
        evq_run_until(q, (sim_time)i * 10);
    }
    ASSERT_EQ(counted, 100);
    ASSERT_EQ(evq_pending(q), 1);          /* the last timer only */
    for (int i = 0; i < 100; i++) evq_cancel(q, ran_ids[i]);   /* stale: nothing */
    ASSERT_EQ(evq_pending(q), 1);
    ASSERT_EQ(evq_next(q), 1000099);
    evq_run_until(q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(counted, 101);
    ASSERT_EQ(evq_pending(q), 0);
    ASSERT_EQ(evq_next(q), SIM_TIME_NEVER);
    evq_free(q);
}

/* The reports' one time format: microseconds, rounded to the nanosecond. */
TEST(evq, sim_time_us_rounds_to_the_nanosecond)
{
    char b[40];
    ASSERT_STR_EQ(sim_time_us(5516490000ull, b, sizeof b), "5516.490 us");
    ASSERT_STR_EQ(sim_time_us(7516545454ull, b, sizeof b), "7516.545 us");
    ASSERT_STR_EQ(sim_time_us(999999, b, sizeof b), "1.000 us");
    ASSERT_STR_EQ(sim_time_us(499, b, sizeof b), "0.000 us");
    ASSERT_STR_EQ(sim_time_us(SIM_US(2000), b, sizeof b), "2000.000 us");
}

/* Quiet events run in the one (time, scheduling) order with the others and
 * are counted; only evq_next_loud leaves them out. */
TEST(evq, quiet_events_run_in_order_and_count_but_are_not_loud)
{
    unsetenv("MYRISIM_SLOW_PATHS");
    evq *q = evq_new();
    log_buf[0] = 0;
    evq_at(q, 20, log_ev, "b");
    evq_at_quiet(q, 10, log_ev, "q");
    evq_at(q, 10, log_ev, "a");            /* same time, scheduled after the quiet one */
    evq_at_quiet(q, 20, log_ev, "r");      /* after "b" */
    ev_id gone = evq_at_quiet(q, 15, log_ev, "x");
    evq_at_quiet(q, 40, log_ev, "s");
    evq_cancel(q, gone);
    ASSERT_EQ(evq_pending(q), 5);
    ASSERT_EQ(evq_next(q), 10);
    ASSERT_EQ(evq_next_loud(q), 10);
    ASSERT_EQ(evq_step(q), 2);
    ASSERT_STR_EQ(log_buf, "qa");
    ASSERT_EQ(evq_run_until(q, 30), 2);
    ASSERT_STR_EQ(log_buf, "qabr");
    ASSERT_EQ(evq_next_loud(q), SIM_TIME_NEVER);   /* only the quiet "s" is left */
    ASSERT_EQ(evq_next(q), 40);
    ASSERT_EQ(evq_step(q), 1);
    ASSERT_EQ(evq_now(q), 40);
    ASSERT_STR_EQ(log_buf, "qabrs");
    ASSERT_EQ(evq_events_run(q), 5);
    ASSERT_EQ(evq_quiet_run(q), 3);
    evq_free(q);
}

TEST(evq, slow_paths_make_quiet_events_ordinary)
{
    setenv("MYRISIM_SLOW_PATHS", "1", 1);
    evq *q = evq_new();
    unsetenv("MYRISIM_SLOW_PATHS");
    log_buf[0] = 0;
    evq_at_quiet(q, 10, log_ev, "q");
    ASSERT_EQ(evq_next_loud(q), 10);
    evq_run_until(q, 10);
    ASSERT_STR_EQ(log_buf, "q");
    ASSERT_EQ(evq_quiet_run(q), 0);
    evq_free(q);
}
