/* The send path: a message detected in an LC's queue goes out as one packet.
 * Token and sequence are written into word 0 of the queued message, and the
 * scoreboard entry is made after the packet has started (Table 5.1).
 *
 * The route: every send segment costs the engine's DMA start-up, so a short
 * route (up to RT_INPLACE bytes, one or more switches) travels in the 8
 * bytes before the message: they are saved, the route written there, and
 * route, header and payload leave as ONE segment; the 8 bytes are put back
 * as soon as the engine is idle again, before anything else is sent. The
 * host never writes there while the message is unsent (the ring rule of
 * grim_abi.h: those bytes are the tail of an older message still held, or
 * the 8 bytes before Q_FRONT that always stay free). A message at the
 * queue's start (nothing of the ring before it) or a longer route goes as
 * a route segment from the per-NI staging area first.
 *
 * With GRIM_OPT_SEND_CT a message whose header is committed goes out while
 * the host still writes its payload: each time the engine is idle, whatever
 * the host has committed since is appended as a segment (cooperative
 * cut-through, §5.5.4). Retransmissions resend whole messages that are
 * still in the queue. */
#include "fw.h"
#include "instr.h"
#include "scoreboard.h"
#ifdef GRIM_MCAST
#include "mcast_fw.h"
#endif

/* Bytes of the message at queue offset o the host has committed. When the
 * host's back offset is behind o it has wrapped: the message is complete. */
AI unsigned committed(unsigned o, unsigned back, unsigned qsize)
{
    return back >= o ? back - o : qsize - o;
}

/* The first segment of the message at m (queue offset o) to NI dni, whose
 * route is n bytes: len bytes of it, last = the whole packet. tx_new and
 * tx_resend send a route longer than RT_INPLACE otherwise (tx_long_route);
 * only multicast recycle copies reach the route segment's wait with one. */
AI void start_packet(unsigned m, unsigned o, unsigned dni, unsigned n, unsigned len, int last)
{
    unsigned r = opaque(rt_route(dni));
    if (n <= RT_INPLACE && o) {
        unsigned a = m - 8u, s0 = W(a), s1 = W(a + 4);
        W(a) = W(r - 8);
        W(a + 4) = W(r - 4);
        seg_send(m - n, n + len, last);
        tx.save0 = s0;
        tx.save1 = s1;
        tx.restore = a;
        return;
    }
    if (n) {                           /* a route segment, then the message */
        seg_send(r - n, n, 0);
        while (!send_idle()) {}        /* a few bytes; but see tx_long_route and docs/speed.md */
    }
    seg_send(m, len, last);
}

/* A route longer than RT_INPLACE (the 128-node DAS grid) goes as a segment
 * of its own, and the packet is left in progress with nothing of the
 * message sent: tx_continue sends the message from the main loop once the
 * engine is idle again. Waiting for the route to leave (start_packet's
 * wait) instead stops receiving for as long as the outgoing link is
 * STOPped -- and it may be STOPped exactly because this NI no longer
 * receives: a cyclic wait through one NI that froze the whole grid until
 * the switches' 50 ms timeout (docs/speed.md). The packet in progress
 * (tx.active) keeps control messages off the link meanwhile (F->ctlblk;
 * F->txw sends them after the packet), so no ACK goes between the route
 * and the header. */
AI void tx_long_route(unsigned dni, unsigned n)
{
    seg_send(opaque(rt_route(dni)) - n, n, 0);
    tx.sent = 0;
    tx.active = 1;
    txw_sync();
}

static void tx_done(void)
{
    struct lcstate *l = &lcs[tx.lc];
    struct sbe *e = &l->sb[tx.tok];
    e->t_sent = ni_rtc();
    tx.active = 0;
    txw_sync();
    if (tx.resend) {
        BUMP(tx.lc, GRIM_L_RESENT);
    } else {
        volatile unsigned *d = lcd(tx.lc);
        LD(d, GRIM_L_SENT) += 1u;
        LD(d, GRIM_L_Q_NEXT) = tx.next_off;
    }
    if (e->state == SB_SENDING) e->state = SB_SENT;
    else if (e->state == SB_ACKED && l->head == tx.tok) sb_free_front(tx.lc);   /* ACKed meanwhile */
}

