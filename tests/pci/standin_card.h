/* A minimal stand-in for the NI card model, for tests of the PCI side until
 * model/card lands: an SRAM array, ISR/EIMR with write-one-to-clear
 * semantics and the host interrupt line, plain storage for every other
 * special register, and the DMA registers routed to the engines exactly as
 * the real card must route them (pci_card_dma_write/read first). */
#ifndef MYRISIM_PCI_STANDIN_CARD_H
#define MYRISIM_PCI_STANDIN_CARD_H

#include "../../model/pci/card.h"

typedef struct standin_card {
    lanai_chip_id chip;
    uint8_t *sram;
    uint32_t sram_size;
    uint32_t isr, eimr;
    uint32_t regs[0x200 / 4];
    pci_card *pc;
    /* what the PCI side reported */
    uint64_t traffic;
    int isr_raises;                    /* raise_isr calls */
    uint32_t raised_bits;              /* their union */
    int written_calls;
    uint32_t written_lo, written_hi;   /* union of all ranges reported */
    int faults;
    char fault[320];
} standin_card;

/* NULL on error (message on stderr). */
standin_card *standin_new(pci_bus *bus, uint64_t bar_base, lanai_chip_id chip, uint32_t sram_size);
void standin_free(standin_card *c);
/* Set ISR bits as the card's own hardware would (updates the line). */
void standin_raise(standin_card *c, uint32_t bits);
uint32_t standin_isr_off(const standin_card *c);
uint32_t standin_eimr_off(const standin_card *c);

#endif
