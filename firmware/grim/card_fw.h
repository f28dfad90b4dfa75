/* The RC-1000 as an endpoint the NI firmware serves itself (the
 * grim_rc1000 images only, -DGRIM_RC1000; card_abi.h has the contract,
 * docs/endpoints.md the design). Two parts:
 *   card_arb.c  the NI as the only writer of the card's request register
 *               (Figure 6.7): its own bank-0 request merged with the host's
 *               (GRIM_CD_REQ), grant-register reads, all by peer-to-peer
 *               DMA to the card's BAR;
 *   card_rx.c   the receive stage of an in-order AM addressed to the card's
 *               LC: bank 0, payload and header into the frame's NI queue,
 *               the tail, the release, then the ACK.
 * recv.c calls card_claims / card_rx from plan() (its one hook); main.c
 * calls card_init before GRIM_C_MAGIC and card_poll once per pass. */
#ifndef MYRISIM_GRIM_CARD_FW_H
#define MYRISIM_GRIM_CARD_FW_H

#include "fw.h"
#include "card_abi.h"
#include "rc1000.h"

#define CDW(off) W(GRIM_CARD + (off))

struct card {
    unsigned issued;              /* what the request register holds (as last written) */
    unsigned ni_want, host_want;  /* the two requests the NI merges */
    unsigned host_seen, host_pending;   /* GRIM_CD_REQ as last taken; not yet acknowledged */
    unsigned host_held;           /* banks the host holds (acknowledged, not yet released) */
    unsigned ni_held;             /* banks the NI holds for a delivery */
    unsigned known, tail, head;   /* the NI queue: ours, the frame's as last read */
    unsigned words, ticket;       /* the message in hand: payload words, its last DMA */
    unsigned t0, t1;              /* cycle stamps: request, grant */
};
extern struct card card;

/* recv.c's stages the card's receive stage ends in */
struct card_rx_ops {
    void (*release)(void);        /* the packet's buffer is free */
    void (*ack)(void);            /* delivered (or rx.undeliv): ACK, sequence, counters, release */
};
extern const struct card_rx_ops card_rx_ops;

/* card_arb.c */
void card_init(void);             /* clear the card's words, say this image serves a card */
void card_poll(void);             /* the host's bank request, if one is new or waits for its grant */
void card_issue(unsigned host);   /* write ni_want | host_want to the request register if it changed
                                     (host: the host's request changed, else the NI's) */
unsigned card_grant(void);        /* one read of the grant register */
AI unsigned card_bar(void) { return CDW(GRIM_CD_BAR); }

/* card_rx.c */
AI int card_claims(unsigned dlc) { unsigned l = CDW(GRIM_CD_LC); return l && dlc == l - 1u; }
void card_rx(void);               /* rx_at for a packet card_claims */

#endif
