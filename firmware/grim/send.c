/* The send path: a message detected in an LC's queue goes out as a packet of
 * segments -- the route bytes to its destination (a per-NI staging area
 * that ends on a word boundary), then the message itself straight from the
 * queue. Token and sequence are written into word 0 of the queued message
 * and the scoreboard entry is made after the first segment has started
 * (Table 5.1). With GRIM_OPT_SEND_CT a message whose header is committed
 * goes out while the host still writes its payload: each time the engine is
 * idle, whatever the host has committed since is appended as a segment
 * (cooperative cut-through, §5.5.4). Retransmissions resend whole messages
 * that are still in the queue. */
#include "fw.h"
#include "instr.h"

/* Bytes of the message at queue offset o the host has committed. When the
 * host's back offset is behind o it has wrapped: the message is complete. */
static inline unsigned committed(unsigned o, unsigned back, unsigned qsize)
{
    return back >= o ? back - o : qsize - o;
}

/* Start the route segment (none without switches). */
static inline void start_route(unsigned dni)
{
    unsigned n = cfg.rtlen[dni];
    if (n) ni_send_segment((const void *)(rt_route(dni) - n), n, 0);
}

static void tx_done(void)
{
    struct lcstate *l = &lcs[tx.lc];
    struct sbe *e = &l->sb[tx.tok];
    e->t_sent = ni_rtc();
    tx.active = 0;
    if (tx.resend) {
        BUMP(tx.lc, GRIM_L_RESENT);
    } else {
        BUMP(tx.lc, GRIM_L_SENT);
        LCW(tx.lc, GRIM_L_Q_NEXT) = tx.next_off;
    }
    if (e->state == SB_SENDING) e->state = SB_SENT;
    else if (e->state == SB_ACKED && l->head == tx.tok) sb_free_front(tx.lc);   /* ACKed meanwhile */
}

void tx_continue(void)
{
    unsigned end = tx.plen;
    if (!tx.resend) {
        const struct lcstate *l = &lcs[tx.lc];
        unsigned o = tx.addr - l->qbase;
        unsigned avail = committed(o, LCW(tx.lc, GRIM_L_Q_BACK), l->qsize);
        if (avail < end) end = avail & ~7u;     /* whole words (LANai 4 limits), 8 for LANai 9 */
    }
    if (end <= tx.sent) return;                 /* wait for the host to commit more */
    unsigned last = end == tx.plen;
    ni_send_segment((const void *)(tx.addr + tx.sent), end - tx.sent, (int)last);
    tx.sent = end;
    if (last) tx_done();
}

/* Skip a message the NI cannot send: count it, move past it. */
static int skip_bad(unsigned lc, unsigned o, unsigned mlen, unsigned back, unsigned qsize)
{
    BUMP(lc, GRIM_L_ERRORS);
    LCW(lc, GRIM_L_Q_NEXT) = mlen <= qsize - o ? o + mlen : back;
    if (!lcs[lc].count) sb_free_front(lc);
    return -1;
}

/* Q_BASE / Q_SIZE changed since they were last checked (the first message
 * of an LC, or the host reconfigured it): check them once. */
static int queue_ok(unsigned lc, unsigned qbase, unsigned qsize)
{
    if (((qbase | qsize) & 7u) || qbase < GRIM_QUEUE_BASE || qsize < 2u * GRIM_HDR_BYTES ||
        qbase + qsize > GRIM_QUEUE_END(NI_SRAM_SIZE) || qbase + qsize < qbase)
        return 0;
    lcs[lc].qbase = qbase;
    lcs[lc].qsize = qsize;
    return 1;
}

int tx_new(unsigned lc)
{
    unsigned d = LCD(lc);
    struct lcstate *l = &lcs[lc];
    unsigned o = W(d + GRIM_L_Q_NEXT), back = W(d + GRIM_L_Q_BACK);
    unsigned qbase = W(d + GRIM_L_Q_BASE), qsize = W(d + GRIM_L_Q_SIZE);
    if ((qbase != l->qbase || qsize != l->qsize) && !queue_ok(lc, qbase, qsize)) {
        BUMP(lc, GRIM_L_ERRORS);       /* a broken queue: ignore what is in it */
        W(d + GRIM_L_Q_NEXT) = back;
        return -1;
    }
    if (o >= qsize) {                  /* the last message ended at the end of the ring */
        o = 0;
        W(d + GRIM_L_Q_NEXT) = 0;
        if (back == 0) return 0;
    }
    if (back > qsize || (back & 7u)) return skip_bad(lc, o, qsize, back, qsize);
    unsigned m = qbase + o;
    unsigned w1 = W(m + 4);
    if (GRIM_W1_TYPE(w1) == GRIM_T_WRAP) {
        W(d + GRIM_L_Q_NEXT) = 0;
        if (!l->count) sb_free_front(lc);
        return -1;
    }
    unsigned avail = committed(o, back, qsize);
    if (avail < GRIM_HDR_BYTES) return 0;
    unsigned w2 = W(m + 8);
    unsigned plen = GRIM_HDR_BYTES + GRIM_W2_WORDS(w2) * 4u, mlen = GRIM_ROUND8(plen);
    unsigned dni = GRIM_EP_NI(GRIM_W2_DST(w2)), dlc = GRIM_EP_LC(GRIM_W2_DST(w2));
    if (plen > GRIM_HDR_BYTES + GRIM_MTU || mlen > qsize - o || dni >= cfg.nodes || cfg.rtlen[dni] == 0xFFu ||
        dlc >= GRIM_MAX_LC)
        return skip_bad(lc, o, mlen, back, qsize);
    if (!(cfg.opts & GRIM_OPT_SEND_CT) && avail < plen) return 0;   /* store and forward */
    if (l->count == SB_N || l->resend) return 0;   /* window full, or retransmissions first */

    I_VAR(t0);
    unsigned tok = (l->head + l->count) & (SB_N - 1u);
    unsigned char *sp = l->sseq + ((dni << 5) | dlc);
    unsigned seq = *sp;
    *sp = (unsigned char)(seq + 1u);
    W(m) = GRIM_W0(tok, seq);
    I_STEP(GRIM_ST_SETVALUES, t0);

    tx.active = 1;
    tx.resend = 0;
    tx.lc = lc;
    tx.tok = tok;
    tx.addr = m;
    tx.sent = 0;
    tx.plen = plen;
    tx.next_off = o + mlen;
    start_route(dni);
    I_VAR(t1);
    sb_insert(lc, o, dni, dlc, seq, plen);   /* while the route bytes go out */
    I_STEP(GRIM_ST_SCOREBOARD, t1);
    while (!send_idle()) {}            /* a few bytes: no need to go round the main loop */
    if (avail >= plen) {               /* all there: the whole message as one segment */
        ni_send_segment((const void *)m, plen, 1);
        tx.sent = plen;
        tx_done();
    } else tx_continue();
    return 1;
}

void tx_resend(void)
{
    unsigned lc = 0;
    while (!lcs[lc].resend) lc++;
    struct lcstate *l = &lcs[lc];
    unsigned i = l->head;
    while (l->sb[i].state != SB_RESEND) i = (i + 1u) & (SB_N - 1u);
    struct sbe *e = &l->sb[i];
    e->state = SB_SENDING;
    l->resend--;
    resend_total--;
    tx.active = 1;
    tx.resend = 1;
    tx.lc = lc;
    tx.tok = i;
    tx.addr = l->qbase + e->off;
    tx.sent = 0;
    tx.plen = e->plen;
    start_route(e->dni);
    while (!send_idle()) {}
    tx_continue();
}
