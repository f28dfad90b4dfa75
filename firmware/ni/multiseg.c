/* A packet from six send segments: the route, an 8-byte header and four
 * payload pieces from different places in SRAM (SML for all but the last,
 * SMLT for the last, waiting for SEND_INT in between). NI 1 checks that it
 * arrives as one packet with the pieces in order and a good CRC. Pieces end
 * on word boundaries (a LANai 4 rule), their starts need not be aligned. */
#include "common.h"

static pkt_hdr h __attribute__((aligned(8)));
static unsigned char buf[1024] __attribute__((aligned(8)));
extern const unsigned char _start[];
static const unsigned off[4] = {1001, 203, 517, 40}, len[4] = {99, 37, 195, 64};

int main(void)
{
    ni_crc_enable(1);
    unsigned total = 0;
    for (int k = 0; k < 4; k++) total += len[k];
    if (ni_my_id() == 0) {
        unsigned n;
        const unsigned char *r = ni_route(1, &n);
        static unsigned char rb[40] __attribute__((aligned(8)));
        for (unsigned i = 0; i < n; i++) rb[32 - n + i] = r[i];
        if (n) {
            ni_send_segment(rb + 32 - n, n, 0);
            ni_send_wait();
        }
        h.type = PKT_DATA | total;
        h.seq = 6;
        ni_send_segment(&h, sizeof h, 0);
        for (int k = 0; k < 4; k++) {
            ni_send_wait();
            ni_send_segment(_start + off[k], len[k], k == 3);
        }
        ni_send_wait();
        return 0;
    }
    ni_recv_post(buf, sizeof buf);
    ni_wait(NI_EV_RECV);
    unsigned got = ni_recv_len(buf);
    if (got != 8 + total || !ni_recv_crc_ok(buf, got)) fail(2, "length or crc", got, 8 + total);
    unsigned p = 8;
    for (int k = 0; k < 4; k++)
        for (unsigned i = 0; i < len[k]; i++, p++)
            if (buf[p] != _start[off[k] + i]) fail(3, "data", (unsigned)k, i);
    con_printf("ni1 one packet of %u bytes from 6 segments\n", got);
    return 0;
}
