/* Accepting one multicast message at an NI (the root, or a tree member):
 * the ticket (stamped at the root from the tree's counter, checked
 * everywhere else), room at every local subscriber and in the recycle
 * queue, the tree update an in-band GRIM_T_MCUPD carries, then delivery:
 * the message goes by DMA into each local subscriber's AM ring as an
 * ordinary AM, and while those DMAs run the firmware copies it once into
 * the recycle queue (a word copy in NI memory: its cost is the ISS's) with
 * the children to forward it to. The back pointers follow the data. */
#ifdef GRIM_MCAST   /* only in the multicast images (mk/grim.mk grim_mc.*.elf) */
#include "mcast_fw.h"
#include "instr.h"
#include "string.h"

#define mc_backle ((unsigned (*)[2])MC_BACKLE)
static const unsigned mc_wrap[2] __attribute__((aligned(8))) = {GRIM_W0(0u, 0u), GRIM_W1(GRIM_T_WRAP, 0u, 0u, 0u)};

AI unsigned bswap(unsigned x) { return (x >> 24) | ((x >> 8) & 0xFF00u) | ((x << 8) & 0xFF0000u) | (x << 24); }

/* Where a message of m bytes goes in LC lc's AM ring: its offset, with
 * *wrap set if a WRAP marker goes at the back first; ~0 if no room (the
 * same rule as recv.c's plan). */
static unsigned ring_slot(unsigned lc, unsigned m, unsigned *wrap)
{
    volatile unsigned *d = lcd(lc);
    unsigned size = LD(d, GRIM_L_AM_SIZE), front = LD(d, GRIM_L_AM_FRONT), back = LD(d, GRIM_L_AM_BACK);
    *wrap = 0;
    if (!LD(d, GRIM_L_OPEN) || !LD(d, GRIM_L_AM_PHYS) || back >= size) return ~0u;
    if (front >= size) front = 0;
    if (back >= front) {
        if (m < size - back) return back;
        if (m >= front) return ~0u;
        *wrap = 1;
        return 0;
    }
    return m < front - back ? back : ~0u;
}

/* The tree of an update's member list (payload at p, n members): this NI's
 * place in it, -1 if it is not a member. */
static int my_place(unsigned p, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (GRIM_MU_NI(W(p + 4u + 4u * i)) == cfg.me) return (int)i;
    return -1;
}

AI unsigned member(unsigned p, unsigned n, unsigned i) { return i < n ? GRIM_MU_NI(W(p + 4u + 4u * i)) : 0xFFu; }

/* Children as the forwarding word wants them: c0 | c1 << 8 | count << 16. */
AI unsigned fwd_of(unsigned kids)
{
    unsigned c0 = kids & 0xFFu, c1 = (kids >> 8) & 0xFFu;
    if (c0 == 0xFFu) return 0;
    return c0 | (c1 << 8) | ((c1 == 0xFFu ? 1u : 2u) << 16);
}

/* Up to six destinations (0xFF = none) as the forwarding words want them:
 * the first two and the count in *fw, the other four in *fw2. */
static void fwd_list(const unsigned *c, unsigned *fw, unsigned *fw2)
{
    unsigned d[6], k = 0;
    for (unsigned i = 0; i < 6u; i++)
        if (c[i] != 0xFFu) d[k++] = c[i];
    for (unsigned i = k; i < 6u; i++) d[i] = 0xFFu;
    *fw = k ? d[0] | (d[1] << 8) | (k << 16) : 0;
    *fw2 = d[2] | (d[3] << 8) | (d[4] << 16) | (d[5] << 24);
}

/* No room in the recycle queue: say on whom it waits (the watchdog). */
static int queue_full(void)
{
    const struct lcstate *l = &lcs[mc.lc];
    MC_WAIT.on_ni = l->count ? l->sb[l->head].dni : W(mc.qbase + LCW(mc.lc, GRIM_L_Q_NEXT) + 8u) & 0xFFu;
    MC_WAIT.on_chan = mc.lc;
    return MC_FULL;
}

