/* LFC's NI control program, unicast part (seed 002 §3.5, §4.1) for the
 * LANai 4: UCAST, reliable FIFO point-to-point delivery with NI-level
 * credit flow control. Contract: lfc_abi.h.
 *
 * Send: the host fills a send packet in NI memory by PIO and launches it
 * through the send queue; the NI takes a send credit for the destination
 * and queues the packet for transmission, or puts it on that destination's
 * blocked-sends queue until credits come back. Every packet to an NI
 * carries the credits owed to it (piggy-backed); once LFC_C_REFRESH are owed
 * and no packet is going there, a CREDIT packet carries them.
 * Receive: every NI holds LFC_C_CREDITS receive buffers for every other;
 * an arrived packet's credits are taken at once; a data packet waits in the
 * delivery queue for a host buffer address (the host-buffer address queue)
 * and goes to it in ONE DMA, payload and status word (§3.5, Fig 3.4); then
 * its NI buffer is freed and one credit is owed to its sender. */
#include "lfc_abi.h"
#include "hostdma.h"
#include "ni.h"

#define CW(off) (*(volatile unsigned *)(LFC_CTRL + (off)))
#define SQ(i, off) (*(volatile unsigned *)(LFC_SQ + (i) * 16u + (off)))
#define HQ(i) (*(volatile unsigned *)(LFC_HQ + (i) * 4u))
#define PCB(d, off) (*(volatile unsigned *)(LFC_PCB + (d) * LFC_PCB_BYTES + (off)))
#define PCB_HELD 0xCu                   /* receive buffers now holding packets from that NI */

#define RB_N 128u                       /* NI receive buffers */
#define RB_BYTES 1056u                  /* header + 1 KB + CRC slack, 8-aligned */
#define RB0 0x00030000u
#define CBUF 0x00028000u                /* the CREDIT packet being sent: route (16) + header */
#define ROUTE_SLOT 16u
#define ITEM_CREDIT 0x100u              /* a transmit-queue item that is a CREDIT packet to (item & 0xFF) */

extern unsigned char __end[];

static struct hdma dma;
static unsigned me, nodes, credits0, refresh;
static unsigned route_words[LFC_MAX_NODES][ROUTE_SLOT / 4u];
static unsigned char route_len[LFC_MAX_NODES];

/* send side */
static unsigned sq_head, launched;                  /* launches seen */
static unsigned done_mask, released;                /* sent packets not yet released in order */
static unsigned txq[64], txq_h, txq_t;              /* transmit queue: packet index or ITEM_CREDIT | dest */
static unsigned tx_busy, tx_item;
static unsigned bnext[LFC_SEND_N], bhead[LFC_MAX_NODES], btail[LFC_MAX_NODES];   /* blocked sends, +1 coded */
static unsigned char credit_queued[LFC_MAX_NODES];
static unsigned pkt_dest[LFC_SEND_N], pkt_size[LFC_SEND_N];

/* receive side */
static unsigned rfree[RB_N], rfree_n, r_cur;        /* free receive buffers (a stack) */
static unsigned dq[RB_N], dq_len[RB_N], dq_h, dq_t; /* delivery queue */
static unsigned deliv_busy, deliv_ticket, deliv_rb, hq_head;

static inline unsigned round4(unsigned n) { return (n + 3u) & ~3u; }
static inline unsigned char *rb(unsigned k) { return (unsigned char *)(RB0 + k * RB_BYTES); }
static inline unsigned char *spkt(unsigned i) { return (unsigned char *)(LFC_SENDPKT + i * LFC_SENDPKT_BYTES); }

static void fault(unsigned code)
{
    CW(LFC_C_FAULT) = code;
    sim_assert_fail("lfc ucast: protocol invariant broken (LFC_C_FAULT)");
}

static void stage_routes(void)
{
    nodes = ni_num_nodes();
    if (nodes > LFC_MAX_NODES) sim_assert_fail("lfc ucast: more than 64 NIs");
    for (unsigned d = 0; d < nodes; d++) {
        unsigned n;
        const unsigned char *r = ni_route(d, &n);
        if (!r || n > ROUTE_SLOT) sim_assert_fail("lfc ucast: no route (or one over 16 bytes) to an NI");
        unsigned char *slot = (unsigned char *)route_words[d];
        for (unsigned i = 0; i < n; i++) slot[ROUTE_SLOT - n + i] = r[i];
        route_len[d] = (unsigned char)n;
    }
}

