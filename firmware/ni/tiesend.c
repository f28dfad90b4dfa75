/* Same-cycle sends for tests/cosim/test_tieorder.c: every NI but the last
 * sends one packet (header seq = its id) to the last NI, through one switch.
 * The senders run the same instructions from reset to the send (nothing
 * before it depends on the id but the route byte's value), so they start
 * their send DMAs on the same core cycle (mark 1 just before the store,
 * mark 2 just after), their heads reach the switch on the same picosecond
 * and request the same output: the switch's arbitration breaks a tie.
 * The last NI receives them in turn; the order (console) and the cycle of
 * each RECV_INT (marks 10, 11, ...) show which sender won.
 *
 * With TIESKEW (firmware/ni/tieskew.c) the senders also make one register
 * store some cycles before the send (mark 3 just before it, no mark 1): NI 0 loads the
 * interval timer with 0 (a wrap event 0.5 us later, so its core stops at
 * that event when a round passes it), every other sender writes the RTC
 * (no event, no stop). Same instructions, same cycles; only NI 0 gets a
 * local event between that store and the send. */
#include "common.h"

#ifndef TIESKEW
#define TIESKEW 0
#endif
#if TIESKEW
static volatile unsigned int sink;
#endif
#define S1 sink = 0;
#define S2 S1 S1
#define S8 S2 S2 S2 S2
#ifndef TIESKEW_PAD
#define TIESKEW_PAD S2 S2 S2
#endif

#define N 512u
#define PAD ((NI_ROUTE_MAX + 8u) & ~7u)   /* room for the route, body 8-aligned */
static unsigned char pkt[PAD + 8 + N] __attribute__((aligned(8)));
static unsigned char buf[N + 8 + NI_RECV_SLACK] __attribute__((aligned(8)));

int main(void)
{
    unsigned me = ni_my_id(), dst = ni_num_nodes() - 1;
    ni_crc_enable(1);
    if (me != dst) {
        unsigned char *body = pkt + PAD;
        pkt_hdr *h = (pkt_hdr *)body;
        h->type = PKT_DATA | N;
        h->seq = me;
        fill(body + 8, N, 7);
        unsigned char *start = ni_route_prepend(dst, body);
        if (!start || start == body) fail(2, "needs a route through a switch", 0, 0);
#if TIESKEW
        /* a table, not a branch on me: the same instructions on every sender */
        static volatile unsigned int *const reg[8] = {&NI_REG(NI_IT), &NI_REG(NI_RTC), &NI_REG(NI_RTC),
                                                      &NI_REG(NI_RTC), &NI_REG(NI_RTC), &NI_REG(NI_RTC),
                                                      &NI_REG(NI_RTC), &NI_REG(NI_RTC)};
        volatile unsigned int *r = reg[me & 7];
        sim_mark(3);
        *r = 0;
        /* padding: the send store must come 0.5 us (the timer event) to one
         * lookahead (816 ns on LANai 4) after the skewing store; one cycle a
         * store: 5 to 10 stores do (measured), 14 no longer. With 5 or 6 a
         * plain lookahead of 637..666 ns puts a round boundary in the window
         * (tests/cosim/test_tieorder.c), not only a cut by cosim_run. */
        TIESKEW_PAD
#else
        sim_mark(1);   /* (left out with TIESKEW: the send must follow the store closely) */
#endif
        ni_send_segment(start, (unsigned)(body + 8 + N - start), 1);
        sim_mark(2);
        ni_send_wait();
        return 0;
    }
    for (unsigned k = 0; k < dst; k++) {
        ni_recv_post(buf, sizeof buf);
        ni_wait(NI_EV_RECV);
        sim_mark(10 + k);
        unsigned len = ni_recv_len(buf);
        ni_ack(NI_EV_RECV | NI_EV_HEAD);
        const pkt_hdr *h = (const pkt_hdr *)buf;
        if (len != 8 + N || !ni_recv_crc_ok(buf, len)) fail(3, "length or crc", len, k);
        unsigned bad = check(buf + 8, N, 7);
        if (bad != N) fail(4, "data", bad, k);
        con_printf("got %u from ni%u rtc %u\n", k, h->seq, ni_rtc());
    }
    return 0;
}
