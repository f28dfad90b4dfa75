/* A bad route byte: NI 0 sends packet 1 with its first route byte made
 * invalid (port offset -32: out of range on any switch), then packet 2
 * with the right route. The first switch drops packet 1; NI 1 receives
 * packet 2 only, and nothing else within 100 us. Needs a switch. */
#include "common.h"

#define N 128u
static pkt_hdr h1 __attribute__((aligned(8))), h2 __attribute__((aligned(8)));
static unsigned char pkt[NI_ROUTE_MAX + 1 + 8 + N] __attribute__((aligned(8)));
static unsigned char buf[N + 8 + NI_RECV_SLACK] __attribute__((aligned(8)));
extern const unsigned char _start[];

int main(void)
{
    ni_crc_enable(1);
    if (ni_my_id() == 0) {
        /* packet 1 built in one buffer: route (bad first byte), header, payload */
        unsigned char *body = pkt + NI_ROUTE_MAX + 1;
        h1.type = PKT_DATA | N;
        h1.seq = 1;
        for (unsigned i = 0; i < 8; i++) body[i] = ((const unsigned char *)&h1)[i];
        for (unsigned i = 0; i < N; i++) body[8 + i] = _start[i];
        unsigned char *start = ni_route_prepend(1, body);
        if (!start || start == body) fail(2, "needs a route through a switch", 0, 0);
        start[0] = 0x80 | 0x20;
        ni_send_segment(start, (unsigned)(body + 8 + N - start), 1);
        h2.type = PKT_DATA | N;
        h2.seq = 2;
        ni_send_packet(1, &h2, sizeof h2, _start + N, N);
        ni_send_wait();
        return 0;
    }
    ni_recv_post(buf, sizeof buf);
    ni_wait(NI_EV_RECV);
    unsigned len = ni_recv_len(buf);
    ni_ack(NI_EV_RECV | NI_EV_HEAD);
    const pkt_hdr *hh = (const pkt_hdr *)buf;
    if (len != 8 + N || !ni_recv_crc_ok(buf, len)) fail(3, "length or crc", len, 0);
    for (unsigned i = 0; i < N; i++)
        if (buf[8 + i] != _start[N + i]) fail(4, "data", i, 0);
    con_printf("ni1 got packet %u\n", hh->seq);
    ni_recv_post(buf, sizeof buf);
    unsigned t0 = ni_rtc();
    while (ni_rtc() - t0 < 200)
        if (ni_events() & (NI_EV_RECV | NI_EV_BUFF)) fail(5, "a second packet arrived", 0, 0);
    con_printf("ni1 nothing else\n");
    return 0;
}
