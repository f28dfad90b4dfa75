/* The RC-1000 on a PCI bus: its BAR (the SRAM window and the registers),
 * and a PLX-9080-style DMA channel with descriptor chains in host memory
 * (section 6.3.2: the FPGA cannot start it; host software does). */
#ifndef MYRISIM_RC1000_PCI_H
#define MYRISIM_RC1000_PCI_H

#include "../pci/bus.h"
#include "rc1000.h"

/* BAR layout (16 MB): the four banks, then the registers. */
#define RC_BAR_SIZE      0x1000000u
#define RC_BAR_SRAM      0x000000u   /* bank k at k * 2 MB; needs the bank's PCI grant */
#define RC_BAR_REGS      0x800000u
#define RC_REG_REQ       0x00u       /* W: the shared PCI request register (4 bits) */
#define RC_REG_GRANT     0x04u       /* R: banks granted to the PCI side */
#define RC_REG_STATUS    0x08u       /* R: the FPGA's 8-bit status port */
#define RC_REG_CTRL      0x0Cu       /* W: the FPGA's 8-bit control port */
#define RC_REG_CONFIG    0x10u       /* W: begin loading a configuration (the host shifts it in by serial
                                        PIO meanwhile): the FPGA is held config_ps + reset_ps, then runs
                                        (rc1000_configure) */
/* PLX 9080 DMA channel 0 (its local-configuration offsets) */
#define RC_REG_DMAMODE   0x80u       /* bit 9: chaining */
#define RC_REG_DMAPADR   0x84u       /* PCI address (block mode) */
#define RC_REG_DMALADR   0x88u       /* local address: card SRAM byte offset (bank = addr >> 21) */
#define RC_REG_DMASIZ    0x8Cu       /* bytes */
#define RC_REG_DMADPR    0x90u       /* next descriptor (chaining) | flags below; direction in block mode */
#define RC_REG_DMACSR    0xA8u       /* bit 0 enable, bit 1 start (write), bit 4 done (read) */
#define RC_DMAMODE_CHAIN (1u << 9)
#define RC_DPR_EOC       (1u << 1)   /* end of chain */
#define RC_DPR_TO_PCI    (1u << 3)   /* direction: local (card SRAM) to PCI (host) */
#define RC_CSR_ENABLE    1u
#define RC_CSR_START     2u
#define RC_CSR_DONE      16u

/* Timing of the card's PCI side: the PLX 9080 and the card's local bus.
 * The values are inputs from the components (pci_profile.c, with sources). */
typedef struct {
    sim_time local_clock_ps;                        /* the card's local bus clock */
    uint32_t ds_wfifo_lwords;                       /* Direct Slave write FIFO depth */
    uint32_t ds_write_clocks, ds_read_clocks;       /* local clocks per single-cycle Lword */
    uint32_t ds_start_clocks;                       /* sync + local bus hold before a run */
    uint32_t ds_sync_pci_clocks;                    /* read data back across the clock boundary */
    uint32_t target_write_wait;                     /* wait states before a write's first data phase */
    uint32_t dma_setup_cycles;                      /* REQ# down between the channel's tenures */
    uint32_t latency_timer, max_burst;
} rc1000_pci_params;
extern const rc1000_pci_params rc1000_pci_default;

typedef struct rc1000_pci rc1000_pci;

/* Claims [bar, bar + RC_BAR_SIZE) on `bus` and makes the DMA master; host
 * memory for the DMA is reached through the bus (the host bridge). */
rc1000_pci *rc1000_pci_attach(rc1000 *c, pci_bus *bus, uint64_t bar, const rc1000_pci_params *p,
                              char *err, size_t n);
void rc1000_pci_free(rc1000_pci *rp);
/* Descriptors run and bytes moved by the DMA channel. */
uint64_t rc1000_pci_dma_descs(const rc1000_pci *rp);
uint64_t rc1000_pci_dma_bytes(const rc1000_pci *rp);
/* PCI write bursts the 9080 cut short because its Direct Slave write FIFO
 * was full (disconnects), and the time the local bus has written all that
 * the FIFO took so far. */
uint64_t rc1000_pci_ds_disconnects(const rc1000_pci *rp);
sim_time rc1000_pci_ds_drained(const rc1000_pci *rp);

#endif