/* The sequencer passes a message it stamped (ticket) on to up to two other
 * NIs (dests: d0 | d1 << 8, 0xFF none): the tree's root, and for an update
 * that removes the old root, the old root too. It goes through the RM-RV
 * reply LC's queue (rmrv.c), not the recycle queue: the root may have a
 * smaller id than the sequencer and send the tree's copies back to it, and
 * a relay waiting at the front of the recycle queue would keep the room
 * the sequencer needs for those copies (the queue frees in order) -- a
 * wait cycle. A relay is the message with GRIM_MC_RELAY | this NI in word
 * 3's LC field, addressed to the NI's recycle LC, and 8 bytes more behind
 * it: the ticket and the message's own length in words (mcast_rx.c puts
 * them back). Nobody to send to (a message to a tree whose members all
 * left): the ticket is used and the message dropped, counted. */
static int relay(unsigned base, unsigned plen, volatile unsigned *t, unsigned ticket, unsigned dests, unsigned seqw)
{
    unsigned d0 = dests & 0xFFu, d1 = (dests >> 8) & 0xFFu;
    if (d0 == 0xFFu) d0 = d1, d1 = 0xFFu;
    if (d0 != 0xFFu) {
        unsigned m = GRIM_ROUND8(plen), one = m + 8u, w2 = W(base + 8), w3 = W(base + 12), hdr[8], q;
        for (unsigned i = 0; i < 8u; i++) hdr[i] = W(base + 4u * i);
        hdr[0] = 0;
        hdr[2] = GRIM_W2((one - GRIM_HDR_BYTES) / 4u, GRIM_EP(d0, mc.lc));
        hdr[3] = GRIM_W3(GRIM_MC_RELAY | cfg.me, GRIM_W3_HANDLER(w3));
        if (!(q = rv_reserve(d1 != 0xFFu ? 2u * one : one, hdr))) return queue_full();
        memcpy((void *)(q + GRIM_HDR_BYTES), (const void *)(base + GRIM_HDR_BYTES), m - GRIM_HDR_BYTES);
        W(q + m) = ticket;
        W(q + m + 4u) = GRIM_W2_WORDS(w2);
        if (d1 != 0xFFu) {             /* the same again behind it, to the other NI */
            memcpy((void *)(q + one), (const void *)q, one);
            W(q + one + 8u) = GRIM_W2((one - GRIM_HDR_BYTES) / 4u, GRIM_EP(d1, mc.lc));
        }
        rv_commit();
    } else MCW(GRIM_MW_DROPPED) += 1u;
    LD(t, GRIM_MT_NEXT) = (ticket + 1u) & 0xFFFFu;
    if (seqw) LD(t, GRIM_MT_SEQ) = seqw;
    MC_WAIT.kind = FW_WAIT_NONE;
    return MC_OK;
}

/* Is NI ni in the update's member list? */
AI int listed(unsigned p, unsigned n, unsigned ni)
{
    for (unsigned i = 0; i < n; i++)
        if (GRIM_MU_NI(W(p + 4u + 4u * i)) == ni) return 1;
    return 0;
}

