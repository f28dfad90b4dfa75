/* The frame's two outgoing queues in bank 3 (rc1000_host.h, appendix B.2.2):
 * each has its own next slot; the status port counts the messages of both.
 * A slot is full once its word 0 is not 0 (the frame writes word 0 last). */
#include "rc1000_host.h"

#include <stdio.h>

int rch_take_queue(rch *r, unsigned q)
{
    if (q > 1) return snprintf(r->err, sizeof r->err, "the frame has outgoing queues 0 and 1, not %u", q), -1;
    sim_time t0 = plat_now(r->p);
    uint32_t base = RC_SLOT_BASE(q, r->next[q]), w0;
    if (rch_acquire(r, 8) || rch_read_word(r, 3, base, &w0)) return -1;
    if (!w0) {
        snprintf(r->err, sizeof r->err, "outgoing queue %u's slot %u is empty", q, r->next[q]);
        return rch_release(r), -1;
    }
    if (rch_take_slot(r, base, t0)) return -1;
    r->next[q] = (r->next[q] + 1) % RC_NSLOTS;
    r->taken_q[q]++;
    return 0;
}

int rch_take_if_full(rch *r, unsigned q, int *got)
{
    *got = 0;
    if (q > 1) return snprintf(r->err, sizeof r->err, "the frame has outgoing queues 0 and 1, not %u", q), -1;
    sim_time t0 = plat_now(r->p);
    uint32_t base = RC_SLOT_BASE(q, r->next[q]), w0;
    if (rch_acquire(r, 8) || rch_read_word(r, 3, base, &w0)) return -1;
    if (!w0) return rch_release(r);
    if (rch_take_slot(r, base, t0)) return -1;
    r->next[q] = (r->next[q] + 1) % RC_NSLOTS;
    r->taken_q[q]++;
    *got = 1;
    return 0;
}
