/* The receive path. Two receive buffers in GRIM_FW_PRIVATE: while one
 * packet is being delivered, the next arrives in the other one (with both
 * busy the engine takes nothing and the link applies back-pressure).
 * Packets are handled in arrival order, one at a time, by a small state
 * machine: rx_at is the function to call for the packet in hand (each stage
 * returns at once when what it waits for -- bytes, a DMA, the driver -- is
 * not there yet), so sending goes on while a delivery waits. Only ACK/NACKs
 * may overtake a data packet whose delivery is not finished.
 *
 * A data packet's header is decoded as soon as its first 32 bytes are in
 * (Table 5.1), then the sequence check per (source NI, source LC,
 * destination LC): in order -- capacity check, delivery, and only when the
 * data is in the endpoint, the ACK (L1568); old -- dropped and ACKed again;
 * ahead -- dropped, the expected sequence NACKed once, then dropped silently
 * until it comes; no room or endpoint closed -- dropped and NACKed.
 * Everything that changes protocol state waits for the packet's tail and its
 * CRC: a damaged packet is dropped silently (no ACK, nothing delivered);
 * whatever DMA it had already started only wrote beyond the endpoint's back
 * pointer (AM) or is written again by the retransmission (RM). With
 * GRIM_OPT_RECV_CT the host DMA starts while the packet still arrives, in
 * pieces of whatever arrived while the previous piece moved (Fig 5.11).
 *
 * The common path (an in-order AM or RM-P) runs as few functions as it
 * can: on a 33 MHz LANai 4 every call and every branch shows. */
#include "fw.h"
#include "instr.h"

#define AI static inline __attribute__((always_inline))

enum { RB_FREE, RB_FILL, RB_FULL };
#define rx     (F->rx)
#define rb     (F->rb)
#define rq     (F->rq)
#define rq_n   (F->rq_n)
#define posted (F->posted)

static const unsigned wrapmark[2] __attribute__((aligned(8))) = {GRIM_W0(0u, 0u), GRIM_W1(GRIM_T_WRAP, 0u, 0u, 0u)};
static unsigned backle[GRIM_MAX_LC][2] __attribute__((aligned(8)));   /* back offsets in host order */
static unsigned lockval[2] __attribute__((aligned(8)));

AI unsigned bswap(unsigned x) { return (x >> 24) | ((x >> 8) & 0xFF00u) | ((x << 8) & 0xFF0000u) | (x << 24); }

/* ---- buffers ---- */

/* With nothing in hand and only the posted buffer queued, the main loop
 * need only watch RMP leave that buffer's start. */
AI void set_watch(void)
{
    F->rx_watch = rq_n == 1 && posted == (int)rq[0] && !rx_at ? rb[posted].addr : 0u;
}

static void post_next(void)
{
    unsigned i = rb[0].state == RB_FREE ? 0u : rb[1].state == RB_FREE ? 1u : NRXB;
    if (i < NRXB) {
        rb[i].state = RB_FILL;
        rb[i].ok = 1;
        ni_recv_post((void *)rb[i].addr, RXB_BYTES);
        posted = (int)i;
        rq[rq_n++] = i;
    }
    set_watch();
}

void rx_init(void)
{
    rb[0].addr = RXB0;
    rb[1].addr = RXB1;
    posted = -1;
    post_next();
}

void rx_events(unsigned isr)
{
    if (posted < 0) return;
    struct rxbuf *r = &rb[posted];
    if (isr & NI_EV_BUFF) {            /* longer than any GRIM packet: drain it into the same buffer */
        r->ok = 0;
        ni_ack(NI_EV_BUFF);
        ni_recv_post((void *)r->addr, RXB_BYTES);
        return;
    }
    r->len = ni_recv_len((void *)r->addr);
    if ((cfg.opts & GRIM_OPT_CRC) && !ni_recv_crc_ok((void *)r->addr, r->len)) r->ok = 0;
    ni_ack(NI_EV_RECV | NI_ORUN_BITS);
    r->state = RB_FULL;
    posted = -1;
    post_next();                       /* also sets the watch */
}

