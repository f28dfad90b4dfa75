/* LFC's NI control program (seed 002 §3.5, §4.1, §4.2) for the LANai 4:
 * UCAST (reliable FIFO point-to-point delivery with NI-level credit flow
 * control), fetch-and-add and MCAST (NI-forwarded spanning trees).
 * Contract: lfc_abi.h; trees: tree.h; protocol waits for the watchdog:
 * firmware/hal/waits.h (global fw_waits).
 *
 * A transmission of a data packet is a descriptor: a header in NI memory
 * (a send packet's, or a receive buffer's when forwarding) and a
 * destination (a unicast launch that finds a credit skips the descriptor:
 * the latency path). A descriptor takes a send credit for its destination or
 * waits on that destination's blocked-sends queue until credits come back.
 * A multicast packet gets one descriptor per tree child, all sharing one
 * buffer, which is released when every descriptor (and, for a received
 * packet, its delivery to the host) is done. Every packet to an NI carries
 * the credits owed to it (piggy-backed); once LFC_C_REFRESH are owed and no
 * packet is going there, a CREDIT packet carries them.
 * Receive: every NI holds LFC_C_CREDITS receive buffers for every other;
 * a data packet waits in the delivery queue for a host buffer address and
 * goes to it in ONE DMA, payload and status word (§3.5, Fig 3.4); once its
 * buffer is free, one credit is owed to its immediate sender (for a
 * multicast packet: the tree parent).
 * Built with -DLFC_RECOV (build/fw/lfc/recov.l4.elf) it adds RECOV's
 * deadlock recovery (recov.h, §4.3), with -DLFC_INTR (intr.l4.elf) the
 * polling watchdog (intr.h, §4.4), with both (lfc.l4.elf) the thesis's
 * whole LFC; without either, the image is as before. With -DLFC_NRES
 * (nres.l4.elf, otherwise ucast.l4.elf) it enables the NI network reset. */
#include "lfc_abi.h"
#include "tree.h"
#include "hostdma.h"
#include "ni.h"
#include "waits.h"

#define CW(off) (*(volatile unsigned *)(LFC_CTRL + (off)))
#define SQ(i, off) (*(volatile unsigned *)(LFC_SQ + (i) * 16u + (off)))
#define HQ(i) (*(volatile unsigned *)(LFC_HQ + (i) * 4u))
#define PCB(d, off) (*(volatile unsigned *)(LFC_PCB + (d) * LFC_PCB_BYTES + (off)))
#define GT(g, off) (*(volatile unsigned *)(LFC_GT + (g) * LFC_GT_BYTES + (off)))
#define GT_MEMBER(g, i) (*(volatile unsigned char *)(LFC_GT + (g) * LFC_GT_BYTES + LFC_GT_MEMBERS + (i)))
#define GT_POS(g, ni) (*(volatile unsigned char *)(LFC_GT + (g) * LFC_GT_BYTES + LFC_GT_POS + (ni)))
#define PCB_HELD 0xCu                   /* receive buffers now holding packets from that NI */

#define RB_N 128u                       /* NI receive buffers */
#define RB_STRIDE 1072u                 /* route slot + header + 1 KB + CRC slack, 8-aligned */
#define RB_BYTES (RB_STRIDE - ROUTE_SLOT)
#define RB0 0x00030000u
#define CBUF 0x00028000u                /* the control packet being sent: route (16) + header + word */
#define ROUTE_SLOT 16u
#define DESC_N 384u                     /* data-packet descriptors */
#define TXQ_N 512u                      /* >= DESC_N + 2 control items per NI */
#define ITEM_CREDIT 0x1000u             /* transmit-queue items: a descriptor, or a control packet to (item & 0xFF) */
#define ITEM_FA_REQ 0x2000u
#define ITEM_FA_REP 0x4000u
#define ITEM_CTRL (ITEM_CREDIT | ITEM_FA_REQ | ITEM_FA_REP)
#define ITEM_UCAST 0x8000u              /* unicast send packet (item & 0xFF) that found a credit: no descriptor */
#define OWN_RB 0x1000u                  /* descriptor owner: receive buffer k, else send packet i */
#ifdef LFC_INTR
#define IF_INTR(x) x
#else
#define IF_INTR(x)
#endif
#ifdef LFC_RECOV
#define ITEM_CLEAR 0x10000u             /* RECOV: CHANNEL_CLEAR to (item & 0xFF) for channel item >> 24 */
#undef ITEM_CTRL
#define ITEM_CTRL (ITEM_CREDIT | ITEM_FA_REQ | ITEM_FA_REP | ITEM_CLEAR)
#define IF_RECOV(x) x
#else
#define IF_RECOV(x)
#endif

