/* The card's endpoint on the host side (grim_card.h): configuration words
 * and the host's bank requests through the NI's mailbox, by PIO into NI
 * SRAM. */
#include "grim_card.h"
#include "grim_internal.h"
#include "../../firmware/grim/card_abi.h"
#include "../../firmware/hal/rc1000.h"
#include "../../model/rc1000/pci.h"
#include "../../model/rc1000/rc1000_map.h"

#include <stdio.h>

/* the firmware's view of the card (firmware/hal/rc1000.h) is the model's */
_Static_assert(RC_NI_REQ == RC_BAR_REGS + RC_REG_REQ && RC_NI_GRANT == RC_BAR_REGS + RC_REG_GRANT, "card registers");
_Static_assert(RC_NI_Q1 == RC_Q1_BASE && RC_NI_Q_RING == RC_Q_RING && RC_NI_Q_WORDS == RC_Q_RING_WORDS &&
               RC_NI_Q_WRAP == RC_Q_WRAP, "the NI queue");

#define ACK_POLLS 1000000          /* a grant that never comes: the frame holds the bank for ever */

static int put(grim *g, uint32_t off, uint32_t v)
{
    return plat_pio_write32(g->p, grim_sram(g, GRIM_CARD + off), v) ? grim_fail_plat(g, "card control word") : 0;
}

int grim_card_word(grim *g, uint32_t off, uint32_t *v)
{
    return plat_pio_read32(g->p, grim_sram(g, GRIM_CARD + off), v) ? grim_fail_plat(g, "card control word") : 0;
}

int grim_card_enable(grim *g, uint32_t lc, uint32_t bar)
{
    uint32_t ready;
    if (grim_card_word(g, GRIM_CD_READY, &ready)) return -1;
    if (ready != 1)
        return grim_fail(g, "the NI's firmware image serves no RC-1000 (the card's node needs build/fw/grim/grim_rc1000.*.elf: "
                            "experiment.rc1000_elf)");
    if (lc >= g->o.nlc || lc == g->o.lc)
        return grim_fail(g, "the card's LC must be one of this node's NLC = %u and not the process's own (%u), not %u",
                         g->o.nlc, g->o.lc, lc);
    if (g->o.lc >= GRIM_CD_NQ)
        return grim_fail(g, "the NI has request queues for LCs 0..%u; this process's LC is %u", GRIM_CD_NQ - 1,
                         g->o.lc);
    return put(g, GRIM_CD_BAR, bar) || put(g, GRIM_CD_LC, lc + 1) ? -1 : 0;   /* LC last: it switches it on */
}

/* Post seq << 8 | banks on queue q, then poll its acknowledgement. The
 * process is the queue's only writer, so it keeps the sequence itself: the
 * first thing on the bus is the request. 1 if the NI refused it (growing a
 * holding without bank 0: card_abi.h, GRIM_CD_ACK_REFUSED). */
static int request(platform *p, uint32_t sram_off, uint32_t q, uint32_t *seq, uint32_t banks, char *err,
                   size_t errlen)
{
    uint32_t w = ++*seq << 8 | (banks & 0xFu), ack;
    if (plat_pio_write32(p, sram_off + GRIM_CARD + GRIM_CD_REQ(q), w))
        return snprintf(err, errlen, "card request queue %u: %s", q, plat_error(p)), -1;
    for (int i = 0; i < ACK_POLLS; i++) {
        if (plat_pio_read32(p, sram_off + GRIM_CARD + GRIM_CD_ACK(q), &ack))
            return snprintf(err, errlen, "card request queue %u: %s", q, plat_error(p)), -1;
        if (ack == w) return 0;
        if ((ack & ~0x70u) == (w | GRIM_CD_ACK_REFUSED))
            return snprintf(err, errlen, "card request queue %u: the NI refused banks 0x%x: this process holds banks "
                            "0x%x without bank 0, and growing a holding without bank 0 can deadlock against the frame, "
                            "which holds bank 0 while it waits for the rest (firmware/grim/card_arb.c); release first "
                            "and ask for all at once, or take bank 0 first", q, banks & 0xFu, ack >> 3 & 0xEu), 1;
    }
    return snprintf(err, errlen, "the NI never granted banks 0x%x on queue %u (%d polls of its acknowledgement)",
                    banks, q, ACK_POLLS), -1;
}

int grim_card_request(void *ctx, uint32_t banks, char *err, size_t errlen)
{
    grim *g = ctx;
    if (!g->card_seq_known) {      /* (the queue's word survives a process: go on from it) */
        uint32_t v;
        if (grim_card_word(g, GRIM_CD_REQ(g->o.lc), &v)) return snprintf(err, errlen, "%s", grim_error(g)), -1;
        g->card_seq = v >> 8;
        g->card_seq_known = 1;
    }
    return request(g->p, g->lay.sram.off, g->o.lc, &g->card_seq, banks, err, errlen);
}

int grim_card_q_open(grim_card_q *a, platform *p, uint32_t q, char *err, size_t errlen)
{
    uint32_t off = plat_card_layout(p)->sram.off, ready = 0, lc = 0, v;
    if (q >= GRIM_CD_NQ) return snprintf(err, errlen, "card request queue %u: the NI has %u (0..%u)", q, GRIM_CD_NQ,
                                         GRIM_CD_NQ - 1), -1;
    for (int i = 0; i < ACK_POLLS && !(ready == 1 && lc); i++)
        if (plat_pio_read32(p, off + GRIM_CARD + GRIM_CD_READY, &ready) ||
            plat_pio_read32(p, off + GRIM_CARD + GRIM_CD_LC, &lc))
            return snprintf(err, errlen, "card request queue %u: %s", q, plat_error(p)), -1;
    if (ready != 1 || !lc)
        return snprintf(err, errlen, "card request queue %u: the NI's image serves no RC-1000, or no process enabled "
                                     "the card (grim_card_enable)", q), -1;
    if (plat_pio_read32(p, off + GRIM_CARD + GRIM_CD_REQ(q), &v))
        return snprintf(err, errlen, "card request queue %u: %s", q, plat_error(p)), -1;
    *a = (grim_card_q){p, q, v >> 8};
    return 0;
}

int grim_card_q_request(void *ctx, uint32_t banks, char *err, size_t errlen)
{
    grim_card_q *a = ctx;
    return request(a->p, plat_card_layout(a->p)->sram.off, a->q, &a->seq, banks, err, errlen);
}
