/* Stamped ties (model/event/evq.h): at equal times events run in
 * creation-stamp order, whatever order they were created in. */
#include "../harness/harness.h"
#include "../../model/event/evq.h"

#include <string.h>

static char log_buf[64];
static evq *the_q;

static void log_ev(void *arg)
{
    size_t n = strlen(log_buf);
    log_buf[n] = *(const char *)arg;
    log_buf[n + 1] = 0;
}

static evq *new_q(void)
{
    log_buf[0] = 0;
    return evq_new();
}

/* Two cores' stores at one local time, the higher NI's made first (as a
 * round that stops NI 0 early makes them), and an earlier store made last. */
static void stores_out_of_order(evq *q)
{
    evq_stamp was = evq_stamp_core(q, 100, 1);
    evq_at(q, 500, log_ev, "b");
    evq_stamp_restore(q, was);
    was = evq_stamp_core(q, 100, 0);
    evq_at(q, 500, log_ev, "a");
    evq_stamp_restore(q, was);
    was = evq_stamp_core(q, 90, 3);
    evq_at(q, 500, log_ev, "0");
    evq_stamp_restore(q, was);
    evq_at(q, 500, log_ev, "z");   /* no creator: stamped (now = 0, 0) */
}

TEST(tiestamp, same_time_stores_run_in_stamp_order)
{
    evq *q = new_q();
    stores_out_of_order(q);
    evq_run_until(q, 1000);
    ASSERT_STR_EQ(log_buf, "z0ab");
    ASSERT_EQ(evq_stamp_inversions(q), 3);   /* 0, a and b each after a later-made one */
    evq_free(q);
}

/* The stamp is packed as an age (event time - stamp time): one made long
 * before its time still runs before one made later, and an age beyond
 * 2^44 - 1 ps counts as that much. */
TEST(tiestamp, old_stamps_run_first_at_one_time)
{
    evq *q = new_q();
    sim_time far = (sim_time)1 << 45;
    evq_stamp was = evq_stamp_core(q, 5, 0);
    evq_at(q, far, log_ev, "b");
    evq_stamp_restore(q, was);
    evq_at(q, far, log_ev, "a");            /* stamp (0, 0): older, so first */
    evq_advance(q, far - 7);
    evq_at(q, far, log_ev, "c");
    was = evq_stamp_core(q, far - 7, 2);
    evq_at(q, far, log_ev, "d");            /* same stamp time, higher key */
    evq_stamp_restore(q, was);
    evq_run_until(q, far);
    /* a and b are both older than 2^44 - 1 ps: equal ages, then key 0 < 1 */
    ASSERT_STR_EQ(log_buf, "abcd");
    evq_free(q);
}

/* Callbacks stamp with their event's time; an event made at its own time
 * by NI 1's store passes NI 1's key on, so what it creates follows NI 0's
 * store at that instant though it is created after it. */
static void make_v(void *arg)
{
    (void)arg;
    evq_at(the_q, 600, log_ev, "V");
}

static void make_y(void *arg)
{
    (void)arg;
    evq_at(the_q, 600, log_ev, "Y");
}

static void callbacks_and_stores(evq *q)
{
    the_q = q;
    evq_at(q, 200, make_v, NULL);                 /* stamp (0, 0), runs at 200 */
    evq_advance(q, 150);
    evq_stamp was = evq_stamp_core(q, 200, 1);    /* NI 1 at 200: an event at 200 */
    evq_at(q, 200, make_y, NULL);
    evq_stamp_restore(q, was);
    was = evq_stamp_core(q, 200, 0);              /* NI 0 at 200 */
    evq_at(q, 600, log_ev, "Z");
    evq_stamp_restore(q, was);
    evq_run_until(q, 1000);
}

TEST(tiestamp, callbacks_stamp_from_their_event)
{
    evq *q = new_q();
    callbacks_and_stores(q);
    ASSERT_STR_EQ(log_buf, "VZY");
    evq_free(q);
}
