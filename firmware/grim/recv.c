/* The receive path. Two receive buffers in GRIM_FW_PRIVATE: while one
 * packet is being delivered, the next arrives in the other one (with both
 * busy the engine takes nothing and the link applies back-pressure).
 * Packets are handled in arrival order, one at a time, as a state machine
 * the main loop advances, so sending goes on while a delivery waits for a
 * DMA or the driver; only ACK/NACKs may overtake a data packet waiting for
 * its delivery to finish.
 *
 * A data packet's header is decoded as soon as its first 32 bytes are in
 * (Table 5.1), then: sequence check per (source NI, source LC, destination
 * LC) -- in order: capacity check, delivery, and only when the data is in
 * the endpoint, the ACK (L1568); old: dropped and ACKed again; ahead:
 * dropped, the expected sequence NACKed once, then dropped silently until
 * it comes; no room or endpoint closed: dropped and NACKed. Everything that
 * changes protocol state waits for the packet's tail and its CRC: a damaged
 * packet is dropped silently (no ACK, nothing delivered), whatever DMA it
 * had already started only wrote beyond the endpoint's back pointer (AM) or
 * is rewritten by the retransmission (RM). With GRIM_OPT_RECV_CT the host
 * DMA of the data starts while the packet still arrives, in pieces of
 * whatever arrived while the previous piece moved (§5.5.4, Fig 5.11). */
#include "fw.h"
#include "instr.h"

#define NRXB 2u
enum { RB_FREE, RB_FILL, RB_FULL };
struct rb {
    unsigned addr, state;
    unsigned len;                 /* packet bytes, at the tail */
    unsigned ok;                  /* CRC good and the packet fitted the buffer */
};
static struct rb rb[NRXB];
static unsigned rq[NRXB], rq_n;   /* buffers in arrival order; the posted one is last */
static int posted = -1;

enum {
    S_NONE, S_HDR, S_DROP, S_CTL, S_DECODE, S_DUP, S_AHEAD, S_REFUSE, S_XLAT, S_XWAIT, S_UNDELIV,
    S_DELIVER, S_ABANDON, S_FINISH, S_PTR, S_LOCK, S_LOCKW, S_LOCKDMA, S_ACK
};

static struct {
    unsigned stage, b, base;
    unsigned w0, w1, a0, a1, a2, a3;
    unsigned type, sni, slc, dlc, seq, tok, plen, pbytes, mlen, ix;
    struct runs map;
    unsigned src, total, posted_b;    /* delivered bytes: buffer offset, count, handed to DMA */
    unsigned ticket, inflight;        /* the DMA in flight */
    unsigned slot, wrap;              /* AM: ring offset; a WRAP header must go first */
    unsigned lockva, lockent, undeliv;
    I_ONLY(unsigned t0; unsigned tdma;)
} rx;

static const unsigned wrapmark[2] __attribute__((aligned(8))) = {GRIM_W0(0u, 0u), GRIM_W1(GRIM_T_WRAP, 0u, 0u, 0u)};
static unsigned backle[GRIM_MAX_LC][2] __attribute__((aligned(8)));   /* back offsets in host order */
static unsigned lockval[2] __attribute__((aligned(8)));

static inline unsigned bswap(unsigned x)
{
    return (x >> 24) | ((x >> 8) & 0xFF00u) | ((x << 8) & 0xFF0000u) | (x << 24);
}

/* ---- buffers ---- */

static void post_next(void)
{
    for (unsigned i = 0; i < NRXB; i++) {
        if (rb[i].state != RB_FREE) continue;
        rb[i].state = RB_FILL;
        rb[i].ok = 1;
        ni_recv_post((void *)rb[i].addr, RXB_BYTES);
        posted = (int)i;
        rq[rq_n++] = i;
        return;
    }
}

void rx_init(void)
{
    rb[0].addr = RXB0;
    rb[1].addr = RXB1;
    post_next();
}

static void rx_events(unsigned isr)
{
    if (posted < 0) return;
    struct rb *r = &rb[posted];
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
    post_next();
}

static void release_at(unsigned k)
{
    rb[rq[k]].state = RB_FREE;
    for (; k + 1 < rq_n; k++) rq[k] = rq[k + 1];
    rq_n--;
    if (posted < 0) post_next();
}

static void release(void)
{
    release_at(0);
    rx.stage = S_NONE;
}

