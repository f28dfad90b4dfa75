/* The frame's two outgoing queues in bank 3 (rc1000_host.h, appendix B.2.2):
 * the status port counts the messages of both, so the host finds which
 * queue holds the next one by the queues' next slots (word 0 not 0 = full;
 * the frame writes word 0 last). */
#include "rc1000_host.h"

#include <stdio.h>

static int done(rch *r, unsigned q, unsigned *qp)
{
    r->next[q] = (r->next[q] + 1) % RC_NSLOTS;
    r->taken_q[q]++;
    if (qp) *qp = q;
    return 0;
}

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
    return rch_take_slot(r, base, t0) ? -1 : done(r, q, NULL);
}

int rch_take_any(rch *r, unsigned *qp)
{
    sim_time t0 = plat_now(r->p);
    if (rch_acquire(r, 8)) return -1;
    for (unsigned q = 0; q < 2; q++) {
        uint32_t base = RC_SLOT_BASE(q, r->next[q]), w0;
        if (rch_read_word(r, 3, base, &w0)) return -1;
        if (w0) return rch_take_slot(r, base, t0) ? -1 : done(r, q, qp);
    }
    snprintf(r->err, sizeof r->err, "the status port counts a message, but neither queue's next slot (%u, %u) is full",
             r->next[0], r->next[1]);
    return rch_release(r), -1;
}
