/* NI ping-pong: NI 0 sends packets of several sizes to NI 1, which sends
 * each one straight back; NI 0 checks every byte and the CRC and prints the
 * round trip in core cycles and RTC ticks. Packets are route + 8-byte
 * header + payload (three send segments, Cplant style). A last STOP packet
 * ends NI 1. Both NIs run this image; the role comes from ni_my_id(). */
#include "common.h"

#ifndef PP_ITERS
#define PP_ITERS 2
#endif

static const unsigned sizes[] = {8, 64, 256, 1024, 4000};
#define NSIZES (sizeof sizes / sizeof sizes[0])
#define MAXP 4000u

static pkt_hdr txh __attribute__((aligned(8)));
static unsigned char txd[MAXP] __attribute__((aligned(8)));
static unsigned char rx[MAXP + 8 + NI_RECV_SLACK] __attribute__((aligned(8)));

static unsigned recv_one(void)
{
    ni_wait(NI_EV_RECV);
    unsigned len = ni_recv_len(rx);
    if (!ni_recv_crc_ok(rx, len)) fail(3, "crc", len, 0);
    ni_ack(NI_EV_RECV | NI_EV_HEAD);
    return len;
}

static void ping(void)
{
    unsigned seq = 0;
    for (unsigned s = 0; s < NSIZES; s++)
        for (unsigned it = 0; it < PP_ITERS; it++, seq++) {
            unsigned n = sizes[s];
            txh.type = PKT_DATA | n;
            txh.seq = seq;
            fill(txd, n, seq);
            ni_recv_post(rx, sizeof rx);
            unsigned r0 = ni_rtc();
            unsigned c0 = (unsigned)sim_cycles();
            if (ni_send_packet(1, &txh, sizeof txh, txd, n) < 0) fail(2, "no route", 1, 0);
            unsigned len = recv_one();
            unsigned c1 = (unsigned)sim_cycles(), r1 = ni_rtc();
            const pkt_hdr *h = (const pkt_hdr *)rx;
            if (len != 8 + n) fail(4, "length", len, 8 + n);
            if (h->type != (PKT_DATA | n) || h->seq != seq) fail(5, "header", h->type, h->seq);
            unsigned bad = check(rx + 8, n, seq);
            if (bad != n) fail(6, "data", n, bad);
            con_printf("size %u rtt %u cycles %u ticks\n", n, c1 - c0, r1 - r0);
        }
    ni_send_wait();
    txh.type = PKT_STOP;
    ni_send_packet(1, &txh, sizeof txh, 0, 0);
    ni_send_wait();
    con_printf("ping done rtc %u\n", ni_rtc());
}

static void pong(void)
{
    for (;;) {
        ni_recv_post(rx, sizeof rx);
        unsigned len = recv_one();
        const pkt_hdr *h = (const pkt_hdr *)rx;
        if ((h->type & 0xFFFF0000u) == PKT_STOP) break;
        ni_send_packet(0, rx, len, 0, 0);   /* header and payload in one segment */
        ni_send_wait();                     /* rx is reused: let it leave first */
    }
    con_printf("pong done rtc %u\n", ni_rtc());
}

int main(void)
{
    if (!ni_have_routes()) fail(1, "no route table", 0, 0);
    ni_crc_enable(1);
    if (ni_my_id() == 0) ping();
    else pong();
    return 0;
}
