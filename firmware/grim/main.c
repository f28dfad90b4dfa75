/* GRIM NI firmware: start-up, configuration and the main loop.
 *
 * Start-up: this NI's id and the number of NIs from the route table into
 * the control block, GRIM_C_VERSION and GRIM_C_FEATURES, then GRIM_C_MAGIC;
 * wait for GRIM_C_GO; check the host's configuration (a bad one stops with
 * GRIM_C_STATE = 2 and GRIM_C_ERROR); lay out the tables; GRIM_C_STATE = 1.
 *
 * Main loop, one pass: the receive engine (rx_poll); then, if the send
 * engine is idle, in this order: the next segment of a packet in progress,
 * a buffered control message, a retransmission, or a scan of the outgoing
 * LCs (round robin) for a new message; the retransmission timer when it
 * fires; the host-DMA lending handshake; GRIM_C_QUIT. */
#include "fw.h"
#include "instr.h"
#ifdef GRIM_MCAST
#include "mcast_fw.h"
#endif
#include "string.h"
#ifdef GRIM_RC1000
#include "card_fw.h"
#endif

struct fw fw_state;

extern unsigned char __end[];          /* end of the image (lanai-ld) */


static __attribute__((noreturn)) void quit(void) { sim_exit((int)GRIM_QUIT_EXIT(CTRL(GRIM_C_QUIT))); }

static __attribute__((noreturn)) void stop_config(unsigned err)
{
    CTRL(GRIM_C_ERROR) = err;
    CTRL(GRIM_C_STATE) = 2;
    for (;;)
        if (CTRL(GRIM_C_QUIT)) quit();
}

#ifdef GRIM_MCAST
/* The firmware's own LCs first, with multicast: the sequencer's relays (on
 * the reply LC) and the recycled copies carry the tickets members wait
 * for, and a member (or the sequencer itself) refuses what comes after
 * them until they are in -- behind retransmissions of the refused messages
 * or new injections they could wait for ever. 1 if a packet started. */
static __attribute__((noinline)) int fw_lcs_first(void)
{
    unsigned rv = cfg.rvlc;
    if (LCW(rv, GRIM_L_Q_BACK) != LCW(rv, GRIM_L_Q_NEXT) && tx_new(rv) > 0) return 1;
    return mc_try() == 2;
}
#endif

/* The engine has work besides new messages (F->txw). */
static __attribute__((noinline)) void send_work(void)
{
    tx_restore();                      /* first: the engine has read the borrowed bytes */
    if (tx.active) tx_continue();
    else if (ctlq_n) ctl_drain();
#ifdef GRIM_MCAST
    else if (F->rv_pend && fw_lcs_first()) return;
#endif
    else if (resend_total) tx_resend();
}

AI unsigned next_lc(unsigned lc) { return lc + 1u == cfg.nlc ? 0u : lc + 1u; }

/* tx_new(lc) gave r <= 0 (blocked, a WRAP, a skipped message): look further
 * round robin, 2 x NLC tries in all. */
static __attribute__((noinline)) void send_retry(unsigned lc, int r, unsigned td)
{
    (void)td;
    for (unsigned tries = 2u * cfg.nlc; tries; tries--) {
        if (r == 0) lc = next_lc(lc);  /* blocked: look further */
        const volatile unsigned *p = (const volatile unsigned *)LCD(lc);
        unsigned n = cfg.nlc;
        while (LD(p, GRIM_L_Q_BACK) == LD(p, GRIM_L_Q_NEXT)) {
            if (!--n) return;
            lc = next_lc(lc);
            p = (const volatile unsigned *)LCD(lc);
        }
        r = tx_new(lc);
        if (r > 0) {
            I_ONLY(instr_add(GRIM_ST_DETECT, td);)
            F->scan_at = (const volatile unsigned *)LCD(next_lc(lc));
            return;
        }
    }
}

