/* The receive path. Two receive buffers in GRIM_FW_PRIVATE: while one
 * packet is being delivered, the next arrives in the other one (with both
 * busy the engine takes nothing and the link applies back-pressure).
 * Packets are handled in arrival order (the buffers take turns), one at a
 * time, by a small state machine: rx_at is the function to call for the
 * packet in hand (each stage returns at once when what it waits for --
 * bytes, a DMA, the driver -- is not there yet), so sending goes on while a
 * delivery waits. Only ACK/NACKs may overtake a data packet whose delivery
 * is not finished.
 *
 * A data packet's header is decoded as soon as its first 32 bytes are in
 * (Table 5.1), then the sequence check per (source NI, source LC,
 * destination LC): in order -- capacity check, delivery, and only when the
 * data is in the endpoint, the ACK (L1568); old -- dropped and ACKed again;
 * ahead -- dropped, the expected sequence NACKed once, then dropped silently
 * until it comes (or comes damaged: st_abandon lets it be NACKed again);
 * no room or endpoint closed -- dropped and NACKed.
 * Everything that changes protocol state waits for the packet's tail and its
 * CRC: a damaged packet is dropped silently (no ACK, nothing delivered);
 * whatever DMA it had already started only wrote beyond the endpoint's back
 * pointer (AM) or is written again by the retransmission (RM). With
 * GRIM_OPT_RECV_CT the host DMA starts while the packet still arrives, in
 * pieces of whatever arrived while the previous piece moved (Fig 5.11).
 *
 * The common path (an in-order AM or RM-P, or an ACK) runs straight through
 * as few calls and branches as it can: on a 33 MHz LANai 4 each one shows.
 * An AM's back pointer is posted right behind its last data piece once the
 * tail is in with a good CRC (the engine keeps a direction's DMAs in order,
 * so the pointer still lands after the data). */
#include "fw.h"
#ifdef GRIM_MCAST
#include "mcast_fw.h"
#define DELIVERED() (fw_waits.delivered += 1u)   /* the watchdog's progress count (waits.h) */
#else
#define DELIVERED() ((void)0)
#endif
#include "instr.h"
#include "scoreboard.h"
#ifdef GRIM_RC1000
#include "card_fw.h"
#endif

#define rx     (F->rx)
#define rb     (F->rb)
#define cur    (F->cur)
#define posted (F->posted)

static const unsigned wrapmark[2] __attribute__((aligned(8))) = {GRIM_W0(0u, 0u), GRIM_W1(GRIM_T_WRAP, 0u, 0u, 0u)};
static unsigned backle[GRIM_MAX_LC][2] __attribute__((aligned(8)));   /* back offsets in host order */
static unsigned lockval[2] __attribute__((aligned(8)));

#if LANAI_CHIP == 4
#define ORUN_MASK 3u                   /* ORUN1, ORUN2 at bits 8, 9: the unused bytes of the last word */
#else
#define ORUN_MASK 7u                   /* ORUN1, ORUN2, ORUN4 at bits 8..10 */
#endif

AI unsigned bswap(unsigned x) { return (x >> 24) | ((x >> 8) & 0xFF00u) | ((x << 8) & 0xFF0000u) | (x << 24); }

/* ---- buffers ---- */

/* Nothing in hand and the next buffer is the posted one: the main loop need
 * only watch RMP leave its start. */
AI void set_watch(void)
{
    const struct rxbuf *r = &rb[cur];
    F->rx_watch = !rx_at && r->state == RB_FILL ? r->addr : 0u;
}

AI void post(unsigned i)
{
    struct rxbuf *r = &rb[i];
    r->state = RB_FILL;
    r->ok = 1;
    ni_recv_post((void *)r->addr, RXB_BYTES);
    posted = (int)i;
}

void rx_init(void)
{
    rb[0].addr = RXB0;
    rb[1].addr = RXB1;
    cur = 0;
    post(0);
    set_watch();
}

/* RECV_INT / BUFF_INT: the tail of the posted buffer's packet (or a packet
 * longer than any GRIM packet). The other buffer is posted at once when it
 * is free: arming the engine takes its DMA start-up. */
static void rx_events(unsigned isr)
{
    int p = posted;
    if (p < 0) return;
    struct rxbuf *r = &rb[p];
    unsigned a = r->addr;
    if (isr & NI_EV_BUFF) {            /* drain it into the same buffer */
        r->ok = 0;
        ni_ack(NI_EV_BUFF);
        ni_recv_post((void *)a, RXB_BYTES);
        return;
    }
    unsigned crcb = cfg.crcb;
    unsigned len = NI_REG(NI_RMP) - a - ((isr >> 8) & ORUN_MASK) - crcb;
    ni_ack(NI_EV_RECV | NI_ORUN_BITS);
    r->len = len;
    r->state = RB_FULL;
    if (crcb && *(const volatile unsigned char *)(a + len)) r->ok = 0;
    struct rxbuf *o = &rb[p ^ 1];
    if (o->state == RB_FREE) {
        o->state = RB_FILL;
        o->ok = 1;
        ni_recv_post((void *)o->addr, RXB_BYTES);
        posted = p ^ 1;
    } else posted = -1;
    set_watch();
}

/* The packet in hand is done: its buffer is free (and posted if none is). */
static void release(void)
{
    unsigned c = cur;
    rx_at = 0;
    if (rb[c].state == RB_FILL) {      /* am_fast already gave it back to the engine */
        set_watch();
        return;
    }
    rb[c].state = RB_FREE;
    cur = c ^ 1u;
    if (posted < 0) post(c);
    set_watch();
}

AI int full(void) { return rx.b->state == RB_FULL; }
AI int intact(void) { return rx.b->ok && rx.b->len == rx.plen; }
AI int dma_busy(void) { return rx.inflight && (int)(hdma_done(HD, rx.dir) - rx.ticket) < 0; }

