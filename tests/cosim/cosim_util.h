/* Helpers for co-simulation tests: build a topology, load one firmware
 * image (build/fw/ni/NAME.l4|l9.elf) on every NI, run, and capture what a
 * run produced (console, marks, exit codes, cycles) as one text so two runs
 * can be compared byte for byte. */
#ifndef MYRISIM_COSIM_UTIL_H
#define MYRISIM_COSIM_UTIL_H

#include "../../model/node/cosim.h"

typedef enum { NET_CABLE, NET_SWITCH1, NET_LINE3, NET_RING4 } net_kind;

typedef struct {
    topo t;
    cosim *s;
    cosim_status st;
    double wall_s;
} cosim_run_t;

/* Build the network (2 NIs, except NET_RING4: 4 switches in a ring, one NI
 * each) and the cosim (o NULL: the default options); fails the test on error. */
void cr_init(cosim_run_t *r, net_kind net, const cosim_opts *o);
/* Load build/fw/ni/<name>.<l4|l9>.elf on every NI. */
void cr_load(cosim_run_t *r, const char *name);
cosim_status cr_run(cosim_run_t *r, sim_time until);
void cr_free(cosim_run_t *r);
/* Everything observable, as text (caller frees). */
char *cr_record(cosim_run_t *r);
/* Shortcut: build, load, run; the record; the status in *st. */
char *cr_run_all(net_kind net, const cosim_opts *o, const char *fw, sim_time until, cosim_status *st);

#endif