static void release_at(unsigned k)
{
    rb[rq[k]].state = RB_FREE;
    if (k == 0 && rq_n == 2) rq[0] = rq[1];
    rq_n--;
    if (posted < 0) post_next();
    else set_watch();
}

static void release(void)
{
    rx_at = 0;
    release_at(0);
}

AI int full(void) { return rx.b->state == RB_FULL; }
AI unsigned avail(void) { return full() ? rx.b->len : ni_recv_progress((const void *)rx.base); }
AI int intact(void) { return rx.b->ok && rx.b->len == rx.plen; }
AI int dma_busy(void) { return rx.inflight && (int)(hdma_done(HD, rx.dir) - rx.ticket) < 0; }

/* Send a control message for the packet in hand; 0 if the control queue is full. */
AI int reply(unsigned type, unsigned tok, unsigned seq)
{
    I_VAR(t);
    unsigned w0 = GRIM_W0(tok, seq), w1 = GRIM_CTL_W1(type, rx.slc, cfg.me, rx.dlc);
    if (!ctl_now(rx.sni, w0, w1) && !ctl_send(rx.sni, w0, w1)) return 0;
    I_STEP(GRIM_ST_ACKGEN, t);
    return 1;
}

/* ---- control messages received ---- */

static void ctl_recv(unsigned w0, unsigned w1)
{
    unsigned slc = GRIM_CTL_SLC(w1), ni = GRIM_CTL_NI(w1), dlc = GRIM_CTL_DLC(w1);
    if (GRIM_W1_TYPE(w1) == GRIM_T_ACK) sb_ack(slc, GRIM_W0_TOK(w0), ni, dlc, GRIM_W0_SEQ(w0));
    else sb_nack(slc, ni, dlc, GRIM_W0_SEQ(w0));
}

/* An ACK/NACK (or junk) that arrived behind a data packet still being
 * delivered needs no ordering: handle it now. */
static void overtake(void)
{
    const struct rxbuf *r = &rb[rq[1]];
    if (r->len >= 8 && GRIM_W0_ID(W(r->addr)) == GRIM_ID) {
        unsigned w0 = W(r->addr), w1 = W(r->addr + 4), t = GRIM_W1_TYPE(w1);
        if (t != GRIM_T_ACK && t != GRIM_T_NACK) return;      /* data waits its turn */
        if (r->ok && r->len == GRIM_CTL_BYTES) ctl_recv(w0, w1);
    }
    release_at(1);
}

/* ---- stages: refused, duplicate, damaged ---- */

static void st_drop(void)
{
    if (full()) release();
}

static void st_ctl(void)
{
    if (!full()) return;
    if (rx.b->ok && rx.b->len == GRIM_CTL_BYTES) ctl_recv(rx.w0, rx.w1);
    release();
}

static void st_dup(void)
{
    if (!full()) return;
    if (intact()) {
        if (!reply(GRIM_T_ACK, rx.tok, rx.seq)) return;
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
            if (!reply(GRIM_T_NACK, 0u, *rx.exp)) return;
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
        if (!reply(GRIM_T_NACK, rx.tok, rx.seq)) return;
        rx.exp[cfg.rnack_off] = 1;
        BUMP(rx.dlc, GRIM_L_NACKS_SENT);
    }
    release();
}

static void st_abandon(void)        /* damaged: let its DMAs finish, then forget it */
{
    if (!dma_busy()) release();
}

/* ---- stages: the end of a delivery ---- */