/* Send a control message for the packet in hand; 0 if the control queue is full. */
AI int reply(unsigned type, unsigned w0)
{
    I_VAR(t);
    unsigned sw1 = rx.w1, sni = GRIM_EP_NI(GRIM_W1_SRC(sw1));
    unsigned w1 = (type << 26) | ((sw1 & 0x1Fu) << 16) | cfg.me8 | rx.dlc;   /* GRIM_CTL_W1 */
    if (!ctl_now(sni, w0, w1) && !ctl_send(sni, w0, w1)) return 0;
    I_STEP(GRIM_ST_ACKGEN, t);
    return 1;
}

/* ---- control messages received ---- */

AI void ctl_recv(unsigned w0, unsigned w1)
{
    if (GRIM_W1_TYPE(w1) == GRIM_T_ACK) sb_ack(w0, w1);
    else sb_nack(GRIM_CTL_SLC(w1), GRIM_CTL_NI(w1), GRIM_CTL_DLC(w1), GRIM_W0_SEQ(w0));
}

/* An ACK/NACK (or junk) that arrived behind a data packet still being
 * delivered needs no ordering: handle it now. Nothing is posted while both
 * buffers hold packets, so its buffer is posted again at once. */
static void overtake(void)
{
    unsigned o = cur ^ 1u;
    struct rxbuf *r = &rb[o];
    unsigned a = r->addr;
    if (r->len >= 8 && GRIM_W0_ID(W(a)) == GRIM_ID) {
        unsigned w0 = W(a), w1 = W(a + 4), t = GRIM_W1_TYPE(w1);
        if (t != GRIM_T_ACK && t != GRIM_T_NACK) return;      /* data waits its turn */
        if (r->ok && r->len == GRIM_CTL_BYTES) ctl_recv(w0, w1);
    }
    r->state = RB_FREE;
    post(o);
}

/* ---- stages: refused, duplicate, damaged ---- */

static void st_drop(void)
{
    if (full()) release();
}

static void st_ctl(void)
{
    if (!full()) return;
    if (rx.b->ok && rx.b->len == GRIM_CTL_BYTES) ctl_recv(W(rx.base), W(rx.base + 4));
    release();
}

static void st_dup(void)
{
    if (!full()) return;
    if (intact()) {
        if (!reply(GRIM_T_ACK, rx.w0)) return;
        BUMP(rx.dlc, GRIM_L_DUPS);
    }
    release();
}

static void st_ahead(void)
{
    if (!full()) return;
    if (intact()) {
        unsigned char *nack = rx.exp + cfg.rnack_off;
        if (!*nack) {
            if (!reply(GRIM_T_NACK, GRIM_W0(0u, *rx.exp))) return;
            *nack = 1;
        }
        BUMP(rx.dlc, GRIM_L_NACKS_SENT);
    }
    release();
}

static void st_refuse(void)
{
    if (!full()) return;
    if (intact()) {
        if (!reply(GRIM_T_NACK, rx.w0)) return;
        rx.exp[cfg.rnack_off] = 1;
        BUMP(rx.dlc, GRIM_L_NACKS_SENT);
    }
    release();
}

/* The in-order packet arrived damaged: let its DMAs finish, then forget it.
 * Its stream may NACK again: the next packet of it that is ahead asks for
 * this one at once, instead of every damaged resend waiting a whole
 * retransmission period (on a noisy link, most of them). */
static void st_abandon(void)
{
    if (dma_busy()) return;
    rx.exp[cfg.rnack_off] = 0;
    release();
}

/* ---- stages: the end of a delivery ---- */

static void st_ack(void)            /* the data is in the endpoint: acknowledge it */
{
    if (!reply(GRIM_T_ACK, rx.w0)) return;
    unsigned char *e = rx.exp;
    e[0] = (unsigned char)(e[0] + 1u);
    e[cfg.rnack_off] = 0;
    if (!rx.undeliv) {
        LD(lcd(rx.dlc), GRIM_L_DELIVERED) += 1u;
        DELIVERED();
    }
    release();
}

static void st_ackonly(void)        /* delivered and counted; the ACK could not go yet */
{
    if (reply(GRIM_T_ACK, rx.w0)) release();
}

AI void to_ack(void)
{
    rx_at = st_ack;
    st_ack();
}

static void st_undeliv(void)        /* acknowledged, counted, not delivered */
{
    if (dma_busy() || !full()) return;
    rx.inflight = 0;
    if (!intact()) {
        release();
        return;
    }
    BUMP(rx.dlc, GRIM_L_ERRORS);
    rx.undeliv = 1;
    to_ack();
}

static int map_entry(int i, unsigned va)
{
    unsigned e = xlat_entry(i), n = W(e + GRIM_X_NRUNS);
    if (n > GRIM_X_MAX_RUNS) n = GRIM_X_MAX_RUNS;
    return runs_table(&rx.map, (const volatile unsigned *)(e + GRIM_X_RUNS), n, va - W(e + GRIM_X_VA));
}

static void st_lockdma(void)
{
    if (!rx.inflight) {
        if (!hdma_may_post(HD)) return;
        if (map_entry((int)rx.lockent, rx.lockva) || !runs_post(&rx.map, HDMA_TO_HOST, (unsigned)lockval, 4u, &rx.ticket)) {
            BUMP(rx.dlc, GRIM_L_ERRORS);
            rx_at = st_ack;
            return;
        }
        rx.inflight = 1;
        return;
    }
    if (dma_busy()) return;
    rx.inflight = 0;
    I_STEP(GRIM_ST_LOCK, rx.tdma);
    to_ack();
}

static void st_lockw(void)
{
    int i = xlat_poll(rx.dlc, rx.lockva, 4u);
    if (i == XL_WAIT) return;
    if (i < 0) {
        BUMP(rx.dlc, GRIM_L_ERRORS);
        rx_at = st_ack;
        return;
    }
    rx.lockent = (unsigned)i;
    rx_at = st_lockdma;
}

