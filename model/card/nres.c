/* The network reset (lanai-hardware.md §4.7, §5; seed 002 L716): when the
 * firmware sets NRES_ENABLE in MYRINET and a packet waits at the NI's input
 * without a byte taken for the TIMEOUT period, the hardware resets the
 * input: the blocked packet is drained to its tail and discarded, and the
 * LANai sees NRES_INT. With the switches' 50 ms blocked-packet kill
 * (model/switch/xbar.h) this is what breaks a network deadlock on real
 * Myrinet: an NI that stops draining the network cannot hold other
 * programs' packets forever.
 *
 * Period select, 2 bits (the TIMEOUT register on LANai 4, MYRINET bits 6-7
 * on LANai 9): 0 = 1/16 s, 1 = 1/4 s, 3 = 4 s as Cplant's MCP documents
 * them; 2 = 1 s is inferred (every step is x4). The LANai 9 bit table is
 * not public: the same values are assumed (Cplant's "1/4 s" and default
 * settings agree with them). Firmware that never sets NRES_ENABLE (GRIM,
 * LFC, the benches) sees no change at all: no event is ever scheduled. */
#include "card_internal.h"

static const sim_time periods[4] = {SIM_US(62500), SIM_US(250000), SIM_US(1000000), SIM_US(4000000)};

/* The reset period the firmware selected; 0 while resets are disabled. */
sim_time card_nres_period(const ni_card *c)
{
    const card_chip *ch = c->chip;
    uint32_t my = c->reg[R_MYRINET];
    if (!ch->nres_enable || !(my & ch->nres_enable)) return 0;
    uint32_t sel = ch->nres_select_in_myrinet ? (my >> 6) & 3u : c->reg[R_TIMEOUT] & 3u;
    return periods[sel];
}

static void nres_check(void *arg);

static void arm(ni_card *c, sim_time now, sim_time period)
{
    c->rcv.nres_mark = c->st.bytes_recv;
    c->rcv.nres_ev = evq_at(c->q, now + period, nres_check, c);
}

void card_nres_blocked(ni_card *c, sim_time now)
{
    card_recv *r = &c->rcv;
    if (r->nres_ev || r->nres_draining || !c->ep) return;
    sim_time p = card_nres_period(c);
    if (p) arm(c, now, p);
}

int card_nres_drain(ni_card *c, sim_time now)
{
    card_recv *r = &c->rcv;
    uint8_t tmp[256];
    unsigned flags = 0;
    for (;;) {
        unsigned n = ep_recv(c->ep, tmp, sizeof tmp, &flags);
        if (flags & EP_RX_END) break;
        if (n == 0) return 1;                /* the rest is still on its way */
    }
    r->nres_draining = 0;
    card_progress(c, now);
    if (!r->armed && ep_rx_pending(c->ep)) card_nres_blocked(c, now);   /* the next one may block too */
    return 0;
}

/* A period after bytes began to wait: reset if none was taken since. */
static void nres_check(void *arg)
{
    ni_card *c = arg;
    card_recv *r = &c->rcv;
    sim_time now = evq_now(c->q), p = card_nres_period(c);
    r->nres_ev = 0;
    if (!p || r->armed || !ep_rx_pending(c->ep)) return;      /* disabled since, or not blocked now */
    if (c->st.bytes_recv != r->nres_mark) {                   /* it moved meanwhile: a new wait */
        arm(c, now, p);
        return;
    }
    c->epoch++;
    c->st.nres++;
    /* a packet the engine had begun (its buffer filled) is abandoned with
     * the rest: the firmware learns it from NRES_INT */
    r->in_packet = 0;
    r->full = 0;
    r->nres_draining = 1;
    card_isr_set(c, now, c->chip->nres_int);
    card_nres_drain(c, now);
}
