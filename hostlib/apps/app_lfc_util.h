/* What the LFC programs' combine steps share (app_lfc.c, app_lfc_mcast.c):
 * the credit check of one sender/receiver pair from both ends' PCB rows. */
#ifndef MYRISIM_APPS_APP_LFC_UTIL_H
#define MYRISIM_APPS_APP_LFC_UTIL_H

#include "happ.h"
#include "../lfc/lfc.h"

/* Pair s -> d after a run, from S = s's row for d and R = d's row for s.
 * Irx (irx != 0): every sequence number s sent was accepted once and
 * acknowledged, nothing blocked. Credit images: the credits s holds, d owes
 * and d holds add up to `credits`, nothing blocked. 0, or happ_fail's -1
 * with the figures in out. */
int lfc_check_pair(happ_env *out, int s, int d, const lfc_pcb *S, const lfc_pcb *R, int irx, unsigned credits);

#endif
