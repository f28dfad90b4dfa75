/* The frame's bad-request fault explained (rc1000_host.h): the status port
 * says only "bad request"; the fault record in bank 0 says which one. */
#include "rc1000_host.h"

#include <stdio.h>

int rch_badreq(rch *r)
{
    uint32_t w;
    if (rch_acquire(r, 1) || rch_read_word(r, 0, RC_CTL_FAULT, &w) || rch_release(r)) return -1;
    uint32_t handler = w & 0xFFFFu;
    if (w & RC_FAULT_UNSET)
        snprintf(r->err, sizeof r->err,
                 "the frame stopped with a bad request: forwarding entry %u is not set (its word 0 is 0; "
                 "a message for handler 0x%x names it)", RC_FAULT_FWD(w), handler);
    else if (handler == RC_FRAME_H)
        snprintf(r->err, sizeof r->err, "the frame stopped with a bad request: a malformed frame op (handler 0x%x)",
                 handler);
    else
        snprintf(r->err, sizeof r->err,
                 "the frame stopped with a bad request: ports A and B in one scratchpad bank (handler 0x%x)", handler);
    return -1;
}