int mc_process(unsigned base, unsigned plen, unsigned *dticket)
{
    I_VAR(t0);
    unsigned w1 = W(base + 4), w2 = W(base + 8), w3 = W(base + 12);
    unsigned type = GRIM_W1_TYPE(w1), tree = GRIM_W1_TREE(w1), stamped = GRIM_W3_LC(w3) & GRIM_MC_STAMPED;
    *dticket = 0;
    if (tree >= GRIM_MC_TREES) return MC_BAD;
    volatile unsigned *t = mc_tree(tree);
    unsigned in = LD(t, GRIM_MT_ROOT) != 0xFFu, ticket, kids = LD(t, GRIM_MT_KIDS), mask = 0, seq = 0, seqw = 0;
    unsigned extra = 0xFFu;            /* the sequencer: where else the message goes than this NI's children */
    unsigned p = base + GRIM_HDR_BYTES, n = 0, upd = type == GRIM_T_MCUPD, strict = !(CTRL(GRIM_C_MCAST) & GRIM_MC_NOTICKETS);
    if (upd) {
        n = W(p) & 0xFFu;
        if (plen < GRIM_HDR_BYTES + 4u + 4u * n || n > GRIM_MC_MAX_MEMBERS) return MC_BAD;
    }
    if (!stamped) {                    /* at the tree's sequencer: stamp it (docs/grim.md "Tickets") */
        unsigned s = LD(t, GRIM_MT_SEQ), root;
        if (!s) {                      /* the tree's first update makes this NI its sequencer */
            if (!upd || !n) return MC_MISROUTED;
            s = GRIM_MT_SEQ_ON | 0xFFu;
        }
        ticket = LD(t, GRIM_MT_NEXT) & 0xFFFFu;
        root = s & 0xFFu;
        unsigned dests = root | 0xFF00u;
        if (upd) {                     /* to the new root; and to the old one if it leaves */
            unsigned nr = n ? GRIM_MU_NI(W(p + 4u)) : 0xFFu;
            dests = nr | ((root != nr && root != 0xFFu && !listed(p, n, root) ? root : 0xFFu) << 8);
            seqw = GRIM_MT_SEQ_ON | nr;
        }
        if ((dests & 0xFFu) != cfg.me && (dests >> 8) != cfg.me) return relay(base, plen, t, ticket, dests, seqw);
        /* This NI is one of them (the common case: the root, a data
         * message): it takes the message as a member at once, or refuses
         * it (the sender sends it again) while it is still behind in the
         * tree's order -- never through its own recycle queue, whose room
         * the message would wait for. */
        extra = (dests & 0xFFu) == cfg.me ? dests >> 8 : dests & 0xFFu;
        seq = 1;
    } else ticket = GRIM_W2_DST(w2);
    /* as a member: one total order per tree, the expected ticket only;
     * a join waits until the NI has finished the tree it left */
    unsigned c[6] = {0xFFu, 0xFFu, 0xFFu, 0xFFu, extra, 0xFFu}, fwd, fwd2 = ~0u;
    int place = -1, join = 0;
    if (upd) {
        place = my_place(p, n);
        if (place < 0 && !in) return seq ? MC_REFUSE : MC_BAD;
        join = place >= 0 && !(W(p + 4u + 4u * (unsigned)place) & GRIM_MU_WASIN);
        if (join && in && strict) {    /* still in a tree it left: the update that removes it first */
            LD(t, GRIM_MT_REFUSED) += 1u;
            return MC_REFUSE;
        }
        if (place >= 0) {
            unsigned i = (unsigned)place;
            c[0] = member(p, n, 2u * i + 1u);
            c[1] = member(p, n, 2u * i + 2u);
        }
        if (in && !join)               /* old children that leave get it from here (they finish the old tree) */
            for (unsigned k = 0; k < 2u; k++) {
                unsigned o = (kids >> (8u * k)) & 0xFFu;
                if (o != 0xFFu && !listed(p, n, o)) c[2u + k] = o;
            }
        kids = c[0] | (c[1] << 8) | ((place > 0 ? member(p, n, ((unsigned)place - 1u) / 2u) : 0xFFu) << 16);
        fwd_list(c, &fwd, &fwd2);
    } else {
        if (!in) return seq ? MC_REFUSE : MC_DROP;   /* out of the tree (not sent to an NI that is out) */
        mask = LD(t, GRIM_MT_MASK);
        fwd = fwd_of(kids & 0xFFFFu);
    }
    if (strict && !join) {
        unsigned d = (ticket - LD(t, GRIM_MT_EXPECT)) & 0xFFFFu;
        if (d >= 0x8000u && !seq) return MC_DROP;   /* taken before (cannot happen: counted) */
        if (d) {
            LD(t, GRIM_MT_REFUSED) += 1u;
            return MC_REFUSE;
        }
    }
    /* room everywhere first: nothing changes unless all of it fits */
    unsigned m = GRIM_ROUND8(plen), q = 0, slot[GRIM_MAX_LC], wraps = 0;
    for (unsigned lc = 0, b = mask; b; lc++, b >>= 1) {
        if (!(b & 1u)) continue;
        unsigned w;
        if (lc >= cfg.nlc || (slot[lc] = ring_slot(lc, m, &w)) == ~0u) {
            MC_WAIT.on_ni = cfg.me;   /* waits for its own host */
            MC_WAIT.on_chan = lc;
            return MC_FULL;
        }
        wraps |= w << lc;
    }
    if (fwd && !(q = mc_reserve(plen))) return queue_full();
    I_STEP(GRIM_ST_MC_ACCEPT, t0);
    /* accepted: the tree's state */
    unsigned nt = (ticket + 1u) & 0xFFFFu;
    LD(t, GRIM_MT_EXPECT) = nt;
    if (seq) {
        LD(t, GRIM_MT_NEXT) = nt;
        if (seqw) LD(t, GRIM_MT_SEQ) = seqw;
    }
    if (upd) {
        LD(t, GRIM_MT_ROOT) = place >= 0 ? member(p, n, 0) : 0xFFu;
        LD(t, GRIM_MT_KIDS) = kids;
    }
    unsigned h1 = w1, h3 = GRIM_W3(GRIM_MC_STAMPED | cfg.me, GRIM_W3_HANDLER(w3));
    /* to the local subscribers: an AM whose LC field names the tree */
    unsigned tk = 0, words = GRIM_W2_WORDS(w2);
    I_SET(t0);
    if (mask) {
        W(base + 4) = GRIM_W1(GRIM_T_AM, GRIM_W1_CORR(w1), tree, GRIM_W1_SRC(w1));
        W(base + 12) = GRIM_W3(GRIM_MC_STAMPED | tree, GRIM_W3_HANDLER(w3));
        unsigned k = 0;
        for (unsigned lc = 0, b = mask; b; lc++, b >>= 1) {
            if (!(b & 1u)) continue;
            volatile unsigned *d = lcd(lc);
            unsigned phys = LD(d, GRIM_L_AM_PHYS);
            if (++k % 4u == 0) hdma_wait(HD, HDMA_TO_HOST, tk);   /* the engine's FIFO holds 16 */
            W(base + 8) = GRIM_W2(words, GRIM_EP(cfg.me, lc));
            if ((wraps >> lc) & 1u) tk = hdma_post(HD, HDMA_TO_HOST, (unsigned)mc_wrap, 8u, phys + LD(d, GRIM_L_AM_BACK));
            tk = hdma_post(HD, HDMA_TO_HOST, base, m, phys + slot[lc]);
            LD(d, GRIM_L_DELIVERED) += 1u;
            if (mask >> (lc + 1u)) hdma_wait(HD, HDMA_TO_HOST, tk);   /* the next copy's header differs */
        }
        LD(t, GRIM_MT_DELIV) += 1u;
        I_STEP(GRIM_ST_MC_DELIVER, t0);
    }
    /* once into the recycle queue, for every child, while the data moves */
    if (fwd) {
        I_SET(t0);
        W(q) = 0;
        W(q + 4) = GRIM_W1(type, GRIM_W1_CORR(h1), tree, GRIM_W1_SRC(h1));
        W(q + 8) = GRIM_W2(words, ticket);
        W(q + 12) = h3;
        memcpy((void *)(q + 16u), (const void *)(base + 16u), m - 16u);
        mc_commit(fwd, fwd2);
        I_STEP(GRIM_ST_MC_COPY, t0);
    }
    /* the back pointers behind the data */
    for (unsigned lc = 0, b = mask; b; lc++, b >>= 1) {
        if (!(b & 1u)) continue;
        volatile unsigned *d = lcd(lc);
        unsigned nb = slot[lc] + m, bp = LD(d, GRIM_L_AM_BACK_PHYS);
        LD(d, GRIM_L_AM_BACK) = nb;
        mc_backle[lc][0] = bswap(nb);
        if (bp) tk = hdma_post(HD, HDMA_TO_HOST, (unsigned)mc_backle[lc], 4u, bp);
    }
    MC_WAIT.kind = FW_WAIT_NONE;
    *dticket = tk;
    return MC_OK;
}

#endif