/* rare paths stay out of main's loop (its registers and length are the latency) */
#define RARE __attribute__((noinline))

extern unsigned char __end[];

struct fw_waits fw_waits;               /* read by the simulator's watchdog by this symbol */

static struct hdma dma;
static unsigned me, nodes, credits0, refresh;
static unsigned route_words[LFC_MAX_NODES][ROUTE_SLOT / 4u];
static unsigned char route_len[LFC_MAX_NODES];

/* descriptors */
static unsigned d_hdr[DESC_N];
static unsigned d_dest[DESC_N], d_owner[DESC_N], d_next[DESC_N], dfree[DESC_N];
static unsigned dfree_n;

/* send side */
static unsigned sq_head, launched;                  /* launches seen */
static unsigned done_mask, released;                /* sent packets not yet released in order */
static unsigned txq[TXQ_N];
static unsigned txq_h, txq_t;           /* transmit queue */
static unsigned tx_busy, tx_item;
static unsigned bhead[LFC_MAX_NODES], btail[LFC_MAX_NODES];   /* blocked descriptors, +1 coded */
static unsigned block_since[LFC_MAX_NODES];
static unsigned char credit_queued[LFC_MAX_NODES];
static unsigned pkt_refs[LFC_SEND_N], pkt_dest[LFC_SEND_N], pkt_size[LFC_SEND_N];

/* fetch-and-add */
static unsigned fa_seen, fa_dest, fa_wait, fa_reply[LFC_MAX_NODES];

/* receive side */
static unsigned rfree[RB_N], rfree_n, r_cur;        /* free receive buffers (a stack) */
static unsigned rb_src[RB_N], rb_refs[RB_N];        /* immediate sender; deliveries + forwards pending */
static unsigned dq[RB_N], dq_len[RB_N], dq_src[RB_N], dq_h, dq_t;   /* delivery queue */
static unsigned deliv_busy, deliv_ticket, deliv_rb, hq_head;

static inline unsigned round4(unsigned n) { return (n + 3u) & ~3u; }
static inline unsigned char *rb(unsigned k) { return (unsigned char *)(RB0 + k * RB_STRIDE + ROUTE_SLOT); }
static inline unsigned char *spkt(unsigned i) { return (unsigned char *)(LFC_SENDPKT + i * LFC_SENDPKT_BYTES); }

RARE static void fault(unsigned code)
{
    CW(LFC_C_FAULT) = code;
    sim_assert_fail("lfc: protocol invariant broken (LFC_C_FAULT)");
}

static void stage_routes(void)
{
    nodes = ni_num_nodes();
    if (nodes > LFC_MAX_NODES) sim_assert_fail("lfc: more than 64 NIs");
    for (unsigned d = 0; d < nodes; d++) {
        unsigned n;
        const unsigned char *r = ni_route(d, &n);
        if (!r || n > ROUTE_SLOT) sim_assert_fail("lfc: no route (or one over 16 bytes) to an NI");
        unsigned char *slot = (unsigned char *)route_words[d];
        for (unsigned i = 0; i < n; i++) slot[ROUTE_SLOT - n + i] = r[i];
        route_len[d] = (unsigned char)n;
    }
}

static void txq_push(unsigned item)
{
    IF_RECOV(if (txq_t - txq_h >= TXQ_N) fault(10);)   /* escapes and clears add control items */
    txq[txq_t++ & (TXQ_N - 1u)] = item;
}

