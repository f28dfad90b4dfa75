/* cosim_util.h */
#define _POSIX_C_SOURCE 200809L
#include "cosim_util.h"
#include "../harness/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void cr_init(cosim_run_t *r, net_kind net, const cosim_opts *o)
{
    char err[512];
    cosim_opts def;
    if (!o) {
        cosim_opts_default(&def);
        o = &def;
    }
    memset(r, 0, sizeof *r);
    topo_init(&r->t);
    topo_opts to;
    topo_opts_default(&to);
    to.kind = strcmp(o->chip, "lanai4") ? LK_M2000 : LK_SAN1280;
    to.ports = 8;
    int rc = 0;
    switch (net) {
    case NET_CABLE: rc = topo_build_cable(&r->t, &to, err, sizeof err); break;
    case NET_SWITCH1: rc = topo_build_switch(&r->t, 2, &to, err, sizeof err); break;
    case NET_LINE3: {
        /* three switches in a line, NI 0 on the first, NI 1 on the last */
        int a = topo_add_ni(&r->t, "ni0"), b = topo_add_ni(&r->t, "ni1");
        int s0 = topo_add_switch(&r->t, "sw0", 8), s1 = topo_add_switch(&r->t, "sw1", 8),
            s2 = topo_add_switch(&r->t, "sw2", 8);
        topo_connect(&r->t, a, 0, s0, 0, to.kind, 2.0);
        topo_connect(&r->t, s0, 1, s1, 2, to.kind, 2.0);
        topo_connect(&r->t, s1, 1, s2, 2, to.kind, 2.0);
        topo_connect(&r->t, b, 0, s2, 3, to.kind, 2.0);
        break;
    }
    case NET_RING4: rc = topo_build_ring(&r->t, 4, 1, &to, err, sizeof err); break;
    }
    if (rc) harness_fail(__FILE__, __LINE__, "topology: %s", err);
    r->s = cosim_new(&r->t, o, err, sizeof err);
    if (!r->s) harness_fail(__FILE__, __LINE__, "cosim_new: %s", err);
}

void cr_load(cosim_run_t *r, const char *name)
{
    char path[512], err[512];
    const char *chip = lanai_profile_of(cosim_core(r->s, 0))->name;
    snprintf(path, sizeof path, "%s/build/fw/ni/%s.%s.elf", harness_root(), name,
             strcmp(chip, "lanai4") ? "l9" : "l4");
    for (int i = 0; i < cosim_nodes(r->s); i++)
        if (cosim_load(r->s, i, path, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
}

cosim_status cr_run(cosim_run_t *r, sim_time until)
{
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    r->st = cosim_run(r->s, until);
    clock_gettime(CLOCK_MONOTONIC, &b);
    r->wall_s += (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
    return r->st;
}

void cr_free(cosim_run_t *r)
{
    cosim_free(r->s);
    topo_free(&r->t);
}

char *cr_record(cosim_run_t *r)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cosim_write_record(r->s, r->st, f);
    fclose(f);
    return buf;
}

char *cr_run_all(net_kind net, const cosim_opts *o, const char *fw, sim_time until, cosim_status *st)
{
    cosim_run_t r;
    cr_init(&r, net, o);
    cr_load(&r, fw);
    cosim_status s = cr_run(&r, until);
    if (st) *st = s;
    char *rec = cr_record(&r);
    if (s == COSIM_FAULT || s == COSIM_DEADLOCK) harness_note("%s", cosim_report(r.s));
    cr_free(&r);
    return rec;
}
