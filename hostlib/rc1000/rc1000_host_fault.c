/* The function-fault handler (rc1000_fault.c) run by the process that
 * serves the card (rc1000_host.h): its steps over the platform's device
 * window, the banks through the process's arbiter (rch_acquire). */
#include "rc1000_host.h"
#include "rc1000_fault.h"

#include <stdio.h>

struct hf {
    rch *r;
    sim_time config_reset;         /* configuration plus reset: when the FPGA runs again */
};

static int hf_acquire(void *c, uint32_t banks)
{
    rch *r = ((struct hf *)c)->r;
    return banks ? rch_acquire(r, banks) : rch_release(r);
}
static int hf_read(void *c, uint32_t w, uint32_t *v, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (rch_read_word(((struct hf *)c)->r, 0, w + i, v + i)) return -1;
    return 0;
}
static int hf_write(void *c, uint32_t w, const uint32_t *v, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (rch_write_word(((struct hf *)c)->r, 0, w + i, v[i])) return -1;
    return 0;
}
static int hf_cpu(void *c, sim_time d)
{
    rch *r = ((struct hf *)c)->r;
    return plat_compute(r->p, d) ? (snprintf(r->err, sizeof r->err, "%s", plat_error(r->p)), -1) : 0;
}
static sim_time hf_now(void *c) { return plat_now(((struct hf *)c)->r->p); }
static sim_time hf_configure(void *c)
{
    struct hf *h = c;
    sim_time t = plat_now(h->r->p);
    if (plat_dev_write32(h->r->p, RC_BAR_REGS + RC_REG_CONFIG, 1))
        snprintf(h->r->err, sizeof h->r->err, "configuration register: %s", plat_error(h->r->p));
    return t + h->config_reset;
}
static const char *hf_error(void *c) { return ((struct hf *)c)->r->err; }

int rch_function_fault(rch *r, const rcf_function *f, sim_time reset, rcf_times *t)
{
    uint32_t ready, kind;
    if (rch_status(r, &ready, &kind)) return -1;
    if (kind != RC_ST_FFAULT) return snprintf(r->err, sizeof r->err, "no function fault to serve (status kind %u)", kind), -1;
    if (ready) return snprintf(r->err, sizeof r->err, "take the %u results produced before the fault first", ready), -1;
    struct hf h = {r, f->config + reset};
    const rcf_ops ops = {&h, hf_acquire, hf_read, hf_write, hf_cpu, hf_now, hf_configure, NULL, hf_error, NULL, NULL, NULL};
    char err[sizeof r->err];
    sim_time t0 = plat_now(r->p);
    int rc = rcf_function_fault(&ops, f, t, err, sizeof err);
    if (rc) snprintf(r->err, sizeof r->err, "%s", err);
    else r->taken = 0;             /* the reset: the frame's count and slot start at 0 */
    r->faults++;
    r->fault_ps += plat_now(r->p) - t0;
    return rc;
}
