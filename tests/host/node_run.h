/* Cluster nodes with their hosts, for tests, tpil-bench and the SystemC
 * host test program: N NIs on one switch (a node is always cabled), each
 * with a host of the given profile and the card in slot `bus`,
 * build/fw/host/host_dma.<l4|l9>.elf on every LANai, and the same host
 * program (hostlib/apps) as a process on every node. What the run produced
 * comes back as a record text (every process's measures with every digit
 * and end time, cosim_write_record), so runs can be compared byte for
 * byte; the measures of node 0 also as values. */
#ifndef MYRISIM_HOST_NODE_RUN_H
#define MYRISIM_HOST_NODE_RUN_H

#include "../../hostlib/apps/happ.h"
#include "../../model/node/hosts.h"

#define NF_MAX_MEASURES 32
#define NF_MAX_NODES 4

typedef struct nf_result {
    cosim_status st;
    int rc;                         /* node 0's program: its return */
    char err[1000];                 /* its error, or why the run stopped */
    int n;                          /* node 0's measures */
    char name[NF_MAX_MEASURES][48];
    double value[NF_MAX_MEASURES];
    char *record;                   /* malloc'd */
} nf_result;

typedef struct nf_param { const char *name, *value; } nf_param;

/* Runs host processes on a cluster (the plain-C backend takes one). */
typedef cosim_status (*node_runner)(cosim *s, cosim_proc *procs, int n, sim_time until);

typedef struct node_spec {
    const char *chip;               /* "lanai4" or "lanai9" */
    const host_profile *hp;
    int bus;                        /* PCI slot of every card */
    int nodes;                      /* 1 .. NF_MAX_NODES */
    int idle_skip;
    node_runner runner;             /* NULL: the plain-C backend (one node only) */
    sim_time lookahead;             /* 0: computed; else an override (cosim_opts) */
    sim_time until;                 /* the time limit; 0: 2 s */
} node_spec;

/* Run program `app` with params (NULL-terminated by name); the firmware
 * comes from root/build/fw/host/. -1 and a message on a set-up error (the
 * program's own failure is in r->rc, r->err). */
int node_run(const char *root, const node_spec *sp, const char *app, const nf_param *params, nf_result *r,
             char *err, size_t errlen);
/* A measure of node 0 (NAN if the run did not report it). */
double node_get(const nf_result *r, const char *name);
void nf_free(nf_result *r);

#endif
