/* Seed 002's basic protocol (§2.1, Fig 2.1) as NI firmware for the LANai 4:
 * the teaching baseline LFC improves on. Unreliable, no flow control: a
 * packet that finds no free host buffer is dropped (and counted).
 *
 * Send (steps 3-5): poll the DescriptorReady flag of the send ring's head;
 * DMA the payload from the host's DMA area (base + offset) into one of two
 * NI send buffers; prepend the route and the header; send. The flag is
 * cleared (DescriptorFree) when the network DMA has finished. Two buffers
 * let one packet's host-to-NI DMA overlap the previous packet's network DMA
 * (L779).
 * Receive (steps 6-7): two receive buffers, the next posted as soon as a
 * packet is in; take the receive ring's next descriptor and DMA the payload
 * and, behind it, the flag word (LFB_FULL | source | size) in one transfer
 * that ends at the host buffer's flag.
 * Contract: basic_abi.h. One host-DMA engine serves both directions in
 * order (hal/hostdma.h). */
#include "basic_abi.h"
#include "hostdma.h"
#include "ni.h"

#define CW(off) (*(volatile unsigned *)(LFB_CTRL + (off)))
#define SD(i, off) (*(volatile unsigned *)(LFB_SEND_RING + (i) * 16u + (off)))
#define RD(i, off) (*(volatile unsigned *)(LFB_RECV_RING + (i) * 8u + (off)))

#define ROUTE_ROOM 32u                  /* route bytes end right before the header */
#define SBUF_BYTES (ROUTE_ROOM + LFB_HDR_BYTES + LFB_MAX_PAYLOAD)
#define RBUF_BYTES (LFB_HDR_BYTES + LFB_MAX_PAYLOAD + NI_RECV_SLACK)
#define SBUF0 0x00010000u
#define RBUF0 0x00020000u

extern unsigned char __end[];

struct rbuf {
    unsigned busy, ticket;             /* busy: its DMA to the host not yet done */
    unsigned char *base;
};

static struct hdma dma;
static unsigned char *sbase[2];
static struct rbuf rb[2];
static unsigned me, phys, maxpay, seq_out;

static inline unsigned round4(unsigned n) { return (n + 3u) & ~3u; }

/* Routes staged at start-up, right-aligned in 16 bytes per NI, so a send
 * copies four words instead of looking the route up (a multiply, which the
 * LANai does in software) and copying bytes. */
#define ROUTE_SLOT 16u
#define MAX_NODES 128u
static unsigned route_words[MAX_NODES][ROUTE_SLOT / 4u];
static unsigned char route_len[MAX_NODES];
static unsigned nodes;

static void stage_routes(void)
{
    nodes = ni_num_nodes();
    if (nodes > MAX_NODES) sim_assert_fail("lfc basic: more than 128 NIs");
    for (unsigned d = 0; d < nodes; d++) {
        unsigned n;
        const unsigned char *r = ni_route(d, &n);
        if (!r || n > ROUTE_SLOT) sim_assert_fail("lfc basic: no route (or one over 16 bytes) to an NI");
        unsigned char *slot = (unsigned char *)route_words[d];
        for (unsigned i = 0; i < n; i++) slot[ROUTE_SLOT - n + i] = r[i];
        route_len[d] = (unsigned char)n;
    }
}

/* Send side. The packet at the head is fetched into send buffer s_buf and
 * sent as soon as the link is free; the one before it (in the other buffer)
 * may still be leaving, and its descriptor is freed when it has left
 * (DescriptorFree). */
static unsigned s_head, s_buf, tx_busy, tx_desc;

static void tx_done(void)
{
    SD(tx_desc, LFB_SD_FLAG) = 0;
    tx_busy = 0;
    CW(LFB_C_SENT) = CW(LFB_C_SENT) + 1;
}

/* The fetched packet waiting for the link (the previous one still leaving).
 * Waiting is never a spin: an NI that spun here while its link is blocked
 * would stop draining its own receives, and NIs sending to each other in a
 * ring would deadlock (seen with 16 nodes all-to-all). */
static unsigned pending, p_len, p_desc;
static unsigned char *p_start;

static void start_pending(void)
{
    ni_send_segment(p_start, p_len, 1);
    tx_busy = 1;
    tx_desc = p_desc;
    pending = 0;
}

static void send_one(void)
{
    unsigned d = s_head;
    s_head = (d + 1u) & (LFB_SEND_N - 1u);
    unsigned dest = SD(d, LFB_SD_DEST), size = SD(d, LFB_SD_SIZE), off = SD(d, LFB_SD_OFFSET);
    if (size > maxpay || dest >= nodes || (off & 3u)) {
        CW(LFB_C_ERRORS) = CW(LFB_C_ERRORS) + 1;
        SD(d, LFB_SD_FLAG) = 0;
        return;
    }
    unsigned char *base = sbase[s_buf];
    if (size) {                                   /* step 4: the payload into NI memory */
        unsigned t = hdma_post(&dma, HDMA_FROM_HOST, (unsigned)base + ROUTE_ROOM + LFB_HDR_BYTES, round4(size), phys + off);
        hdma_wait(&dma, HDMA_FROM_HOST, t);
    }
    unsigned *h = (unsigned *)(base + ROUTE_ROOM);
    h[0] = me << 16 | size;
    h[1] = seq_out++;
    unsigned *rw = (unsigned *)(base + ROUTE_ROOM - ROUTE_SLOT);
    const unsigned *from = route_words[dest];
    rw[0] = from[0];
    rw[1] = from[1];
    rw[2] = from[2];
    rw[3] = from[3];
    p_start = base + ROUTE_ROOM - route_len[dest];
    p_len = (unsigned)(base + ROUTE_ROOM + LFB_HDR_BYTES) + round4(size) - (unsigned)p_start;
    p_desc = d;
    pending = 1;
    s_buf ^= 1u;
    if (!tx_busy) start_pending();
}

