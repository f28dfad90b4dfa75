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
 * Bank 0 first (issue 17). The CPLD grants bank by bank, so a request the
 * NI puts on the register whole can get some of its banks and wait for the
 * rest. The frame takes bank 0 alone first and then, holding it, the rest
 * of its job's banks at once (hw/frame/frame.v: S_ACQ0, then S_ACQ), and
 * holds no bank without bank 0: a request of banks 0 and 3 given bank 3
 * while the frame held bank 0 waited for it forever, and the frame for
 * bank 3. So the PCI side takes banks in the frame's order: a request that
 * waits for two banks or more (its process not holding bank 0) asks the
 * CPLD for bank 0 alone, and for the rest only once the grant register
 * shows bank 0 on the PCI side. From then the frame holds nothing (bank 0
 * is not its own) and the rest comes when the PCI side's holders let go;
 * bank 0 stays asked for until the request is acknowledged, then is let
 * go if the request did not want it. A request waiting for one bank holds
 * nothing while it waits and is put on the register at once, as before
 * (its path only gains the checks, 18 cycles). Arrival order counts only banks a
 * request has put on the register: a request still waiting for bank 0
 * must not hold back a later one for a bank the frame waits for.
 *
 * Growing a holding (issue 17). A process that holds banks but not bank 0
 * and asks for more would wait for them holding its own: the frame may
 * hold bank 0 and wait for one of those, and it cannot be made to let go,
 * nor can the NI take the process's holding back behind its back. So such
 * a request is refused at once (GRIM_CD_ACK(q) = the request |
 * GRIM_CD_ACK_REFUSED | the banks it holds << 3; GRIM_CD_GROW_REFUSED counts them)
 * and nothing changes: the process still holds what it held, and the host
 * library turns the refusal into an error naming the queue and the banks.
 * It must release and then ask for all it needs at once (that request goes
 * bank 0 first), or hold bank 0 before growing (then the frame holds
 * nothing). A holder of bank 0 grows as before; shrinking is always fine.
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

/* queue q now asks the CPLD for `banks`: the merge of every queue's */
AI void card_ask(unsigned q, unsigned banks)
{
    card.q[q].asks = banks;
    unsigned w = 0;
    for (unsigned k = 0; k < GRIM_CD_NQ; k++) w |= card.q[k].asks;
    card.host_want = w;
    card_issue(q);
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
        const struct card_q *o = &card.q[i];   /* (the banks they asked the CPLD for) */
        if (m & 1u && o->want & o->asks & ~o->held & banks && earlier(o->stamp, stamp)) return 1;
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
            unsigned h = q->held;                   /* (tested first: most requests come from holders of nothing) */
            if (h && !(h & 1u) && r & 0xFu & ~h && !(card.pmask & bit)) {
                CDW(GRIM_CD_GROW_REFUSED) += 1u;        /* growing a holding without bank 0 */
                CDW(GRIM_CD_ACK(i)) = r | GRIM_CD_ACK_REFUSED | h << 3;
                continue;
            }
            if (!q->held) q->stamp = card.order++;  /* a new request; a holder keeps its place */
            q->want = r & 0xFu;
            card.pmask |= bit;
            card.host_held &= ~(q->held & ~q->want);   /* what it let go is free at once */
            q->held &= q->want;
            q->first = card_bank0_first(q->want, q->held);
            card_ask(i, q->first ? q->held | 1u : q->want);
        }
        unsigned w = q->want;
        if (q->first) {                             /* bank 0 alone until the PCI side has it */
            if (!(card_grant() & 1u)) continue;
            q->first = 0;
            card_ask(i, w | 1u);                    /* then the rest, keeping bank 0 */
            continue;
        }
        if (card_blocked(w & ~q->held, q->stamp, i)) continue;   /* after the owner's release, or the earlier request */
        if (w && (card_grant() & w) != w) continue;   /* look again next pass */
        card.pmask &= ~bit;
        q->held = w;
        card.host_held |= w;
        if (q->asks != w) card_ask(i, w);           /* bank 0 taken only to go first */
        CDW(GRIM_CD_HOST_REQS) += 1u;
        CDW(GRIM_CD_ACK(i)) = r;
    }
}

#endif
