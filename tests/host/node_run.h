/* A cluster node with its host, for tests and tpil-bench: one NI on a switch (a node is
 * always cabled), a host of the given profile with the card in slot `bus`,
 * build/fw/host/host_dma.<l4|l9>.elf on the LANai, and one host program
 * (hostlib/apps) run on the plain-C backend. What the run produced comes
 * back as a record text (measures with every digit, the process's end time,
 * cosim_write_record), so two runs can be compared byte for byte. */
#ifndef MYRISIM_TESTS_HOST_NODE_RUN_H
#define MYRISIM_TESTS_HOST_NODE_RUN_H

#include "../../hostlib/apps/happ.h"
#include "../../model/node/hosts.h"

#define NF_MAX_MEASURES 32

typedef struct nf_result {
    cosim_status st;
    int rc;                         /* the program's return */
    char err[1000];                 /* its error, or why the run stopped */
    int n;
    char name[NF_MAX_MEASURES][48];
    double value[NF_MAX_MEASURES];
    char *record;                   /* malloc'd */
} nf_result;

typedef struct nf_param { const char *name, *value; } nf_param;

/* Run program `app` with params (NULL-terminated by name) on a node with
 * chip "lanai4"/"lanai9" and host hp (card in slot bus); the firmware comes
 * from root/build/fw/host/. idle_skip as for the cores. -1 and a message on
 * a set-up error (the program's own failure is in r->rc, r->err). */
int node_run(const char *root, const char *chip, const host_profile *hp, int bus, const char *app,
             const nf_param *params, int idle_skip, nf_result *r, char *err, size_t errlen);
/* A measure (NAN if the run did not report it). */
double node_get(const nf_result *r, const char *name);
void nf_free(nf_result *r);

#endif
