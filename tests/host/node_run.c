/* One host program on a node with its host (node_run.h). */
#define _POSIX_C_SOURCE 200809L
#include "node_run.h"

#include <math.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const nf_param *params;
    nf_result *r;
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
    nf_result *r = ((nf_ctx *)ctx)->r;
    if (r->n == NF_MAX_MEASURES) return;
    snprintf(r->name[r->n], sizeof r->name[r->n], "%s", name);
    r->value[r->n++] = v;
}

int node_run(const char *root, const char *chip, const host_profile *hp, int bus, const char *app,
             const nf_param *params, int idle_skip, nf_result *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    const happ *a = happ_find(app);
    if (!a) {
        snprintf(err, errlen, "no host program %s", app);
        return -1;
    }
    topo t;
    topo_init(&t);
    topo_opts to;
    topo_opts_default(&to);
    if (topo_build_switch(&t, 1, &to, err, errlen)) return -1;
    cosim_opts o;
    cosim_opts_default(&o);
    o.chip = chip;
    o.idle_skip = idle_skip;
    cosim *s = cosim_new(&t, &o, err, errlen);
    char elf[600];
    snprintf(elf, sizeof elf, "%s/build/fw/host/host_dma.%s.elf", root, strcmp(chip, "lanai4") ? "l9" : "l4");
    if (!s || cosim_add_hosts(s, hp, bus, err, errlen) || cosim_load(s, 0, elf, err, errlen)) {
        cosim_free(s);
        topo_free(&t);
        return -1;
    }

    nf_ctx ctx = {params, r};
    happ_call call = {a, {.node = 0, .ni_clock_hz = lanai_profile_of(cosim_core(s, 0))->clock_hz,
                          .param = param, .ctx = &ctx, .measure = measure}, 0};
    cosim_proc pr = {.ni = 0, .fn = happ_call_main, .arg = &call};
    r->st = cosim_run_host(s, &pr, SIM_US(2000000));
    r->rc = pr.finished ? pr.rc : -1;
    snprintf(r->err, sizeof r->err, "%s%s%s", call.env.err, pr.err[0] ? " / " : "", pr.err);
    happ_env_done(&call.env);

    size_t len = 0;
    FILE *f = open_memstream(&r->record, &len);
    fprintf(f, "program %s rc %d end %llu ps\n", app, r->rc, (unsigned long long)pr.end);
    for (int i = 0; i < r->n; i++) fprintf(f, "measure %s %.17g\n", r->name[i], r->value[i]);
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
