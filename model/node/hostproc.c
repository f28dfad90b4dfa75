/* The plain-C platform backend (cosim_cbackend, cosim_run_host): host code
 * runs on the caller's thread; whenever it blocks, the stepping loop runs
 * the cores and the events up to the time it waits for. */
#include "cosim_internal.h"

#include <stdio.h>

static void stop(cosim_cbackend *b, cosim_status st)
{
    if (b->halted) return;
    b->halted = 1;
    b->stopped = st;
    cosim_stop_text(b->s, st, b->until, b->why, sizeof b->why);
}

static void advance_to(void *ctx, sim_time t)
{
    cosim_cbackend *b = ctx;
    if (b->halted) return;
    cosim_agent_at(b->s, b->agent, t);
    cosim_status st = cosim_advance(b->s, t < b->until ? t : b->until, NULL);
    if (st != COSIM_TIME) stop(b, st);
    else if (t > b->until) stop(b, COSIM_TIME);
}

static int wait_flag(void *ctx, volatile int *flag)
{
    cosim_cbackend *b = ctx;
    cosim *s = b->s;
    cosim_agent_wait(s, b->agent, flag);
    while (!*flag) {
        if (b->halted) return -1;
        sim_time h = cosim_horizon(s);
        if (h == SIM_TIME_NEVER) return -1;      /* nothing can ever set it */
        if (h >= b->until) h = b->until;
        cosim_status st = cosim_advance(s, h, flag);
        if (st != COSIM_TIME) stop(b, st);
        else if (!*flag && h >= b->until) stop(b, COSIM_TIME);
    }
    cosim_agent_at(s, b->agent, evq_now(s->q));
    return 0;
}

static const char *stopped(void *ctx)
{
    cosim_cbackend *b = ctx;
    return b->halted ? b->why : NULL;
}

int cosim_cbackend_init(cosim_cbackend *b, cosim *s, sim_time until)
{
    *b = (cosim_cbackend){s, cosim_agent_new(s), until, COSIM_TIME, 0, ""};
    if (b->agent < 0) return -1;
    cosim_agent_at(s, b->agent, evq_now(s->q));
    return 0;
}

plat_backend cosim_cbackend_platform(cosim_cbackend *b) { return (plat_backend){b, advance_to, wait_flag, stopped}; }

cosim_status cosim_run_host(cosim *s, cosim_proc *p, sim_time until)
{
    p->finished = 0;
    p->rc = -1;
    p->err[0] = 0;
    cosim_cbackend b;
    if (cosim_cbackend_init(&b, s, until)) {
        snprintf(p->err, sizeof p->err, "out of memory");
        return COSIM_FAULT;
    }
    plat_backend be = cosim_cbackend_platform(&b);
    platform *pl = cosim_platform_new(s, p->ni, &be, p->err, sizeof p->err);
    if (pl) {
        p->rc = p->fn(pl, p->arg);
        p->finished = 1;
        p->end = evq_now(s->q);
        plat_free_platform(pl);
    }
    cosim_agent_done(s, b.agent);
    if (b.halted) {
        snprintf(p->err, sizeof p->err, "%s", b.why);
        return b.stopped;
    }
    if (p->rc) {   /* a failed program fails the run: the cores stop with it */
        cosim_host_failed(s, p->ni);
        return COSIM_DONE;
    }
    /* the process is done: the cores run on until they halt */
    return cosim_run(s, until);
}
