/* NI-to-NI ping-pong: the native SAN test of the dissertation's Figure 5.5
 * (L1540-L1551). NI 0 sends a message of BYTES bytes to the last NI, which
 * returns it; WARMUP untimed round trips, then ITERS timed ones between
 * sim_mark(1) and sim_mark(2). As in the dissertation, an NI notices a
 * message only when all of it has arrived (it waits for the receive-complete
 * event; no cut-through). Bandwidth = BYTES / (round trip / 2).
 *
 * One message is one Myrinet packet (route bytes + BYTES of payload + the
 * CRC the engine appends): Myrinet packets have no length limit, the receive
 * buffer holds the whole message, and one packet is the least firmware a
 * native test can do. Buffers lie in free SRAM above the image (no .bss to
 * clear); a send and a receive buffer of BYTES each must fit below the
 * route table, so BYTES may go up to about 490 KB on the LANai 4.
 *
 * Honesty checks: every packet's CRC residue and length are checked by both
 * NIs; NI 0 stamps the first and last word with the iteration number and
 * checks that the echo carries them; after the timed loop both NIs check
 * every word of the last message against the pattern (outside the marks,
 * so the checks do not slow the measured path). Any failure exits non-zero.
 * -DPP_CORRUPT_WORD=i (tests only) makes NI 1 flip word i of echo number
 * PP_CORRUPT_AT (default the last), to show that these checks do fail.
 *
 * Console (NI 0): "measure bytes|iters|min_rtt_cycles|max_rtt_cycles N";
 * the min/max are the per-iteration round trips (sim cycle counter, from
 * starting the send to seeing the echo complete). Both NIs run this image;
 * NIs between the first and the last do nothing. */
#include "console.h"
#include "ni.h"

#ifndef BYTES
#define BYTES 64
#endif
#ifndef ITERS
#define ITERS 4
#endif
#ifndef WARMUP
#define WARMUP 1
#endif

#if defined(PP_CORRUPT_WORD) && !defined(PP_CORRUPT_AT)
#define PP_CORRUPT_AT (WARMUP + ITERS - 1)
#endif

#if BYTES < 4 || BYTES % 4
#error "BYTES must be a positive multiple of 4 (LANai 4 send limits name whole words)"
#endif
#if ITERS < 1 || WARMUP < 0
#error "ITERS must be >= 1 and WARMUP >= 0"
#endif

#define NWORDS (BYTES / 4u)
#define HEADROOM 32u                              /* route bytes go just before a buffer */
#define RXSIZE ((BYTES + NI_RECV_SLACK + 7u) & ~7u)
/* The first byte after the route must have its MSB clear (it plays the
 * Myrinet packet type; MSB 1 would read as one more route byte). */
#define STAMP(it) (0x25000000u | (unsigned)(it))

extern unsigned char __end[];                     /* end of the image (lanai-ld) */

static inline unsigned cycles_lo(void) { return SIM_REG(SIMSVC_CYCLE_LO); }

static __attribute__((noreturn)) void fail(int code, const char *what, unsigned a, unsigned b)
{
    con_printf("FAIL %s (%u, %u)\n", what, a, b);
    sim_exit(code);
}

/* The payload pattern: an xorshift32 stream (shifts and xors only). */
static inline unsigned next(unsigned x)
{
    x ^= x << 13;
    x ^= x >> 17;
    return x ^ (x << 5);
}

static void fill(unsigned *w)
{
    unsigned x = 0x2545F491u;
    for (unsigned i = 0; i < NWORDS; i++) {
        x = next(x);
        w[i] = x;
    }
}

/* Every word of the last message: stamps at both ends, pattern between.
 * Returns the index of the first bad word, or NWORDS. */
static unsigned verify(const unsigned *w, unsigned stamp)
{
    unsigned x = 0x2545F491u;
    for (unsigned i = 0; i < NWORDS; i++) {
        x = next(x);
        unsigned want = (i == 0 || i == NWORDS - 1) ? stamp : x;
        if (w[i] != want) return i;
    }
    return NWORDS;
}

/* After NI_EV_RECV: the packet must be BYTES long with a good CRC. */
static void check_packet(const unsigned char *rx)
{
    unsigned len = ni_recv_len(rx);
    if (len != BYTES) fail(4, "length", len, BYTES);
    if (!ni_recv_crc_ok(rx, len)) fail(3, "crc", len, 0);
}

