/* The PCI side of a Myrinet card's timing, one profile per chip
 * (cardpci_lanai4.c, cardpci_lanai9.c): the card as a PIO target and its
 * host-DMA engine as a bus master. Counts are bus cycles, because the
 * card's PCI interface runs on the bus clock. Sources: docs/hosts.md. */
#ifndef MYRISIM_PCI_CARDPCI_H
#define MYRISIM_PCI_CARDPCI_H

#include <stdint.h>

#include "../lanai/lanai.h"

typedef struct card_pci_params {
    const char *name;          /* "lanai4-pci" */
    uint32_t width;            /* data path: 4 (32-bit card) or 8 (64-bit card) */
    /* as a target of host PIO */
    uint32_t tgt_wr_wait;      /* wait states before the first data phase of a write */
    uint32_t tgt_rd_wait;      /* ... of a read (SRAM or register fetch) */
    uint32_t tgt_boundary;     /* the card disconnects at multiples of this (bytes) */
    /* its host-DMA engine as a master */
    uint32_t dma_latency_timer;/* cycles */
    uint32_t dma_max_burst;    /* bytes per tenure (0: none of its own) */
    uint32_t dma_start;        /* cycles from DMA_CTR / PULSE to the engine's bus request */
    uint32_t dma_done;         /* cycles from the last data phase to the ISR bit */
    uint32_t dma_desc;         /* LANai 9: cycles to fetch the next descriptor of a chain */
    uint32_t irq_delay;        /* cycles from ISR & EIMR != 0 to INTA# at the host */
} card_pci_params;

extern const card_pci_params cardpci_lanai4, cardpci_lanai9;
extern const card_pci_params cardpci_lanai41;   /* seed 002's DAS board (cardpci_lanai41.c) */
const card_pci_params *cardpci_for(lanai_chip_id chip);   /* NULL if unknown */

#endif
