/* A Myrinet card on a PCI bus: its BAR as a bus target (decode per
 * bar.h, PIO timing per cardpci.h), its host-DMA engine(s) as bus masters,
 * and its interrupt line. The card model (model/card) calls:
 *   pci_card_attach()            once, with its pci_card_port;
 *   pci_card_dma_write()/read()  first, for every special-register access
 *                                (from firmware or host); 0 = not a DMA register;
 *   pci_card_set_irq()           whenever ISR & EIMR changes between zero and not.
 * Host accesses to special registers reach the card through port.reg_read /
 * reg_write after the DMA registers have been given to the engine. */
#ifndef MYRISIM_PCI_CARD_H
#define MYRISIM_PCI_CARD_H

#include "bar.h"
#include "dma_lanai4.h"
#include "dma_lanai9.h"

typedef struct pci_card pci_card;

typedef struct pci_card_stats {
    uint64_t pio_reads, pio_writes;       /* bursts as a target */
    uint64_t pio_bytes_in, pio_bytes_out; /* host->card, card->host */
} pci_card_stats;

/* tm NULL: the chip's default profile. Returns NULL with a message in err. */
pci_card *pci_card_attach(pci_bus *bus, uint64_t bar_base, const pci_card_port *port,
                          const card_pci_params *tm, char *err, size_t errlen);
void pci_card_free(pci_card *c);

const bar_layout *pci_card_layout(const pci_card *c);
uint64_t pci_card_bar_base(const pci_card *c);
lanai_chip_id pci_card_chip(const pci_card *c);
const card_pci_params *pci_card_timing(const pci_card *c);
dma_lanai4 *pci_card_dma4(pci_card *c);   /* NULL unless LANai 4 */
dma_lanai9 *pci_card_dma9(pci_card *c);   /* NULL unless LANai 9 */
const pci_card_stats *pci_card_stats_of(const pci_card *c);
/* Engine faults so far ("" if none). */
const char *pci_card_dma_fault(const pci_card *c);

/* Special-register access routed to the DMA engine (same return convention
 * as dma_lanai4_write: 1 handled, 0 not a DMA register, -1 error). */
int pci_card_dma_write(pci_card *c, uint32_t reg_off, uint32_t val, sim_time t);
int pci_card_dma_read(pci_card *c, uint32_t reg_off, uint32_t *val, sim_time t);

void pci_card_set_irq(pci_card *c, int level);

/* 4-byte EEPROM fields the board answers with (GM_EEPROM layout):
 * 0x00 clock value, 0x04 CPU version (0x0401 / 0x0900), 0x0C SRAM size. */
uint32_t pci_card_eeprom_word(const pci_card *c, uint32_t off);

#endif