/* RM-RV replies go when the host LCs have nothing (the reply LC, last). */
static __attribute__((noinline)) void rv_try(void)
{
    unsigned rv = cfg.rvlc;
#ifdef GRIM_MCAST
    if (LCW(rv, GRIM_L_Q_BACK) == LCW(rv, GRIM_L_Q_NEXT)) {
        if (!mc_try()) F->rv_pend = 0;   /* then the multicast recycle LC (mcast_tx.c) */
    } else tx_new(rv);
#else
    if (LCW(rv, GRIM_L_Q_BACK) == LCW(rv, GRIM_L_Q_NEXT)) F->rv_pend = 0;
    else tx_new(rv);
#endif
}

/* The scan of Fig 4.10: the first LC descriptor from `from` on, round
 * robin, whose host back offset differs from the NI's next offset (two
 * loads and a compare per LC); 0 if none. */
AI const volatile unsigned *lc_find(const volatile unsigned *from)
{
    const volatile unsigned *p = from, *end = F->lcd_end;
    do {
        if (LD(p, GRIM_L_Q_BACK) != LD(p, GRIM_L_Q_NEXT)) return p;
        p += GRIM_LCD_BYTES / 4u;
    } while (p != end);
    for (p = (const volatile unsigned *)GRIM_LCD; p != from; p += GRIM_LCD_BYTES / 4u)
        if (LD(p, GRIM_L_Q_BACK) != LD(p, GRIM_L_Q_NEXT)) return p;
    return 0;
}

/* The send engine is idle: give it something. */
AI void send_side(void)
{
    if (F->txw) {
        send_work();
        return;
    }
#ifdef GRIM_MCAST
    /* recycled messages and relays before new injections: a root whose own
     * host keeps injecting would otherwise never drain its recycle queue */
    if (F->rv_pend && fw_lcs_first()) return;
#endif
    I_VAR(t0);
    const volatile unsigned *p = lc_find(F->scan_at);
    if (!p) {
        I_STEP(GRIM_ST_SCAN_EMPTY, t0);
        if (F->rv_pend) rv_try();
        return;
    }
    I_ONLY(unsigned td = instr_now() - t0;)
    unsigned lc = ((unsigned)p - GRIM_LCD) / GRIM_LCD_BYTES;
    int r = tx_new(lc);
    if (r > 0) {
        I_ONLY(instr_add(GRIM_ST_DETECT, td);)
        F->scan_at = (const volatile unsigned *)LCD(next_lc(lc));
        return;
    }
    send_retry(lc, r, I_ONLY(td +) 0u);
}

/* GRIM_C_HDMA_*: lend the host-DMA engine to the host library once the
 * firmware's own transfers are done, take it back when the host is. While
 * lending, lend_key is ~0 so the main loop calls this every pass. */
void lend_poll(void)
{
    if (!F->hdma.hold) {
        if (CTRL(GRIM_C_HDMA_REQ) != F->lent) {
            hdma_lend_wanted(HD);
            F->lend_key = ~0u;
        }
        return;
    }
    if (F->granted) {
        if (CTRL(GRIM_C_HDMA_DONE) == F->lent) {
            hdma_reclaim(HD);
            F->granted = 0;
            F->lend_key = F->lent;
        }
        return;
    }
    if (!hdma_idle(HD)) return;
    F->lent = CTRL(GRIM_C_HDMA_REQ);
    CTRL(GRIM_C_HDMA_GRANT) = F->lent;
    F->granted = 1;
}

