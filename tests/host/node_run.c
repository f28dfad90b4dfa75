/* Host programs on nodes with their hosts (node_run.h). */
#define _POSIX_C_SOURCE 200809L
#include "node_run.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const nf_param *params;
    int n;
    char name[NF_MAX_MEASURES][48];
    double value[NF_MAX_MEASURES];
} nf_ctx;

static const char *param(void *ctx, const char *name)
{
    nf_ctx *c = ctx;
    for (const nf_param *p = c->params; p && p->name; p++)
        if (!strcmp(p->name, name)) return p->value;
    return NULL;
}

static void measure(void *ctx, const char *name, double v)
{
    nf_ctx *c = ctx;
    if (c->n == NF_MAX_MEASURES) return;
    snprintf(c->name[c->n], sizeof c->name[c->n], "%s", name);
    c->value[c->n++] = v;
}

int node_run(const char *root, const node_spec *sp, const char *app, const nf_param *params, nf_result *r,
             char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    const happ *a = happ_find(app);
    if (!a) {
        snprintf(err, errlen, "no host program %s", app);
        return -1;
    }
    int n = sp->nodes ? sp->nodes : 1;
    if (n > NF_MAX_NODES || (n > 1 && !sp->runner)) {
        snprintf(err, errlen, "%d nodes: the plain-C backend runs one host process, at most %d nodes", n,
                 NF_MAX_NODES);
        return -1;
    }
    topo t;
    topo_init(&t);
    topo_opts to;
    topo_opts_default(&to);
    if (topo_build_switch(&t, n, &to, err, errlen)) return -1;
    cosim_opts o;
    cosim_opts_default(&o);
    o.chip = sp->chip;
    o.idle_skip = sp->idle_skip;
    o.lookahead = sp->lookahead;
    cosim *s = cosim_new(&t, &o, err, errlen);
    char elf[600];
    snprintf(elf, sizeof elf, "%s/build/fw/host/host_dma.%s.elf", root, strcmp(sp->chip, "lanai4") ? "l9" : "l4");
    int bad = !s || cosim_add_hosts(s, sp->hp, sp->bus, err, errlen);
    for (int i = 0; i < n && !bad; i++) bad = cosim_load(s, i, elf, err, errlen) != 0;
    if (bad) {
        cosim_free(s);
        topo_free(&t);
        return -1;
    }

    nf_ctx ctx[NF_MAX_NODES];
    happ_call call[NF_MAX_NODES];
    cosim_proc pr[NF_MAX_NODES];
    for (int i = 0; i < n; i++) {
        memset(&ctx[i], 0, sizeof ctx[i]);
        ctx[i].params = params;
        call[i] = (happ_call){a, {.node = i, .ni_clock_hz = lanai_profile_of(cosim_core(s, i))->clock_hz,
                                  .param = param, .ctx = &ctx[i], .measure = measure}, 0};
        pr[i] = (cosim_proc){.ni = i, .fn = happ_call_main, .arg = &call[i]};
    }
    const sim_time until = sp->until ? sp->until : SIM_US(2000000);
    r->st = sp->runner ? sp->runner(s, pr, n, until) : cosim_run_host(s, &pr[0], until);
    r->rc = pr[0].finished ? pr[0].rc : -1;
    snprintf(r->err, sizeof r->err, "%.480s%s%.400s", call[0].env.err, pr[0].err[0] ? " / " : "", pr[0].err);
    r->n = ctx[0].n;
    memcpy(r->name, ctx[0].name, sizeof r->name);
    memcpy(r->value, ctx[0].value, sizeof r->value);

    size_t len = 0;
    FILE *f = open_memstream(&r->record, &len);
    for (int i = 0; i < n; i++) {
        fprintf(f, "node %d program %s finished %d rc %d end %llu ps err %s\n", i, app, pr[i].finished,
                pr[i].finished ? pr[i].rc : -1, (unsigned long long)pr[i].end, call[i].env.err);
        for (int k = 0; k < ctx[i].n; k++) fprintf(f, "node %d measure %s %.17g\n", i, ctx[i].name[k], ctx[i].value[k]);
        happ_env_done(&call[i].env);
    }
    cosim_write_record(s, r->st, f);
    fclose(f);
    cosim_free(s);
    topo_free(&t);
    return 0;
}

double node_get(const nf_result *r, const char *name)
{
    for (int i = 0; i < r->n; i++)
        if (!strcmp(r->name[i], name)) return r->value[i];
    return NAN;
}

void nf_free(nf_result *r)
{
    free(r->record);
    r->record = NULL;
}
