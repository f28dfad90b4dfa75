/* LANai 9 host-DMA engines, PCI side: descriptor chains in SRAM
 * (lanai-hardware.md §4.6). A 24-byte DMA_BLOCK (big-endian words):
 *   0x00 next | flags   (bit0 E2L host->LANai, bit1 TERMINAL, bit2 WAKE)
 *   0x04 csum[0], csum[1] (16 bits each)
 *   0x08 len    0x0C lar (SRAM)    0x10 eah    0x14 eal (host address)
 * A channel holds a pointer to its current block (host-written at BAR
 * 0x800100 + 8*ch). A PULSE write with bit (ch+1) set kicks channel ch: the
 * engine reads the block; TERMINAL -> idle; else it moves len bytes, stores
 * csum[0] (16-bit ones-complement sum of the bytes, csum[1] = 0), writes
 * next|TERMINAL back, raises WAKE0 (ISR bit 12) if WAKE, and follows next. */
#ifndef MYRISIM_PCI_DMA_LANAI9_H
#define MYRISIM_PCI_DMA_LANAI9_H

#include "dma_lanai4.h"   /* dma_stats */

#define L9_REG_ISR   0x50
#define L9_REG_EIMR  0x58
#define L9_REG_PULSE 0xB8
#define L9_ISR_WAKE0 (1u << 12)

#define DMA9_E2L      1u
#define DMA9_TERMINAL 2u
#define DMA9_WAKE     4u
#define DMA9_BLOCK_SIZE 24u
#define DMA9_CHANNELS 2        /* 0: LANai->host (L2E), 1: host->LANai (E2L) */

typedef struct dma_lanai9 dma_lanai9;

dma_lanai9 *dma_lanai9_new(pci_bus *bus, const pci_card_port *port, const card_pci_params *tm);
void dma_lanai9_free(dma_lanai9 *d);

/* PULSE (and any other register the engine owns): same return convention as
 * dma_lanai4_write. */
int dma_lanai9_write(dma_lanai9 *d, uint32_t off, uint32_t val, sim_time t);
int dma_lanai9_read(dma_lanai9 *d, uint32_t off, uint32_t *val, sim_time t);
/* Channel pointers (host BAR 0x800100 + 8*ch). Return -1 for a bad channel. */
int dma_lanai9_set_ptr(dma_lanai9 *d, int ch, uint32_t sram_addr, sim_time t);
int dma_lanai9_get_ptr(const dma_lanai9 *d, int ch, uint32_t *sram_addr);

int dma_lanai9_busy(const dma_lanai9 *d, int ch);
const dma_stats *dma_lanai9_stats(const dma_lanai9 *d);
const char *dma_lanai9_fault(const dma_lanai9 *d);

/* 16-bit ones-complement sum of n bytes taken as big-endian halfwords (an
 * odd last byte is the high half of a final halfword). */
uint16_t dma9_csum16(const uint8_t *p, uint32_t n);

#endif