static void st_lock(void)
{
    int i = xlat_lookup(rx.dlc, rx.lockva, 4u);
    if (i < 0) {
        xlat_request(rx.dlc, rx.lockva, 4u);
        rx_at = st_lockw;
        return;
    }
    rx.lockent = (unsigned)i;
    rx_at = st_lockdma;
    st_lockdma();
}

/* ---- the AM back pointer (Table 5.2) ---- */

/* The endpoint's new back offset, in SRAM and in host order ready for its
 * DMA; the back pointer's bus address (0: the endpoint has none). */
AI unsigned ptr_prep(void)
{
    I_VAR(t1);
    volatile unsigned *d = lcd(rx.dlc);
    unsigned nb = rx.slot + rx.mlen, bp = LD(d, GRIM_L_AM_BACK_PHYS);
    LD(d, GRIM_L_AM_BACK) = nb;
    backle[rx.dlc][0] = bswap(nb);
    I_STEP(GRIM_ST_AM_PTR, t1);
    return bp;
}

AI void ptr_go(unsigned bp)
{
    I_ONLY(rx.dticket = rx.ticket; rx.tptr = instr_now();)
    rx.ticket = hdma_post(HD, HDMA_TO_HOST, (unsigned)backle[rx.dlc], 4u, bp);
    rx.inflight = 1;
    rx.ptr = 1;
}

/* The back pointer is on its way (behind the data if that still moves). */
static void st_ptr(void)
{
    I_ONLY(if (rx.tdma > 1u && (int)(hdma_done(HD, HDMA_TO_HOST) - rx.dticket) >= 0) {
        instr_add(GRIM_ST_AM_DMA, instr_now() - rx.tdma);     /* the data is in host memory */
        rx.tdma = 1u;
        rx.tptr = instr_now();         /* the pointer's own time starts now */
    })
    if (dma_busy()) return;
    rx.inflight = 0;
    I_STEP(GRIM_ST_AM_PTR_DMA, rx.tptr);
    to_ack();
}

/* The pointer is posted: wait for it on the spot (a small delivery), or in
 * the main loop. */
AI void ptr_wait(int spin)
{
    rx_at = st_ptr;
    if (spin) {
#ifdef GRIM_INSTR
        while (rx_at == st_ptr) st_ptr();   /* it also times the data and the pointer apart */
#else
        while (dma_busy()) {}
        rx.inflight = 0;
        to_ack();
#endif
    }
}

/* All data delivered: the AM back pointer (after the data) or the RM lock. */
static void finish(void)
{
    if (rx.type == GRIM_T_AM) {
        if (!hdma_may_post(HD)) {
            rx_at = finish;
            return;
        }
        unsigned bp = ptr_prep();
        if (!bp) {
            to_ack();
            return;
        }
        ptr_go(bp);
        ptr_wait(1);                   /* 4 bytes */
        return;
    }
    rx.lockva = rx.type == GRIM_T_RMRV_REPLY ? W(rx.base + 28) : W(rx.base + 20);
    lockval[0] = rx.type == GRIM_T_RMRV_REPLY ? 0u : bswap(W(rx.base + 24));
    if (!rx.lockva) {
        to_ack();
        return;
    }
    I_SET(rx.tdma);
    rx_at = st_lock;
    st_lock();
}

/* ---- delivery: the data to host memory, in pieces ---- */

/* A DMA this small finishes sooner than a pass of the main loop would
 * notice it (about 2 us on either chip): wait for it on the spot. */
#define SPIN_DMA_BYTES 64u

/* The tail of the packet in hand has come if RECV_INT says so (it is in
 * the posted buffer): 1 if it is now full. */
AI int tail_now(void)
{
    unsigned e = ni_events();
    if (e & (NI_EV_RECV | NI_EV_BUFF)) {
        rx_events(e);
        return full();
    }
    return 0;
}

#define NO_RUN (~0u)
/* The unusual pieces: a WRAP header first, or the next piece along the
 * physical runs. The piece's size (0: only the WRAP went), NO_RUN if the
 * runs end before the data. */
static unsigned post_odd(unsigned done, unsigned limit)
{
    if (rx.wrap) {                     /* the WRAP header at the old back, then the message at 0 */
        rx.wrap = 0;
        volatile unsigned *d = lcd(rx.dlc);
        rx.ticket = hdma_post(HD, HDMA_TO_HOST, (unsigned)wrapmark, 8u, LD(d, GRIM_L_AM_PHYS) + LD(d, GRIM_L_AM_BACK));
        if (done >= limit) return 0;
        if (!rx.map.n) {
            rx.ticket = hdma_post(HD, HDMA_TO_HOST, rx.base + rx.src + done, limit - done, rx.map.phys + done);
            return limit - done;
        }
    }
    unsigned n = runs_post(&rx.map, HDMA_TO_HOST, rx.base + rx.src + done, limit - done, &rx.ticket);
    return n ? n : NO_RUN;
}

/* The tail of the posted buffer's packet -- the one in hand -- as RECV_INT
 * (in e) and RMP tell it, before rx_events does the bookkeeping: 1 in and
 * intact, 0 not in yet, -1 in but damaged or cut. (BUFF_INT is not a tail.) */
AI int tail_verdict(unsigned e)
{
    if (!(e & NI_EV_RECV)) return 0;
    unsigned a = rx.base, crcb = cfg.crcb;
    unsigned len = NI_REG(NI_RMP) - a - ((e >> 8) & ORUN_MASK) - crcb;
    if (len != rx.plen || (crcb && *(const volatile unsigned char *)(a + len))) return -1;
    return 1;
}

/* The whole of an AM is posted (piece: the last DMA): once the tail is in
 * with a good CRC the back pointer follows the data -- chained right behind
 * it (LANai 9), or started the moment the data is in (LANai 4, a small
 * piece; a large one is finished from the main loop). The tail's
 * bookkeeping waits until the pointer moves. 1 if the stage moved on. */
