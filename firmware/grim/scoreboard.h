/* The scoreboard's hot half, inline where it is used (scoreboard.c has the
 * rest and explains the structure): an entry per message sent, and the ACK
 * that marks it and frees the queue's front. */
#ifndef MYRISIM_GRIM_SCOREBOARD_H
#define MYRISIM_GRIM_SCOREBOARD_H

#include "fw.h"

#define SB_MASK (SB_N - 1u)

AI struct sbe *sb_insert(struct lcstate *l, unsigned off, unsigned dni, unsigned dlc, unsigned seq, unsigned plen)
{
    struct sbe *e = &l->sb[(l->head + l->count) & SB_MASK];
    e->off = off;
    e->dni = (unsigned char)dni;
    e->dlc = (unsigned char)dlc;
    e->seq = (unsigned char)seq;
    e->state = SB_SENDING;
    e->plen = plen;
    l->count++;
    return e;
}

/* An ACK (token, sequence, stream) from NI ni for a message of LC lc. */
AI void sb_ack(unsigned lc, unsigned tok, unsigned ni, unsigned dlc, unsigned seq)
{
    if (lc >= cfg.nsb) return;
    struct lcstate *l = &lcs[lc];
    if (((tok - l->head) & SB_MASK) >= l->count || tok >= SB_N) return;   /* not in use: a stale ACK */
    struct sbe *e = &l->sb[tok];
    unsigned st = e->state;
    if (e->dni != ni || e->dlc != dlc || e->seq != seq || st == SB_ACKED) return;
    if (st == SB_RESEND) {
        l->resend--;
        resend_total--;
        txw_sync();
    }
    e->state = SB_ACKED;
    BUMP(lc, GRIM_L_ACKED);
    if (tok == l->head) sb_free_front(lc);
}

#endif
