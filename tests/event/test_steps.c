/* evq_steps (model/event/evq.h): the same events, in the same order, as a
 * loop of evq_step that stops after a step noting a wake, at a limit or at
 * a stop flag; on random loads of loud, quiet and ahead events that make
 * more events, some at their own time. */
#include "../harness/harness.h"
#include "../../model/event/evq.h"

#include <stdint.h>
#include <string.h>

typedef struct {
    evq *q;
    uint32_t rng;
    uint64_t log[4096];
    int nlog;
    int stop;
} world;

static uint32_t rnd(world *w)
{
    w->rng = w->rng * 1103515245u + 12345u;
    return w->rng >> 8;
}

static void ev(void *arg);

static void spawn(world *w)
{
    uint32_t r = rnd(w);
    sim_time t = evq_now(w->q) + (r % 4 == 0 ? 0 : r % 50);
    switch (r / 4 % 3) {
    case 0: evq_at(w->q, t + 100, ev, w); break;   /* the lookahead an event ahead promises */
    case 1: evq_at_quiet(w->q, t, ev, w); break;
    default: evq_at_ahead(w->q, t, ev, w); break;
    }
}

static void ev(void *arg)
{
    world *w = arg;
    if (w->nlog < 4096) {
        w->log[w->nlog] = evq_now(w->q) * 4099u + (uint64_t)w->nlog;
        w->nlog++;
    }
    uint32_t r = rnd(w);
    if (r % 7 == 0) evq_note_wake(w->q);
    if (r % 97 == 0) w->stop = 1;
    if (w->nlog < 3000 && r % 3 != 0) spawn(w);
    if (w->nlog < 3000 && r % 2 == 0) spawn(w);
}

static void seed(world *w, uint32_t s)
{
    memset(w, 0, sizeof *w);
    w->q = evq_new();
    evq_set_lookahead(w->q, 100);
    w->rng = s;
    for (int i = 0; i < 20; i++) evq_at(w->q, rnd(w) % 200, ev, w);
}

/* The loop cosim_advance ran before evq_steps (and still runs on slow paths). */
static uint64_t steps_by_hand(world *w, sim_time lim)
{
    if (evq_next(w->q) > lim) return 0;
    uint64_t w0 = evq_wakes(w->q), n = 0;
    do {
        evq_step(w->q);
        n++;
    } while (evq_wakes(w->q) == w0 && evq_next(w->q) <= lim && !w->stop);
    return n;
}

TEST(evq_steps, same_events_as_a_loop_of_steps)
{
    for (uint32_t s = 1; s <= 40; s++) {
        static world a, b;
        seed(&a, s);
        seed(&b, s);
        int calls = 0;
        for (sim_time lim = 50; calls < 5000 && (evq_pending(a.q) || evq_pending(b.q)); lim += 37, calls++) {
            a.stop = b.stop = 0;
            uint64_t na = evq_steps(a.q, lim, &a.stop), nb = steps_by_hand(&b, lim);
            ASSERT_EQ(na, nb);
            ASSERT_EQ(evq_now(a.q), evq_now(b.q));
            ASSERT_EQ(evq_next(a.q), evq_next(b.q));
        }
        ASSERT_EQ(a.nlog, b.nlog);
        ASSERT_TRUE(a.nlog > 100);
        ASSERT_MEM_EQ(a.log, b.log, (size_t)a.nlog * sizeof a.log[0]);
        ASSERT_EQ(evq_events_run(a.q), evq_events_run(b.q));
        evq_free(a.q);
        evq_free(b.q);
    }
}

static void count(void *arg) { ++*(int *)arg; }

TEST(evq_steps, stops_at_the_limit_and_at_the_end_of_the_queue)
{
    evq *q = evq_new();
    int x = 0;
    ASSERT_EQ(evq_steps(q, 100, NULL), 0);   /* nothing pending */
    evq_at(q, 200, count, &x);
    evq_at(q, 200, count, &x);
    evq_at(q, 300, count, &x);
    ASSERT_EQ(evq_steps(q, 199, NULL), 0);
    ASSERT_EQ(x, 0);
    ASSERT_EQ(evq_steps(q, 250, NULL), 1);   /* one time step: both events at 200 */
    ASSERT_EQ(x, 2);
    ASSERT_EQ(evq_steps(q, SIM_TIME_NEVER, NULL), 1);   /* no limit: ends with the queue */
    ASSERT_EQ(x, 3);
    ASSERT_EQ(evq_steps(q, SIM_TIME_NEVER, NULL), 0);
    evq_free(q);
}
