/* The NI arbitrating for the host (Figure 6.7, Table 6.1's "host requests,
 * NI performs" rows): the LANai 4 on the RC-1000's PMC site keeps a request
 * queue in its SRAM that the host writes by PIO; when a request changes, it
 * merges it with its own (none here), writes the CPLD's request register by
 * peer-to-peer DMA if the merged set differs from the last one it issued,
 * reads the grant register until the requested banks are granted, and
 * acknowledges in SRAM, which the host polls by PIO. A request word is
 * seq << 8 | banks; seq 0xFFFFFF ends the program.
 * Build parameters (-D): RC_BAR (the card's BAR on the host bus), MB (SRAM
 * address of the mailbox: +0 request from the host, +4 acknowledgement). */
#include "ni.h"
#include "rc1000.h"

#ifndef RC_BAR
#define RC_BAR 0xA0000000u
#endif
#ifndef MB
#define MB 0x70000u
#endif

#define RC_REQ   (RC_BAR + RC_NI_REQ)   /* firmware/hal/rc1000.h */
#define RC_GRANT (RC_BAR + RC_NI_GRANT)
#define TO_BUS   0u
#define FROM_BUS 1u
#define QUIT     0xFFFFFFu

static volatile unsigned *const mb = (volatile unsigned *)MB;
static volatile unsigned word __attribute__((aligned(8)));

/* The card's registers are little-endian words on the bus and the LANai's
 * DMA engine moves bytes as they are, so words for the card are swapped;
 * the host's PIO words into SRAM arrive as words (the LANai card's own PCI
 * interface keeps word values), so the mailbox is not. */
#define le rc_le

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
    unsigned seen = 0, issued = 0;
    mb[1] = 0;
    for (;;) {
        unsigned r = mb[0];
        if (r == seen) continue;
        seen = r;
        if (r >> 8 == QUIT) break;
        unsigned want = r & 0xFu;                  /* the host's request; the NI's own: none */
        if (want != issued) {
            word = le(want);
            dma(TO_BUS, (unsigned)&word, 4, RC_REQ);
            issued = want;
        }
        if (want) do {
                dma(FROM_BUS, (unsigned)&word, 4, RC_GRANT);
            } while ((le(word) & want) != want);
        mb[1] = r;                                 /* granted (or released) */
    }
    return 0;
}
