/* A multicast packet arriving from the network (recv.c's st_head hands it
 * over): store and forward -- the whole packet first, its CRC good --, the
 * hop's sequence check on its own stream (the previous hop's NI and LC:
 * the sender's LC for the host-to-root hop, the recycle LC for NI-to-NI
 * hops), then mc_process; refused (ticket, or no room) it is NACKed and the
 * previous hop sends it again. In unsafe mode a full recycle queue is not
 * NACKed: the packet stays in hand and blocks the receive path until there
 * is room, so cyclic trees can deadlock (Figure 8.3); fw_waits (mcast_waits.c)
 * says on whom it waits. */
#ifdef GRIM_MCAST   /* only in the multicast images (mk/grim.mk grim_mc.*.elf) */
#include "mcast_fw.h"
#include "instr.h"

#define rx (F->rx)

static void st_mc_dma(void)
{
    if (rx.inflight && (int)(hdma_done(HD, HDMA_TO_HOST) - rx.ticket) < 0) return;
    rx.inflight = 0;
    rx.undeliv = 0;
    rx_at = rx_stages.ack;
    rx_at();
}

static void st_mc_go(void)
{
    if (!hdma_may_post(HD)) return;
    unsigned tk;
    int r = mc_process(rx.base, rx.plen, &tk);
    if (r == MC_OK) {
        rx.ticket = tk;
        rx.inflight = tk != 0;
        rx.dir = HDMA_TO_HOST;
        rx_at = st_mc_dma;
        st_mc_dma();
        return;
    }
    if (r == MC_FULL && mc.unsafe) {   /* block: wait here for room */
        if (MC_WAIT.kind == FW_WAIT_NONE) {
            MC_WAIT.kind = FW_WAIT_SPACE;
            MC_WAIT.chan = mc.lc;
            MC_WAIT.since = ni_rtc();
        }
        return;
    }
    if (r == MC_FULL) MCW(GRIM_MW_FULL) += 1u;
    if (r == MC_REFUSE || r == MC_FULL) {
        rx_at = rx_stages.refuse;
        rx_at();
        return;
    }
    if (r == MC_MISROUTED) MCW(GRIM_MW_MISROUTED) += 1u;
    else if (r == MC_DROP) MCW(GRIM_MW_DROPPED) += 1u;
    else BUMP(mc.lc, GRIM_L_ERRORS);
    rx.undeliv = 1;                    /* taken (ACKed) and dropped */
    rx_at = rx_stages.ack;
    rx_at();
}

/* A packet dropped unread (damaged, or not ours). If its header is sane
 * and names the packet its hop expects, that one may be NACKed again at
 * once (as recv.c's st_abandon does for unicast) instead of waiting for the
 * previous hop's retransmission timer. Out of st_mc's way (noinline), so
 * the path of a good packet is what it was. */
static __attribute__((noinline)) void mc_damaged(unsigned w0, unsigned hop, unsigned slc, unsigned words)
{
    if (mc.on && words <= GRIM_MTU / 4u && hop < cfg.nodes && slc < GRIM_MAX_LC) {
        unsigned char *exp = cfg.rexp + ((((hop << 5) | slc) << cfg.lsh) | mc.lc);
        if (!((w0 - *exp) & 0xFFu)) exp[cfg.rnack_off] = 0;
    }
    rx_stages.release();
}

/* A relay (mcast_core.c relay) in hand and in order: put the ticket and
 * the message's own length back where a stamped copy has them, so that
 * from here on it is one, from the sequencer. 0 if the lengths are bad. */
static __attribute__((noinline)) int relayed(unsigned base, unsigned plen)
{
    unsigned w3 = W(base + 12), ticket = W(base + plen - 8u), words = W(base + plen - 4u);
    if (plen < GRIM_HDR_BYTES + 8u || words > (plen - GRIM_HDR_BYTES - 8u) / 4u) return 0;
    W(base + 8) = GRIM_W2(words, ticket);
    W(base + 12) = GRIM_W3(GRIM_MC_STAMPED | (GRIM_W3_LC(w3) & 0xFFu), GRIM_W3_HANDLER(w3));
    rx.plen = GRIM_HDR_BYTES + words * 4u;
    rx.mlen = GRIM_ROUND8(rx.plen);
    return 1;
}

static void st_mc(void)
{
    const struct rxbuf *b = rx.b;
    if (b->state != RB_FULL) return;
    I_VAR(t0);
    unsigned base = rx.base, w0 = W(base), w1 = W(base + 4), w2 = W(base + 8), w3 = W(base + 12);
    unsigned words = GRIM_W2_WORDS(w2), plen = GRIM_HDR_BYTES + words * 4u, src = GRIM_W1_SRC(w1);
    unsigned hop = GRIM_EP_NI(src), slc = GRIM_EP_LC(src), rel = 0;
    if (GRIM_W3_LC(w3) & GRIM_MC_STAMPED) {
        hop = GRIM_W3_LC(w3) & 0xFFu;
        slc = mc.lc;
    } else if (GRIM_W3_LC(w3) & GRIM_MC_RELAY) {   /* from the sequencer's RM-RV reply LC */
        hop = GRIM_W3_LC(w3) & 0xFFu;
        slc = cfg.rvlc;
        rel = 1;
    }
    if (!b->ok || b->len != plen || !mc.on || words > GRIM_MTU / 4u || hop >= cfg.nodes || slc >= GRIM_MAX_LC) {
        mc_damaged(w0, hop, slc, words);   /* damaged, or not ours: dropped silently */
        return;
    }
    rx.w0 = w0;
    rx.w1 = (GRIM_W1_TYPE(w1) << 26) | GRIM_EP(hop, slc);   /* where the ACK/NACK goes (recv.c reply) */
    rx.type = GRIM_W1_TYPE(w1);
    rx.dlc = mc.lc;
    rx.plen = plen;
    rx.mlen = GRIM_ROUND8(plen);
    unsigned char *exp = cfg.rexp + ((((hop << 5) | slc) << cfg.lsh) | mc.lc);
    unsigned d = (w0 - *exp) & 0xFFu;
    rx.exp = exp;
    if (d) {
        rx_at = d >= 128u ? rx_stages.dup : rx_stages.ahead;
        rx_at();
        return;
    }
    if (rel && !relayed(base, plen)) {
        rx_stages.release();           /* a malformed relay: dropped (its resend will be too) */
        return;
    }
    I_STEP(GRIM_ST_MC_RX, t0);
    rx_at = st_mc_go;
    st_mc_go();
}

void mc_rx(void)
{
    rx_at = st_mc;
    st_mc();
}

#endif
