/* Endless ping-pong of 64-byte packets for speed measurements
 * (tests/cosim/bench): NI 0 sends, NI 1 echoes, NI 0 marks every round
 * trip (sim_mark(1)) and, if PING_GAP_TICKS is set, sleeps that many RTC
 * ticks on its interval timer before the next ping (pingsleep.c). Runs
 * until the simulator's time limit. */
#include "common.h"

#ifndef PING_GAP_TICKS
#define PING_GAP_TICKS 0
#endif

#define N 64u
static pkt_hdr h __attribute__((aligned(8)));
static unsigned char data[N] __attribute__((aligned(8)));
static unsigned char rx[N + 8 + NI_RECV_SLACK] __attribute__((aligned(8)));

int main(void)
{
    ni_crc_enable(1);
    unsigned me = ni_my_id();
    h.type = PKT_DATA | N;
    for (unsigned seq = 0;; seq++) {
        ni_recv_post(rx, sizeof rx);
        if (me == 0) {
            h.seq = seq;
            ni_send_packet(1, &h, sizeof h, data, N);
            ni_wait(NI_EV_RECV);
            ni_ack(NI_EV_RECV | NI_EV_HEAD);
            sim_mark(1);
            if (PING_GAP_TICKS) {
                ni_timer_set(PING_GAP_TICKS - 1);
                ni_wait(NI_EV_TIMER);
                ni_ack(NI_EV_TIMER);
            }
        } else {
            ni_wait(NI_EV_RECV);
            ni_ack(NI_EV_RECV | NI_EV_HEAD);
            ni_send_packet(0, rx, ni_recv_len(rx), 0, 0);
            ni_send_wait();
        }
    }
}
