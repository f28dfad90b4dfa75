/* The RC-1000's CPLD memory arbiter (section 6.3.2): two 4-bit request
 * registers, one written by the FPGA and one shared by every agent on the
 * PCI side, and the grant state of the four single-ported banks. The PCI
 * register is one register: a write replaces it, so two PCI-side agents
 * that do not merge their requests can release each other's bank (the race
 * of section 6.3.6); rc_merge (merge.h) is the NI-merged fix (Figure 6.7). */
#ifndef MYRISIM_RC1000_CPLD_H
#define MYRISIM_RC1000_CPLD_H

#include <stdint.h>

enum { RC_OWN_NONE = 0, RC_OWN_FPGA = 1, RC_OWN_PCI = 2 };

typedef struct {
    uint8_t req_fpga, req_pci;   /* the two request registers */
    uint8_t owner[4];            /* RC_OWN_* per bank */
    uint8_t last[4];             /* the side that owned the bank last (the other goes first next) */
    unsigned wait[4];            /* clocks the bank's pending request has waited */
    unsigned delay;              /* CPLD clocks from a request to its grant (an input) */
    uint64_t grants;             /* grants made */
} rc_cpld;

void rc_cpld_init(rc_cpld *c, unsigned grant_delay);
/* A PCI-side write of the shared request register (replaces all 4 bits). */
void rc_cpld_write_pci(rc_cpld *c, uint8_t req);
void rc_cpld_write_fpga(rc_cpld *c, uint8_t req);
/* One arbiter clock: a bank whose owner no longer requests it is freed at
 * once; a free bank goes to a requesting side after `delay` clocks, the
 * side that did not own it last first when both ask. */
void rc_cpld_clock(rc_cpld *c);
/* The grant register (banks held by the PCI side) and the FPGA's grants. */
uint8_t rc_cpld_grant_pci(const rc_cpld *c);
uint8_t rc_cpld_grant_fpga(const rc_cpld *c);

#endif
