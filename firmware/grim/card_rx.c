/* The receive stage of an AM addressed to the card's LC (card_fw.h): once the
 * whole packet is in with a good CRC, the NI asks for bank 0 (card_arb.c),
 * reads the grant register until it has it, writes the payload, the header
 * (made little-endian for the card) and, last, the queue's tail word into
 * the frame's NI queue by peer-to-peer DMA, releases bank 0, and only then
 * ACKs: the message is in the endpoint. Each stage returns to the main loop
 * while it waits (for the tail, the grant, the DMA), so sending, ACKs and
 * the host processes' bank requests go on meanwhile; a process that holds
 * bank 0, or asked for it before the NI did, has it first. No room in the queue: bank 0 is
 * released (the frame needs it to make room) and asked for again. Nothing
 * is ever dropped that was not ACKed first and counted. */
#ifdef GRIM_RC1000   /* only in the card images (mk/grim.mk grim_rc1000.*.elf); tools that build every
                        file of this folder (regress tests, myrisim ab) get nothing from it */
#include "card_fw.h"
#include "sim.h"

#define rx (F->rx)

static unsigned hdr_le[8] __attribute__((aligned(8)));
static unsigned tail_le __attribute__((aligned(8)));
static const unsigned wrap_le __attribute__((aligned(8))) = RC_NI_Q_WRAP;   /* (the same both ways) */
static unsigned q_le[2] __attribute__((aligned(8)));

static inline unsigned now(void) { return SIM_REG(SIMSVC_CYCLE_LO); }
/* bus address of word w of bank 0 */
static inline unsigned b0(unsigned w) { return card_bar() + RC_NI_BANK(0) + w * 4u; }

static void cs_grant(void);

/* the message is in the queue and the tail written: release, then ACK */
static void cs_written(void)
{
    if ((int)(hdma_done(HD, HDMA_TO_HOST) - card.ticket) < 0 || !hdma_may_post(HD)) return;
    unsigned t2 = now();
    card.ni_held = 0;
    card.ni_want = 0;
    card_issue(CARD_NI);
    unsigned t3 = now();
    CDW(GRIM_CD_ACQ_CYC) += card.t1 - card.t0;
    CDW(GRIM_CD_INJ_CYC) += t2 - card.t1;
    CDW(GRIM_CD_REL_CYC) += t3 - t2;
    CDW(GRIM_CD_MSGS) += 1u;
    CDW(GRIM_CD_WORDS) += card.words;
    rx_at = card_rx_ops.ack;
    card_rx_ops.ack();
}

/* ask for bank 0 (again) */
static void cs_ask(void)
{
    if (!hdma_may_post(HD)) return;
    card.t0 = now();
    card.ni_want = 1u;
    card.ni_stamp = card.order++;           /* its place among the host processes' requests */
    card_issue(CARD_NI);
    rx_at = cs_grant;
    cs_grant();
}

static void cs_grant(void)
{
    if (!hdma_may_post(HD)) return;
    if (card_blocked(1u, card.ni_stamp, CARD_NI)) {   /* a process holds bank 0, or asked for it first */
        CDW(GRIM_CD_DEFERRED) += 1u;
        return;
    }
    CDW(GRIM_CD_GRANT_POLLS) += 1u;
    if (!(card_grant() & 1u)) return;              /* the frame has it: look again next pass */
    card.t1 = now();
    card.ni_held = 1u;
    unsigned n = 8u + card.words, base = rx.base;
    int wrap;
    if (!card.known || !rc_q_room(card.head, card.tail, n, &wrap)) {
        /* the frame has moved on since we last looked (the first time: both words) */
        hdma_run(HD, HDMA_FROM_HOST, (unsigned)q_le, 8u, b0(RC_NI_Q1));
        if (!card.known) card.tail = rc_le(q_le[0]);
        card.head = rc_le(q_le[1]);
        card.known = 1u;
        if (!rc_q_room(card.head, card.tail, n, &wrap)) {
            CDW(GRIM_CD_FULL) += 1u;
            card.ni_held = 0;
            card.ni_want = 0;
            card_issue(CARD_NI);
            rx_at = cs_ask;
            return;
        }
    }
    unsigned at = wrap ? 0u : card.tail, ring = RC_NI_Q1 + RC_NI_Q_RING;
    for (unsigned i = 0; i < 8u; i++) hdr_le[i] = rc_le(W(base + 4u * i));
    /* payload, header, (the marker,) the tail: the frame sees the message
     * only when the tail moves; one direction's DMAs land in order */
    if (card.words) hdma_post(HD, HDMA_TO_HOST, base + GRIM_HDR_BYTES, card.words * 4u, b0(ring + at + 8u));
    hdma_post(HD, HDMA_TO_HOST, (unsigned)hdr_le, GRIM_HDR_BYTES, b0(ring + at));
    if (wrap) hdma_post(HD, HDMA_TO_HOST, (unsigned)&wrap_le, 4u, b0(ring + card.tail));
    card.tail = at + n;
    tail_le = rc_le(card.tail);
    card.ticket = hdma_post(HD, HDMA_TO_HOST, (unsigned)&tail_le, 4u, b0(RC_NI_Q1));
    rx_at = cs_written;
}

void card_rx(void)
{
    const struct rxbuf *b = rx.b;
    rx.undeliv = 0;
    rx.inflight = 0;
    if (b->state != RB_FULL) return;                /* nothing changes before the tail */
    if (!b->ok || b->len != rx.plen) {              /* damaged: forget it (the sender resends) */
        rx.exp[cfg.rnack_off] = 0;
        card_rx_ops.release();
        return;
    }
    unsigned words = rx.plen / 4u - 8u;
    if (rx.type != GRIM_T_AM || words > RC_NI_MAX_WORDS) {
        CDW(GRIM_CD_REFUSED) += 1u;                 /* not something the frame takes: ACKed, dropped */
        rx.undeliv = 1u;
        rx_at = card_rx_ops.ack;
        card_rx_ops.ack();
        return;
    }
    card.words = words;
    rx_at = cs_ask;
    cs_ask();
}

#endif