static void st_ack(void)            /* the data is in the endpoint: acknowledge it */
{
    if (!reply(GRIM_T_ACK, rx.tok, rx.seq)) return;
    (*rx.exp)++;
    rx.exp[cfg.rnack_off] = 0;
    if (!rx.undeliv) BUMP(rx.dlc, GRIM_L_DELIVERED);
    release();
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
    rx_at = st_ack;
    st_ack();
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
    rx_at = st_ack;
    st_ack();
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

static void st_ptr(void)
{
    if (dma_busy()) return;
    rx.inflight = 0;
    I_STEP(GRIM_ST_AM_PTR_DMA, rx.tdma);
    rx_at = st_ack;
    st_ack();
}

/* All data delivered: the AM back pointer (after the data, Table 5.2) or the RM lock. */
static void finish(void)
{
    if (rx.type == GRIM_T_AM) {
        if (!hdma_may_post(HD)) {
            rx_at = finish;
            return;
        }
        I_VAR(t1);
        unsigned d = LCD(rx.dlc), nb = rx.slot + rx.mlen, bp = W(d + GRIM_L_AM_BACK_PHYS);
        W(d + GRIM_L_AM_BACK) = nb;
        backle[rx.dlc][0] = bswap(nb);
        I_STEP(GRIM_ST_AM_PTR, t1);
        if (!bp) {
            rx_at = st_ack;
            st_ack();
            return;
        }
        I_SET(rx.tdma);
        rx.ticket = hdma_post(HD, HDMA_TO_HOST, (unsigned)backle[rx.dlc], 4u, bp);
        rx.inflight = 1;
        while (dma_busy()) {}          /* 4 bytes: wait on the spot */
        st_ptr();
        return;
    }
    rx.lockva = rx.type == GRIM_T_RMRV_REPLY ? rx.a3 : rx.a1;
    lockval[0] = rx.type == GRIM_T_RMRV_REPLY ? 0u : bswap(rx.a2);
    if (!rx.lockva) {
        rx_at = st_ack;
        st_ack();
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

static void st_deliver(void)
{
    for (;;) {
        int isfull = full();
        if (!isfull) {                 /* the tail may just have come */
            unsigned e = ni_events();
            if (e & (NI_EV_RECV | NI_EV_BUFF)) {
                rx_events(e);
                isfull = full();
            }
        }
        if (isfull && !intact()) {
            rx_at = st_abandon;
            return;
        }
        if (dma_busy()) return;
        rx.inflight = 0;
        I_ONLY(if (rx.total && rx.posted_b == rx.total && rx.tdma > 1u) {   /* the data is in host memory */
            instr_add(rx.type == GRIM_T_AM ? GRIM_ST_AM_DMA : GRIM_ST_RM_DMA, instr_now() - rx.tdma);
            rx.tdma = 1u;
        })
        unsigned limit = rx.total;
        if (!isfull) {
            if (!(cfg.opts & GRIM_OPT_RECV_CT)) break;
            unsigned a = ni_recv_progress((const void *)rx.base);
            limit = a > rx.src ? (a - rx.src) & ~7u : 0u;
            if (limit > rx.total) limit = rx.total;
        }
        if (!(rx.wrap | (rx.posted_b < limit))) {
            if (!isfull || rx.posted_b < rx.total) break;
            finish();
            return;
        }
        if (!hdma_may_post(HD)) break;
        I_ONLY(if (!rx.tdma) rx.tdma = instr_now();)
        if (rx.wrap) {                 /* the WRAP header at the old back, then the message at 0 */
            rx.wrap = 0;
            rx.ticket = hdma_post(HD, HDMA_TO_HOST, (unsigned)wrapmark, 8u,
                                  LCW(rx.dlc, GRIM_L_AM_PHYS) + LCW(rx.dlc, GRIM_L_AM_BACK));
        } else if (rx.map.n == 0) {    /* contiguous: no runs to follow */
            rx.ticket = hdma_post(HD, HDMA_TO_HOST, rx.base + rx.src + rx.posted_b, limit - rx.posted_b,
                                  rx.map.phys + rx.posted_b);
            rx.posted_b = limit;
        } else {
            unsigned n = runs_post(&rx.map, HDMA_TO_HOST, rx.base + rx.src + rx.posted_b, limit - rx.posted_b, &rx.ticket);
            if (!n) {
                rx_at = st_undeliv;
                return;
            }
            rx.posted_b += n;
        }
        rx.inflight = 1;
        if (rx.posted_b < rx.total || rx.total > SPIN_DMA_BYTES) break;
        while (dma_busy()) {}          /* the last, small piece */
    }
    rx_at = st_deliver;
}

static void st_xwait(void)
{
    int i = xlat_poll(rx.dlc, rx.a0, rx.pbytes);
    if (i == XL_WAIT) return;
    if (i < 0 || map_entry(i, rx.a0)) rx_at = st_undeliv;
    else st_deliver();
}

static void st_xlat(void)
{
    I_VAR(t1);
    int i = xlat_lookup(rx.dlc, rx.a0, rx.pbytes);
    if (i >= 0) {
        I_STEP(GRIM_ST_XLAT_HIT, t1);
        if (map_entry(i, rx.a0)) rx_at = st_undeliv;
        else st_deliver();
        return;
    }
    I_STEP(GRIM_ST_XLAT_MISS, t1);
    xlat_request(rx.dlc, rx.a0, rx.pbytes);
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
    rx_at = st_ack;
    st_ack();
}

static void st_rv_room(void)
{
    if (!full()) return;
    if (!intact()) {
        release();
        return;
    }
    unsigned words = (rx.a2 + 3u) / 4u;
    unsigned hdr[8] = {GRIM_W0(0u, 0u), GRIM_W1(GRIM_T_RMRV_REPLY, words * 4u - rx.a2, 0u, GRIM_EP(cfg.me, cfg.rvlc)),
                       GRIM_W2(words, GRIM_EP(rx.sni, rx.slc)), GRIM_W3(cfg.rvlc, 0u), rx.a1, 0u, 0u, rx.a3};
    rx.rvslot = rv_reserve(GRIM_HDR_BYTES + words * 4u, hdr);
    if (!rx.rvslot) {                  /* no room for the reply now: the requester sends it again */
        rx_at = st_refuse;
        st_refuse();
        return;
    }
    rx.total = rx.a2;
    rx.posted_b = 0;
    rx_at = st_rv_fetch;
    st_rv_fetch();
}

static void st_rv_xwait(void)
{
    int i = xlat_poll(rx.dlc, rx.a0, rx.a2);
    if (i == XL_WAIT) return;
    if (i < 0 || map_entry(i, rx.a0)) rx_at = st_undeliv;
    else rx_at = st_rv_room;
}

static void st_rv_xlat(void)
{
    int i = xlat_lookup(rx.dlc, rx.a0, rx.a2);
    if (i >= 0) {
        if (map_entry(i, rx.a0)) rx_at = st_undeliv;
        else {
            rx_at = st_rv_room;
            st_rv_room();
        }
        return;
    }
    xlat_request(rx.dlc, rx.a0, rx.a2);
    rx_at = st_rv_xwait;
}

/* ---- the head of a packet ---- */

/* Capacity check and delivery plan of an in-order message: its next stage. */
AI void (*plan(void))(void)
{
    unsigned lc = rx.dlc, d = LCD(lc);
    if (!W(d + GRIM_L_OPEN)) return st_refuse;
    rx.posted_b = 0;
    rx.inflight = 0;
    rx.wrap = 0;
    rx.undeliv = 0;
    rx.src = GRIM_HDR_BYTES;
    rx.total = rx.pbytes;
    rx.map.n = 0;
    rx.dir = HDMA_TO_HOST;
    I_ONLY(rx.tdma = 0;)
    unsigned type = rx.type;
    if (type == GRIM_T_AM) {
        unsigned phys = W(d + GRIM_L_AM_PHYS), size = W(d + GRIM_L_AM_SIZE);
        unsigned front = W(d + GRIM_L_AM_FRONT), back = W(d + GRIM_L_AM_BACK), m = rx.mlen;
        if (!phys || back >= size) return st_refuse;
        if (front >= size) front = 0;
        if (back >= front) {           /* keep 8 bytes spare, never end exactly at the end */
            if (m < size - back) rx.slot = back;
            else if (m < front) {
                rx.slot = 0;
                rx.wrap = 1;
            } else return st_refuse;
        } else if (m < front - back) rx.slot = back;
        else return st_refuse;
        rx.map.phys = phys + rx.slot;
        rx.src = 0;                    /* header and payload, rounded to 8 */
        rx.total = m;
        return st_deliver;
    }
    if (type == GRIM_T_RMP) {
        rx.map.phys = rx.a0;
        return st_deliver;
    }
    if (type == GRIM_T_RMV || type == GRIM_T_RMRV_REPLY) return rx.pbytes ? st_xlat : st_deliver;
    if (!cfg.rvlc || rx.a2 > GRIM_MTU) return st_undeliv;     /* RM-RV: no reply LC, or too long */
    return rx.a2 ? st_rv_xlat : st_rv_room;
}

/* The first bytes are in: a control message, junk, or a data header to
 * decode, check for sequence and capacity, and start delivering. */
static void st_head(void)
{
    unsigned a = avail(), base = rx.base;
    if (a < 8u) {
        if (full()) release();         /* a runt */
        return;
    }
    unsigned w0 = W(base), w1 = W(base + 4), type = GRIM_W1_TYPE(w1);
    if (GRIM_W0_ID(w0) != GRIM_ID) {
        rx_at = st_drop;
        st_drop();
        return;
    }
    if (type == GRIM_T_ACK || type == GRIM_T_NACK) {
        rx.w0 = w0;
        rx.w1 = w1;
        rx_at = st_ctl;
        st_ctl();
        return;
    }
    if (a < GRIM_HDR_BYTES) {
        if (full()) release();         /* a runt */
        return;
    }
    unsigned w2 = W(base + 8), words = GRIM_W2_WORDS(w2), corr = GRIM_W1_CORR(w1);
    unsigned src = GRIM_W1_SRC(w1), dst = GRIM_W2_DST(w2);
    unsigned sni = GRIM_EP_NI(src), slc = GRIM_EP_LC(src), dlc = GRIM_EP_LC(dst), plen = GRIM_HDR_BYTES + words * 4u;
    if (GRIM_EP_NI(dst) != cfg.me || dlc >= cfg.nlc || sni >= cfg.nodes || slc >= GRIM_MAX_LC ||
        words * 4u > GRIM_MTU || corr > words * 4u || type < GRIM_T_AM || type > GRIM_T_RMRV_REPLY) {
        rx_at = st_drop;               /* not for us, or damaged */
        st_drop();
        return;
    }
    rx.type = type;
    rx.sni = sni;
    rx.slc = slc;
    rx.dlc = dlc;
    rx.seq = GRIM_W0_SEQ(w0);
    rx.tok = GRIM_W0_TOK(w0);
    rx.plen = plen;
    rx.pbytes = words * 4u - corr;
    rx.mlen = GRIM_ROUND8(plen);
    rx.a0 = W(base + 16);
    rx.a1 = W(base + 20);
    rx.a2 = W(base + 24);
    rx.a3 = W(base + 28);
    I_STEP(GRIM_ST_DECODE, rx.t0);
    I_VAR(t1);
    unsigned char *exp = cfg.rexp + ((((sni << 5) | slc) << cfg.lsh) | dlc);
    unsigned d = (GRIM_W0_SEQ(w0) - *exp) & 0xFFu;
    rx.exp = exp;
    I_STEP(GRIM_ST_SEQCHECK, t1);
    void (*next)(void);
    if (d) next = d >= 128u ? st_dup : st_ahead;
    else {
        I_SET(t1);
        next = plan();
        I_STEP(GRIM_ST_CAPACITY, t1);
    }
    rx_at = next;
    next();
}

void rx_idle(void)
{
    if (!rq_n) return;
    struct rxbuf *r = &rb[rq[0]];
    if (r->state == RB_FILL && ni_recv_progress((const void *)r->addr) == 0) return;
    rx.b = r;
    rx.base = r->addr;
    I_SET(rx.t0);
    rx_at = st_head;
    F->rx_watch = 0;
    st_head();
}

void rx_busy(void)
{
    rx_at();
    if (rx_at && rq_n == 2 && rb[rq[1]].state == RB_FULL) overtake();
}
