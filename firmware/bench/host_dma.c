/* The NI side of the host experiments (Fig 5.6, appendix A's PCI DMA and
 * interrupt service times, the TPIL echo test): firmware that serves a host
 * program through the mailbox of host_mbox.h. It drives the card's host-DMA
 * engine the way GM/Cplant firmware does:
 *   LANai 4: EAR = host address, LAR = SRAM address, DMA_DIR = 0 (LANai to
 *            host), DMA_CTR = bytes starts it; DMA_INT (ISR bit 4) = done;
 *   LANai 9: a DMA_BLOCK chain in SRAM (block A, then a TERMINAL block),
 *            the L2E channel head (0xFFFFFF80), PULSE = 2 kicks it; WAKE0
 *            (ISR bit 12) = done.
 * DMA times are the core's cycle counter (the simulator-services window)
 * from just before the store that starts the engine to the poll that sees
 * the completion bit, as "a benchmark program ... in NI firmware" (L1581)
 * would time it with the RTC, only finer.
 *
 * Built for either chip (LANAI_CHIP from lanai-cc --chip). Every command
 * ends with HOST_SIG raised, except QUIT. */
#include "host_mbox.h"
#include "ni.h"

#if LANAI_CHIP == 4
#define DMA_DONE      L4_DMA_INT
#define HOST_SIG      L4_HOST_SIG
#else
#define DMA_DONE      L9_WAKE0_INT
#define HOST_SIG      L9_HOST_SIG
#define L9_DMAPTR0    0xFFFFFF80u       /* L2E channel head, LANai side (PROPOSED, lanai-hardware.md §4.6) */
#define DMA_E2L       1u
#define DMA_TERMINAL  2u
#define DMA_WAKE      4u
#define NSLOTS        8u                /* descriptor ring of 24-byte blocks at HMB_DESC */
#endif

/* After a timed DMA, let the engine go idle before the next one (the LANai
 * 9 engine fetches the next, terminal block after raising WAKE0): 3 us. */
#define SETTLE_CYCLES (LANAI_CHIP == 4 ? 100u : 400u)

extern unsigned char __end[];           /* end of the image (lanai-ld) */

static volatile unsigned *const mb = (volatile unsigned *)HMB_ADDR;

static inline unsigned cycles_lo(void) { return SIM_REG(SIMSVC_CYCLE_LO); }

static void spin(unsigned cycles)
{
    unsigned t0 = cycles_lo();
    while (cycles_lo() - t0 < cycles) {}
}

#if LANAI_CHIP == 9
/* The L2E channel rests on a terminal block (slot `slot`); a DMA turns that
 * block into a real one whose next is a fresh terminal block in the
 * following slot, so the channel head is set only once, at start-up. */
static unsigned slot;

static volatile unsigned *block(unsigned k) { return (volatile unsigned *)(HMB_DESC + 24u * k); }

static void ring_init(void)
{
    slot = 0;
    block(0)[0] = DMA_TERMINAL;
    NI_REG(L9_DMAPTR0) = HMB_DESC;
}
#endif

static int in_data(unsigned a, unsigned n)
{
    return a >= HMB_DATA && n <= HMB_DATA_MAX && a - HMB_DATA <= HMB_DATA_MAX - n;
}

/* One LANai->host DMA of n bytes from SRAM a to host bus address h; the
 * cycles from starting the engine to seeing it done. */
static unsigned dma_to_host(unsigned a, unsigned n, unsigned h)
{
#if LANAI_CHIP == 4
    NI_REG(L4_EAR) = h;
    NI_REG(L4_LAR) = a;
    NI_REG(L4_DMA_DIR) = 0;
    unsigned t0 = cycles_lo();
    NI_REG(L4_DMA_CTR) = n;
#else
    unsigned next = (slot + 1) % NSLOTS;
    volatile unsigned *blk = block(slot);
    block(next)[0] = DMA_TERMINAL;         /* where the engine stops next */
    blk[1] = 0;
    blk[2] = n;
    blk[3] = a;
    blk[4] = 0;
    blk[5] = h;
    blk[0] = (HMB_DESC + 24u * next) | DMA_WAKE;   /* L2E, wake when done; written last */
    slot = next;
    unsigned t0 = cycles_lo();
    NI_REG(L9_PULSE) = 2;
#endif
    while (!(NI_REG(NI_ISR) & DMA_DONE)) {}
    unsigned t1 = cycles_lo();
    NI_REG(NI_ISR) = DMA_DONE;
    return t1 - t0;
}

