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

int mc_process(unsigned base, unsigned plen, unsigned *dticket)
{
    I_VAR(t0);
    unsigned w1 = W(base + 4), w2 = W(base + 8), w3 = W(base + 12);
    unsigned type = GRIM_W1_TYPE(w1), tree = GRIM_W1_TREE(w1), stamped = GRIM_W3_LC(w3) & GRIM_MC_STAMPED;
    *dticket = 0;
    if (tree >= GRIM_MC_TREES) return MC_BAD;
    volatile unsigned *t = mc_tree(tree);
    unsigned epoch = LD(t, GRIM_MT_EPOCH), ticket, kids = LD(t, GRIM_MT_KIDS), mask = 0;
    unsigned p = base + GRIM_HDR_BYTES, n = 0, newepoch = epoch;
    int place = -1;
    if (type == GRIM_T_MCUPD) {
        n = W(p) & 0xFFu;
        newepoch = (W(p) >> 8) & 0xFu;
        if (plen < GRIM_HDR_BYTES + 4u + 4u * n || !n || n > GRIM_MC_MAX_MEMBERS) return MC_BAD;
        place = my_place(p, n);
        if (place < 0) return MC_BAD;
        unsigned i = (unsigned)place;
        kids = member(p, n, 2u * i + 1u) | (member(p, n, 2u * i + 2u) << 8) |
               ((i ? member(p, n, (i - 1u) / 2u) : 0xFFu) << 16);
    } else mask = LD(t, GRIM_MT_MASK);
    if (!stamped) {                    /* at the root: stamp it */
        if (type == GRIM_T_MCUPD) {
            if (place != 0) return MC_MISROUTED;
            unsigned cont = LD(t, GRIM_MT_ROOT) == cfg.me && newepoch == epoch;
            ticket = GRIM_MC_TICKET(newepoch, cont ? LD(t, GRIM_MT_NEXT) : 0u);
        } else {
            if (LD(t, GRIM_MT_ROOT) != cfg.me) return MC_MISROUTED;
            ticket = GRIM_MC_TICKET(epoch, LD(t, GRIM_MT_NEXT));
        }
    } else {
        ticket = GRIM_W2_DST(w2);
        /* One total order per tree: the expected ticket only. An update of a
         * new epoch starts one; a member new to the tree takes the update's
         * ticket as it comes; a message of an older epoch is still
         * draining and is taken as it comes. With tickets off (teaching:
         * GRIM_MC_NOTICKETS) every ticket is taken. */
        int check = GRIM_MC_T_EPOCH(ticket) == epoch;
        if (type == GRIM_T_MCUPD && !(W(p + 4u + 4u * (unsigned)place) & GRIM_MU_WASIN)) check = 0;
        if (check && ticket != LD(t, GRIM_MT_EXPECT) && !(CTRL(GRIM_C_MCAST) & GRIM_MC_NOTICKETS)) {
            LD(t, GRIM_MT_REFUSED) += 1u;
            return MC_REFUSE;
        }
    }
    /* room everywhere first: nothing changes unless all of it fits */
    unsigned m = GRIM_ROUND8(plen), fwd = fwd_of(kids & 0xFFFFu), q = 0, slot[GRIM_MAX_LC], wraps = 0;
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
    if (fwd && !(q = mc_reserve(plen))) {
        const struct lcstate *l = &lcs[mc.lc];
        MC_WAIT.on_ni = l->count ? l->sb[l->head].dni : W(mc.qbase + LCW(mc.lc, GRIM_L_Q_NEXT) + 8u) & 0xFFu;
        MC_WAIT.on_chan = mc.lc;
        return MC_FULL;
    }
    I_STEP(GRIM_ST_MC_ACCEPT, t0);
    /* accepted: the tree's state */
    unsigned nt = GRIM_MC_TICKET(GRIM_MC_T_EPOCH(ticket), GRIM_MC_T_COUNT(ticket) + 1u);
    if (type == GRIM_T_MCUPD) {
        LD(t, GRIM_MT_ROOT) = member(p, n, 0);
        LD(t, GRIM_MT_KIDS) = kids;
        LD(t, GRIM_MT_EPOCH) = newepoch;
        LD(t, GRIM_MT_EXPECT) = nt;
        if (place == 0) LD(t, GRIM_MT_NEXT) = GRIM_MC_T_COUNT(nt);
    } else if (GRIM_MC_T_EPOCH(ticket) == epoch) {
        LD(t, GRIM_MT_EXPECT) = nt;
        if (!stamped) LD(t, GRIM_MT_NEXT) = GRIM_MC_T_COUNT(nt);
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
        mc_commit(fwd);
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
