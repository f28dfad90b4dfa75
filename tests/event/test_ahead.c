/* Events ahead (model/event/evq.h evq_at_ahead) and floors (floor.h): they
 * run in the one (time, stamp, seq) order with loud and quiet events and
 * are counted; the cores' bound (evq_next_loud) sees them only as their
 * time + the lookahead, or a floor, and only while one is pending; a loud
 * event an event ahead makes before its lookahead is a MODEL ERROR. */
#include "../harness/harness.h"
#include "../../model/event/evq.h"
#include "../../model/event/floor.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char log_buf[64];
static evq *the_q;
static sim_time make_at;

static void log_ev(void *arg)
{
    size_t n = strlen(log_buf);
    log_buf[n] = *(const char *)arg;
    log_buf[n + 1] = 0;
}

static evq *new_q(int slow)
{
    if (slow) setenv("MYRISIM_SLOW_PATHS", "1", 1);
    else unsetenv("MYRISIM_SLOW_PATHS");
    evq *q = evq_new();
    unsetenv("MYRISIM_SLOW_PATHS");
    log_buf[0] = 0;
    the_q = q;
    return q;
}

TEST(evq_ahead, run_in_order_counted_and_bounded_by_the_lookahead)
{
    evq *q = new_q(0);
    evq_set_lookahead(q, 7);
    evq_at(q, 20, log_ev, "b");
    evq_at_ahead(q, 10, log_ev, "x");
    evq_at_quiet(q, 10, log_ev, "q");
    evq_at(q, 10, log_ev, "a");
    evq_at_ahead(q, 20, log_ev, "y");          /* after "b": made later */
    ASSERT_EQ(evq_pending(q), 5);
    ASSERT_EQ(evq_next(q), 10);
    ASSERT_EQ(evq_next_loud(q), 10);           /* "a" */
    ASSERT_EQ(evq_step(q), 3);
    ASSERT_STR_EQ(log_buf, "xqa");
    ASSERT_EQ(evq_next_loud(q), 20);           /* "b"; "y" bounds at 27 */
    evq_run_until(q, 20);
    ASSERT_STR_EQ(log_buf, "xqaby");
    evq_at_ahead(q, 50, log_ev, "z");
    ASSERT_EQ(evq_next_loud(q), 57);           /* only "z": 50 + 7 */
    ASSERT_EQ(evq_next(q), 50);
    evq_run_until(q, 100);
    ASSERT_EQ(evq_next_loud(q), SIM_TIME_NEVER);
    ASSERT_EQ(evq_events_run(q), 6);
    ASSERT_EQ(evq_ahead_run(q), 3);
    ASSERT_EQ(evq_quiet_run(q), 1);
    evq_free(q);
}

TEST(evq_ahead, floors_bound_only_while_events_ahead_wait)
{
    evq *q = new_q(0);
    evq_set_lookahead(q, 100);
    evq_floors *f = evq_floors_new(q, 5, 3);
    ASSERT_EQ(evq_floors_least(f), SIM_TIME_NEVER);
    evq_floors_set(f, 3, 80);
    evq_floors_set(f, 1, 60);
    evq_floors_set(f, 4, 70);
    ASSERT_EQ(evq_floors_least(f), 60);
    evq_floors_set(f, 1, 90);                  /* raised: 70 is the least */
    ASSERT_EQ(evq_floors_least(f), 70);
    ASSERT_EQ(evq_floors_get(f, 3), 80);
    ASSERT_EQ(evq_next_loud(q), SIM_TIME_NEVER);   /* no event ahead: no floor */
    evq_at(q, 200, log_ev, "L");
    evq_at_ahead(q, 10, log_ev, "x");
    ASSERT_EQ(evq_next_loud(q), 70);           /* 10 + 100 > the floor 70 */
    evq_floors_set(f, 4, 500);
    ASSERT_EQ(evq_next_loud(q), 80);
    evq_floors_set(f, 3, SIM_TIME_NEVER);
    evq_floors_set(f, 1, SIM_TIME_NEVER);
    ASSERT_EQ(evq_next_loud(q), 110);          /* the lookahead */
    /* a floor time has passed is still a lead after the earliest event ahead */
    evq_floors_set(f, 0, 5);
    ASSERT_EQ(evq_next_loud(q), 13);
    uint64_t adds = evq_loud_adds(q);
    evq_floors_set(f, 2, 4);                   /* lowered: counts as a loud add */
    ASSERT_TRUE(evq_loud_adds(q) != adds);
    evq_floors_free(f);
    ASSERT_EQ(evq_next_loud(q), 110);
    evq_free(q);
}

static void make_loud(void *arg)
{
    (void)arg;
    evq_at(the_q, make_at, log_ev, "m");
}

TEST(evq_ahead, loud_events_they_make_lie_a_lookahead_later)
{
    evq *q = new_q(0);
    evq_set_lookahead(q, 7);
    make_at = 17;
    evq_at_ahead(q, 10, make_loud, NULL);
    evq_run_until(q, 100);
    ASSERT_STR_EQ(log_buf, "m");
    make_at = 20;                              /* a loud event may make one at once */
    evq_at(q, 20, make_loud, NULL);
    evq_run_until(q, 100);
    ASSERT_STR_EQ(log_buf, "mm");
    evq_free(q);
    /* one lookahead too early: the cores may have passed it */
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        freopen("/dev/null", "w", stderr);
        evq *c = new_q(0);
        evq_set_lookahead(c, 7);
        make_at = 16;
        evq_at_ahead(c, 10, make_loud, NULL);
        evq_run_until(c, 100);
        _exit(0);
    }
    int st = 0;
    ASSERT_TRUE(pid > 0 && waitpid(pid, &st, 0) == pid);
    ASSERT_TRUE(WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT);
}

TEST(evq_ahead, slow_paths_make_them_ordinary)
{
    evq *q = new_q(1);
    evq_set_lookahead(q, 7);
    evq_at_ahead(q, 10, log_ev, "x");
    ASSERT_EQ(evq_next_loud(q), 10);
    ASSERT_TRUE(evq_ahead_off(q));
    evq_run_until(q, 10);
    ASSERT_STR_EQ(log_buf, "x");
    ASSERT_EQ(evq_ahead_run(q), 0);
    evq_free(q);
}