static void configure(void)
{
    unsigned nlc = CTRL(GRIM_C_NLC);
    if (nlc < 1u || nlc > GRIM_MAX_LC) stop_config(GRIM_E_NLC);
    cfg.nlc = nlc;
    cfg.opts = CTRL(GRIM_C_OPTIONS);
    cfg.retx = CTRL(GRIM_C_RETX_TICKS);
    for (unsigned lc = 0; lc < nlc; lc++) {
        if (!LCW(lc, GRIM_L_OPEN)) continue;
        unsigned base = LCW(lc, GRIM_L_Q_BASE), size = LCW(lc, GRIM_L_Q_SIZE);
        if ((base | size) & 7u || base < GRIM_QUEUE_BASE || size < 2u * GRIM_HDR_BYTES ||
            base + size > GRIM_QUEUE_END(NI_SRAM_SIZE) || base + size < base)
            stop_config(GRIM_E_QUEUE);
    }
    if (cfg.nodes > FW_MAX_NODES) stop_config(GRIM_E_SIZE);
    unsigned nsh = 0, lsh = 0;                            /* power-of-two table strides */
    while ((1u << nsh) < cfg.nodes) nsh++;
#ifdef GRIM_MCAST
    /* + 2 firmware LCs: the RM-RV reply LC nlc, the multicast recycle LC nlc + 1 */
    unsigned mcon = (CTRL(GRIM_C_MCAST) & GRIM_MC_ON) != 0;
    while ((1u << lsh) < nlc + 2u * mcon) lsh++;
    unsigned nsb = nlc < GRIM_MAX_LC - mcon ? nlc + 1u + mcon : nlc;
#else
    while ((1u << lsh) < nlc) lsh++;
    unsigned nsb = nlc < GRIM_MAX_LC ? nlc + 1u : nlc;     /* + the RM-RV reply LC if there is a slot */
#endif
    unsigned a = SB_AREA;
    for (unsigned lc = 0; lc < nsb; lc++, a += SB_BYTES) lcs[lc].sb = (struct sbe *)a;
    unsigned srow = GRIM_MAX_LC << nsh;                   /* [dni][dlc < 32] */
    unsigned rtab = cfg.nodes * GRIM_MAX_LC << lsh;       /* [sni][slc < 32][dlc] */
    if (a + nsb * srow + 2u * rtab > PRIV_END) stop_config(GRIM_E_SIZE);
    memset((void *)a, 0, nsb * srow + 2u * rtab);
    for (unsigned lc = 0; lc < nsb; lc++, a += srow) lcs[lc].sseq = (unsigned char *)a;
    cfg.rexp = (unsigned char *)a;
    cfg.lsh = lsh;
    cfg.rnack_off = rtab;
    a = (a + 2u * rtab + 7u) & ~7u;
    cfg.nsb = nlc;
    cfg.rvlc = 0;
    if (nsb > nlc && a + RVQ_BYTES <= PRIV_END) {         /* room for RM-RV replies */
        cfg.nsb = nsb;
        cfg.rvlc = nlc;
    }
    F->lcd_end = (const volatile unsigned *)LCD(nlc);
    F->scan_at = (const volatile unsigned *)GRIM_LCD;
    cfg.me8 = cfg.me << 8;
    cfg.srclim = cfg.nodes << 8;
    cfg.crcb = (cfg.opts & GRIM_OPT_CRC) ? 1u : 0u;
    cfg.noctlq = (cfg.opts & GRIM_OPT_CTLQ) ? 0u : 1u;
    F->miss_lc = ~0u;
    txw_sync();

    for (unsigned lc = 0; lc < GRIM_MAX_LC; lc++) {       /* the words the NI owns */
        LCW(lc, GRIM_L_Q_FRONT) = 0;
        LCW(lc, GRIM_L_Q_NEXT) = 0;
        LCW(lc, GRIM_L_AM_BACK) = 0;
        for (unsigned off = GRIM_L_SENT; off <= GRIM_L_ERRORS; off += 4u) LCW(lc, off) = 0;
    }
    if (cfg.rvlc) rv_init(a);
#ifdef GRIM_MCAST
    mc.on = 0;
    if (mcon) {                                            /* the recycle queue: the rest of the area */
        a += RVQ_BYTES;
        if (nsb != nlc + 2u || !cfg.rvlc || a + MCQ_MIN > PRIV_END) stop_config(GRIM_E_SIZE);
        mc.unsafe = (CTRL(GRIM_C_MCAST) & GRIM_MC_UNSAFE) != 0;
        mc_init(nlc + 1u, a, (PRIV_END - a) & ~7u);
        mc.on = 1;
        MCW(GRIM_MW_READY) = 1;
    }
#endif
    for (unsigned d = 0; d < 256u; d++) cfg.rtlen[d] = 0xFFu;
    for (unsigned d = 0; d < cfg.nodes; d++) {             /* route bytes, staged per NI */
        unsigned n;
        const unsigned char *r = ni_route(d, &n);
        cfg.rtlen[d] = r ? (unsigned char)n : 0xFFu;
        for (unsigned i = 0; r && i < n; i++) ((unsigned char *)rt_route(d))[(int)i - (int)n] = r[i];
    }
}

