/* The NI hardware API for firmware: one small inline interface over both
 * chips, chosen at compile time with LANAI_CHIP=4 or 9 (lanai-cc --chip
 * defines it). Like GM's LANai layer: packets out of one or more buffers,
 * receive buffers, polled events, the RTC and interval timer, this NI's id
 * and the route to another NI from the route table the simulator writes
 * into SRAM (docs/network.md). Everything is a few volatile accesses.
 *
 * Packet layout rules the hardware imposes:
 *   - LANai 4 send limits name the last word, so every send segment must
 *     END on a 4-byte boundary (it may start anywhere);
 *   - receive buffers start on an 8-byte boundary and should leave room
 *     for the CRC byte(s) after the data (NI_RECV_SLACK). */
#ifndef MYRISIM_HAL_NI_H
#define MYRISIM_HAL_NI_H

#include "sim.h"

#if !defined(LANAI_CHIP)
#error "define LANAI_CHIP=4 or LANAI_CHIP=9 (build/lanai-cc --chip lanai4|lanai9 does)"
#elif LANAI_CHIP == 4
#include "lanai4_regs.h"
#define NI_ISR        L4_ISR
#define NI_IT         L4_IT
#define NI_RTC        L4_RTC
#define NI_RMP        L4_RMP
#define NI_RML        L4_RML
#define NI_SMP        L4_SMP
#define NI_SML        L4_SML
#define NI_SMLT       L4_SMLT
#define NI_SA         L4_SA
#define NI_MYRINET    L4_MYRINET
#define NI_EV_SEND    L4_SEND_INT
#define NI_EV_RECV    L4_RECV_INT
#define NI_EV_BUFF    L4_BUFF_INT
#define NI_EV_TIMER   L4_TIME_INT
#define NI_EV_HEAD    0u                      /* LANai 4 has no HEAD_INT */
#define NI_ORUN_BITS  (L4_ORUN1 | L4_ORUN2)
#define NI_CRC_BITS   L4_CRC_ENABLE
#define NI_WORD       4u
#define NI_SRAM_SIZE  0x00100000u
#elif LANAI_CHIP == 9
#include "lanai9_regs.h"
#define NI_ISR        L9_ISR
#define NI_IT         L9_IT0
#define NI_RTC        L9_RTC
#define NI_RMP        L9_RMP
#define NI_RML        L9_RML
#define NI_SMP        L9_SMP
#define NI_SML        L9_SML
#define NI_SMLT       L9_SMLT
#define NI_SA         L9_SA
#define NI_MYRINET    L9_MYRINET
#define NI_EV_SEND    L9_SEND_INT
#define NI_EV_RECV    L9_RECV_INT
#define NI_EV_BUFF    L9_BUFF_INT
#define NI_EV_TIMER   L9_TIME0_INT
#define NI_EV_HEAD    L9_HEAD_INT
#define NI_ORUN_BITS  (L9_ORUN1 | L9_ORUN2 | L9_ORUN4)
#define NI_CRC_BITS   (L9_TX_CRC8 | L9_RX_CRC8)
#define NI_WORD       8u
#define NI_SRAM_SIZE  0x00200000u
#else
#error "LANAI_CHIP must be 4 or 9"
#endif

#define NI_REG(a) (*(volatile unsigned int *)(a))

/* ---- route table (written by the simulator before reset, docs/network.md) ---- */
#define NI_ROUTE_TABLE      (NI_SRAM_SIZE - 0x8000u)   /* 32 KB below the top; 16 KB long */
#define NI_ROUTE_MAGIC      0x4D525431u                /* "MRT1" */
#define NI_ROUTE_MAX        31u
#define NI_RECV_SLACK       16u   /* room after the data for CRC residues and word rounding */

static inline const unsigned char *ni_route_table(void) { return (const unsigned char *)NI_ROUTE_TABLE; }
static inline unsigned ni_rt_word(unsigned off) { return *(const volatile unsigned int *)(NI_ROUTE_TABLE + off); }
/* 1 if the simulator wrote a route table. */
static inline int ni_have_routes(void) { return ni_rt_word(0) == NI_ROUTE_MAGIC; }
static inline unsigned ni_my_id(void) { return ni_rt_word(0x10); }
static inline unsigned ni_num_nodes(void) { return ni_rt_word(0x08); }
/* Route bytes to NI dest and their number in *len; NULL if there is none. */
static inline const unsigned char *ni_route(unsigned dest, unsigned *len)
{
    const unsigned char *e = ni_route_table() + 0x14 + dest * ni_rt_word(0x0C);
    if (dest >= ni_num_nodes() || e[0] == 0xFF) return 0;
    *len = e[0];
    return e + 1;
}

/* ---- events: ISR bits, polled ---- */
static inline unsigned ni_events(void) { return NI_REG(NI_ISR); }
static inline void ni_ack(unsigned ev) { NI_REG(NI_ISR) = ev; }
/* Spin until one of the events in mask is set; returns them (not acked). */
static inline unsigned ni_wait(unsigned mask)
{
    unsigned e;
    while (!((e = NI_REG(NI_ISR)) & mask)) {}
    return e & mask;
}