/* The credit waits the watchdog reads: one entry per destination whose
 * sends (or fetch-and-add request) wait for its credits (the first
 * FW_WAITS_MAX such destinations). waits_set(d) brings d's entry up to
 * date in O(1): wslot[d] is its entry + 1, 0 for none; a removed entry
 * is filled by the last one. */
static unsigned char wslot[LFC_MAX_NODES];

RARE static void waits_set(unsigned d)
{
    unsigned s = wslot[d], n = fw_waits.n;
    if (bhead[d] || (fa_wait && fa_dest == d)) {
        if (!s) {
            if (n >= FW_WAITS_MAX) return;
            s = n + 1u;
            wslot[d] = (unsigned char)s;
            fw_waits.w[n].kind = FW_WAIT_CREDIT;
            fw_waits.w[n].chan = d;
            fw_waits.w[n].on_ni = d;
            fw_waits.w[n].on_chan = 0;
            fw_waits.n = n + 1u;
        }
        fw_waits.w[s - 1u].since = block_since[d];
        return;
    }
    if (!s) return;
    wslot[d] = 0;
    n--;
    if (s - 1u != n) {                          /* the last entry moves into the hole */
        fw_waits.w[s - 1u] = fw_waits.w[n];
        wslot[fw_waits.w[n].chan] = (unsigned char)s;
    }
    fw_waits.w[n].kind = FW_WAIT_NONE;
    fw_waits.n = n;
}

RARE static void block_begin(unsigned dest)
{
    block_since[dest] = ni_rtc();
    PCB(dest, LFC_PCB_BLOCKED) = PCB(dest, LFC_PCB_BLOCKED) + 1u;
    CW(LFC_C_BLOCKED) = CW(LFC_C_BLOCKED) + 1u;
}

#ifdef LFC_RECOV
#include "recov.h"
#endif

/* credit_send (Fig 4.2; with RECOV Fig 4.13): a credit, or the blocked-sends queue */
static inline __attribute__((always_inline)) void credit_send(unsigned d)
{
    unsigned dest = d_dest[d], c = PCB(dest, LFC_PCB_SEND);
    if (c && !bhead[dest]) {
        IF_RECOV(d_dl[d] = 0;)
        PCB(dest, LFC_PCB_SEND) = c - 1u;
        txq_push(d);
        return;
    }
    d_next[d] = 0;
    if (bhead[dest]) {
        d_next[btail[dest] - 1u] = (d + 1u);
        PCB(dest, LFC_PCB_BLOCKED) = PCB(dest, LFC_PCB_BLOCKED) + 1u;
        CW(LFC_C_BLOCKED) = CW(LFC_C_BLOCKED) + 1u;
    } else {
        bhead[dest] = d + 1u;
        block_begin(dest);
        waits_set(dest);
    }
    btail[dest] = d + 1u;
    IF_RECOV(recov_blocked(d, dest);)
}

static void credits_in(unsigned src, unsigned c)
{
    if (!c) return;
    unsigned have = PCB(src, LFC_PCB_SEND) + c;
    if (!bhead[src] && !fa_wait) {             /* nothing waits for them */
        if (have > credits0) fault(1);
        PCB(src, LFC_PCB_SEND) = have;
        return;
    }
    unsigned was = bhead[src] || (fa_wait && fa_dest == src);
    while (have && bhead[src]) {               /* unblock, oldest first */
        unsigned d = bhead[src] - 1u;
        bhead[src] = d_next[d];
        PCB(src, LFC_PCB_BLOCKED) = PCB(src, LFC_PCB_BLOCKED) - 1u;
        have--;
        txq_push(d);
    }
    if (have && fa_wait && fa_dest == src) {
        fa_wait = 0;
        have--;
        txq_push(ITEM_FA_REQ | src);
    }
    if (have > credits0) fault(1);              /* more credits than buffers */
    PCB(src, LFC_PCB_SEND) = have;
    if (was) {
        if (bhead[src] || (fa_wait && fa_dest == src)) block_since[src] = ni_rtc();   /* a new wait */
        waits_set(src);
    }
}

static void release_sent(unsigned i)
{
    done_mask |= 1u << i;
    while (done_mask & (1u << (released & (LFC_SEND_N - 1u)))) {
        done_mask &= ~(1u << (released & (LFC_SEND_N - 1u)));
        released++;
    }
    CW(LFC_C_RELEASED) = released;
}

