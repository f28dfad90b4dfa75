/* Back-pressure: NI 1 posts no receive buffer for 200 us, so NI 0's 3000-
 * byte packet fills the slack buffers and the link STOPs it; NI 0's send
 * finishes only after NI 1 posts. Both print RTC times (0.5 us ticks, both
 * RTCs start at 0 together). The payload is the program image itself. */
#include "common.h"

#define N 3000u
static pkt_hdr h __attribute__((aligned(8)));
static unsigned char buf[N + 8 + NI_RECV_SLACK] __attribute__((aligned(8)));
extern const unsigned char _start[];

int main(void)
{
    ni_crc_enable(1);
    if (ni_my_id() == 0) {
        h.type = PKT_DATA | N;
        h.seq = 7;
        ni_send_packet(1, &h, sizeof h, _start, N);
        unsigned started = ni_rtc();
        ni_send_wait();
        con_printf("ni0 started rtc %u sent rtc %u\n", started, ni_rtc());
        return 0;
    }
    ni_delay_ticks(400);
    unsigned posted = ni_rtc();
    ni_recv_post(buf, sizeof buf);
    ni_wait(NI_EV_RECV);
    unsigned received = ni_rtc(), len = ni_recv_len(buf);
    if (len != 8 + N || !ni_recv_crc_ok(buf, len)) fail(2, "length or crc", len, 0);
    for (unsigned i = 0; i < N; i++)
        if (buf[8 + i] != _start[i]) fail(3, "data", i, 0);
    con_printf("ni1 posted rtc %u received rtc %u len %u\n", posted, received, len);
    return 0;
}
