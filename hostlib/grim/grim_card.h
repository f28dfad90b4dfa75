/* The RC-1000 as an endpoint its node's NI serves (issue 17; dissertation
 * sections 6.3.6, 7.5; firmware/grim/card_abi.h is the contract, the NI
 * image build/fw/grim/grim_rc1000.*.elf the other side). Active messages to
 * GRIM_EP(node, lc) go straight into the frame's NI queue in bank 0; the
 * process on the card's node only tells the NI where the card is, and asks
 * the NI for banks (Figure 6.7: the NI merges its own request with the
 * host's and is the only writer of the card's request register). */
#ifndef MYRISIM_GRIM_CARD_H
#define MYRISIM_GRIM_CARD_H

#include "grim.h"

#include <stdint.h>

/* Make LC lc (not this process's, < NLC) the card's endpoint; bar is the
 * card's BAR on the NI's bus. Fails if the NI's image serves no card. */
int grim_card_enable(grim *g, uint32_t lc, uint32_t bar);
/* Hold `banks` (bit k = bank k; 0 = release) through the NI, waiting until
 * they are granted, on the request queue of the process's LC (which must be
 * below GRIM_CD_NQ). ctx is the grim handle (the hostlib/rc1000 arbiter
 * shape: 0, or -1 with err; 1 with err when the NI refuses to grow a holding
 * that lacks bank 0, which could deadlock against the frame: the process
 * keeps what it held, and should release, then ask for all at once). */
int grim_card_request(void *ctx, uint32_t banks, char *err, size_t errlen);

/* One request queue of the NI's merge (Figure 6.7) used by a process on the
 * card's node that has no GRIM endpoint of its own: PIO into the NI's SRAM
 * through its platform. */
typedef struct grim_card_q {
    platform *p;
    uint32_t q, seq;
} grim_card_q;
/* Queue q (< GRIM_CD_NQ; not another process's): waits until the NI's
 * image serves a card and a process has enabled it. 0, or -1 with err. */
int grim_card_q_open(grim_card_q *a, platform *p, uint32_t q, char *err, size_t errlen);
/* grim_card_request's shape, ctx a grim_card_q. */
int grim_card_q_request(void *ctx, uint32_t banks, char *err, size_t errlen);
/* One of the NI's GRIM_CD_* words (card_abi.h). */
int grim_card_word(grim *g, uint32_t off, uint32_t *v);

#endif