static unsigned desc_new(unsigned hdr, unsigned dest, unsigned owner)
{
    if (!dfree_n) fault(5);                     /* at most one per send packet or buffer and child */
    unsigned d = dfree[--dfree_n];
    d_hdr[d] = hdr;
    d_dest[d] = dest;
    d_owner[d] = owner;
    IF_RECOV(d_dl[d] = 0;)
    return d;
}

/* A group's tree: my children for a packet from root (NI numbers); 0 if I
 * am not a member or the group is not defined (then *bad = 1). */
RARE static unsigned tree_children(unsigned g, unsigned root, unsigned *out, unsigned *bad)
{
    unsigned n = GT(g, LFC_GT_N), kind = GT(g, LFC_GT_KIND);
    *bad = 1;
    if (g >= LFC_GROUPS || n == 0 || n > LFC_MAX_NODES || kind >= LFC_TREE_KINDS || root >= nodes) return 0;
    unsigned mp = GT_POS(g, me), rp = GT_POS(g, root);
    if (mp >= n || rp >= n) return 0;
    *bad = 0;
    unsigned c = lfc_tree_children(kind, n, lfc_tree_rank(n, mp, rp), out);
    for (unsigned k = 0; k < c; k++) out[k] = GT_MEMBER(g, lfc_tree_pos(n, out[k], rp));
    return c;
}

/* The host's fetch-and-add request: at this NI at once, else a request
 * packet that takes a credit like any data packet. */
RARE static void fa_request(unsigned ni)
{
    fa_seen++;
    if (ni >= nodes || ni == me) {
        unsigned v = CW(LFC_C_FA_VAR);
        if (ni == me) CW(LFC_C_FA_VAR) = v + 1u;
        else CW(LFC_C_ERRORS) = CW(LFC_C_ERRORS) + 1u;
        CW(LFC_C_FA_RESULT) = ni == me ? v : 0xFFFFFFFFu;
        CW(LFC_C_FA_DONE) = fa_seen;
        return;
    }
    fa_dest = ni;
    unsigned c = PCB(ni, LFC_PCB_SEND);
    if (c && !bhead[ni]) {
        PCB(ni, LFC_PCB_SEND) = c - 1u;
        txq_push(ITEM_FA_REQ | ni);
        return;
    }
    fa_wait = 1;
    if (!bhead[ni]) block_since[ni] = ni_rtc();
    waits_set(ni);
}

/* A multicast launch: one descriptor per child of this NI in the group's
 * tree rooted here, all sharing send packet i. */
RARE static void launch_mcast(unsigned i, unsigned g, unsigned size, unsigned char *hdr)
{
    unsigned ch[LFC_TREE_MAX_CHILDREN], bad = 1, *h = (unsigned *)hdr;
    unsigned c = g < LFC_GROUPS ? tree_children(g, me, ch, &bad) : 0;
    if (bad || c == 0) {                        /* not a member, or nobody to send to */
        if (bad) CW(LFC_C_ERRORS) = CW(LFC_C_ERRORS) + 1u;
        release_sent(i);
        return;
    }
    h[0] = LFC_TAG_MCAST << 16;
    h[2] = size | g << 16 | me << 24;
    pkt_refs[i] = c;
    for (unsigned k = 0; k < c; k++) credit_send(desc_new((unsigned)hdr, ch[k], i));
}

