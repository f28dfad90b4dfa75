/* What the GRIM benchmark programs (app_grim_*.c) share: the library's
 * options from a program's parameters, opening and closing, medians. */
#ifndef MYRISIM_APPS_APP_GRIM_UTIL_H
#define MYRISIM_APPS_APP_GRIM_UTIL_H

#include "happ.h"
#include "../grim/grim.h"

/* How long one grim_poll_idle may stand for in a wait loop without a
 * deadline (any value gives the same results; a longer one fewer wake-ups
 * when nothing happens). */
#define IDLE_MAX SIM_US(1000)

/* The parameters every GRIM program reads (for its params list):
 * NLC, LC, FRAG, SEG, RECV_CT, SEND_CT, CTLQ, CRC, RETX_US, PIO_ONLY,
 * QUEUE_BYTES, AM_RING, PLAIN_POLL (1: poll every period, no idle skipping),
 * MCAST (0 none, 1 multicast, 2 multicast in unsafe mode; needs a grim_mc image). */
#define GAPP_COMMON_PARAMS "NLC", "LC", "FRAG", "SEG", "RECV_CT", "SEND_CT", "CTLQ", "CRC", "RETX_US", \
                           "PIO_ONLY", "QUEUE_BYTES", "AM_RING", "PLAIN_POLL", "MCAST", "TICKETS"

/* Options from the parameters (defaults: grim_options_default). */
int gapp_options(happ_env *e, grim_options *o);
/* grim_enable with them; NULL and e->err on failure. */
grim *gapp_open(platform *p, happ_env *e, grim_options *o);
/* Close: rc 0 ends the firmware cleanly. Returns rc. */
int gapp_close(grim *g, happ_env *e, int rc);
/* A failure of the library as the program's. */
int gapp_fail(happ_env *e, grim *g, const char *what);
/* Median of n times (sorts them). */
sim_time gapp_median(sim_time *v, int n);
/* A list parameter "4,1024,65536": up to max values, each 1..limit. */
int gapp_list(happ_env *e, const char *name, const char *dflt, uint32_t *v, int max, uint32_t limit);

#endif