static inline int full(void) { return rb[rx.b].state == RB_FULL; }
static inline unsigned avail(void)
{
    const struct rb *r = &rb[rx.b];
    return r->state == RB_FULL ? r->len : ni_recv_progress((const void *)r->addr);
}
static inline int intact(void) { return rb[rx.b].ok && rb[rx.b].len == rx.plen; }
static inline int dma_busy(void) { return rx.inflight && (int)(hdma_done(HDMA_TO_HOST) - rx.ticket) < 0; }

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
    if (rq_n < 2 || rb[rq[1]].state != RB_FULL) return;
    const struct rb *r = &rb[rq[1]];
    if (r->len >= 8 && GRIM_W0_ID(W(r->addr)) == GRIM_ID) {
        unsigned w0 = W(r->addr), w1 = W(r->addr + 4), t = GRIM_W1_TYPE(w1);
        if (t != GRIM_T_ACK && t != GRIM_T_NACK) return;      /* data waits its turn */
        if (r->ok && r->len == GRIM_CTL_BYTES) ctl_recv(w0, w1);
    }
    release_at(1);
}

/* ---- a data packet ---- */

static int decode(void)
{
    unsigned base = rx.base;
    unsigned w2 = W(base + 8), words = GRIM_W2_WORDS(w2), corr = GRIM_W1_CORR(rx.w1);
    unsigned src = GRIM_W1_SRC(rx.w1), dst = GRIM_W2_DST(w2);
    rx.a0 = W(base + 16);
    rx.a1 = W(base + 20);
    rx.a2 = W(base + 24);
    rx.a3 = W(base + 28);
    rx.type = GRIM_W1_TYPE(rx.w1);
    rx.sni = GRIM_EP_NI(src);
    rx.slc = GRIM_EP_LC(src);
    rx.dlc = GRIM_EP_LC(dst);
    rx.seq = GRIM_W0_SEQ(rx.w0);
    rx.tok = GRIM_W0_TOK(rx.w0);
    rx.plen = GRIM_HDR_BYTES + words * 4u;
    rx.pbytes = words * 4u - corr;
    rx.mlen = GRIM_ROUND8(rx.plen);
    return GRIM_EP_NI(dst) == cfg.me && rx.dlc < cfg.nlc && rx.sni < cfg.nodes && rx.slc < GRIM_MAX_LC &&
           words * 4u <= GRIM_MTU && corr <= words * 4u && rx.type >= GRIM_T_AM && rx.type <= GRIM_T_RMRV_REPLY;
}

/* Capacity check and delivery plan of an in-order message. */
static unsigned plan(void)
{
    unsigned lc = rx.dlc;
    if (!LCW(lc, GRIM_L_OPEN)) return S_REFUSE;
    rx.posted_b = 0;
    rx.inflight = 0;
    rx.wrap = 0;
    rx.undeliv = 0;
    rx.src = GRIM_HDR_BYTES;
    rx.total = rx.pbytes;
    I_ONLY(rx.tdma = 0;)
    switch (rx.type) {
    case GRIM_T_AM: {
        unsigned phys = LCW(lc, GRIM_L_AM_PHYS), size = LCW(lc, GRIM_L_AM_SIZE);
        unsigned front = LCW(lc, GRIM_L_AM_FRONT), back = LCW(lc, GRIM_L_AM_BACK), m = rx.mlen;
        if (!phys || back >= size) return S_REFUSE;
        if (front >= size) front = 0;
        if (back >= front) {           /* keep 8 bytes spare, never end exactly at the end */
            if (m < size - back) rx.slot = back;
            else if (m < front) {
                rx.slot = 0;
                rx.wrap = 1;
            } else return S_REFUSE;
        } else if (m < front - back) rx.slot = back;
        else return S_REFUSE;
        runs_contig(&rx.map, phys + rx.slot);
        rx.src = 0;                    /* header and payload, rounded to 8 */
        rx.total = m;
        return S_DELIVER;
    }
    case GRIM_T_RMP:
        runs_contig(&rx.map, rx.a0);
        return S_DELIVER;
    case GRIM_T_RMV:
    case GRIM_T_RMRV_REPLY:
        return rx.pbytes ? S_XLAT : S_DELIVER;
    default:                           /* RM-RV: not implemented (README) */
        return S_UNDELIV;
    }
}

static int map_entry(int i, unsigned va)
{
    unsigned e = xlat_entry(i), n = W(e + GRIM_X_NRUNS);
    if (n > GRIM_X_MAX_RUNS) n = GRIM_X_MAX_RUNS;
    return runs_table(&rx.map, (const volatile unsigned *)(e + GRIM_X_RUNS), n, va - W(e + GRIM_X_VA));
}

/* Send a control message for the packet; 0 if the control queue is full. */
static int reply(unsigned type, unsigned tok, unsigned seq)
{
    I_VAR(t);
    if (!ctl_send(rx.sni, GRIM_W0(tok, seq), GRIM_CTL_W1(type, rx.slc, cfg.me, rx.dlc))) return 0;
    I_STEP(GRIM_ST_ACKGEN, t);
    return 1;
}