/* Put the route to dest in the headroom before buf; the packet start. */
static unsigned char *with_route(unsigned dest, unsigned char *buf, unsigned *plen)
{
    unsigned n;
    if (!ni_route(dest, &n)) fail(2, "no route", dest, 0);
    *plen = n + BYTES;
    return ni_route_prepend(dest, buf);
}

/* The critical path is kept to what a native test needs: NI 0 sends the
 * next message as soon as an echo is complete and checks the previous echo
 * while the new message is on its way; NI 1 starts the echo as soon as a
 * message is complete and checks it while the echo leaves. */
static void ping(unsigned peer, unsigned char *tx, unsigned char *rx)
{
    unsigned *tw = (unsigned *)tx, *rw = (unsigned *)rx, plen;
    unsigned char *pkt = with_route(peer, tx, &plen);
    unsigned best = 0xFFFFFFFFu, worst = 0;
    fill(tw);
    tw[0] = tw[NWORDS - 1] = STAMP(0);
    ni_recv_post(rx, RXSIZE);
    for (unsigned it = 0; it < WARMUP + ITERS; it++) {
        if (it == WARMUP) sim_mark(1);
        unsigned c0 = cycles_lo();
        ni_send_segment(pkt, plen, 1);
        if (it > 0) {                             /* the previous echo, then re-arm */
            check_packet(rx);
            if (rw[0] != STAMP(it - 1) || rw[NWORDS - 1] != STAMP(it - 1)) fail(5, "stamp", it - 1, rw[0]);
            ni_ack(NI_EV_RECV | NI_EV_HEAD);
            ni_recv_post(rx, RXSIZE);             /* armed long before this echo can come */
        }
        ni_wait(NI_EV_RECV);                      /* the whole echo is in */
        unsigned c1 = cycles_lo();
        tw[0] = tw[NWORDS - 1] = STAMP(it + 1);   /* the send is over: tx is free */
        unsigned rtt = c1 - c0;
        if (it >= WARMUP) {
            if (rtt < best) best = rtt;
            if (rtt > worst) worst = rtt;
        }
    }
    sim_mark(2);
    check_packet(rx);
    unsigned bad = verify(rw, STAMP(WARMUP + ITERS - 1));
    if (bad != NWORDS) fail(6, "data", bad, rw[bad]);
    con_printf("measure bytes %u\n", (unsigned)BYTES);
    con_printf("measure iters %u\n", (unsigned)ITERS);
    con_printf("measure min_rtt_cycles %u\n", best);
    con_printf("measure max_rtt_cycles %u\n", worst);
}

static void pong(unsigned peer, unsigned char *rx)
{
    unsigned plen;
    unsigned char *pkt = with_route(peer, rx, &plen);   /* echo straight from rx */
    ni_recv_post(rx, RXSIZE);
    for (unsigned it = 0; it < WARMUP + ITERS; it++) {
        ni_wait(NI_EV_RECV);
#ifdef PP_CORRUPT_WORD   /* tests only: echo PP_CORRUPT_AT carries one wrong word */
        if (it == PP_CORRUPT_AT) ((unsigned *)rx)[PP_CORRUPT_WORD] ^= 0x00010000u;
#endif
        ni_send_segment(pkt, plen, 1);
        check_packet(rx);
        ni_ack(NI_EV_RECV | NI_EV_HEAD);
        /* the next message cannot come before this echo has left */
        ni_recv_post(rx, RXSIZE);
    }
    unsigned bad = verify((const unsigned *)rx, STAMP(WARMUP + ITERS - 1));
    if (bad != NWORDS) fail(6, "data", bad, ((const unsigned *)rx)[bad]);
    con_printf("pong: %u messages of %u bytes returned, last one verified\n", (unsigned)(WARMUP + ITERS),
               (unsigned)BYTES);
}

int main(void)
{
    if (!ni_have_routes()) fail(1, "no route table", 0, 0);
    unsigned me = ni_my_id(), last = ni_num_nodes() - 1;
    if (last == 0) fail(1, "need two NIs", 0, 0);
    unsigned base = ((unsigned)(unsigned long)__end + 7u) & ~7u;
    unsigned char *tx = (unsigned char *)(base + HEADROOM);
    unsigned char *rx = tx + ((BYTES + 7u) & ~7u) + HEADROOM;
    if ((unsigned)(unsigned long)(rx + RXSIZE) > NI_ROUTE_TABLE) fail(7, "buffers do not fit in SRAM", BYTES, 0);
    ni_crc_enable(1);
    if (me == 0) ping(last, tx, rx);
    else if (me == last) pong(0, rx);
    return 0;
}
