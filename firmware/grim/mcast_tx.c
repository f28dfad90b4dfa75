/* The multicast recycle queue (one per NI, LC mc.lc, firmware-owned in
 * GRIM_FW_PRIVATE) and its send side. An entry is the message (header +
 * payload, rounded to 8) followed by two forwarding words: NI 0 | NI 1
 * << 8 | NIs << 16 | copies sent << 24, then NI 2 .. NI 5, a byte each (an
 * update also goes to the old children that leave the tree, and from the
 * sequencer to the new root or the old one). The message is stored once;
 * each send stamps word 0 with the token and sequence of the copy's
 * stream (recycle LC -> child NI, recycle LC) and makes its own scoreboard
 * entry (two entries may name one queue offset); the queue's next offset
 * moves on after the last child's copy has started. Same ring rule as the
 * host's queues (8 bytes always free, WRAP marker at the end). */
#ifdef GRIM_MCAST   /* only in the multicast images (mk/grim.mk grim_mc.*.elf) */
#include "mcast_fw.h"
#include "instr.h"
#include "scoreboard.h"

void mc_init(unsigned lc, unsigned addr, unsigned bytes)
{
    volatile unsigned *d = lcd(lc);
    mc.lc = lc;
    mc.qbase = addr;
    mc.qsize = bytes;
    mc.back = 0;
    LD(d, GRIM_L_Q_BASE) = addr;
    LD(d, GRIM_L_Q_SIZE) = bytes;
    LD(d, GRIM_L_Q_BACK) = 0;
    LD(d, GRIM_L_OPEN) = 0;
    lcs[lc].qbase = addr;
    lcs[lc].qsize = bytes;
    for (unsigned t = 0; t < GRIM_MC_TREES; t++) {
        volatile unsigned *e = mc_tree(t);
        LD(e, GRIM_MT_ROOT) = 0xFFu;
        LD(e, GRIM_MT_KIDS) = 0xFFFFFFu;
        LD(e, GRIM_MT_NEXT) = 0;
        LD(e, GRIM_MT_EXPECT) = 0;
        LD(e, GRIM_MT_SEQ) = 0;
        LD(e, GRIM_MT_DELIV) = 0;
        LD(e, GRIM_MT_REFUSED) = 0;
    }
    for (unsigned o = 0; o < 0x1Cu; o += 4u) MCW(o) = 0;
}

unsigned mc_reserve(unsigned plen)
{
    volatile unsigned *d = lcd(mc.lc);
    unsigned base = mc.qbase, size = mc.qsize, front = LD(d, GRIM_L_Q_FRONT), back = mc.back, at;
    unsigned m = GRIM_ROUND8(plen) + 8u;
    if (front >= size) front = 0;
    /* empty (all sent and ACKed, nothing borrowed): start again at 0 */
    if (back == front && back == LD(d, GRIM_L_Q_NEXT) && !lcs[mc.lc].count && !(tx.active && tx.lc == mc.lc) &&
        !tx.restore) {
        LD(d, GRIM_L_Q_NEXT) = 0;
        LD(d, GRIM_L_Q_FRONT) = 0;
        LD(d, GRIM_L_Q_BACK) = 0;
        front = back = mc.back = 0;
    }
    if (back >= front) {
        if (m < size - back) at = back;
        else if (m < front) {
            W(base + back) = GRIM_W0(0u, 0u);
            W(base + back + 4) = GRIM_W1(GRIM_T_WRAP, 0u, 0u, 0u);
            at = 0;
        } else return 0;
    } else if (m < front - back) at = back;
    else return 0;
    mc.next = at + m;
    return base + at;
}

void mc_commit(unsigned fwd, unsigned fwd2)
{
    unsigned at = mc.next - 8u;
    W(mc.qbase + at) = fwd;
    W(mc.qbase + at + 4u) = fwd2;
    mc.back = mc.next;
    F->rv_pend = 1;                    /* the firmware LCs have work (main.c rv_try) */
    LCW(mc.lc, GRIM_L_Q_BACK) = mc.back;
    MCW(GRIM_MW_COPIED) += 1u;
}

int mc_try(void)
{
    if (!mc.on) return 0;
    I_VAR(t0);
    unsigned lc = mc.lc;
    volatile unsigned *d = lcd(lc);
    unsigned o = LD(d, GRIM_L_Q_NEXT);
    if (o == LD(d, GRIM_L_Q_BACK)) return 0;
    struct lcstate *l = &lcs[lc];
    unsigned m = mc.qbase + o, w1 = W(m + 4);
    if (GRIM_W1_TYPE(w1) == GRIM_T_WRAP) {
        LD(d, GRIM_L_Q_NEXT) = 0;
        if (!l->count) sb_free_front(lc);
        return 1;
    }
    if (l->count == SB_N || l->resend || tx.restore) return 1;   /* window full, or retransmissions first */
    unsigned plen = GRIM_HDR_BYTES + GRIM_W2_WORDS(W(m + 8)) * 4u, fa = m + GRIM_ROUND8(plen), fw = W(fa);
    unsigned k = fw >> 24, n = (fw >> 16) & 0xFFu, child = (k < 2u ? fw >> (k << 3) : W(fa + 4u) >> ((k - 2u) << 3)) & 0xFFu;
    unsigned rl = cfg.rtlen[child];
    if (rl == 0xFFu || !n) {           /* no route (a broken tree): drop this copy */
        k = n ? n - 1u : 0u;
        BUMP(lc, GRIM_L_ERRORS);
    } else {
        unsigned tok = (l->head + l->count) & (SB_N - 1u);
        unsigned char *sp = l->sseq + ((child << 5) | lc);
        unsigned seq = *sp;
        W(m) = GRIM_W0(tok, seq);
        mc_start_packet(m, o, child, rl, plen);
        *sp = (unsigned char)(seq + 1u);
        struct sbe *e = sb_insert(l, o, child, lc, seq, plen);
        e->t_sent = ni_rtc();
        e->state = SB_SENT;
        LD(d, GRIM_L_SENT) += 1u;
        I_STEP(GRIM_ST_MC_FWD, t0);
    }
    if (k + 1u < n) W(fa) = fw + (1u << 24);
    else LD(d, GRIM_L_Q_NEXT) = o + GRIM_ROUND8(plen) + 8u;
    txw_sync();
    return 2;
}

/* Retransmissions take the LCs round robin here (resend_total > 0), not
 * the lowest LC first as in the unicast images: a host LC whose messages
 * the sequencer refuses at once (its relay queue full, or it is behind in
 * the tree's order) is NACKed before its next resend, so it always had
 * resends pending and the firmware LCs' own resends -- the relays and
 * recycled copies whose tickets the refusing NI waits for -- never went
 * (a livelock; docs/grim.md). mc.rs may start at any value. */
unsigned mc_resend_lc(void)
{
    unsigned lc = mc.rs;
    do
        if (++lc >= cfg.nsb) lc = 0;
    while (!lcs[lc].resend);
    mc.rs = lc;
    return lc;
}

#endif
