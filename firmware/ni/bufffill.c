/* BUFF_INT: NI 1 posts a 64-byte buffer for NI 0's 300-byte packet. The
 * engine fills it, raises BUFF_INT and stops taking bytes; NI 1 then posts
 * a second buffer for the rest, gets RECV_INT there, and checks the whole
 * packet (the program image) and its CRC. */
#include "common.h"

#define N 300u
static pkt_hdr h __attribute__((aligned(8)));
static unsigned char a[64] __attribute__((aligned(8)));
static unsigned char b[512] __attribute__((aligned(8)));
extern const unsigned char _start[];

int main(void)
{
    ni_crc_enable(1);
    if (ni_my_id() == 0) {
        h.type = PKT_DATA | N;
        h.seq = 1;
        ni_send_packet(1, &h, sizeof h, _start, N);
        ni_send_wait();
        return 0;
    }
    ni_recv_post(a, sizeof a);
    unsigned ev = ni_wait(NI_EV_BUFF | NI_EV_RECV);
    unsigned got = ni_recv_progress(a);
    con_printf("ni1 first event %s after %u bytes\n", ev & NI_EV_BUFF ? "BUFF" : "RECV", got);
    if (!(ev & NI_EV_BUFF) || got != sizeof a) fail(2, "expected a full first buffer", ev, got);
    ni_ack(NI_EV_BUFF | NI_EV_HEAD);
    ni_recv_post(b, sizeof b);
    ev = ni_wait(NI_EV_BUFF | NI_EV_RECV);
    if (!(ev & NI_EV_RECV)) fail(3, "expected the tail in the second buffer", ev, 0);
    unsigned rest = ni_recv_len(b), total = sizeof a + rest;
    if (total != 8 + N || !ni_recv_crc_ok(b, rest)) fail(4, "length or crc", total, rest);
    const pkt_hdr *hh = (const pkt_hdr *)a;
    if (hh->type != (PKT_DATA | N)) fail(5, "header", hh->type, 0);
    for (unsigned i = 0; i < N; i++) {
        unsigned char c = i + 8 < sizeof a ? a[i + 8] : b[i + 8 - sizeof a];
        if (c != _start[i]) fail(6, "data", i, c);
    }
    con_printf("ni1 packet of %u bytes in two buffers (%u + %u), crc ok\n", total, (unsigned)sizeof a, rest);
    return 0;
}
