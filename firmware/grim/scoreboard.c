/* The scoreboard: per LC a ring of SB_N entries, one per message in flight,
 * in the order the messages were first sent (which is queue order), so the
 * oldest entry is the queue's front. An entry's index is the message's
 * token. ACKs mark entries; the oldest ACKed ones are freed and the queue's
 * front advances (§4.2.1). A NACK, or the retransmission timer, rolls back
 * one (source LC, destination NI, destination LC) stream: every entry of it
 * from the named message on is queued for retransmission, in order; other
 * streams are not touched (Fig 4.3c). */
#include "scoreboard.h"

void sb_free_front(unsigned lc) { sb_free(&lcs[lc], lc, lcd(lc)); }

/* Entries from position k (0 = oldest) of the stream of entry k go back to
 * be sent again. */
static void rollback(struct lcstate *l, unsigned k)
{
    const struct sbe *first = &l->sb[(l->head + k) & SB_MASK];
    unsigned dni = first->dni, dlc = first->dlc;
    for (; k < l->count; k++) {
        struct sbe *e = &l->sb[(l->head + k) & SB_MASK];
        if (e->dni == dni && e->dlc == dlc && (e->state == SB_SENT || e->state == SB_SENDING)) {
            e->state = SB_RESEND;
            l->resend++;
            resend_total++;
        }
    }
    txw_sync();
}

void sb_nack(unsigned lc, unsigned ni, unsigned dlc, unsigned seq)
{
    if (lc >= cfg.nsb) return;
    BUMP(lc, GRIM_L_NACKS_RECV);
    struct lcstate *l = &lcs[lc];
    for (unsigned k = 0; k < l->count; k++) {
        const struct sbe *e = &l->sb[(l->head + k) & SB_MASK];
        if (e->dni == ni && e->dlc == dlc && e->seq == seq) {
            if (e->state != SB_ACKED) {
                rollback(l, k);
#ifdef GRIM_NACK_BACKOFF
                bo_nacked(l);
#endif
            }
            return;
        }
    }
}

/* Retransmission timer: a stream whose oldest unACKed message was sent more
 * than GRIM_C_RETX_TICKS ago is rolled back to it (lost packets, lost
 * ACK/NACKs). Entries are in send order, so the first old entry met of a
 * stream is its oldest. */
void sb_timer(void)
{
    unsigned now = ni_rtc();
    for (unsigned lc = 0; lc < cfg.nsb; lc++) {
        struct lcstate *l = &lcs[lc];
        for (unsigned k = 0; k < l->count; k++) {
            const struct sbe *e = &l->sb[(l->head + k) & SB_MASK];
            if (e->state == SB_SENT && now - e->t_sent > cfg.retx) {
                rollback(l, k);
                BUMP(lc, GRIM_L_TIMEOUTS);
            }
        }
    }
}
