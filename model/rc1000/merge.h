/* NI-merged arbitration (Figure 6.7): each PCI-side agent (host process,
 * NI, ...) keeps its own 4-bit request; the merger writes the OR of them to
 * the CPLD's single PCI request register whenever it changes, so one
 * agent's release never drops a bank another agent still uses. */
#ifndef MYRISIM_RC1000_MERGE_H
#define MYRISIM_RC1000_MERGE_H

#include "cpld.h"

#define RC_MERGE_AGENTS 8

typedef struct {
    rc_cpld *cpld;
    uint8_t want[RC_MERGE_AGENTS];
    uint8_t issued;              /* the last value written to the CPLD */
    uint64_t writes;             /* CPLD writes made (PCI transactions) */
} rc_merge;

void rc_merge_init(rc_merge *m, rc_cpld *c);
/* Agent `a` now wants banks `req`; returns 1 when the CPLD was written. */
int rc_merge_set(rc_merge *m, unsigned a, uint8_t req);
/* Agent `a` holds every bank it asked for. */
int rc_merge_granted(const rc_merge *m, unsigned a);

#endif
