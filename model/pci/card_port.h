/* What a NI card model provides to the PCI side (the BAR target and the
 * host-DMA engines). The real card (model/card) fills one of these; the tests
 * use a small stand-in (tests/pci/standin_card.c). All callbacks get ctx. */
#ifndef MYRISIM_PCI_CARD_PORT_H
#define MYRISIM_PCI_CARD_PORT_H

#include <stdint.h>

#include "../event/evq.h"
#include "../lanai/lanai.h"

typedef struct pci_card_port {
    void *ctx;
    lanai_chip_id chip;
    uint8_t *sram;             /* the card's big-endian SRAM image (lanai_sram()) */
    uint32_t sram_size;
    /* Someone other than the core wrote SRAM (host PIO, DMA): the core must
     * drop decoded instructions there (lanai_sram_written). Optional. */
    void (*sram_written)(void *ctx, uint32_t addr, uint32_t len);
    /* Bytes the PCI side moved through SRAM at time t, so the card can charge
     * the core for SRAM contention (DMA has priority). `changes` is 0 for a
     * host PIO read (it alters nothing, so the deadlock watchdog must not
     * count a host polling the card as progress), else 1. Optional. */
    void (*sram_traffic)(void *ctx, uint32_t bytes, sim_time t, int changes);
    /* Special registers at `off` in the chip's map (LANai 4: 0x00..0xFC,
     * LANai 9: 0x000..0x1F8), as the host sees them through the BAR.
     * Return 0, -1 if there is no such register, or -2 if the card refuses
     * this access (reg_why then says why, e.g. "not modelled"). */
    int (*reg_read)(void *ctx, uint32_t off, uint32_t *val, sim_time t);
    int (*reg_write)(void *ctx, uint32_t off, uint32_t val, sim_time t);
    const char *(*reg_why)(void *ctx);   /* optional */
    /* A DMA engine sets ISR bits (DMA_INT on LANai 4, WAKE0 on LANai 9). */
    void (*raise_isr)(void *ctx, uint32_t bits, sim_time t);
    /* A DMA engine met an error (bad descriptor, bus abort): the card
     * reports it and stops the run. Optional (then only the engine's
     * fault text records it). */
    void (*fault)(void *ctx, const char *text);
} pci_card_port;

#endif