/* What of the message may go now: the whole packet, or (cut-through) the
 * whole words the host has committed. */
AI unsigned tx_limit(void)
{
    unsigned end = tx.plen;
    if (!tx.resend) {
        const struct lcstate *l = &lcs[tx.lc];
        unsigned o = tx.addr - l->qbase;
        unsigned avail = committed(o, LCW(tx.lc, GRIM_L_Q_BACK), l->qsize);
        if (avail < end) end = avail & ~7u;     /* whole words (LANai 4 limits), 8 for LANai 9 */
    }
    return end;
}

void tx_continue(void)
{
    tx_restore();
    unsigned end = tx_limit();
    if (end <= tx.sent) return;                 /* wait for the host to commit more */
    unsigned last = end == tx.plen;
    seg_send(tx.addr + tx.sent, end - tx.sent, (int)last);
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

/* tx_new's message whose destination check failed: a bad message, or a
 * route longer than RT_INPLACE (one test for both keeps tx_new's straight
 * path, which every shorter route takes, as it was). The long route: the
 * rest of tx_new's checks, token, sequence and scoreboard entry as there,
 * then only the route goes (tx_long_route). */
static __attribute__((noinline)) int tx_new_long(unsigned lc, unsigned o, unsigned back)
{
    struct lcstate *l = &lcs[lc];
    unsigned qsize = l->qsize, m = l->qbase + o, w2 = W(m + 8);
    unsigned words = GRIM_W2_WORDS(w2), plen = GRIM_HDR_BYTES + words * 4u, mlen = GRIM_ROUND8(plen);
    unsigned dni = GRIM_EP_NI(GRIM_W2_DST(w2)), dlc = GRIM_EP_LC(GRIM_W2_DST(w2)), n = cfg.rtlen[dni];
    if (words > GRIM_MTU / 4u || n == 0xFFu || dlc >= GRIM_MAX_LC || mlen > qsize - o)
        return skip_bad(lc, o, mlen, back, qsize);
    if (committed(o, back, qsize) < plen && !(cfg.opts & GRIM_OPT_SEND_CT)) return 0;   /* store and forward */
    if (l->count == SB_N || l->resend) return 0;   /* window full, or retransmissions first */
    I_VAR(t0);
    unsigned tok = (l->head + l->count) & (SB_N - 1u);
    unsigned char *sp = l->sseq + ((dni << 5) | dlc);
    unsigned seq = *sp;
    W(m) = GRIM_W0(tok, seq);
    I_STEP(GRIM_ST_SETVALUES, t0);
    tx.resend = 0;
    tx.lc = lc;
    tx.tok = tok;
    tx.addr = m;
    tx.plen = plen;
    tx.next_off = o + mlen;
    tx_long_route(dni, n);
    *sp = (unsigned char)(seq + 1u);
    I_VAR(t1);
    sb_insert(l, o, dni, dlc, seq, plen);
    I_STEP(GRIM_ST_SCOREBOARD, t1);
    return 1;
}

/* The unusual cases of tx_new, out of its straight path. */
static __attribute__((noinline)) int tx_odd(unsigned lc, unsigned o, unsigned back, unsigned qbase, unsigned qsize)
{
    volatile unsigned *d = lcd(lc);
    if ((qbase != lcs[lc].qbase || qsize != lcs[lc].qsize) && !queue_ok(lc, qbase, qsize)) {
        BUMP(lc, GRIM_L_ERRORS);       /* a broken queue: ignore what is in it */
        LD(d, GRIM_L_Q_NEXT) = back;
        return -1;
    }
    if (o >= qsize) {                  /* the last message ended at the end of the ring */
        LD(d, GRIM_L_Q_NEXT) = 0;
        return back == 0 ? 0 : -1;
    }
    if (back > qsize || (back & 7u)) return skip_bad(lc, o, qsize, back, qsize);
    return -1;                         /* all fine after all: look again */
}

int tx_new(unsigned lc)
{
    volatile unsigned *d = lcd(lc);
    struct lcstate *l = &lcs[lc];
    unsigned o = LD(d, GRIM_L_Q_NEXT), back = LD(d, GRIM_L_Q_BACK), qsize = l->qsize, qbase = l->qbase;
    if ((LD(d, GRIM_L_Q_BASE) ^ qbase) | (LD(d, GRIM_L_Q_SIZE) ^ qsize) | (back & 7u) || o >= qsize || back > qsize)
        return tx_odd(lc, o, back, LD(d, GRIM_L_Q_BASE), LD(d, GRIM_L_Q_SIZE));
    unsigned m = opaque(qbase + o);
    unsigned w1 = W(m + 4), w2 = W(m + 8);
    if (GRIM_W1_TYPE(w1) == GRIM_T_WRAP) {
        LD(d, GRIM_L_Q_NEXT) = 0;
        if (!l->count) sb_free_front(lc);
        return -1;
    }
    unsigned avail = committed(o, back, qsize);
    if (avail < GRIM_HDR_BYTES) return 0;
    unsigned words = GRIM_W2_WORDS(w2), plen = GRIM_HDR_BYTES + words * 4u, mlen = GRIM_ROUND8(plen);
    unsigned dni = GRIM_EP_NI(GRIM_W2_DST(w2)), dlc = GRIM_EP_LC(GRIM_W2_DST(w2)), n = cfg.rtlen[dni];
    if (words > GRIM_MTU / 4u || n > RT_INPLACE || dlc >= GRIM_MAX_LC || mlen > qsize - o) {
        if (n != 0xFFu && n > RT_INPLACE) return tx_new_long(lc, o, back);   /* a long route */
        return skip_bad(lc, o, mlen, back, qsize);                            /* (0xFF: no route) */
    }
    n = opaque(n);                     /* (so start_packet still tests n: the same instructions as before) */
    unsigned len = plen;
    if (avail < plen) {
        if (!(cfg.opts & GRIM_OPT_SEND_CT)) return 0;   /* store and forward */
        len = avail & ~7u;
    }
    unsigned count = l->count;
    if (count == SB_N || l->resend) return 0;   /* window full, or retransmissions first */

    I_VAR(t0);
    unsigned tok = (l->head + count) & (SB_N - 1u);
    unsigned char *sp = l->sseq + ((dni << 5) | dlc);
    unsigned seq = *sp;
    W(m) = GRIM_W0(tok, seq);
    I_STEP(GRIM_ST_SETVALUES, t0);
    unsigned last = len == plen;
    start_packet(m, o, dni, n, len, (int)last);
    *sp = (unsigned char)(seq + 1u);   /* the rest while the packet goes out */
    I_VAR(t1);
    sb_insert(l, o, dni, dlc, seq, plen);
    I_STEP(GRIM_ST_SCOREBOARD, t1);
    tx.active = 1;
    tx.resend = 0;
    tx.lc = lc;
    tx.tok = tok;
    tx.addr = m;
    tx.sent = len;
    tx.plen = plen;
    tx.next_off = o + mlen;
    if (last) tx_done();
    else txw_sync();
    return 1;
}

void tx_resend(void)
{
#ifdef GRIM_MCAST
    unsigned lc = mc_resend_lc();      /* round robin (mcast_tx.c says why) */
#elif defined(GRIM_NACK_BACKOFF)
    unsigned lc = 0;
    while (!lcs[lc].resend || !bo_ready(&lcs[lc]))
        if (++lc == cfg.nsb) return;   /* every LC with retransmissions is held */
#else
    unsigned lc = 0;
    while (!lcs[lc].resend) lc++;
#endif
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
    tx.plen = e->plen;
    tx.sent = e->plen;
#ifdef GRIM_MCAST
    W(tx.addr) = GRIM_W0(i, e->seq);   /* a recycle copy's word 0 names its last child's stream */
#endif
    unsigned n = cfg.rtlen[e->dni];
    if (__builtin_expect(n > RT_INPLACE, 0)) {
        tx_long_route(e->dni, n);      /* tx_continue sends the message */
        return;
    }
    start_packet(tx.addr, e->off, e->dni, opaque(n), e->plen, 1);
    tx_done();                         /* (keeps txw in step) */
}

#ifdef GRIM_MCAST
/* A recycle copy's first (and only) segment (mcast_tx.c). */
void mc_start_packet(unsigned m, unsigned o, unsigned dni, unsigned n, unsigned len)
{
    start_packet(m, o, dni, n, len, 1);
}
#endif
