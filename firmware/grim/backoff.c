/* NACK back-off (an option: -DGRIM_NACK_BACKOFF builds the grim_backoff
 * images; without it this file is empty and the firmware is the
 * dissertation's, which resends at once after a NACK). With many senders
 * into one slow endpoint, immediate resends fill the links with packets the
 * endpoint refuses again. Here a NACK holds the LC's retransmissions for
 * BO_BASE << (NACKs since the last ACK - 1) RTC ticks, at most BO_MAX_SHIFT
 * doublings, plus a spread of node id modulo BO_BASE ticks so senders
 * NACKed together do not come back together. An ACK resets the count. */
#include "fw.h"

#ifdef GRIM_NACK_BACKOFF

#define BO_BASE      32u    /* RTC ticks (0.5 us): 16 us */
#define BO_MAX_SHIFT 5u     /* at most 32 x 16 us = 512 us */

void bo_nacked(struct lcstate *l)
{
    unsigned k = l->nacks < BO_MAX_SHIFT ? l->nacks : BO_MAX_SHIFT;
    l->nacks++;
    l->hold = ni_rtc() + (BO_BASE << k) + cfg.me % BO_BASE;
}

#else
typedef int grim_backoff_is_off;   /* ISO C: a translation unit is not empty */
#endif