/* Advance the packet in hand as far as it goes without waiting. */
static void step(void)
{
    for (;;) {
        switch (rx.stage) {
        case S_HDR:
            if (avail() < 8) {
                if (full()) release();     /* a runt */
                return;
            }
            rx.w0 = W(rx.base);
            rx.w1 = W(rx.base + 4);
            if (GRIM_W0_ID(rx.w0) != GRIM_ID) rx.stage = S_DROP;
            else if (GRIM_W1_TYPE(rx.w1) == GRIM_T_ACK || GRIM_W1_TYPE(rx.w1) == GRIM_T_NACK) rx.stage = S_CTL;
            else rx.stage = S_DECODE;
            continue;
        case S_DROP:
            if (full()) release();
            return;
        case S_CTL:
            if (!full()) return;
            if (rb[rx.b].ok && rb[rx.b].len == GRIM_CTL_BYTES) ctl_recv(rx.w0, rx.w1);
            release();
            return;
        case S_DECODE: {
            if (avail() < GRIM_HDR_BYTES) {
                if (full()) release();
                return;
            }
            if (!decode()) {
                rx.stage = S_DROP;
                continue;
            }
            I_STEP(GRIM_ST_DECODE, rx.t0);
            I_VAR(t1);
            rx.ix = rexp_ix(rx.sni, rx.slc, rx.dlc);
            unsigned d = (rx.seq - cfg.rexp[rx.ix]) & 0xFFu;
            I_STEP(GRIM_ST_SEQCHECK, t1);
            if (d) {
                rx.stage = d >= 128u ? S_DUP : S_AHEAD;
                continue;
            }
            I_SET(t1);
            rx.stage = plan();
            I_STEP(GRIM_ST_CAPACITY, t1);
            continue;
        }
        case S_DUP:
            if (!full()) return;
            if (intact()) {
                if (!reply(GRIM_T_ACK, rx.tok, rx.seq)) return;
                BUMP(rx.dlc, GRIM_L_DUPS);
            }
            release();
            return;
        case S_AHEAD:
            if (!full()) return;
            if (intact()) {
                if (!cfg.rnack[rx.ix]) {
                    if (!reply(GRIM_T_NACK, 0u, cfg.rexp[rx.ix])) return;
                    cfg.rnack[rx.ix] = 1;
                }
                BUMP(rx.dlc, GRIM_L_NACKS_SENT);
            }
            release();
            return;
        case S_REFUSE:
            if (!full()) return;
            if (intact()) {
                if (!reply(GRIM_T_NACK, rx.tok, rx.seq)) return;
                cfg.rnack[rx.ix] = 1;
                BUMP(rx.dlc, GRIM_L_NACKS_SENT);
            }
            release();
            return;
        case S_XLAT: {
            I_VAR(t1);
            int i = xlat_lookup(rx.dlc, rx.a0, rx.pbytes);
            if (i >= 0) {
                I_STEP(GRIM_ST_XLAT_HIT, t1);
                rx.stage = map_entry(i, rx.a0) ? S_UNDELIV : S_DELIVER;
                continue;
            }
            I_STEP(GRIM_ST_XLAT_MISS, t1);
            xlat_request(rx.dlc, rx.a0, rx.pbytes);
            rx.stage = S_XWAIT;
            continue;
        }
        case S_XWAIT: {
            int i = xlat_poll(rx.dlc, rx.a0, rx.pbytes);
            if (i == XL_WAIT) return;
            rx.stage = i < 0 || map_entry(i, rx.a0) ? S_UNDELIV : S_DELIVER;
            continue;
        }
        case S_UNDELIV:                /* acknowledged, counted, not delivered */
            if (dma_busy() || !full()) return;
            rx.inflight = 0;
            if (!intact()) {
                release();
                return;
            }
            BUMP(rx.dlc, GRIM_L_ERRORS);
            rx.undeliv = 1;
            rx.stage = S_ACK;
            continue;
        case S_DELIVER: {
            int isfull = full();
            if (isfull && !intact()) {
                rx.stage = S_ABANDON;
                continue;
            }
            if (dma_busy()) return;
            rx.inflight = 0;
            unsigned limit = rx.total;
            if (!isfull) {
                if (!(cfg.opts & GRIM_OPT_RECV_CT)) return;
                unsigned a = avail();
                limit = a > rx.src ? (a - rx.src) & ~7u : 0u;
                if (limit > rx.total) limit = rx.total;
            }
            if (rx.wrap || rx.posted_b < limit) {
                if (!hdma_may_post()) return;
                I_ONLY(if (!rx.tdma) rx.tdma = instr_now();)
                if (rx.wrap) {         /* the WRAP header at the old back, then the message at 0 */
                    rx.wrap = 0;
                    rx.ticket = hdma_post(HDMA_TO_HOST, (unsigned)wrapmark, 8u,
                                          LCW(rx.dlc, GRIM_L_AM_PHYS) + LCW(rx.dlc, GRIM_L_AM_BACK));
                } else {
                    unsigned n = runs_post(&rx.map, rx.base + rx.src + rx.posted_b, limit - rx.posted_b, &rx.ticket);
                    if (!n) {
                        rx.stage = S_UNDELIV;
                        continue;
                    }
                    rx.posted_b += n;
                }
                rx.inflight = 1;
                return;
            }
            if (!isfull || rx.posted_b < rx.total) return;
            I_ONLY(if (rx.total) instr_add(rx.type == GRIM_T_AM ? GRIM_ST_AM_DMA : GRIM_ST_RM_DMA, instr_now() - rx.tdma);)
            rx.stage = S_FINISH;
            continue;
        }
        case S_ABANDON:                /* damaged: let its DMAs finish, then forget it */
            if (dma_busy()) return;
            release();
            return;
        case S_FINISH:
            if (rx.type == GRIM_T_AM) {
                if (!hdma_may_post()) return;
                I_VAR(t1);
                unsigned nb = rx.slot + rx.mlen, bp = LCW(rx.dlc, GRIM_L_AM_BACK_PHYS);
                LCW(rx.dlc, GRIM_L_AM_BACK) = nb;
                backle[rx.dlc][0] = bswap(nb);
                I_STEP(GRIM_ST_AM_PTR, t1);
                if (!bp) {
                    rx.stage = S_ACK;
                    continue;
                }
                I_SET(rx.tdma);
                rx.ticket = hdma_post(HDMA_TO_HOST, (unsigned)backle[rx.dlc], 4u, bp);
                rx.inflight = 1;
                rx.stage = S_PTR;
                return;
            }
            rx.lockva = rx.type == GRIM_T_RMRV_REPLY ? rx.a3 : rx.a1;
            lockval[0] = rx.type == GRIM_T_RMRV_REPLY ? 0u : bswap(rx.a2);
            if (!rx.lockva) {
                rx.stage = S_ACK;
                continue;
            }
            I_SET(rx.tdma);
            rx.stage = S_LOCK;
            continue;
        case S_PTR:
            if (dma_busy()) return;
            rx.inflight = 0;
            I_STEP(GRIM_ST_AM_PTR_DMA, rx.tdma);
            rx.stage = S_ACK;
            continue;
        case S_LOCK: {
            int i = xlat_lookup(rx.dlc, rx.lockva, 4u);
            if (i < 0) {
                xlat_request(rx.dlc, rx.lockva, 4u);
                rx.stage = S_LOCKW;
                continue;
            }
            rx.lockent = (unsigned)i;
            rx.stage = S_LOCKDMA;
            continue;
        }
        case S_LOCKW: {
            int i = xlat_poll(rx.dlc, rx.lockva, 4u);
            if (i == XL_WAIT) return;
            if (i < 0) {
                BUMP(rx.dlc, GRIM_L_ERRORS);
                rx.stage = S_ACK;
                continue;
            }
            rx.lockent = (unsigned)i;
            rx.stage = S_LOCKDMA;
            continue;
        }
        case S_LOCKDMA:
            if (!rx.inflight) {
                if (!hdma_may_post()) return;
                if (map_entry((int)rx.lockent, rx.lockva) || !runs_post(&rx.map, (unsigned)lockval, 4u, &rx.ticket)) {
                    BUMP(rx.dlc, GRIM_L_ERRORS);
                    rx.stage = S_ACK;
                    continue;
                }
                rx.inflight = 1;
                return;
            }
            if (dma_busy()) return;
            rx.inflight = 0;
            I_STEP(GRIM_ST_LOCK, rx.tdma);
            rx.stage = S_ACK;
            continue;
        case S_ACK:                    /* the data is in the endpoint: acknowledge it */
            if (!reply(GRIM_T_ACK, rx.tok, rx.seq)) return;
            cfg.rexp[rx.ix]++;
            cfg.rnack[rx.ix] = 0;
            if (!rx.undeliv) BUMP(rx.dlc, GRIM_L_DELIVERED);
            release();
            return;
        default:
            return;
        }
    }
}

void rx_poll(unsigned isr)
{
    if (isr & (NI_EV_RECV | NI_EV_BUFF)) rx_events(isr);
    if (rx.stage == S_NONE) {
        if (!rq_n) return;
        const struct rb *r = &rb[rq[0]];
        if (r->state == RB_FILL && ni_recv_progress((const void *)r->addr) == 0) return;
        rx.b = rq[0];
        rx.base = r->addr;
        rx.stage = S_HDR;
        I_SET(rx.t0);
    }
    step();
    if (rx.stage != S_NONE) overtake();
}