static void launch(void)
{
    unsigned i = sq_head, dest = SQ(i, LFC_SQ_DEST), size = SQ(i, LFC_SQ_SIZE);
    unsigned char *hdr = spkt(i) + LFC_SENDPKT_DATA - LFC_HDR_BYTES;
    unsigned *h = (unsigned *)hdr;
    sq_head = (i + 1u) & (LFC_SEND_N - 1u);
    launched++;
    if (size > LFC_MAX_PAYLOAD) dest = LFC_MAX_NODES;
    if (dest & LFC_DEST_FA) {                   /* the slot only carries the request */
        release_sent(i);
        fa_request(dest & ~LFC_DEST_FA);
        return;
    }
    if (dest & LFC_DEST_GROUP) {
        launch_mcast(i, dest & ~LFC_DEST_GROUP, size, hdr);
        return;
    }
    if (dest >= nodes || dest == me) {
        CW(LFC_C_ERRORS) = CW(LFC_C_ERRORS) + 1u;
        release_sent(i);
        return;
    }
    unsigned c = PCB(dest, LFC_PCB_SEND);
    if (c && !bhead[dest]) {                    /* the common case: straight to the transmit queue */
        PCB(dest, LFC_PCB_SEND) = c - 1u;
        pkt_dest[i] = dest;
        pkt_size[i] = size;
        txq_push(ITEM_UCAST | i);
        return;
    }
    h[0] = LFC_TAG_UCAST << 16;
    h[2] = size;
    pkt_refs[i] = 1;
    credit_send(desc_new((unsigned)hdr, dest, i));
}

static void send_from(unsigned char *hdr, unsigned dest, unsigned bytes)
{
    unsigned *rw = (unsigned *)(hdr - ROUTE_SLOT);
    const unsigned *from = route_words[dest];
    rw[0] = from[0];
    rw[1] = from[1];
    rw[2] = from[2];
    rw[3] = from[3];
    unsigned char *start = hdr - route_len[dest];
    ni_send_segment(start, (unsigned)hdr + bytes - (unsigned)start, 1);
}

/* send_packet: route, header with the credits owed to dest, the data */
static void tx_start(void)
{
    unsigned item = txq[txq_h++ & (TXQ_N - 1u)], dest;
    unsigned char *hdr;
    unsigned *h;
    if (item & ITEM_UCAST) {
        unsigned i = item & 0xFFu;
        dest = pkt_dest[i];
        hdr = spkt(i) + LFC_SENDPKT_DATA - LFC_HDR_BYTES;
        h = (unsigned *)hdr;
        h[0] = LFC_TAG_UCAST << 16 | me;
        h[1] = PCB(dest, LFC_PCB_FREE);
        PCB(dest, LFC_PCB_FREE) = 0;
        h[2] = pkt_size[i];
        send_from(hdr, dest, LFC_HDR_BYTES + round4(pkt_size[i]));
    } else if (item & ITEM_CTRL) {
        dest = item & 0xFFu;
        hdr = (unsigned char *)CBUF + ROUTE_SLOT;
        h = (unsigned *)hdr;
        unsigned bytes = LFC_HDR_BYTES;
        if (item & ITEM_CREDIT) {
            credit_queued[dest] = 0;
            if (!PCB(dest, LFC_PCB_FREE)) return;   /* a data packet took them already */
            h[0] = LFC_TAG_CREDIT << 16 | me;
            h[2] = 0;
            CW(LFC_C_CREDIT_TX) = CW(LFC_C_CREDIT_TX) + 1u;
#ifdef LFC_RECOV
        } else if (item & ITEM_CLEAR) {
            dest = item & 0xFFu;
            h[0] = LFC_TAG_CLEAR << 16 | me;
            h[2] = (item >> 24) << 16;
#endif
        } else if (item & ITEM_FA_REQ) {
            h[0] = LFC_TAG_FA_REQ << 16 | me;
            h[2] = 0;
        } else {
            h[0] = LFC_TAG_FA_REP << 16 | me;
            h[2] = 4;
            h[3] = fa_reply[dest];
            bytes += 4u;
        }
        h[1] = PCB(dest, LFC_PCB_FREE);
        PCB(dest, LFC_PCB_FREE) = 0;
        send_from(hdr, dest, bytes);
    } else {
        dest = d_dest[item];
        hdr = (unsigned char *)d_hdr[item];
        h = (unsigned *)hdr;
#ifdef LFC_RECOV
        h[0] = (h[0] & 0x00FF0000u) | (unsigned)d_dl[item] << LFC_HDR_DL_SHIFT | me;
#else
        h[0] = (h[0] & 0xFFFF0000u) | me;
#endif
        h[1] = PCB(dest, LFC_PCB_FREE);
        PCB(dest, LFC_PCB_FREE) = 0;
        send_from(hdr, dest, LFC_HDR_BYTES + round4(h[2] & 0xFFFFu));
    }
    tx_busy = 1;
    tx_item = item;
}