static __attribute__((noinline)) int am_last(unsigned piece, int isfull)
{
    unsigned e = 0;
    if (isfull) {
        if (!intact()) {               /* damaged: no pointer, no ACK */
            rx_at = st_abandon;
            return 1;
        }
    } else {
        e = ni_events();
        if (e & NI_EV_BUFF) {          /* longer than the buffer: drained, then dropped */
            rx_events(e);
            return 0;
        }
        int v = tail_verdict(e);
        if (v <= 0) {
            if (v < 0) {
                rx_events(e);
                rx_at = st_abandon;
                return 1;
            }
            return 0;                  /* the tail is not in: st_deliver finishes */
        }
    }
    if (!HDMA_CHAINS && piece > SPIN_DMA_BYTES) {
        if (e) rx_events(e);
        return 0;
    }
    unsigned bp = ptr_prep();
    if (!bp) {
        if (e) rx_events(e);
        return 0;                      /* no pointer to write: st_deliver acknowledges */
    }
#ifdef GRIM_INSTR
    /* The data alone, recorded before the pointer goes: chained behind it,
     * the pointer could land (and the host read GRIM_STATS) before a later
     * pass of the main loop saw the data done. */
    hdma_wait(HD, HDMA_TO_HOST, rx.ticket);
    if (rx.tdma > 1u) instr_add(GRIM_ST_AM_DMA, instr_now() - rx.tdma);
    rx.tdma = 1u;
#endif
    I_ONLY(rx.dticket = rx.ticket; rx.tptr = instr_now();)
    rx.ticket = hdma_post_after(HD, rx.ticket, HDMA_TO_HOST, (unsigned)backle[rx.dlc], 4u, bp);
    rx.inflight = 1;
    rx.ptr = 1;
    if (e) rx_events(e);               /* the tail's bookkeeping while the pointer moves */
    ptr_wait(piece <= SPIN_DMA_BYTES);
    return 1;
}

/* Deliver what has arrived, piece by piece (one DMA in flight). */
static void st_deliver(void)
{
    for (;;) {
        const struct rxbuf *b = rx.b;
        int isfull = b->state == RB_FULL;
        if (isfull && !(b->ok && b->len == rx.plen)) {
            rx_at = st_abandon;
            return;
        }
        if (dma_busy()) break;
        rx.inflight = 0;
        unsigned total = rx.total, done = rx.posted_b, limit = total;
        I_ONLY(if (total && done == total && rx.tdma > 1u) {   /* the data is in host memory */
            instr_add(rx.type == GRIM_T_AM ? GRIM_ST_AM_DMA : GRIM_ST_RM_DMA, instr_now() - rx.tdma);
            rx.tdma = 1u;
        })
        if (!isfull) {                 /* cut-through: what has arrived, in whole 8-byte words */
            if (!(cfg.opts & GRIM_OPT_RECV_CT)) {
                if (tail_now()) continue;
                break;
            }
            limit = (NI_REG(NI_RMP) - rx.base - rx.src) & ~7u;   /* a header is in: never below src */
            if (limit > total) limit = total;
        }
        if (done >= limit && !rx.wrap) {
            if (isfull) {
                finish();
                return;
            }
            if (tail_now()) continue;
            break;
        }
        if (!hdma_may_post(HD)) break;
        I_ONLY(if (!rx.tdma) rx.tdma = instr_now();)
        unsigned piece;
        if (rx.wrap | rx.map.n) {
            piece = post_odd(done, limit);
            if (piece == NO_RUN) {
                rx_at = st_undeliv;
                return;
            }
        } else {                       /* contiguous: the common case */
            piece = limit - done;
            rx.ticket = hdma_post(HD, HDMA_TO_HOST, rx.base + rx.src + done, piece, rx.map.phys + done);
        }
        rx.inflight = 1;
        done += piece;
        rx.posted_b = done;
        if (done == total && rx.type == GRIM_T_AM && am_last(piece, isfull)) return;
        if (done < total || piece > SPIN_DMA_BYTES) break;
        while (dma_busy()) {}          /* the last, small piece */
    }
    rx_at = st_deliver;
}

static void st_xwait(void)
{
    int i = xlat_poll(rx.dlc, W(rx.base + 16), rx.pbytes);
    if (i == XL_WAIT) return;
    if (i < 0 || map_entry(i, W(rx.base + 16))) rx_at = st_undeliv;
    else st_deliver();
}

static void st_xlat(void)
{
    unsigned va = W(rx.base + 16);
    int i = xlat_lookup(rx.dlc, va, rx.pbytes);
    if (i >= 0) {
        if (map_entry(i, va)) rx_at = st_undeliv;
        else st_deliver();
        return;
    }
    xlat_request(rx.dlc, va, rx.pbytes);
    rx_at = st_xwait;
}

/* ---- RM-RV: fetch the data into a reply on the reply LC ---- */

static void st_rv_fetch(void)
{
    if (dma_busy()) return;
    rx.inflight = 0;
    if (rx.posted_b < rx.total) {
        if (!hdma_may_post(HD)) return;
        unsigned n = runs_post(&rx.map, HDMA_FROM_HOST, rx.rvslot + GRIM_HDR_BYTES + rx.posted_b,
                               rx.total - rx.posted_b, &rx.ticket);
        if (!n) {
            rx_at = st_undeliv;
            return;
        }
        rx.dir = HDMA_FROM_HOST;
        rx.posted_b += n;
        rx.inflight = 1;
        return;
    }
    rv_commit();                       /* the reply leaves when the link has nothing better to do */
    rx.dir = HDMA_TO_HOST;
    to_ack();
}

