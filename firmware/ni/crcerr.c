/* CRC errors: NI 0 sends 20 packets of 64 bytes; NI 1 checks the CRC-8
 * residue of each, compares the good ones with what was sent, and prints
 * how many were good and bad. With error injection on the links, damaged
 * packets must show up as CRC errors and never as wrong data. */
#include "common.h"

#define N 64u
#define COUNT 20u
static pkt_hdr h __attribute__((aligned(8)));
static unsigned char buf[N + 8 + NI_RECV_SLACK] __attribute__((aligned(8)));
extern const unsigned char _start[];

int main(void)
{
    ni_crc_enable(1);
    if (ni_my_id() == 0) {
        for (unsigned k = 0; k < COUNT; k++) {
            h.type = PKT_DATA | N;
            h.seq = k;
            ni_send_packet(1, &h, sizeof h, _start + 64 * k, N);
        }
        ni_send_wait();
        return 0;
    }
    unsigned good = 0, bad = 0;
    for (unsigned k = 0; k < COUNT; k++) {
        ni_recv_post(buf, sizeof buf);
        ni_wait(NI_EV_RECV);
        unsigned len = ni_recv_len(buf);
        ni_ack(NI_EV_RECV | NI_EV_HEAD);
        if (len != 8 + N || !ni_recv_crc_ok(buf, len)) {
            bad++;
            continue;
        }
        const pkt_hdr *hh = (const pkt_hdr *)buf;
        for (unsigned i = 0; i < N; i++)
            if (buf[8 + i] != _start[64 * hh->seq + i]) fail(2, "good CRC but wrong data", hh->seq, i);
        good++;
    }
    con_printf("ni1 good %u bad %u\n", good, bad);
    return 0;
}
