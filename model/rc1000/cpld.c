/* The CPLD arbiter (cpld.h): per-bank ownership from two request
 * registers, a grant delay, alternation when both sides wait. */
#include "cpld.h"

#include <string.h>

void rc_cpld_init(rc_cpld *c, unsigned grant_delay)
{
    memset(c, 0, sizeof *c);
    c->delay = grant_delay;
}

void rc_cpld_write_pci(rc_cpld *c, uint8_t req) { c->req_pci = req & 15; }
void rc_cpld_write_fpga(rc_cpld *c, uint8_t req) { c->req_fpga = req & 15; }

void rc_cpld_clock(rc_cpld *c)
{
    for (int k = 0; k < 4; k++) {
        int f = c->req_fpga >> k & 1, p = c->req_pci >> k & 1;
        uint8_t o = c->owner[k];
        if ((o == RC_OWN_FPGA && !f) || (o == RC_OWN_PCI && !p)) {
            c->last[k] = o;
            c->owner[k] = o = RC_OWN_NONE;
            c->wait[k] = 0;
        }
        if (o != RC_OWN_NONE || (!f && !p)) {
            c->wait[k] = 0;
            continue;
        }
        if (++c->wait[k] < c->delay) continue;
        /* both ask: the side that did not have it last */
        uint8_t to = f && p ? (c->last[k] == RC_OWN_FPGA ? RC_OWN_PCI : RC_OWN_FPGA)
                            : (f ? RC_OWN_FPGA : RC_OWN_PCI);
        c->owner[k] = to;
        c->wait[k] = 0;
        c->grants++;
    }
}

static uint8_t held_by(const rc_cpld *c, uint8_t side)
{
    uint8_t g = 0;
    for (int k = 0; k < 4; k++)
        if (c->owner[k] == side) g |= (uint8_t)(1u << k);
    return g;
}

uint8_t rc_cpld_grant_pci(const rc_cpld *c) { return held_by(c, RC_OWN_PCI); }
uint8_t rc_cpld_grant_fpga(const rc_cpld *c) { return held_by(c, RC_OWN_FPGA); }