static void st_rv_room(void)
{
    if (!full()) return;
    if (!intact()) {
        release();
        return;
    }
    unsigned a1 = W(rx.base + 20), a2 = W(rx.base + 24), a3 = W(rx.base + 28);
    unsigned words = (a2 + 3u) / 4u;
    unsigned hdr[8] = {GRIM_W0(0u, 0u), GRIM_W1(GRIM_T_RMRV_REPLY, words * 4u - a2, 0u, GRIM_EP(cfg.me, cfg.rvlc)),
                       GRIM_W2(words, GRIM_W1_SRC(rx.w1)), GRIM_W3(cfg.rvlc, 0u), a1, 0u, 0u, a3};
    rx.rvslot = rv_reserve(GRIM_HDR_BYTES + words * 4u, hdr);
    if (!rx.rvslot) {                  /* no room for the reply now: the requester sends it again */
        rx_at = st_refuse;
        st_refuse();
        return;
    }
    rx.total = a2;
    rx.posted_b = 0;
    rx_at = st_rv_fetch;
    st_rv_fetch();
}

static void st_rv_xwait(void)
{
    unsigned va = W(rx.base + 16), n = W(rx.base + 24);
    int i = xlat_poll(rx.dlc, va, n);
    if (i == XL_WAIT) return;
    if (i < 0 || map_entry(i, va)) rx_at = st_undeliv;
    else rx_at = st_rv_room;
}

static void st_rv_xlat(void)
{
    unsigned va = W(rx.base + 16), n = W(rx.base + 24);
    int i = xlat_lookup(rx.dlc, va, n);
    if (i >= 0) {
        if (map_entry(i, va)) rx_at = st_undeliv;
        else {
            rx_at = st_rv_room;
            st_rv_room();
        }
        return;
    }
    xlat_request(rx.dlc, va, n);
    rx_at = st_rv_xwait;
}

/* ---- the head of a packet ---- */

/* The first piece of a contiguous delivery (AM slot or RM-P address) at
 * once, from what is known here; st_deliver goes on. a: bytes in. */
AI void first_post(unsigned src, unsigned total, unsigned phys, unsigned a, int isfull)
{
    rx.src = src;
    rx.total = total;
    rx.map.phys = phys;
    rx_at = st_deliver;
    unsigned limit = total;
    if (!isfull) {
        limit = (a - src) & ~7u;       /* cut-through: whole 8-byte words */
        if (limit > total) limit = total;
    }
    if (!limit || !hdma_may_post(HD) || (!isfull && !(cfg.opts & GRIM_OPT_RECV_CT))) {
        st_deliver();
        return;
    }
    I_ONLY(rx.tdma = instr_now();)
    rx.ticket = hdma_post(HD, HDMA_TO_HOST, rx.base + src, limit, phys);
    rx.inflight = 1;
    rx.posted_b = limit;
    if (limit < total) return;
    if (rx.type == GRIM_T_AM && am_last(limit, isfull)) return;
    if (limit <= SPIN_DMA_BYTES) {
        while (dma_busy()) {}          /* small: wait on the spot */
        st_deliver();
    }
}

/* Capacity check and delivery plan of an in-order message; a contiguous
 * delivery starts here. a: bytes in. */
AI void plan(unsigned type, unsigned dlc, unsigned a, int isfull)
{
    volatile unsigned *d = lcd(dlc);
    void (*next)(void) = st_refuse;
#ifdef GRIM_RC1000
    if (card_claims(dlc)) {            /* the RC-1000's LC: card_rx.c */
        next = card_rx;
        goto go;
    }
#endif
    if (!LD(d, GRIM_L_OPEN)) goto go;
    rx.posted_b = 0;
    rx.inflight = 0;
    rx.wrap = 0;
    rx.ptr = 0;
    rx.undeliv = 0;
    rx.map.n = 0;
    rx.dir = HDMA_TO_HOST;
    I_ONLY(rx.tdma = 0;)
    if (type == GRIM_T_AM) {
        unsigned phys = LD(d, GRIM_L_AM_PHYS), size = LD(d, GRIM_L_AM_SIZE);
        unsigned front = LD(d, GRIM_L_AM_FRONT), back = LD(d, GRIM_L_AM_BACK), m = rx.mlen, slot = back;
        if (!phys || back >= size) goto go;
        if (front >= size) front = 0;
        if (back >= front) {           /* keep 8 bytes spare, never end exactly at the end */
            if (m >= size - back) {
                if (m >= front) goto go;
                slot = 0;
                rx.wrap = 1;
            }
        } else if (m >= front - back) goto go;
        rx.slot = slot;
        I_STEP(GRIM_ST_CAPACITY, rx.t0);
        if (!rx.wrap) {
            first_post(0u, m, phys + slot, a, isfull);   /* header and payload, rounded to 8 */
            return;
        }
        rx.map.phys = phys + slot;
        rx.src = 0;
        rx.total = m;
        next = st_deliver;
        goto go;
    }
    I_STEP(GRIM_ST_CAPACITY, rx.t0);
    /* A target or lock address that is not word aligned would fault the
     * LANai 4's DMA engine: dropped, ACKed, counted (st_undeliv). */
    unsigned al = W(rx.base + 16) | (type == GRIM_T_RMRV_REPLY ? 0u : W(rx.base + 20)) |
                  (type == GRIM_T_RMP || type == GRIM_T_RMV ? 0u : W(rx.base + 28));
    if (al & 3u) {
        next = st_undeliv;
        goto go;
    }
    if (type == GRIM_T_RMP) {
        first_post(GRIM_HDR_BYTES, rx.pbytes, W(rx.base + 16), a, isfull);
        return;
    }
    rx.src = GRIM_HDR_BYTES;
    rx.total = rx.pbytes;
    if (type == GRIM_T_RMV || type == GRIM_T_RMRV_REPLY) next = rx.pbytes ? st_xlat : st_deliver;
    else if (!cfg.rvlc || W(rx.base + 24) > GRIM_MTU) next = st_undeliv;   /* RM-RV: no reply LC, or too long */
    else next = W(rx.base + 24) ? st_rv_xlat : st_rv_room;
go:
    rx_at = next;
    next();
}

/* A control message is arriving in the posted buffer, nothing before it:
 * its tail follows within a few cycles, so wait for it here, handle the
 * message, and post the same buffer again -- no buffer changes hands. 0 if
 * the tail does not come at once (the general path takes over). */
