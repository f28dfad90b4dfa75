/* The deadlock of a ring: every NI sends a long packet to the NI two hops
 * further on and posts its own receive buffer only after its send has
 * finished. Nothing can finish: the watchdog must find the cycle. */
#include "common.h"

#define N 2000u
static pkt_hdr h __attribute__((aligned(8)));
static unsigned char buf[N + 8 + NI_RECV_SLACK] __attribute__((aligned(8)));
extern const unsigned char _start[];

int main(void)
{
    unsigned me = ni_my_id(), n = ni_num_nodes();
    h.type = PKT_DATA | N;
    h.seq = me;
    if (ni_send_packet((me + 2) % n, &h, sizeof h, _start, N) < 0) fail(2, "no route", me, 0);
    ni_send_wait();
    ni_recv_post(buf, sizeof buf);
    ni_wait(NI_EV_RECV);
    con_printf("ni%u done\n", me);
    return 0;
}
