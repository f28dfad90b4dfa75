/* The NI as the card's arbiter (Figure 6.7, section 6.3.6): everything on
 * the PCI side shares one request register and a write replaces it, so the
 * NI is its only writer. It keeps its own request (bank 0 while it writes a
 * message into the frame's NI queue) and the host's (GRIM_CD_REQ, written
 * by PIO into NI SRAM), writes their OR when it changes, and acknowledges
 * the host's request once the grant register shows those banks. Register
 * accesses are 4-byte peer-to-peer DMAs waited for on the spot (as recv.c
 * waits for DMAs of 64 bytes or less). Host and NI are one "PCI side" to
 * the CPLD, so the NI also keeps them apart: a bank has one owner at a time
 * (the host's request is acknowledged only when the NI holds none of its
 * banks; the NI takes bank 0 only when the host neither holds nor asks for
 * it, card_rx.c).
 *
 * -DGRIM_CARD_NO_MERGE (the grim_rc1000_nomerge image, for tests and
 * teaching only) drops the merge: each agent writes its own request, as on
 * the raw register, so one agent's write takes the other's banks away
 * (section 6.3.6's race; the card model stops on the access that follows). */
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

void card_issue(unsigned host)
{
#ifdef GRIM_CARD_NO_MERGE
    unsigned m = host ? card.host_want : card.ni_want;
#else
    (void)host;
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

void card_poll(void)
{
    unsigned r = CDW(GRIM_CD_REQ);
    if (r == card.host_seen && !card.host_pending) return;
    if (!hdma_may_post(HD)) return;    /* the engine is lent to the host */
    if (r != card.host_seen) {
        card.host_seen = r;
        card.host_want = r & 0xFu;
        card.host_pending = 1;
        card.host_held &= card.host_want;       /* what it let go is free at once */
        card_issue(1);
    }
    unsigned w = card.host_want;
    if (w & card.ni_held) return;               /* the NI is delivering into it: after its release */
    if (w && (card_grant() & w) != w) return;   /* look again next pass */
    card.host_pending = 0;
    card.host_held = w;
    CDW(GRIM_CD_HOST_REQS) += 1u;
    CDW(GRIM_CD_ACK) = r;
}

#endif