static int ctl_fast(void)
{
    unsigned a = rx.base, e, k = 8;
    while (!((e = ni_events()) & (NI_EV_RECV | NI_EV_BUFF)))
        if (!--k) return 0;
    if (e & NI_EV_BUFF) return 0;
    unsigned crcb = cfg.crcb, len = NI_REG(NI_RMP) - a - ((e >> 8) & ORUN_MASK) - crcb;
    unsigned w0 = W(a), w1 = W(a + 4);
    int ok = len == GRIM_CTL_BYTES && GRIM_W0_ID(w0) == GRIM_ID &&
             !(crcb && *(const volatile unsigned char *)(a + len));
    ni_ack(NI_EV_RECV | NI_ORUN_BITS);
    ni_recv_post((void *)a, RXB_BYTES);   /* the same buffer takes the next packet */
    rx_at = 0;
    F->rx_watch = a;
    if (ok) ctl_recv(w0, w1);
    return 1;
}

/* Fewer than 32 bytes in: a control message (8 bytes), junk, a runt, or a
 * data header still arriving. */
static __attribute__((noinline)) void head_short(unsigned a, int isfull)
{
    unsigned base = rx.base;
    if (a >= 8u) {
        unsigned w0 = W(base), w1 = W(base + 4), type = GRIM_W1_TYPE(w1);
        if (GRIM_W0_ID(w0) != GRIM_ID) {
            rx_at = st_drop;
            st_drop();
            return;
        }
        if (type - GRIM_T_ACK <= GRIM_T_NACK - GRIM_T_ACK) {   /* ACK or NACK */
            if (!isfull) {
                if (!ctl_fast()) rx_at = st_ctl;
                return;
            }
            if (rx.b->ok && a == GRIM_CTL_BYTES) ctl_recv(w0, w1);
            release();
            return;
        }
    }
    if (isfull) release();             /* a runt */
}

/* The first bytes are in: a data header to decode, check for sequence and
 * capacity, and start delivering (anything shorter: head_short). */
static void st_head(void)
{
    unsigned base = rx.base;
    const struct rxbuf *b = rx.b;
    int isfull = b->state == RB_FULL;
    unsigned a = isfull ? b->len : NI_REG(NI_RMP) - base;
    if (a < GRIM_HDR_BYTES) {
        head_short(a, isfull);
        return;
    }
    unsigned w0 = W(base), w1 = W(base + 4), w2 = W(base + 8), type = GRIM_W1_TYPE(w1);
    unsigned words = GRIM_W2_WORDS(w2), corr = GRIM_W1_CORR(w1);
    unsigned src = GRIM_W1_SRC(w1), dlc = GRIM_W2_DST(w2) - cfg.me8;
    /* GRIM, a data type, for us (NI and LC), from a known NI and LC < 32, a sane length */
    if (GRIM_W0_ID(w0) != GRIM_ID || type - GRIM_T_AM > GRIM_T_RMRV_REPLY - GRIM_T_AM || dlc >= cfg.nlc ||
        src >= cfg.srclim || (src & 0xE0u) || words > GRIM_MTU / 4u || corr > words * 4u) {
#ifdef GRIM_MCAST
        if (type - GRIM_T_MC <= GRIM_T_MCUPD - GRIM_T_MC) {
            mc_rx();                   /* multicast: mcast_rx.c */
            return;
        }
#endif
        rx_at = st_drop;               /* not for us, or damaged (an 8-byte control message is not here) */
        st_drop();
        return;
    }
    unsigned plen = GRIM_HDR_BYTES + words * 4u;
    rx.w0 = w0;
    rx.w1 = w1;
    rx.type = type;
    rx.dlc = dlc;
    rx.plen = plen;
    rx.pbytes = words * 4u - corr;
    rx.mlen = GRIM_ROUND8(plen);
    I_STEP(GRIM_ST_DECODE, rx.t0);
    I_VAR(t1);
    /* expected sequence of (sni, slc, dlc) at [(sni << 5 | slc) << lsh | dlc] */
    unsigned char *exp = cfg.rexp + (((((src >> 3) & ~0x1Fu) | (src & 0x1Fu)) << cfg.lsh) | dlc);
    unsigned d = (w0 - *exp) & 0xFFu;
    rx.exp = exp;
    I_STEP(GRIM_ST_SEQCHECK, t1);
    if (d) {
        void (*next)(void) = d >= 128u ? st_dup : st_ahead;
        rx_at = next;
        next();
        return;
    }
    I_SET(rx.t0);                      /* the capacity check starts */
    plan(type, dlc, a, isfull);
}

/* The fast paths' packet in hand while they run (rx_events and set_watch
 * look at rx_at); never called. */
static void st_busy(void) {}

/* The end of a fast delivery: its data went at ticket t-1 or so and its
 * notification (AM back pointer or RM lock) behind it with ticket t (or t is
 * the data's, without one). The tail's bookkeeping and the ACK are made
 * ready while they move (the link cannot get busy meanwhile); the ACK goes
 * the moment the last DMA is in host memory. On LANai 4 a notification
 * starts only once the data has been read, so the buffer goes straight
 * back to the engine. */
