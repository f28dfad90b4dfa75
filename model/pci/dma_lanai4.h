/* LANai 4 host-DMA engine, PCI side: one register-driven channel
 * (lanai-hardware.md §4.6). EAR = host bus address, LAR = SRAM address,
 * DMA_DIR = 1 host->LANai / 0 LANai->host; writing DMA_CTR = byte count
 * starts it (rounded up to 4; EAR and LAR word-aligned). DMA_CTR counts down
 * as bursts complete; DMA_INT (ISR bit 4) is raised at the end. */
#ifndef MYRISIM_PCI_DMA_LANAI4_H
#define MYRISIM_PCI_DMA_LANAI4_H

#include "bus.h"
#include "card_port.h"
#include "cardpci.h"

/* Register offsets in the LANai 4 map (LANai side 0xFFFFFF00 + off,
 * host side BAR 0xC0000 + off). */
#define L4_REG_ISR     0x28
#define L4_REG_EIMR    0x2C
#define L4_REG_EAR     0x3C
#define L4_REG_LAR     0x40
#define L4_REG_DMA_CTR 0x44
#define L4_REG_DMA_DIR 0x80
#define L4_REG_DMA_STS 0x84
#define L4_ISR_DMA_INT (1u << 4)

typedef struct dma_lanai4 dma_lanai4;

typedef struct dma_stats {
    uint64_t dmas, bytes;
    sim_time busy_ps;          /* start to completion, summed */
} dma_stats;

dma_lanai4 *dma_lanai4_new(pci_bus *bus, const pci_card_port *port, const card_pci_params *tm);
void dma_lanai4_free(dma_lanai4 *d);

/* Register access at time t (the writer's local time, >= the event queue's
 * now). Return 1 if off is one of the engine's registers (handled), 0 if not
 * (the card handles it), -1 on an error (a fault was reported). */
int dma_lanai4_write(dma_lanai4 *d, uint32_t off, uint32_t val, sim_time t);
int dma_lanai4_read(dma_lanai4 *d, uint32_t off, uint32_t *val, sim_time t);

int dma_lanai4_busy(const dma_lanai4 *d);
const dma_stats *dma_lanai4_stats(const dma_lanai4 *d);
const char *dma_lanai4_fault(const dma_lanai4 *d);   /* "" if none */
pci_master *dma_lanai4_master(dma_lanai4 *d);

#endif