/* One fewer use of receive buffer k: when none is left, free it and owe
 * its immediate sender a credit. */
static void rb_unref(unsigned k)
{
    if (--rb_refs[k]) return;
    IF_RECOV(if (recov_release(k)) return;)
    unsigned src = rb_src[k];
    rfree[rfree_n++] = k;
    PCB(src, PCB_HELD) = PCB(src, PCB_HELD) - 1u;
    unsigned owed = PCB(src, LFC_PCB_FREE) + 1u;
    PCB(src, LFC_PCB_FREE) = owed;
    if (owed >= refresh && !credit_queued[src]) {
        credit_queued[src] = 1;
        txq_push(ITEM_CREDIT | src);
    }
}

static void tx_done(void)
{
    tx_busy = 0;
    if (tx_item & ITEM_UCAST) {
        release_sent(tx_item & 0xFFu);
        CW(LFC_C_SENT) = CW(LFC_C_SENT) + 1u;
        return;
    }
    if (tx_item & ITEM_CTRL) return;
    unsigned d = tx_item, o = d_owner[d];
    dfree[dfree_n++] = d;
    if (o & OWN_RB) {
        CW(LFC_C_FORWARDED) = CW(LFC_C_FORWARDED) + 1u;
        rb_unref(o & ~OWN_RB);
    } else if (--pkt_refs[o] == 0) {
        release_sent(o);
        CW(LFC_C_SENT) = CW(LFC_C_SENT) + 1u;
    }
}

/* A control packet's buffer is free at once; a fetch-and-add request is
 * a data packet (it took a credit), so it is owed back like one. */
RARE static void rx_control(unsigned k, unsigned tag, unsigned src, const unsigned *h)
{
    rfree[rfree_n++] = k;
    if (tag == LFC_TAG_FA_REQ) {
        unsigned v = CW(LFC_C_FA_VAR);
        CW(LFC_C_FA_VAR) = v + 1u;
        CW(LFC_C_FA_SERVED) = CW(LFC_C_FA_SERVED) + 1u;
        fa_reply[src] = v;
        txq_push(ITEM_FA_REP | src);
        PCB(src, LFC_PCB_FREE) = PCB(src, LFC_PCB_FREE) + 1u;   /* the reply carries it */
    } else if (tag == LFC_TAG_FA_REP) {
        CW(LFC_C_FA_RESULT) = h[3];
        CW(LFC_C_FA_DONE) = fa_seen;
    }
    IF_RECOV(else if (tag == LFC_TAG_CLEAR) release_channel(h[2] >> 16);)
}

/* A received multicast packet in buffer k: one descriptor per child of
 * this NI in the root's tree, sharing the buffer; returns the root. With
 * RECOV each descriptor keeps the packet's deadlock field (Fig 4.12). */
RARE static unsigned forward(unsigned k, unsigned char *b, unsigned w2)
{
    unsigned ch[LFC_TREE_MAX_CHILDREN], bad, g = (w2 >> 16) & 0xFFu, root = w2 >> 24;
    unsigned c = tree_children(g, root, ch, &bad);
    if (bad) fault(6);                          /* a group this NI does not know */
    rb_refs[k] += c;
    IF_RECOV(unsigned dl = ((const unsigned *)b)[0] >> LFC_HDR_DL_SHIFT;)
    for (unsigned i = 0; i < c; i++) {
        unsigned d = desc_new((unsigned)b, ch[i], OWN_RB | k);
        IF_RECOV(d_dl[d] = (unsigned char)dl;)
        credit_send(d);
    }
    return root;
}

