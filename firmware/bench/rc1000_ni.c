/* The NI side of the RC-1000 as a GRIM endpoint (Table 6.1's NI rows,
 * Table 7.3's NI injection; sections 6.3.6 and 7.5): a LANai 4 on the
 * RC-1000's PMC site reaches the card's registers and SRAM by
 * peer-to-peer transfers of its host-DMA engine, up through the card's
 * bridge. It acquires bank 0 (writes the request register, reads the grant
 * register until bank 0 is granted), injects the message the experiment
 * left in SRAM at MSG_SRAM (8-word header, MSG_BYTES of payload) into the
 * frame's NI queue (payload, header, then the queue's tail word, the
 * append of GRIM's queues), and releases the bank. Each stretch is timed
 * with the core's cycle counter and printed as "measure NAME_cycles N".
 * Build parameters (-D): RC_BAR (the card's BAR on the host bus), Q_SLOT
 * (bus address of the queue slot), Q_TAIL (bus address of the tail word),
 * NEW_TAIL, MSG_SRAM, MSG_BYTES. */
#include "console.h"
#include "ni.h"
#include "rc1000.h"
#include "sim.h"

/* Defaults: the set-up of sim/experiments/exp_rc1000_ni.c for a 4 KB
 * message into an empty NI queue (what `make all` builds as a check). */
#ifndef RC_BAR
#define RC_BAR 0xA0000000u
#endif
#ifndef Q_SLOT
#define Q_SLOT (RC_BAR + (RC_NI_Q1 + RC_NI_Q_RING) * 4u)
#endif
#ifndef Q_TAIL
#define Q_TAIL (RC_BAR + RC_NI_Q1 * 4u)
#endif
#ifndef MSG_BYTES
#define MSG_BYTES 4096u
#endif
#ifndef NEW_TAIL
#define NEW_TAIL (8u + MSG_BYTES / 4u)
#endif
#ifndef MSG_SRAM
#define MSG_SRAM 0x80000u
#endif

#define RC_REQ   (RC_BAR + RC_NI_REQ)   /* firmware/hal/rc1000.h */
#define RC_GRANT (RC_BAR + RC_NI_GRANT)
#define TO_BUS   0u                     /* DMA_DIR: LANai to the bus */
#define FROM_BUS 1u

static volatile unsigned word __attribute__((aligned(8)));

/* The card's registers and SRAM are little-endian words on the bus (rc1000.h). */
#define le rc_le

static inline unsigned cycles_lo(void) { return SIM_REG(SIMSVC_CYCLE_LO); }

/* One transfer of the host-DMA engine, waited for. */
static void dma(unsigned dir, unsigned sram, unsigned len, unsigned bus)
{
    NI_REG(L4_EAR) = bus;
    NI_REG(L4_LAR) = sram;
    NI_REG(L4_DMA_DIR) = dir;
    NI_REG(L4_DMA_CTR) = len;
    while (!(NI_REG(L4_ISR) & L4_DMA_INT)) {}
    NI_REG(L4_ISR) = L4_DMA_INT;
}

int main(void)
{
    NI_REG(L4_ISR) = L4_DMA_INT;
    unsigned polls = 0;
    unsigned t0 = cycles_lo();
    word = le(1);                                   /* bank 0 */
    dma(TO_BUS, (unsigned)&word, 4, RC_REQ);
    do {
        dma(FROM_BUS, (unsigned)&word, 4, RC_GRANT);
        polls++;
    } while (!(le(word) & 1));
    unsigned t1 = cycles_lo();
    dma(TO_BUS, MSG_SRAM + 32, MSG_BYTES, Q_SLOT + 32);
    dma(TO_BUS, MSG_SRAM, 32, Q_SLOT);
    word = le(NEW_TAIL);
    dma(TO_BUS, (unsigned)&word, 4, Q_TAIL);
    unsigned t2 = cycles_lo();
    word = 0;
    dma(TO_BUS, (unsigned)&word, 4, RC_REQ);
    unsigned t3 = cycles_lo();
    con_printf("measure acquire_cycles %u\n", t1 - t0);
    con_printf("measure inject_cycles %u\n", t2 - t1);
    con_printf("measure release_cycles %u\n", t3 - t2);
    con_printf("measure grant_polls %u\n", polls);
    return 0;
}
