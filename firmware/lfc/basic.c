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
 * packet is in; take the receive ring's next descriptor, DMA the payload to
 * that host buffer and then, last, its flag word (size | LFB_FULL).
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

enum { S_FREE, S_FETCH, S_SENDING };

struct sbuf {
    unsigned state, ticket, desc, dest, size;
    unsigned char *base;
};
struct rbuf {
    unsigned busy, ticket;             /* busy: its payload / flag DMA not yet done */
    unsigned flag;                     /* the flag word DMAed to the host last */
    unsigned char *base;
};

static struct hdma dma;
static struct sbuf sb[2];
static struct rbuf rb[2];
static unsigned me, phys, maxpay, seq_out;

static inline unsigned round4(unsigned n) { return (n + 3u) & ~3u; }

/* Send side, one step: fetch the head descriptor's payload into a free
 * buffer; start the oldest fetched packet when the link is free; free a
 * descriptor whose packet has left. */
static unsigned s_head, s_fetch, s_send, tx_busy;

static void send_step(void)
{
    struct sbuf *f = &sb[s_fetch];
    if (f->state == S_FREE && SD(s_head, LFB_SD_FLAG) == 1) {
        unsigned dest = SD(s_head, LFB_SD_DEST), size = SD(s_head, LFB_SD_SIZE), off = SD(s_head, LFB_SD_OFFSET);
        unsigned n;
        if (size > maxpay || dest >= ni_num_nodes() || !ni_route(dest, &n) || (off & 3u)) {
            CW(LFB_C_ERRORS) = CW(LFB_C_ERRORS) + 1;
            SD(s_head, LFB_SD_FLAG) = 0;
        } else {
            f->desc = s_head;
            f->dest = dest;
            f->size = size;
            f->ticket = size ? hdma_post(&dma, HDMA_FROM_HOST, (unsigned)f->base + ROUTE_ROOM + LFB_HDR_BYTES,
                                         round4(size), phys + off)
                             : 0;
            f->state = S_FETCH;
            s_fetch ^= 1u;
        }
        s_head = (s_head + 1u) & (LFB_SEND_N - 1u);
    }
    if (tx_busy && (ni_events() & NI_EV_SEND)) {   /* the packet in flight has left: DescriptorFree */
        struct sbuf *d = &sb[s_send ^ 1u];
        SD(d->desc, LFB_SD_FLAG) = 0;
        d->state = S_FREE;
        tx_busy = 0;
        CW(LFB_C_SENT) = CW(LFB_C_SENT) + 1;
    }
    struct sbuf *s = &sb[s_send];
    if (!tx_busy && s->state == S_FETCH && (int)(hdma_done(&dma, HDMA_FROM_HOST) - s->ticket) >= 0) {
        unsigned *h = (unsigned *)(s->base + ROUTE_ROOM);
        h[0] = me << 16 | s->size;
        h[1] = seq_out++;
        unsigned char *start = ni_route_prepend(s->dest, s->base + ROUTE_ROOM);
        ni_send_segment(start, (unsigned)(s->base + ROUTE_ROOM + LFB_HDR_BYTES) + round4(s->size) - (unsigned)start, 1);
        s->state = S_SENDING;
        tx_busy = 1;
        s_send ^= 1u;
    }
}

/* Receive side: the buffer the engine fills is rb[r_cur]; the other is
 * posted once its DMAs are done. */
static unsigned r_cur, r_head, r_posted;

static void post_recv(unsigned k)
{
    ni_recv_post(rb[k].base, RBUF_BYTES);
    r_cur = k;
    r_posted = 1;
}

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
    b->flag = LFB_FULL | (h[0] & 0x7FFF0000u) | size;   /* full, source (15 bits), size */
    if (size) hdma_post(&dma, HDMA_TO_HOST, (unsigned)b->base + LFB_HDR_BYTES, round4(size), host);
    b->ticket = hdma_post(&dma, HDMA_TO_HOST, (unsigned)&b->flag, 4, host + LFB_FLAG_OFF);
    b->busy = 1;
    CW(LFB_C_RECEIVED) = CW(LFB_C_RECEIVED) + 1;
}

static void recv_step(void)
{
    for (unsigned k = 0; k < 2; k++)
        if (rb[k].busy && (int)(hdma_done(&dma, HDMA_TO_HOST) - rb[k].ticket) >= 0) rb[k].busy = 0;
    if (!r_posted) {                           /* the other buffer was still busy */
        if (!rb[r_cur ^ 1u].busy) post_recv(r_cur ^ 1u);
        return;
    }
    if (!(ni_events() & NI_EV_RECV)) return;
    struct rbuf *b = &rb[r_cur];
    unsigned len = ni_recv_len(b->base);
    ni_ack(NI_EV_RECV | NI_ORUN_BITS);
    r_posted = 0;
    if (!rb[r_cur ^ 1u].busy) post_recv(r_cur ^ 1u);
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
    CW(LFB_C_NODE) = me;
    CW(LFB_C_NODES) = ni_num_nodes();
    CW(LFB_C_MAGIC) = LFB_MAGIC;
    while (!CW(LFB_C_GO))
        if (CW(LFB_C_QUIT)) sim_exit(0);
    phys = CW(LFB_C_DMA_PHYS);
    maxpay = CW(LFB_C_MAXPAY);
    if (maxpay > LFB_MAX_PAYLOAD) maxpay = LFB_MAX_PAYLOAD;
    for (unsigned k = 0; k < 2; k++) {
        sb[k].base = (unsigned char *)(SBUF0 + k * ((SBUF_BYTES + 7u) & ~7u));
        rb[k].base = (unsigned char *)(RBUF0 + k * ((RBUF_BYTES + 7u) & ~7u));
    }
    hdma_init(&dma);
    ni_crc_enable(1);
    ni_ack(NI_EV_RECV | NI_EV_BUFF | NI_ORUN_BITS);
    post_recv(0);
    for (;;) {
        /* Idle (nothing fetched, in flight or being delivered): a tight
         * poll of the DescriptorReady flag and the receive event, so the
         * first step of a packet starts within a few cycles. */
        if (!tx_busy && dma.queued == dma.done && r_posted && sb[0].state == S_FREE && sb[1].state == S_FREE) {
            volatile unsigned *ready = &SD(s_head, LFB_SD_FLAG);
            while (*ready != 1 && !(NI_REG(NI_ISR) & NI_EV_RECV))
                if (CW(LFB_C_QUIT)) sim_exit(0);
        }
        send_step();
        recv_step();
        if (CW(LFB_C_QUIT)) {
            while (!hdma_idle(&dma)) {}
            sim_exit(0);
        }
    }
}
