/* The RC-1000 as an endpoint the NI firmware serves itself (the
 * grim_rc1000 images only, -DGRIM_RC1000; card_abi.h has the contract,
 * docs/endpoints.md the design). Two parts:
 *   card_arb.c  the NI as the only writer of the card's request register
 *               (Figure 6.7): its own bank-0 request merged with those of
 *               the host processes' queues (GRIM_CD_REQ(q)), grant-register
 *               reads, all by peer-to-peer DMA to the card's BAR; one owner
 *               per bank, first come first served;
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

/* one host process's request queue */
struct card_q {
    unsigned seen;                /* GRIM_CD_REQ(q) as last taken */
    unsigned want, held;          /* banks it asks for; banks acknowledged to it and not yet released */
    unsigned asks;                /* banks the NI asks the CPLD for on its behalf (card_arb.c: bank 0 first) */
    unsigned first;               /* 1: it waits for bank 0 alone before asking for the rest */
    unsigned stamp;               /* arrival order of its request (kept while it holds banks) */
};

#define CARD_NI GRIM_CD_NQ        /* "who" of the NI's own request (queues are 0..GRIM_CD_NQ-1) */

struct card {
    unsigned issued;              /* what the request register holds (as last written) */
    unsigned ni_want, ni_stamp;   /* the NI's own request and its arrival order */
    unsigned host_want, host_held;   /* what the queues ask the CPLD for, and their holdings, ORed */
    struct card_q q[GRIM_CD_NQ];
    unsigned order;               /* the next arrival stamp */
    unsigned pmask;               /* bit q: queue q's request waits to be acknowledged */
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
void card_serve(void);            /* each queue's bank request that is new or waits for its grant */
void card_issue(unsigned who);    /* write ni_want | host_want to the request register if it changed
                                     (who: the queue whose request changed, or CARD_NI) */
/* 1 if `banks` cannot go to `who` (a queue or CARD_NI) yet: another holds
 * one of them, or asked for one before (stamp) and still waits */
int card_blocked(unsigned banks, unsigned stamp, unsigned who);
unsigned card_grant(void);        /* one read of the grant register */
/* a request for `want` by a queue holding `held` takes bank 0 alone first
 * (the frame's order): it waits for two banks or more, not holding bank 0 */
AI int card_bank0_first(unsigned want, unsigned held)
{
    unsigned n = want & ~held;
    return (n & (n - 1u)) && !(held & 1u);
}
AI unsigned card_bar(void) { return CDW(GRIM_CD_BAR); }
/* once per main-loop pass: a look at every queue's word (the cheap part, in
 * the loop), card_serve when one is new or a request waits */
AI void card_poll(void)
{
    unsigned n = card.pmask;
    for (unsigned i = 0; i < GRIM_CD_NQ; i++) n |= CDW(GRIM_CD_REQ(i)) ^ card.q[i].seen;
    if (n) card_serve();
}

/* card_rx.c */
AI int card_claims(unsigned dlc) { unsigned l = CDW(GRIM_CD_LC); return l && dlc == l - 1u; }
void card_rx(void);               /* rx_at for a packet card_claims */

#endif