AI void fast_end(unsigned t, int notified, unsigned base, unsigned w0, unsigned w1, unsigned dlc, int isfull,
                     unsigned e)
{
    /* (the instrumented build times each step alone: it waits here) */
    I_ONLY(if (notified) {
        hdma_wait(HD, HDMA_TO_HOST, t);
        instr_add(rx.type == GRIM_T_AM ? GRIM_ST_AM_PTR_DMA : GRIM_ST_LOCK, instr_now() - rx.tptr);
    })
    int again = !isfull && !HDMA_CHAINS && notified;
    if (again) {
        ni_ack(NI_EV_RECV | NI_ORUN_BITS);
        ni_recv_post((void *)base, RXB_BYTES);
    }
    I_VAR(ta);
    unsigned src = GRIM_W1_SRC(w1), sni = GRIM_EP_NI(src), n = cfg.rtlen[sni], r = 0;
    if (!F->ctlblk && send_idle() && n != 0xFFu) {
        r = opaque(rt_route(sni));
        W(r) = w0;                     /* GRIM_W0(token, sequence) of the data */
        W(r + 4) = (GRIM_T_ACK << 26) | ((src & 0x1Fu) << 16) | cfg.me8 | dlc;
    }
    I_ONLY(ta = instr_now() - ta;)     /* the ACK made ready; its start follows */
    hdma_wait(HD, HDMA_TO_HOST, t);
    if (r) {
        I_VAR(tb);
        seg_send(r - n, n + GRIM_CTL_BYTES, 1);
        I_ONLY(instr_add(GRIM_ST_ACKGEN, ta + instr_now() - tb);)
    }
    /* the rest is off the critical path */
    if (!isfull && !again) rx_events(e);   /* the tail's bookkeeping */
    if (!r) {
        rx.w0 = w0;
        rx.w1 = w1;
        rx.dlc = dlc;
        if (!reply(GRIM_T_ACK, w0)) {
            rx_at = st_ackonly;        /* the control queue is full: the ACK later */
            return;
        }
    }
    if (again) {                       /* nothing to free: watch the buffer again */
        rx_at = 0;
        F->rx_watch = base;
    } else release();
}

/* An in-order RM-P or RM-V, all in with a good CRC: its data to one
 * contiguous target (RM-P: a0; RM-V: a0 translated by a cached entry), then
 * the lock (a1, translated while the data moves; a2 in host order) behind
 * it. 0 if the data needs more than that (nothing changed: the staged path
 * takes it); a lock that does hands the packet, its data on the way, to the
 * staged path. */
static __attribute__((noinline)) int rm_fast(unsigned base, unsigned w0, unsigned w1, unsigned dlc, unsigned pbytes,
                                             unsigned char *x, int isfull, unsigned e)
{
    volatile unsigned *d = lcd(dlc);
    unsigned va = W(base + 16), lva = W(base + 20), type = GRIM_W1_TYPE(w1), phys, lphys = 0;
    if (!pbytes || !LD(d, GRIM_L_OPEN) || ((va | lva) & 3u)) return 0;   /* unaligned: plan() drops it */
    if (type == GRIM_T_RMP) phys = va;
    else {
        phys = xlat_phys(dlc, va, pbytes);
        if (!phys) return 0;           /* a miss, or more than one run */
    }
    rx_at = st_busy;
    F->rx_watch = 0;
    I_ONLY(rx.type = type; rx.tdma = instr_now();)
    unsigned t = hdma_post(HD, HDMA_TO_HOST, base + GRIM_HDR_BYTES, pbytes, phys);
    I_ONLY(hdma_wait(HD, HDMA_TO_HOST, t);   /* (the instrumented build times the DMA alone) */
           instr_add(GRIM_ST_RM_DMA, instr_now() - rx.tdma);)
    I_VAR(t1);                         /* the lock update: its translation and its DMA */
    if (lva) {                         /* the lock, translated while the data moves */
        lphys = xlat_phys(dlc, lva, 4u);
        if (!lphys) {                  /* more than the fast path does: the staged path takes over */
            rx.type = type;
            rx.dlc = dlc;
            rx.w0 = w0;
            rx.w1 = w1;
            rx.plen = GRIM_HDR_BYTES + GRIM_W2_WORDS(W(base + 8)) * 4u;
            rx.pbytes = pbytes;
            rx.exp = x;
            rx.src = GRIM_HDR_BYTES;
            rx.total = rx.posted_b = pbytes;   /* all of the data is on its way */
            rx.map.n = 0;
            rx.wrap = rx.ptr = rx.undeliv = 0;
            rx.dir = HDMA_TO_HOST;
            rx.ticket = t;
            rx.inflight = 1;
            I_ONLY(rx.tdma = 1u;)
            rx_at = st_deliver;        /* (it sees the tail, then finish() does the lock) */
            return 1;
        }
    }
    I_ONLY(rx.tptr = t1;)              /* the lock: its translation, then its DMA */
    lockval[0] = bswap(W(base + 24));
    if (lphys) t = hdma_post_after(HD, t, HDMA_TO_HOST, (unsigned)lockval, 4u, lphys);
    x[0] = (unsigned char)(x[0] + 1u);   /* the delivery is certain: its protocol state */
    x[cfg.rnack_off] = 0;
    LD(d, GRIM_L_DELIVERED) += 1u;
    DELIVERED();
    fast_end(t, lphys != 0, base, w0, w1, dlc, isfull, e);
    return 1;
}

/* The common packet, start to finish with everything in registers: an
 * ACK/NACK (ctl_fast), an in-order AM that is all in with a good CRC (its
 * tail seen now or before) and fits the ring without a WRAP (here), or such
 * an RM-P / RM-V (rm_fast). The data, its notification right behind it
 * (hdma_post_after), the rest in fast_end. Anything else goes to the staged
 * path (st_head), which decodes the header again. */
