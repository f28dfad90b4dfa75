/* NI-merged arbitration requests (merge.h). */
#include "merge.h"

#include <string.h>

void rc_merge_init(rc_merge *m, rc_cpld *c)
{
    memset(m, 0, sizeof *m);
    m->cpld = c;
}

int rc_merge_set(rc_merge *m, unsigned a, uint8_t req)
{
    if (a >= RC_MERGE_AGENTS) return 0;
    m->want[a] = req & 15;
    uint8_t sum = 0;
    for (int i = 0; i < RC_MERGE_AGENTS; i++) sum |= m->want[i];
    if (sum == m->issued) return 0;
    m->issued = sum;
    rc_cpld_write_pci(m->cpld, sum);
    m->writes++;
    return 1;
}

int rc_merge_granted(const rc_merge *m, unsigned a)
{
    return a < RC_MERGE_AGENTS && (rc_cpld_grant_pci(m->cpld) & m->want[a]) == m->want[a];
}
