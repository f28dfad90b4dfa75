/* Places (model/event/evq.h), which the per-node horizon (model/node/lag.c)
 * relies on: every event carries its creator's place unless the creator
 * says otherwise, evq_peek tells it, what an event of a node's place makes
 * is keyed with that place, and with lagging cores an own event behind the
 * queue keeps its time. */
#include "../harness/harness.h"
#include "../../model/event/evq.h"

#include <string.h>

static char log_buf[64];
static evq *the_q;
static sim_time seen_now[8];
static int nseen;

static void log_ev(void *arg)
{
    size_t n = strlen(log_buf);
    log_buf[n] = *(const char *)arg;
    log_buf[n + 1] = 0;
    if (nseen < 8) seen_now[nseen++] = evq_now(the_q);
}

static void make_two(void *arg)
{
    (void)arg;
    evq_at(the_q, 300, log_ev, "x");   /* the running event's place */
    uint32_t was = evq_place_swap(the_q, EVQ_PLACE_FABRIC);
    evq_at(the_q, 300, log_ev, "f");   /* said otherwise: the fabric's */
    evq_place_swap(the_q, was);
}

TEST(places, new_events_take_the_creators_place_unless_told)
{
    evq *q = the_q = evq_new();
    log_buf[0] = 0;
    nseen = 0;
    sim_time t;
    uint32_t pl;
    evq_at(q, 100, make_two, NULL);                   /* set-up code: unknown */
    ASSERT_TRUE(evq_peek(q, &t, &pl));
    ASSERT_EQ(t, 100);
    ASSERT_EQ(pl, EVQ_PLACE_UNKNOWN);
    evq_run_until(q, 100);
    evq_stamp was = evq_stamp_core(q, 150, 2);        /* NI 2's store */
    evq_at(q, 200, log_ev, "s");
    evq_stamp_restore(q, was);
    ASSERT_TRUE(evq_peek(q, &t, &pl));
    ASSERT_EQ(t, 200);
    ASSERT_EQ(pl, evq_place_ni(2));
    evq_run_one(q);
    ASSERT_TRUE(evq_peek(q, &t, &pl));
    ASSERT_EQ(t, 300);
    ASSERT_EQ(pl, EVQ_PLACE_UNKNOWN);                 /* "x", made by the unknown event */
    evq_run_one(q);
    ASSERT_TRUE(evq_peek(q, &t, &pl));
    ASSERT_EQ(pl, EVQ_PLACE_FABRIC);
    evq_run_one(q);
    ASSERT_TRUE(!evq_peek(q, &t, &pl));
    ASSERT_STR_EQ(log_buf, "sxf");
    evq_free(q);
}

/* What an event of NI k's place makes at one stamp instant sorts by k, not
 * by which of two places ran first. */
static void make_at_500(void *arg)
{
    evq_at(the_q, 500, log_ev, arg);
}

TEST(places, a_node_places_offspring_are_keyed_with_its_place)
{
    evq *q = the_q = evq_new();
    log_buf[0] = 0;
    nseen = 0;
    /* two events at 100, NI 3's made first, NI 1's second: they run in
     * creation order (same stamp), and each makes an event at 500 */
    uint32_t was = evq_creator_swap(q, evq_place_ni(3));
    evq_at(q, 100, make_at_500, "3");
    evq_creator_swap(q, evq_place_ni(1));
    evq_at(q, 100, make_at_500, "1");
    evq_creator_swap(q, was);
    evq_run_until(q, 1000);
    ASSERT_STR_EQ(log_buf, "13");   /* keyed 2 and 4: NI 1's first */
    evq_free(q);
}

/* Lagging cores: a store behind the queue makes an event of its own place
 * before the latest time reached; it keeps its time and runs with now at
 * its time; the store saw its own time as now. */
static sim_time now_in_store;

TEST(places, an_own_event_behind_the_queue_keeps_its_time)
{
    evq *q = the_q = evq_new();
    log_buf[0] = 0;
    nseen = 0;
    evq_set_lagging(q, 1);
    evq_at(q, 1000, log_ev, "a");
    evq_run_until(q, 1000);
    ASSERT_EQ(evq_hwm(q), 1000);
    evq_stamp was = evq_stamp_core(q, 400, 0);   /* NI 0's core is at 400 */
    now_in_store = evq_now(q);
    evq_at(q, 450, log_ev, "b");                 /* behind the queue: kept */
    evq_stamp_restore(q, was);
    ASSERT_EQ(now_in_store, 400);
    ASSERT_EQ(evq_now(q), 1000);
    sim_time t;
    uint32_t pl;
    ASSERT_TRUE(evq_peek(q, &t, &pl));
    ASSERT_EQ(t, 450);
    ASSERT_EQ(pl, evq_place_ni(0));
    evq_run_one(q);
    ASSERT_STR_EQ(log_buf, "ab");
    ASSERT_EQ(seen_now[1], 450);
    ASSERT_EQ(evq_hwm(q), 1000);
    evq_rewind(q, 700);
    ASSERT_EQ(evq_now(q), 700);
    evq_free(q);
}

/* Without lagging cores a time before now still runs at now. */
TEST(places, without_lagging_a_past_time_runs_at_now)
{
    evq *q = the_q = evq_new();
    log_buf[0] = 0;
    nseen = 0;
    evq_at(q, 1000, log_ev, "a");
    evq_run_until(q, 1000);
    evq_stamp was = evq_stamp_core(q, 1200, 0);
    evq_at(q, 450, log_ev, "b");
    evq_stamp_restore(q, was);
    sim_time t;
    uint32_t pl;
    ASSERT_TRUE(evq_peek(q, &t, &pl));
    ASSERT_EQ(t, 1000);
    evq_free(q);
}