/* 16-bit ones-complement sum of big-endian halfwords (the LANai 9 engine's
 * checksum); words at a time, the odd tail byte as a high half. */
static unsigned csum16(unsigned a, unsigned n)
{
    const unsigned char *p = (const unsigned char *)a;
    unsigned s = 0, i = 0;
    for (; i < n && ((a + i) & 3); i += 2)
        s += i + 1 < n ? (unsigned)p[i] << 8 | p[i + 1] : (unsigned)p[i] << 8;
    if (((a + i) & 3) == 0)
        for (; i + 4 <= n; i += 4) {
            unsigned w = *(const unsigned *)(a + i);
            s += (w >> 16) + (w & 0xFFFFu);
            s = (s & 0xFFFFu) + (s >> 16);
        }
    for (; i < n; i += 2)
        s += i + 1 < n ? (unsigned)p[i] << 8 | p[i + 1] : (unsigned)p[i] << 8;
    while (s >> 16) s = (s & 0xFFFFu) + (s >> 16);
    return s;
}

static void fill(unsigned a, unsigned n, unsigned seed)
{
    unsigned char *p = (unsigned char *)a;
    for (unsigned i = 0; i < n; i++) p[i] = hmb_pattern(i, seed);
}

static void reply(unsigned status)
{
    mb[HMB_STATUS] = status;
    mb[HMB_SEQ] = mb[HMB_SEQ] + 1;
    NI_REG(NI_ISR) = HOST_SIG;             /* interrupt the host */
}

int main(void)
{
    if ((unsigned)__end > HMB_ADDR) sim_assert_fail("host_dma: the image reaches into the mailbox");
    mb[HMB_SEQ] = 0;
#if LANAI_CHIP == 9
    ring_init();
#endif
    for (;;) {
        unsigned cmd;
        while ((cmd = mb[HMB_CMD]) == 0) {}
        mb[HMB_CMD] = 0;
        unsigned a0 = mb[HMB_ARG0], a1 = mb[HMB_ARG1], a2 = mb[HMB_ARG2], a3 = mb[HMB_ARG3];
        switch (cmd) {
        case HMB_CMD_CHECK:
            if (!in_data(a0, a1)) { reply(HMB_E_RANGE); break; }
            mb[HMB_RES0] = csum16(a0, a1);
            reply(HMB_OK);
            break;
        case HMB_CMD_TO_HOST:
            if (!in_data(a0, a1)) { reply(HMB_E_RANGE); break; }
            mb[HMB_RES0] = dma_to_host(a0, a1, a2);
            reply(HMB_OK);
            break;
        case HMB_CMD_DMA_BENCH: {
            if (!in_data(a0, a1) || a3 == 0) { reply(HMB_E_RANGE); break; }
            unsigned best = 0xFFFFFFFFu, sum = 0;
            for (unsigned i = 0; i < a3; i++) {
                spin(SETTLE_CYCLES);
                unsigned c = dma_to_host(a0, a1, a2);
                if (c < best) best = c;
                sum += c;
            }
            mb[HMB_RES0] = best;
            mb[HMB_RES1] = sum;
            reply(HMB_OK);
            break;
        }
        case HMB_CMD_IRQ: {
            spin(a0);
            unsigned lo = SIM_REG(SIMSVC_CYCLE_LO), hi = SIM_REG(SIMSVC_CYCLE_HI);
            NI_REG(NI_ISR) = HOST_SIG;
            mb[HMB_RES0] = lo;
            mb[HMB_RES1] = hi;
            mb[HMB_STATUS] = HMB_OK;
            mb[HMB_SEQ] = mb[HMB_SEQ] + 1;
            break;
        }
        case HMB_CMD_FILL:
            if (!in_data(a0, a1)) { reply(HMB_E_RANGE); break; }
            fill(a0, a1, a2);
            reply(HMB_OK);
            break;
        case HMB_CMD_QUIT:
            sim_exit((int)a0);
        default:
            reply(HMB_E_CMD);
            break;
        }
    }
}