static void rx(void)
{
    unsigned k = r_cur;
    unsigned char *b = rb(k);
    unsigned len = ni_recv_len(b);
    ni_ack(NI_EV_RECV | NI_ORUN_BITS);
    if (!rfree_n) fault(2);                     /* the credits should make this impossible */
    r_cur = rfree[--rfree_n];
    ni_recv_post(rb(r_cur), RB_BYTES);
    const unsigned *h = (const unsigned *)b;
#ifdef LFC_RECOV
    unsigned tag = (h[0] >> 16) & 0xFFu, src = h[0] & 0xFFFFu, size = h[2] & 0xFFFFu;
#else
    unsigned tag = h[0] >> 16, src = h[0] & 0xFFFFu, size = h[2] & 0xFFFFu;
#endif
    if (!ni_recv_crc_ok(b, len) || len < LFC_HDR_BYTES || src >= nodes || size > LFC_MAX_PAYLOAD ||
        LFC_HDR_BYTES + round4(size) > len) {
        CW(LFC_C_ERRORS) = CW(LFC_C_ERRORS) + 1u;   /* §3.4: CRC errors are catastrophic */
        fault(3);
    }
    credits_in(src, h[1]);
    if (tag != LFC_TAG_UCAST && tag != LFC_TAG_MCAST) {
        rx_control(k, tag, src, h);
        return;
    }
#ifdef LFC_RECOV
    unsigned dl = h[0] >> LFC_HDR_DL_SHIFT, t = tag == LFC_TAG_MCAST ? 64u + (h[2] >> 16 & 0xFFu) * 64u + (h[2] >> 24) : src;
    rb_tree[k] = (unsigned short)t;
    if (dl) recov_rx(k, src, t, dl);            /* an escape buffer, not a credited one */
    else {
#endif
    unsigned held = PCB(src, PCB_HELD) + 1u;
    if (held > credits0) fault(4);              /* a sender beyond its credits */
    PCB(src, PCB_HELD) = held;
    IF_RECOV(})
    rb_src[k] = src;
    rb_refs[k] = 1;
    unsigned from = src;
    if (tag == LFC_TAG_MCAST) from = forward(k, b, h[2]);
    dq[dq_t & (RB_N - 1u)] = k;
    dq_len[dq_t & (RB_N - 1u)] = size;
    dq_src[dq_t & (RB_N - 1u)] = from;
    dq_t++;
    CW(LFC_C_RECEIVED) = CW(LFC_C_RECEIVED) + 1u;
}

static void deliver_start(void)
{
    unsigned k = dq[dq_h & (RB_N - 1u)], size = dq_len[dq_h & (RB_N - 1u)], src = dq_src[dq_h & (RB_N - 1u)];
    dq_h++;
    unsigned char *b = rb(k);
    unsigned host = HQ(hq_head & (LFC_HQ_N - 1u));
    hq_head++;
    CW(LFC_C_HQ_HEAD) = hq_head;
    unsigned r4 = round4(size);
    *(unsigned *)(b + LFC_HDR_BYTES + r4) = LFC_FULL | src << 16 | size;
    deliv_ticket = hdma_post(&dma, HDMA_TO_HOST, (unsigned)b + LFC_HDR_BYTES, r4 + 4u, host + LFC_STATUS_OFF - r4);
    deliv_rb = k;
    deliv_busy = 1;
}

#ifdef LFC_INTR
#include "intr.h"
#endif

/* The packet is in host memory. */
static void deliver_done(void)
{
    deliv_busy = 0;
    IF_INTR(intr_delivered();)
    fw_waits.delivered++;
    rb_unref(deliv_rb);
}

