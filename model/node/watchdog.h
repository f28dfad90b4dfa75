/* Run-level reports: a deadlock found by the watchdog (no fabric and no
 * firmware progress for the watchdog period) and a core fault. */
#ifndef MYRISIM_NODE_WATCHDOG_H
#define MYRISIM_NODE_WATCHDOG_H

#include "cosim.h"
#include "protowait.h"

/* Latest time anything moved: a symbol on a link, a card register write by
 * firmware, bytes moved by a DMA engine. */
sim_time cosim_progress_time(const cosim *s);
sim_time cosim_watchdog_period(const cosim *s);
const topo *cosim_topo(const cosim *s);

/* The deadlock report: when progress stopped, the fabric's wait-for cycle
 * (fabric_deadlock_report), what each NI waits on, where each core is. */
void cosim_deadlock_report(cosim *s, sim_time now, char *buf, size_t n);
/* The protocol-wait records (protowait.h) of every NI, calloc'ed (free
 * both); *names gets the NIs' names. NULL if out of memory. */
pw_record *cosim_protocol_waits(cosim *s, const char ***names);
/* Livelock (livelock.c): at a sample time (every livelock period / 8),
 * 1 with the report written if no NI exporting fw_waits delivered a
 * message for the livelock period while links moved in its first half and
 * in its last eighth: a retransmission storm is not progress. */
int cosim_livelock_check(cosim *s, sim_time now);
/* lanai_report_fault into a buffer, prefixed with the NI's name. */
void cosim_fault_report(lanai_core *core, const char *name, char *buf, size_t n);

#endif
