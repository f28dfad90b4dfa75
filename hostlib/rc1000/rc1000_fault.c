/* The function-fault handler (rc1000_fault.h). */
#include "rc1000_fault.h"

#include "../../model/rc1000/rc1000_map.h"

#include <stdio.h>

static int bad(const rcf_ops *o, char *err, size_t n, const char *step)
{
    snprintf(err, n, "function fault, %s: %s", step, o->error(o->ctx));
    return -1;
}

int rcf_function_fault(const rcf_ops *o, const rcf_function *f, rcf_times *t, char *err, size_t n)
{
    void *c = o->ctx;
    t->t[0] = o->now(c);
    if (o->acquire(c, 1)) return bad(o, err, n, "acquire bank 0");
    t->t[1] = o->now(c);
    if (o->read(c, RC_CTL_FAULT, t->record, 4)) return bad(o, err, n, "fault record");
    t->t[2] = o->now(c);
    if (t->record[0] >> 30 != RC_ST_FFAULT) {
        snprintf(err, n, "the fault record says 0x%08x, not a function fault", t->record[0]);
        return -1;
    }
    /* the configuration: loaded from its file, shifted into the FPGA by
     * serial PIO (the CPU busy throughout), then the clock */
    if (o->cpu(c, f->file_load)) return bad(o, err, n, "loading the configuration file");
    sim_time ready = o->configure(c);
    if (o->cpu(c, f->config) || o->cpu(c, f->set_clock)) return bad(o, err, n, "configuring");
    if (o->set_clock) o->set_clock(c);
    t->t[3] = o->now(c);
    if (o->write(c, RC_CTL_FUNCS, f->funcs, 9)) return bad(o, err, n, "function list");
    t->t[4] = o->now(c);
    if (o->now(c) < ready && o->cpu(c, ready - o->now(c))) return bad(o, err, n, "reset");
    t->t[5] = o->now(c);
    if (o->acquire(c, 0)) return bad(o, err, n, "release");
    t->t[6] = o->now(c);
    return 0;
}