static __attribute__((noinline)) void rx_fast(void)
{
    unsigned base = rx.base;
    const struct rxbuf *b = rx.b;
    int isfull = b->state == RB_FULL;
    unsigned a = isfull ? b->len : NI_REG(NI_RMP) - base;
    if (a < GRIM_HDR_BYTES) {
        if (isfull) {
            head_short(a, 1);
            return;
        }
        /* Its first word is in and the rest follows at link speed: a
         * control message or a data header is a few cycles away. (Not
         * there at once: the next pass looks again.) */
        unsigned k = 8;
        while ((a = NI_REG(NI_RMP) - base) < 8u)
            if (!--k) return;
        if (GRIM_W1_TYPE(W(base + 4)) - GRIM_T_ACK <= GRIM_T_NACK - GRIM_T_ACK) {
            if (!ctl_fast()) head_short(a, 0);
            return;
        }
        for (k = 16; (a = NI_REG(NI_RMP) - base) < GRIM_HDR_BYTES;)
            if (!--k || (ni_events() & (NI_EV_RECV | NI_EV_BUFF))) {
                head_short(a, 0);
                return;
            }
    }
    unsigned w0 = W(base), w1 = W(base + 4), w2 = W(base + 8), type = GRIM_W1_TYPE(w1);
    unsigned words = GRIM_W2_WORDS(w2), src = GRIM_W1_SRC(w1), dlc = GRIM_W2_DST(w2) - cfg.me8;
    /* GRIM, an AM / RM-P / RM-V, for us (NI and LC), from a known NI and LC < 32, a sane length */
    if (GRIM_W0_ID(w0) != GRIM_ID || type - GRIM_T_AM > GRIM_T_RMV - GRIM_T_AM || dlc >= cfg.nlc ||
        src >= cfg.srclim || (src & 0xE0u) || words > GRIM_MTU / 4u || GRIM_W1_CORR(w1) > words * 4u)
        goto staged;
    unsigned plen = GRIM_HDR_BYTES + words * 4u;
    I_STEP(GRIM_ST_DECODE, rx.t0);
    I_VAR(t1);
    unsigned char *x = cfg.rexp + (((((src >> 3) & ~0x1Fu) | (src & 0x1Fu)) << cfg.lsh) | dlc);
    if ((w0 ^ *x) & 0xFFu) goto staged;   /* out of order: the staged path answers */
    I_STEP(GRIM_ST_SEQCHECK, t1);
    unsigned e = 0, crcb = cfg.crcb;
    if (isfull) {
        if (!b->ok || b->len != plen) goto staged;
    } else {                           /* the tail, as RECV_INT and RMP tell it */
        e = ni_events();
        if (!(e & NI_EV_RECV)) goto staged;
        unsigned len = NI_REG(NI_RMP) - base - ((e >> 8) & ORUN_MASK) - crcb;
        if (len != plen || (crcb && *(const volatile unsigned char *)(base + len))) goto staged;
    }
    if (!hdma_may_post(HD)) goto staged;
    I_SET(t1);                         /* the capacity check */
    if (type != GRIM_T_AM) {
        if (rm_fast(base, w0, w1, dlc, words * 4u - GRIM_W1_CORR(w1), x, isfull, e)) return;
        goto staged;
    }
    volatile unsigned *d = lcd(dlc);
    unsigned m = GRIM_ROUND8(plen), phys = LD(d, GRIM_L_AM_PHYS), size = LD(d, GRIM_L_AM_SIZE);
    unsigned front = LD(d, GRIM_L_AM_FRONT), back = LD(d, GRIM_L_AM_BACK);
    if (!LD(d, GRIM_L_OPEN) || !phys || back >= size) goto staged;
    if (front >= size) front = 0;
    if (back >= front ? m >= size - back : m >= front - back) goto staged;   /* full, or only after a WRAP */
    I_STEP(GRIM_ST_CAPACITY, t1);
    rx_at = st_busy;
    F->rx_watch = 0;
    I_ONLY(rx.type = GRIM_T_AM; rx.tdma = instr_now();)
    unsigned t = hdma_post(HD, HDMA_TO_HOST, base, m, phys + back);
    I_ONLY(hdma_wait(HD, HDMA_TO_HOST, t);   /* (the instrumented build times the DMA alone) */
           instr_add(GRIM_ST_AM_DMA, instr_now() - rx.tdma);)
    /* while the data moves: the pointer; then, the pointer on its way, the
     * delivery's protocol state (it is certain now) */
    I_SET(t1);
    unsigned nb = back + m, bp = LD(d, GRIM_L_AM_BACK_PHYS);
    unsigned *le = backle[dlc];
    LD(d, GRIM_L_AM_BACK) = nb;
    le[0] = bswap(nb);
    I_STEP(GRIM_ST_AM_PTR, t1);
    I_SET(rx.tptr);
    if (bp) t = hdma_post_after(HD, t, HDMA_TO_HOST, (unsigned)le, 4u, bp);
    x[0] = (unsigned char)(x[0] + 1u); /* the delivery is certain: its protocol state */
    x[cfg.rnack_off] = 0;
    LD(d, GRIM_L_DELIVERED) += 1u;
    DELIVERED();
    fast_end(t, bp != 0, base, w0, w1, dlc, isfull, e);
    return;
staged:
    rx_at = st_head;
    st_head();
}

/* Nothing in hand: has the next packet begun to arrive? */
AI void rx_start(void)
{
    struct rxbuf *r = &rb[cur];
    unsigned a = r->addr;
    if (r->state == RB_FILL && NI_REG(NI_RMP) == a) return;
    rx.b = r;
    rx.base = a;
    I_SET(rx.t0);
    F->rx_watch = 0;
    rx_fast();
}

/* The packet in hand (or the next one) first -- its DMA may start before
 * the tail is seen -- then the posted buffer's tail, then a control
 * message that may overtake. */
void rx_poll(void)
{
    if (rx_at) rx_at();
    else rx_start();
    if (!rx_at) rx_start();            /* done with one: the next may be in already */
    unsigned e = ni_events();
    if (e & (NI_EV_RECV | NI_EV_BUFF)) {
        rx_events(e);
        if (rx_at) rx_at();
        else rx_start();
    }
    if (rx_at && rb[cur ^ 1u].state == RB_FULL) overtake();
}

#ifdef GRIM_RC1000
/* The stages the card's receive stage (card_rx.c) ends in. */
static void card_release(void) { release(); }
const struct card_rx_ops card_rx_ops = {card_release, st_ack};
#endif

#ifdef GRIM_MCAST
/* The stages the multicast receive path (mcast_rx.c) reuses. */
static void mc_release(void) { release(); }   /* (release itself stays inlined where it is) */
const struct rx_stages rx_stages = {mc_release, st_dup, st_ahead, st_refuse, st_ack};
#endif
