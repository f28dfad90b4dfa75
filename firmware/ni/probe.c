/* A timing probe for the exactness tests: it makes every time-dependent
 * mechanism visible in its console output, so any error in the
 * co-simulation's stepping changes what it prints.
 *   NI 0: starts a packet of the first 2000 bytes of its SRAM (the program
 *         itself: nothing to fill, and NI 1 has the same image to compare
 *         with) that NI 1 is not ready for (back-
 *         pressure), runs a load-heavy loop while its send DMA steals SRAM
 *         cycles and prints the cycles per pass, prints when SEND_INT came,
 *         then waits (idle) for NI 1's reply and prints when it came.
 *   NI 1: sleeps 100 us on its interval timer (an idle loop on ISR), posts
 *         its buffer, records every change of RMP while the packet streams
 *         in (cut-through view), busy-waits 7 RTC ticks (an idle loop on the
 *         RTC), sleeps 3 ms on its timer again while NI 0 idles too (so
 *         only an event can wake anyone), replies, and prints its records. */
#include "common.h"

#define N 2000u
static unsigned char big[N + NI_RECV_SLACK] __attribute__((aligned(8)));
static unsigned char work[1024] __attribute__((aligned(8)));
static unsigned char small[64] __attribute__((aligned(8)));
static pkt_hdr h __attribute__((aligned(8)));
static unsigned rec_cyc[48], rec_rmp[48];
extern const unsigned char _start[];   /* crt0: SRAM address 0, the image itself */

static unsigned now(void) { return (unsigned)sim_cycles(); }

static void ni0(void)
{
    h.type = PKT_DATA | N;
    h.seq = 1;
    unsigned c0 = now();
    ni_send_packet(1, &h, sizeof h, _start, N);
    unsigned started = now() - c0;
    for (int pass = 0; pass < 14; pass++) {
        unsigned t = now(), sum = 0;
        for (unsigned i = 0; i < sizeof work; i += 4) sum += *(volatile unsigned *)(work + i);
        con_printf("ni0 pass %d sum %x cycles %u isr %x\n", pass, sum, now() - t, ni_events() & NI_EV_SEND);
    }
    ni_send_wait();
    con_printf("ni0 send started %u, done at %u rtc %u\n", started, now() - c0, ni_rtc());
    ni_recv_post(small, sizeof small);
    ni_wait(NI_EV_RECV);
    unsigned len = ni_recv_len(small);
    con_printf("ni0 reply %u bytes crc %d at %u rtc %u\n", len, ni_recv_crc_ok(small, len), now() - c0, ni_rtc());
}

static void ni1(void)
{
    unsigned c0 = now();
    ni_timer_set(199);                 /* TIME_INT after 200 ticks = 100 us */
    ni_wait(NI_EV_TIMER);
    ni_ack(NI_EV_TIMER);
    unsigned t1 = now();
    ni_recv_post(big, sizeof big);
    unsigned last = ni_recv_progress(big), n = 0;
    while (!(ni_events() & NI_EV_RECV)) {
        unsigned p = ni_recv_progress(big);
        if (p != last && n < 48) {
            rec_cyc[n] = now() - t1;
            rec_rmp[n++] = p;
            last = p;
        }
    }
    unsigned len = ni_recv_len(big), t2 = now();
    ni_ack(NI_EV_RECV | NI_EV_HEAD);
    for (unsigned i = 0; i < N; i++)
        if (big[8 + i] != _start[i]) fail(3, "packet data", i, len);
    if (len != 8 + N || !ni_recv_crc_ok(big, len)) fail(3, "packet", len, 0);
    ni_delay_ticks(7);
    ni_timer_set(5999);                /* 3 ms: NI 0 is idle waiting long before */
    ni_wait(NI_EV_TIMER);
    ni_ack(NI_EV_TIMER);
    unsigned t3 = now();
    h.type = PKT_DATA | 8;
    h.seq = t3;
    ni_send_packet(0, &h, sizeof h, 0, 0);
    ni_send_wait();
    con_printf("ni1 timer after %u, packet after %u more, delay %u, rtc %u\n", t1 - c0, t2 - t1, t3 - t2, ni_rtc());
    for (unsigned i = 0; i < n; i++) con_printf("ni1 rmp %u at %u\n", rec_rmp[i], rec_cyc[i]);
}

int main(void)
{
    ni_crc_enable(1);
    if (ni_my_id() == 0) ni0();
    else ni1();
    return 0;
}