static void txq_push(unsigned item) { txq[txq_t++ & 63u] = item; }

/* credit_send (Fig 4.2): a credit, or the blocked-sends queue */
static void credit_send(unsigned i, unsigned dest)
{
    unsigned c = PCB(dest, LFC_PCB_SEND);
    if (c && !bhead[dest]) {
        PCB(dest, LFC_PCB_SEND) = c - 1u;
        txq_push(i);
        return;
    }
    bnext[i] = 0;
    if (bhead[dest]) bnext[btail[dest] - 1u] = i + 1u;
    else bhead[dest] = i + 1u;
    btail[dest] = i + 1u;
    PCB(dest, LFC_PCB_BLOCKED) = PCB(dest, LFC_PCB_BLOCKED) + 1u;
    CW(LFC_C_BLOCKED) = CW(LFC_C_BLOCKED) + 1u;
}

static void credits_in(unsigned src, unsigned c)
{
    if (!c) return;
    unsigned have = PCB(src, LFC_PCB_SEND) + c;
    while (have && bhead[src]) {               /* unblock, oldest first */
        unsigned i = bhead[src] - 1u;
        bhead[src] = bnext[i];
        PCB(src, LFC_PCB_BLOCKED) = PCB(src, LFC_PCB_BLOCKED) - 1u;
        have--;
        txq_push(i);
    }
    if (have > credits0) fault(1);              /* more credits than buffers */
    PCB(src, LFC_PCB_SEND) = have;
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

static void launch(void)
{
    unsigned i = sq_head, dest = SQ(i, LFC_SQ_DEST), size = SQ(i, LFC_SQ_SIZE);
    sq_head = (i + 1u) & (LFC_SEND_N - 1u);
    launched++;
    if (dest >= nodes || dest == me || size > LFC_MAX_PAYLOAD) {
        CW(LFC_C_ERRORS) = CW(LFC_C_ERRORS) + 1u;
        release_sent(i);
        return;
    }
    pkt_dest[i] = dest;
    pkt_size[i] = size;
    credit_send(i, dest);
}

/* send_packet: route, header with the credits owed to dest, the data */
static void tx_start(void)
{
    unsigned item = txq[txq_h++ & 63u], dest, tag, size;
    unsigned char *hdr;
    if (item & ITEM_CREDIT) {
        dest = item & 0xFFu;
        credit_queued[dest] = 0;
        if (!PCB(dest, LFC_PCB_FREE)) return;   /* a data packet took them already */
        hdr = (unsigned char *)CBUF + ROUTE_SLOT;
        tag = LFC_TAG_CREDIT;
        size = 0;
        CW(LFC_C_CREDIT_TX) = CW(LFC_C_CREDIT_TX) + 1u;
    } else {
        dest = pkt_dest[item];
        hdr = spkt(item) + LFC_SENDPKT_DATA - LFC_HDR_BYTES;
        tag = LFC_TAG_UCAST;
        size = pkt_size[item];
    }
    unsigned *h = (unsigned *)hdr;
    h[0] = tag << 16 | me;
    h[1] = PCB(dest, LFC_PCB_FREE);
    PCB(dest, LFC_PCB_FREE) = 0;
    h[2] = size;
    unsigned *rw = (unsigned *)(hdr - ROUTE_SLOT);
    const unsigned *from = route_words[dest];
    rw[0] = from[0];
    rw[1] = from[1];
    rw[2] = from[2];
    rw[3] = from[3];
    unsigned char *start = hdr - route_len[dest];
    ni_send_segment(start, (unsigned)(hdr + LFC_HDR_BYTES) + round4(size) - (unsigned)start, 1);
    tx_busy = 1;
    tx_item = item;
}

static void tx_done(void)
{
    tx_busy = 0;
    if (!(tx_item & ITEM_CREDIT)) {
        release_sent(tx_item);
        CW(LFC_C_SENT) = CW(LFC_C_SENT) + 1u;
    }
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
    unsigned tag = h[0] >> 16, src = h[0] & 0xFFFFu, size = h[2];
    if (!ni_recv_crc_ok(b, len) || len < LFC_HDR_BYTES || src >= nodes || size > LFC_MAX_PAYLOAD ||
        LFC_HDR_BYTES + round4(size) > len) {
        CW(LFC_C_ERRORS) = CW(LFC_C_ERRORS) + 1u;   /* §3.4: CRC errors are catastrophic */
        fault(3);
    }
    credits_in(src, h[1]);
    if (tag != LFC_TAG_UCAST) {                 /* CREDIT: nothing more to do */
        rfree[rfree_n++] = k;
        return;
    }
    unsigned held = PCB(src, PCB_HELD) + 1u;
    if (held > credits0) fault(4);              /* a sender beyond its credits */
    PCB(src, PCB_HELD) = held;
    dq[dq_t & (RB_N - 1u)] = k;
    dq_len[dq_t & (RB_N - 1u)] = size;
    dq_t++;
    CW(LFC_C_RECEIVED) = CW(LFC_C_RECEIVED) + 1u;
}

static void deliver_start(void)
{
    unsigned k = dq[dq_h & (RB_N - 1u)], size = dq_len[dq_h & (RB_N - 1u)];
    dq_h++;
    unsigned char *b = rb(k);
    unsigned host = HQ(hq_head & (LFC_HQ_N - 1u));
    hq_head++;
    CW(LFC_C_HQ_HEAD) = hq_head;
    unsigned r4 = round4(size), src = ((const unsigned *)b)[0] & 0xFFFFu;
    *(unsigned *)(b + LFC_HDR_BYTES + r4) = LFC_FULL | src << 16 | size;
    deliv_ticket = hdma_post(&dma, HDMA_TO_HOST, (unsigned)b + LFC_HDR_BYTES, r4 + 4u, host + LFC_STATUS_OFF - r4);
    deliv_rb = k;
    deliv_busy = 1;
}

/* The packet is in host memory: free its NI buffer, owe its sender a credit. */
static void deliver_done(void)
{
    deliv_busy = 0;
    unsigned src = ((const unsigned *)rb(deliv_rb))[0] & 0xFFFFu;
    rfree[rfree_n++] = deliv_rb;
    PCB(src, PCB_HELD) = PCB(src, PCB_HELD) - 1u;
    unsigned owed = PCB(src, LFC_PCB_FREE) + 1u;
    PCB(src, LFC_PCB_FREE) = owed;
    if (owed >= refresh && !credit_queued[src]) {
        credit_queued[src] = 1;
        txq_push(ITEM_CREDIT | src);
    }
}

int main(void)
{
    if ((unsigned)__end > LFC_CTRL) sim_assert_fail("lfc ucast: the image reaches into the control block");
    for (unsigned i = 0; i < 16; i++) CW(4 * i) = 0;
    for (unsigned i = 0; i < LFC_SEND_N; i++) SQ(i, LFC_SQ_SEQ) = 0;
    if (!ni_have_routes()) sim_assert_fail("lfc ucast: no route table");
    me = ni_my_id();
    stage_routes();
    CW(LFC_C_NODE) = me;
    CW(LFC_C_NODES) = nodes;
    CW(LFC_C_MAGIC) = LFC_MAGIC;
    while (!CW(LFC_C_GO))
        if (CW(LFC_C_QUIT)) sim_exit(0);
    credits0 = CW(LFC_C_CREDITS);
    refresh = CW(LFC_C_REFRESH);
    /* every other NI gets credits0 buffers; two more keep the engine posted */
    if (credits0 == 0 || credits0 * (nodes - 1u) + 2u > RB_N || refresh == 0 || refresh > credits0)
        sim_assert_fail("lfc ucast: CREDITS x (NIs - 1) + 2 must fit 128 buffers, 1 <= REFRESH <= CREDITS");
    for (unsigned d = 0; d < nodes; d++) {
        PCB(d, LFC_PCB_SEND) = d == me ? 0 : credits0;
        PCB(d, LFC_PCB_FREE) = 0;
        PCB(d, LFC_PCB_BLOCKED) = 0;
        PCB(d, PCB_HELD) = 0;
    }
    for (unsigned k = 1; k < RB_N; k++) rfree[rfree_n++] = RB_N - k;
    hdma_init(&dma);
    ni_crc_enable(1);
    ni_ack(NI_EV_RECV | NI_EV_BUFF | NI_ORUN_BITS);
    r_cur = 0;
    ni_recv_post(rb(0), RB_BYTES);
    for (;;) {
        unsigned isr = NI_REG(NI_ISR);
        if (isr & NI_EV_RECV) rx();
        if (tx_busy && (isr & NI_EV_SEND)) tx_done();
        if (!tx_busy && txq_h != txq_t) tx_start();
        if (SQ(sq_head, LFC_SQ_SEQ) == launched + 1u) launch();
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