int main(void)
{
    if ((unsigned)__end > LFC_CTRL) sim_assert_fail("lfc: the image reaches into the control block");
#if defined LFC_RECOV && defined LFC_INTR
    for (unsigned i = 0; i < LFC_C_WORDS_INTR; i++) CW(4 * i) = 0;
    CW(LFC_C_RECOV) = 1;
    CW(LFC_C_INTR_IMG) = 1;
#elif defined LFC_RECOV
    for (unsigned i = 0; i < LFC_C_WORDS_RECOV; i++) CW(4 * i) = 0;
    CW(LFC_C_RECOV) = 1;
#elif defined LFC_INTR
    for (unsigned i = 0; i < LFC_C_WORDS_INTR; i++) CW(4 * i) = 0;
    CW(LFC_C_INTR_IMG) = 1;
#else
    for (unsigned i = 0; i < LFC_C_WORDS; i++) CW(4 * i) = 0;
#endif
    for (unsigned i = 0; i < LFC_SEND_N; i++) SQ(i, LFC_SQ_SEQ) = 0;
    if (!ni_have_routes()) sim_assert_fail("lfc: no route table");
    me = ni_my_id();
    stage_routes();
    fw_waits.proto[0] = 'l';
    fw_waits.proto[1] = 'f';
    fw_waits.proto[2] = 'c';
    fw_waits.version = FW_WAITS_VERSION;
    CW(LFC_C_NODE) = me;
    CW(LFC_C_NODES) = nodes;
    CW(LFC_C_MAGIC) = LFC_MAGIC;
    while (!CW(LFC_C_GO))
        if (CW(LFC_C_QUIT)) sim_exit(0);
    credits0 = CW(LFC_C_CREDITS);
    IF_INTR(intr_start();)
    refresh = CW(LFC_C_REFRESH);
    /* every other NI gets credits0 buffers; two more keep the engine posted */
#ifdef LFC_RECOV
    /* RECOV: and one escape buffer per other NI (its recovery channel) */
    if (credits0 == 0 || (credits0 + 1u) * (nodes - 1u) + 2u > RB_N || refresh == 0 || refresh > credits0)
        sim_assert_fail("lfc recov: (CREDITS + 1) x (NIs - 1) + 2 must fit 128 buffers, 1 <= REFRESH <= CREDITS");
#else
    if (credits0 == 0 || credits0 * (nodes - 1u) + 2u > RB_N || refresh == 0 || refresh > credits0)
        sim_assert_fail("lfc: CREDITS x (NIs - 1) + 2 must fit 128 buffers, 1 <= REFRESH <= CREDITS");
#endif
    for (unsigned d = 0; d < nodes; d++) {
        PCB(d, LFC_PCB_SEND) = d == me ? 0 : credits0;
        PCB(d, LFC_PCB_FREE) = 0;
        PCB(d, LFC_PCB_BLOCKED) = 0;
        PCB(d, PCB_HELD) = 0;
    }
    for (unsigned k = 1; k < RB_N; k++) rfree[rfree_n++] = RB_N - k;
    for (unsigned d = 0; d < DESC_N; d++) dfree[dfree_n++] = (DESC_N - 1u - d);
    hdma_init(&dma);
    ni_crc_enable(1);
#ifdef LFC_NRES
    /* the DAS settings that meet deadlocks (seed 002 L716), as labelled
     * inputs of the nres.l4.elf image: the NI reset after a software-set
     * timeout, here the shortest period (TIMEOUT select 0: 1/16 s); the
     * switches' 50 ms blocked-packet kill is the fabric's default */
    NI_REG(L4_TIMEOUT) = 0;
    NI_REG(NI_MYRINET) = NI_REG(NI_MYRINET) | L4_NRES_ENABLE;
#endif
    ni_ack(NI_EV_RECV | NI_EV_BUFF | NI_ORUN_BITS);
    r_cur = 0;
    ni_recv_post(rb(0), RB_BYTES);
    for (;;) {
        unsigned isr = NI_REG(NI_ISR);
        if (isr & NI_EV_RECV) rx();
        if (tx_busy && (isr & NI_EV_SEND)) tx_done();
        if (SQ(sq_head, LFC_SQ_SEQ) == launched + 1u) launch();   /* before tx_start: it may go at once */
        if (!tx_busy && txq_h != txq_t) tx_start();
        IF_INTR(if (wd_on) intr_poll();)
        unsigned quit = CW(LFC_C_QUIT);
        if (deliv_busy) {
            if ((int)(hdma_done(&dma, HDMA_TO_HOST) - deliv_ticket) >= 0) deliver_done();
        } else if (!quit && dq_h != dq_t && CW(LFC_C_HQ_TAIL) != hq_head) {
            deliver_start();            /* never after QUIT: the host is freeing its buffers */
        }
        if (quit && !tx_busy && txq_h == txq_t && !deliv_busy) {
            CW(LFC_C_MAGIC) = 0;        /* the host waits for this before it frees memory */
            sim_exit(0);
        }
    }
}