/* ---- CRC ---- */
static inline void ni_crc_enable(int on) { NI_REG(NI_MYRINET) = on ? NI_CRC_BITS : 0u; }
static inline unsigned ni_crc_bytes(void) { return (NI_REG(NI_MYRINET) & NI_CRC_BITS) ? 1u : 0u; }

/* ---- send ---- */
/* Start one segment of a packet: [p, p + len); last = 1 ends the packet.
 * The send DMA must be idle (NI_EV_SEND set); this clears NI_EV_SEND,
 * which comes back when the segment has left. */
static inline void ni_send_segment(const void *p, unsigned len, int last)
{
    unsigned a = (unsigned)(unsigned long)p, end = a + len;
    NI_REG(NI_SMP) = a & ~(NI_WORD - 1);
    NI_REG(NI_SA) = a & (NI_WORD - 1);
#if LANAI_CHIP == 4
    SIM_ASSERT((end & 3) == 0);   /* LANai 4 limits name the last word */
    end -= 4;
#endif
    NI_REG(last ? NI_SMLT : NI_SML) = end;
}
static inline void ni_send_wait(void) { ni_wait(NI_EV_SEND); }

/* Write the route to dest just before buf (leave NI_ROUTE_MAX bytes free
 * there) and return where the packet now starts; NULL without a route. */
static inline unsigned char *ni_route_prepend(unsigned dest, unsigned char *buf)
{
    unsigned n;
    const unsigned char *r = ni_route(dest, &n);
    if (!r) return 0;
    for (unsigned i = 0; i < n; i++) buf[(int)i - (int)n] = r[i];
    return buf - n;
}

/* A whole packet from up to three buffers: the route to dest, a header,
 * a payload (hlen or plen may be 0). Segments go one at a time (each
 * waits for the previous one), as Cplant's firmware does; on LANai 4 the
 * header and payload must end on word boundaries. Returns -1 without a
 * route. Returns when the last segment has been started. */
static inline int ni_send_packet(unsigned dest, const void *hdr, unsigned hlen, const void *payload, unsigned plen)
{
    static unsigned char rbuf[40] __attribute__((aligned(8)));
    unsigned n;
    const unsigned char *r = ni_route(dest, &n);
    if (!r) return -1;
    if (n) {   /* the route ends on a word boundary: rbuf + 32 */
        for (unsigned i = 0; i < n; i++) rbuf[32 - n + i] = r[i];
        ni_send_wait();
        ni_send_segment(rbuf + 32 - n, n, hlen + plen == 0);
    }
    if (hlen) {
        ni_send_wait();
        ni_send_segment(hdr, hlen, plen == 0);
    }
    if (plen) {
        ni_send_wait();
        ni_send_segment(payload, plen, 1);
    }
    return 0;
}

/* ---- receive ---- */
/* Post a buffer (8-byte aligned; size a multiple of 8 including
 * NI_RECV_SLACK for the CRC residue). The engine takes the next packet
 * into it; NI_EV_RECV at its tail, NI_EV_BUFF if it fills first. */
static inline void ni_recv_post(void *buf, unsigned size)
{
    unsigned a = (unsigned)(unsigned long)buf;
    NI_REG(NI_RMP) = a;
    NI_REG(NI_RML) = a + size - 4;
}
/* Bytes the engine has written so far (whole words; cut-through). */
static inline unsigned ni_recv_progress(const void *buf) { return NI_REG(NI_RMP) - (unsigned)(unsigned long)buf; }
/* After NI_EV_RECV: the packet's bytes (without route, without CRC). */
static inline unsigned ni_recv_len(const void *buf)
{
    unsigned e = NI_REG(NI_ISR), over = 0;
#if LANAI_CHIP == 4
    over = ((e & L4_ORUN1) ? 1u : 0u) + ((e & L4_ORUN2) ? 2u : 0u);
#else
    over = ((e & L9_ORUN1) ? 1u : 0u) + ((e & L9_ORUN2) ? 2u : 0u) + ((e & L9_ORUN4) ? 4u : 0u);
#endif
    return ni_recv_progress(buf) - over - ni_crc_bytes();
}
/* After NI_EV_RECV with CRC on: 1 if the packet of len bytes was intact. */
static inline int ni_recv_crc_ok(const void *buf, unsigned len) { return ((const unsigned char *)buf)[len] == 0; }

/* ---- timers (0.5 us ticks) ---- */
static inline unsigned ni_rtc(void) { return NI_REG(NI_RTC); }
static inline void ni_rtc_set(unsigned v) { NI_REG(NI_RTC) = v; }
/* NI_EV_TIMER is raised ticks + 1 ticks from now (the interval timer wraps). */
static inline void ni_timer_set(unsigned ticks) { NI_REG(NI_IT) = ticks; }
/* Busy-wait n ticks of the RTC. */
static inline void ni_delay_ticks(unsigned n)
{
    unsigned t0 = ni_rtc();
    while (ni_rtc() - t0 < n) {}
}

#endif
