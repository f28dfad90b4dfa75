/* The host-program registry and the helpers programs share. */
#include "happ.h"
#include "../../model/host/plat_backend.h"   /* plat_set_device */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One program a line: branches that add programs merge without conflicts. */
static const happ *const all[] = {
    &happ_tpil_point,
    &happ_tpil_summary,
    &happ_ni2host,
    &happ_irq_service,
    &happ_tpil_echo,
    &happ_dma_unpinned,
    &happ_grim_pingpong,
    &happ_grim_burst,
    &happ_grim_scan,
    &happ_grim_steps,
    &happ_grim_check,
    &happ_grim_stream,
    &happ_grim_alltoall,
    &happ_grim_frag_check,
    &happ_sockets,
    &happ_das_paths,
    &happ_lfb_pingpong,
    &happ_lfb_stream,
    &happ_lfb_check,
    &happ_lfb_misuse,
    &happ_lfc_pingpong,
    &happ_lfc_stream,
    &happ_lfc_check,
    &happ_lfc_misuse,
    &happ_lfc_mcast_check, &happ_lfc_bcast_latency, &happ_lfc_fa, &happ_lfc_mcast_misuse, &happ_lfc_waits, &happ_lfc_bcast_stream, &happ_lfc_recov_random, &happ_lfc_intr, &happ_lfc_loggp,
    &happ_grim_mcast,
    &happ_grim_incast,
    &happ_grim_video,
    &happ_grim_rc1000_stage,
    &happ_grim_card_arb,
    &happ_rc1000_outstanding,
    &happ_grim_mc_churn,
    NULL,
};

const happ *const *happ_all(void) { return all; }

const happ *happ_find(const char *name)
{
    for (int i = 0; all[i]; i++)
        if (!strcmp(all[i]->name, name)) return all[i];
    return NULL;
}

int happ_declares(const happ *a, const char *name)
{
    for (const char *const *p = a->params; p && *p; p++)
        if (!strcmp(*p, name)) return 1;
    return 0;
}

const char *happ_param_list(const happ *a, char *buf, size_t n)
{
    size_t len = 0;
    if (n) buf[0] = 0;
    for (const char *const *p = a->params; p && *p && len < n; p++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", p == a->params ? "" : ", ", *p);
    if (n && !buf[0]) snprintf(buf, n, "none");
    return buf;
}

static int declared(const happ_env *e, const char *name)
{
    for (const char *const *p = e->declared; p && *p; p++)
        if (!strcmp(*p, name)) return 1;
    return 0;
}

int happ_fail(happ_env *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->err, sizeof e->err, fmt, ap);
    va_end(ap);
    return -1;
}

const char *happ_str(happ_env *e, const char *name, const char *dflt)
{
    if (e->declared && !declared(e, name) && !e->undeclared[0])
        snprintf(e->undeclared, sizeof e->undeclared, "%s", name);
    const char *v = e->param ? e->param(e->ctx, name) : NULL;
    return v ? v : dflt;
}

int happ_int(happ_env *e, const char *name, long long dflt, long long *out)
{
    const char *v = happ_str(e, name, NULL);
    if (!v) {
        *out = dflt;
        return 0;
    }
    char *end;
    double d = strtod(v, &end);
    if (end == v || *end || d != (double)(long long)d)
        return happ_fail(e, "parameter %s = '%s' is not an integer", name, v);
    *out = (long long)d;
    return 0;
}

void happ_measure(happ_env *e, const char *name, double v)
{
    if (e->measure) e->measure(e->ctx, name, v);
}

void happ_env_done(happ_env *e)
{
    free(e->state);
    e->state = NULL;
}

int happ_call_main(platform *p, void *arg)
{
    happ_call *c = arg;
    c->env.declared = c->app->params;
    c->env.undeclared[0] = 0;
    if (c->env.dev_name) plat_set_device(p, c->env.dev_name, c->env.dev_base, c->env.dev_size);
    c->rc = c->app->run(p, &c->env);
    if (c->env.undeclared[0]) {
        /* the scenario check trusts the declaration: a program that reads
         * more than it declares would turn a typo back into a silent default */
        happ_fail(&c->env, "program %s reads parameter %s, which it does not declare (hostlib/apps: add it to its params)",
                  c->app->name, c->env.undeclared);
        c->rc = -1;
    }
    return c->rc;
}
