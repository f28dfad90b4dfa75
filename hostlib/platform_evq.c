/* Test backend: run the event queue. */
#include "platform_evq.h"

static void run_default(void *ctx, sim_time t)
{
    evq *q = ctx;
    evq_run_until(q, t);
    if (evq_now(q) < t) evq_advance(q, t);
}

void plat_evq_init(plat_evq *e, evq *q)
{
    e->q = q;
    e->run = run_default;
    e->run_ctx = q;
    e->give_up = SIM_US(10000000);
}

static void advance_to(void *ctx, sim_time t)
{
    plat_evq *e = ctx;
    if (t > evq_now(e->q) || evq_next(e->q) <= t) e->run(e->run_ctx, t);
}

static int wait_flag(void *ctx, volatile int *flag)
{
    plat_evq *e = ctx;
    sim_time start = evq_now(e->q);
    while (!*flag) {
        sim_time t = evq_next(e->q);
        if (t == SIM_TIME_NEVER || t - start > e->give_up) return -1;
        e->run(e->run_ctx, t);
    }
    return 0;
}

plat_backend plat_evq_backend(plat_evq *e)
{
    plat_backend b = {e, advance_to, wait_flag, NULL};
    return b;
}
