/* The NI as the card's arbiter (Figure 6.7, section 6.3.6): everything on
 * the PCI side shares one request register and a write replaces it, so the
 * NI is its only writer. It keeps its own request (bank 0 while it writes a
 * message into the frame's NI queue) and one per host process's request
 * queue (GRIM_CD_REQ(q), written by PIO into NI SRAM; "a series of request
 * queues", L1935), looks at every queue once a main-loop pass, writes the OR
 * of all requests when it changes, and acknowledges a queue's request once
 * the grant register shows those banks. Register accesses are 4-byte
 * peer-to-peer DMAs waited for on the spot (as recv.c waits for DMAs of 64
 * bytes or less).
 *
 * The processes and the NI are one "PCI side" to the CPLD, so the NI also
 * keeps them apart: a bank has one owner at a time, and a request that
 * cannot have its banks yet waits behind every request that came before it
 * and wants one of them (first come, first served, so a storm of short
 * requests cannot starve a long one, the NI's deliveries included). A
 * request from a process that already holds banks keeps its place (its
 * holding came first), so growing a holding does not wait behind requests
 * that wait for it.
 *
 * -DGRIM_CARD_NO_MERGE (the grim_rc1000_nomerge image, for tests and
 * teaching only) drops the merge: each agent writes its own request, as on
 * the raw register, so one agent's write takes the other's banks away
 * (section 6.3.6's race; the card model stops on the access that follows).
 * -DGRIM_CARD_NO_OWNERS (grim_rc1000_noowner, tests only) merges but grants
 * every request the CPLD has granted to the PCI side, so two processes (or
 * a process and the NI) can hold one bank at once. */
#ifdef GRIM_RC1000   /* only in the card images (mk/grim.mk grim_rc1000.*.elf); tools that build every
                        file of this folder (regress tests, myrisim ab) get nothing from it */
#include "card_fw.h"

struct card card;

static unsigned reqw __attribute__((aligned(8)));
static unsigned grantw __attribute__((aligned(8)));

void card_init(void)
{
    for (unsigned off = 0; off < 0x100u; off += 4u) CDW(off) = 0;
    card = (struct card){0};
    CDW(GRIM_CD_READY) = 1;
}

void card_issue(unsigned who)
{
#ifdef GRIM_CARD_NO_MERGE
    unsigned m = who == CARD_NI ? card.ni_want : card.q[who].want;
#else
    (void)who;
    unsigned m = card.ni_want | card.host_want;
#endif
    if (m == card.issued) return;
    reqw = rc_le(m);
    hdma_run(HD, HDMA_TO_HOST, (unsigned)&reqw, 4u, card_bar() + RC_NI_REQ);
    card.issued = m;
}

unsigned card_grant(void)
{
    hdma_run(HD, HDMA_FROM_HOST, (unsigned)&grantw, 4u, card_bar() + RC_NI_GRANT);
    return rc_le(grantw);
}

AI int earlier(unsigned a, unsigned b) { return (int)(a - b) < 0; }

int card_blocked(unsigned banks, unsigned stamp, unsigned who)
{
#ifdef GRIM_CARD_NO_OWNERS
    (void)banks, (void)stamp, (void)who;
    return 0;
#endif
    if (!banks) return 0;
    /* holdings are disjoint and `banks` leaves out who's own: anyone's is another's */
    if ((card.host_held | card.ni_held) & banks) return 1;
    if (who != CARD_NI && card.ni_want & ~card.ni_held & banks && earlier(card.ni_stamp, stamp)) return 1;
    for (unsigned i = 0, m = card.pmask & ~(1u << who); m; i++, m >>= 1) {   /* the other waiting requests */
        const struct card_q *o = &card.q[i];
        if (m & 1u && o->want & ~o->held & banks && earlier(o->stamp, stamp)) return 1;
    }
    return 0;
}

void card_serve(void)
{
    for (unsigned i = 0; i < GRIM_CD_NQ; i++) {
        struct card_q *q = &card.q[i];
        unsigned r = CDW(GRIM_CD_REQ(i)), bit = 1u << i;
        if (r == q->seen && !(card.pmask & bit)) continue;
        if (!hdma_may_post(HD)) return;            /* the engine is lent to the host */
        if (r != q->seen) {
            q->seen = r;
            if (!q->held) q->stamp = card.order++;  /* a new request; a holder keeps its place */
            q->want = r & 0xFu;
            card.pmask |= bit;
            card.host_held &= ~(q->held & ~q->want);   /* what it let go is free at once */
            q->held &= q->want;
            unsigned w = 0;                         /* the merge: every queue's request */
            for (unsigned k = 0; k < GRIM_CD_NQ; k++) w |= card.q[k].want;
            card.host_want = w;
            card_issue(i);
        }
        unsigned w = q->want;
        if (card_blocked(w & ~q->held, q->stamp, i)) continue;   /* after the owner's release, or the earlier request */
        if (w && (card_grant() & w) != w) continue;   /* look again next pass */
        card.pmask &= ~bit;
        q->held = w;
        card.host_held |= w;
        CDW(GRIM_CD_HOST_REQS) += 1u;
        CDW(GRIM_CD_ACK(i)) = r;
    }
}

#endif