/* Receive side: the engine fills rb[r_cur]; the other buffer is posted as
 * soon as a packet is in (its own DMA to the host waited for first). */
static unsigned r_cur, r_head;

static void deliver(struct rbuf *b, unsigned len)
{
    const unsigned *h = (const unsigned *)b->base;
    unsigned size = h[0] & 0xFFFFu;
    if (!ni_recv_crc_ok(b->base, len) || len < LFB_HDR_BYTES || size > LFB_MAX_PAYLOAD ||
        LFB_HDR_BYTES + round4(size) > len) {
        CW(LFB_C_ERRORS) = CW(LFB_C_ERRORS) + 1;
        return;
    }
    if (RD(r_head, LFB_RD_FLAG) != 1) {       /* no free host buffer: the basic protocol drops */
        CW(LFB_C_DROPPED) = CW(LFB_C_DROPPED) + 1;
        return;
    }
    unsigned host = phys + RD(r_head, LFB_RD_OFFSET);
    RD(r_head, LFB_RD_FLAG) = 0;
    r_head = (r_head + 1u) & (LFB_RECV_N - 1u);
    /* The flag word right behind the payload (over the CRC byte, already
     * checked), and both in ONE DMA that ends at the host buffer's flag: the
     * flag is "the last part of its NI-to-host DMA transfer" (L768). */
    unsigned r4 = round4(size);
    *(unsigned *)(b->base + LFB_HDR_BYTES + r4) = LFB_FULL | (h[0] & 0x7FFF0000u) | size;
    b->ticket = hdma_post(&dma, HDMA_TO_HOST, (unsigned)b->base + LFB_HDR_BYTES, r4 + 4u, host + LFB_FLAG_OFF - r4);
    b->busy = 1;
    CW(LFB_C_RECEIVED) = CW(LFB_C_RECEIVED) + 1;
}

static void receive(void)
{
    struct rbuf *b = &rb[r_cur], *o = &rb[r_cur ^ 1u];
    unsigned len = ni_recv_len(b->base);
    ni_ack(NI_EV_RECV | NI_ORUN_BITS);
    if (o->busy) {
        hdma_wait(&dma, HDMA_TO_HOST, o->ticket);
        o->busy = 0;
    }
    ni_recv_post(o->base, RBUF_BYTES);
    r_cur ^= 1u;
    deliver(b, len);
}

int main(void)
{
    if ((unsigned)__end > LFB_CTRL) sim_assert_fail("lfc basic: the image reaches into the control block");
    for (unsigned i = 0; i < 16; i++) CW(4 * i) = 0;
    for (unsigned i = 0; i < LFB_SEND_N; i++) SD(i, LFB_SD_FLAG) = 0;
    for (unsigned i = 0; i < LFB_RECV_N; i++) RD(i, LFB_RD_FLAG) = 0;
    if (!ni_have_routes()) sim_assert_fail("lfc basic: no route table");
    me = ni_my_id();
    stage_routes();
    CW(LFB_C_NODE) = me;
    CW(LFB_C_NODES) = ni_num_nodes();
    CW(LFB_C_MAGIC) = LFB_MAGIC;
    while (!CW(LFB_C_GO))
        if (CW(LFB_C_QUIT)) sim_exit(0);
    phys = CW(LFB_C_DMA_PHYS);
    maxpay = CW(LFB_C_MAXPAY);
    if (maxpay > LFB_MAX_PAYLOAD) maxpay = LFB_MAX_PAYLOAD;
    for (unsigned k = 0; k < 2; k++) {
        sbase[k] = (unsigned char *)(SBUF0 + k * ((SBUF_BYTES + 7u) & ~7u));
        rb[k].base = (unsigned char *)(RBUF0 + k * ((RBUF_BYTES + 7u) & ~7u));
    }
    hdma_init(&dma);
    ni_crc_enable(1);
    ni_ack(NI_EV_RECV | NI_EV_BUFF | NI_ORUN_BITS);
    ni_recv_post(rb[0].base, RBUF_BYTES);
    /* One event at a time: an arrived packet first (it holds the network);
     * a packet that has left (its descriptor freed, the waiting one started);
     * the send ring's head when no packet waits; else retire host DMAs, QUIT. */
    for (;;) {
        unsigned isr = NI_REG(NI_ISR);
        if (isr & NI_EV_RECV) {
            receive();
        } else if (tx_busy && (isr & NI_EV_SEND)) {
            tx_done();
            if (pending) start_pending();
        } else if (!pending && SD(s_head, LFB_SD_FLAG) == 1) {
            send_one();
        } else {
            /* retire a finished host DMA while idle, so the next post finds
             * the engine free and starts at once (the queued path costs
             * about 140 cycles) */
            if (dma.started != dma.done && (isr & L4_DMA_INT)) hdma_kick(&dma);
            if (CW(LFB_C_QUIT)) {
                while (!hdma_idle(&dma)) {}
                sim_exit(0);
            }
        }
    }
}