int main(void)
{
    F = &fw_state;
    if ((unsigned)__end > GRIM_CTRL) sim_assert_fail("grim: the image reaches into GRIM_CTRL");
    for (unsigned off = 0; off < 0x50u; off += 4u) CTRL(off) = 0;   /* stale handshakes */
#ifdef GRIM_RC1000
    card_init();
#endif
    for (unsigned off = 0; off < 0x1000u; off += 4u) W(GRIM_STATS + off) = 0;
    CTRL(GRIM_C_VERSION) = GRIM_ABI_VERSION;
    CTRL(GRIM_C_FEATURES) = GRIM_FEAT_HDMA;
    if (!ni_have_routes()) {
        CTRL(GRIM_C_MAGIC) = GRIM_FW_MAGIC;
        stop_config(GRIM_E_ROUTES);
    }
    cfg.me = ni_my_id();
    cfg.nodes = ni_num_nodes();
    CTRL(GRIM_C_NODE) = cfg.me;
    CTRL(GRIM_C_NODES) = cfg.nodes;
    hdma_init(HD);
    CTRL(GRIM_C_MAGIC) = GRIM_FW_MAGIC;
    while (!CTRL(GRIM_C_GO)) {             /* the host library may borrow the engine already */
        if (CTRL(GRIM_C_QUIT)) quit();
        if (CTRL(GRIM_C_HDMA_REQ) != F->lend_key) lend_poll();
    }

    configure();
    ni_crc_enable((cfg.opts & GRIM_OPT_CRC) != 0);
    rx_init();
    F->tick = cfg.retx / 4u + 1u;          /* the timer looks four times per timeout */
    if (cfg.retx) ni_timer_set(F->tick);
    CTRL(GRIM_C_STATE) = 1;

    if (CTRL(GRIM_C_SCAN_ONLY)) {          /* Fig 4.10: time empty scans of all LCs, nothing else */
        volatile unsigned *s = (volatile unsigned *)(GRIM_STATS + GRIM_ST_SCAN_EMPTY * 16u);
        for (;;) {
            unsigned t0 = SIM_REG(SIMSVC_CYCLE_LO);
            const volatile unsigned *r = lc_find((const volatile unsigned *)GRIM_LCD);
            unsigned c = SIM_REG(SIMSVC_CYCLE_LO) - t0;
            s[GRIM_S_LAST / 4u] = c;
            s[GRIM_S_SUM / 4u] += c;
            s[GRIM_S_COUNT / 4u] += 1u;
            (void)r;
            if (CTRL(GRIM_C_QUIT)) quit();
        }
    }

    for (;;) {
        unsigned isr = ni_events();
        /* idle, this is all a pass does: ISR, RMP, the LC scan, two host words */
        if ((isr & (NI_EV_RECV | NI_EV_BUFF | NI_EV_TIMER)) | (NI_REG(NI_RMP) ^ F->rx_watch)) {
            rx_poll();
            if (isr & NI_EV_TIMER) {
                ni_ack(NI_EV_TIMER);
                ni_timer_set(F->tick);
                sb_timer();
            }
            isr = ni_events();             /* a control message may have taken the engine */
        }
        if (isr & NI_EV_SEND) send_side();
#ifdef GRIM_RC1000
        card_poll();
#endif
        if (CTRL(GRIM_C_QUIT) | (CTRL(GRIM_C_HDMA_REQ) ^ F->lend_key)) {
            if (CTRL(GRIM_C_QUIT)) quit();
            lend_poll();
        }
    }
}
