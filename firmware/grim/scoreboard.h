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

/* Free the ACKed entries at the front of LC lc's ring (l, descriptor d);
 * the queue's front follows. An entry whose packet is still being
 * transmitted stays (the engine reads it). */
AI void sb_free(struct lcstate *l, unsigned lc, volatile unsigned *d)
{
    struct sbe *sb = l->sb;
    unsigned h = l->head, n = l->count;
    unsigned busy = tx.active && tx.lc == lc ? tx.tok : SB_N;   /* no token is SB_N */
    while (n && sb[h].state == SB_ACKED && h != busy) {
        sb[h].state = SB_FREE;
        h = (h + 1u) & SB_MASK;
        n--;
    }
    l->head = h;
    l->count = n;
    LD(d, GRIM_L_Q_FRONT) = n ? sb[h].off : LD(d, GRIM_L_Q_NEXT);
}

/* An ACK, its two words as received (grim_abi.h): it names its message's
 * source LC and token, and the stream (acking NI, destination LC) and
 * sequence it must match. The entry's four bytes dni, dlc, seq, state are
 * one big-endian word: ACK word 1's low half shifted up is (ni, dlc), so
 * one compare checks all three. */
AI void sb_ack(unsigned w0, unsigned w1)
{
    unsigned lc = GRIM_CTL_SLC(w1), tok = GRIM_W0_TOK(w0);
    if (lc >= cfg.nsb || tok >= SB_N) return;
    struct lcstate *l = &lcs[lc];
    struct sbe *e = &l->sb[tok];
    unsigned ew = e->key, st = ew & 0xFFu;
    /* Not in use (freed entries are SB_FREE), another message's (a token
     * is reused only after half the sequence space), or ACKed already: a
     * stale ACK. */
    if ((ew ^ ((w1 << 16) | (GRIM_W0_SEQ(w0) << 8))) > 0xFFu || st == SB_ACKED || st == SB_FREE) return;
    if (st == SB_RESEND) {
        l->resend--;
        resend_total--;
        txw_sync();
    }
    e->state = SB_ACKED;
#ifdef GRIM_NACK_BACKOFF
    l->nacks = 0;                      /* the receiver takes messages again */
#endif
    volatile unsigned *d = lcd(lc);
    LD(d, GRIM_L_ACKED) += 1u;
    if (tok == l->head) sb_free(l, lc, d);
}

#endif
