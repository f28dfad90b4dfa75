/* The host bridge on one PCI bus. Two faces:
 *  - master for the CPU's PIO: a posted-write buffer whose entries merge
 *    consecutive stores into bursts, and reads that wait behind the posted
 *    writes (PCI ordering);
 *  - target for device DMA into host RAM: an inbound write buffer draining
 *    into memory, and read prefetch (a read continuing the previous one
 *    starts sooner than one that misses).
 * Host memory is reached through pci_mem_port (model/host implements it). */
#ifndef MYRISIM_PCI_BRIDGE_H
#define MYRISIM_PCI_BRIDGE_H

#include "chipset.h"

typedef struct pci_mem_port {
    void *ctx;
    uint64_t base, size;       /* the RAM window the bridge claims on the bus */
    int (*read)(void *ctx, uint64_t pa, uint8_t *buf, uint32_t len, char *err, size_t errlen);
    int (*write)(void *ctx, uint64_t pa, const uint8_t *buf, uint32_t len, char *err, size_t errlen);
} pci_mem_port;

typedef enum { PIO_UC = 0, PIO_WC = 1 } pio_kind;

typedef struct pci_bridge pci_bridge;

pci_bridge *pci_bridge_new(pci_bus *bus, const pci_chipset *cs, const pci_mem_port *mem);
void pci_bridge_free(pci_bridge *br);
pci_master *pci_bridge_master(pci_bridge *br);
const pci_chipset *pci_bridge_chipset(const pci_bridge *br);
pci_bus *pci_bridge_bus(pci_bridge *br);

/* Posted writes. Free room in the posting buffer, in bytes. */
uint32_t pci_bridge_room(const pci_bridge *br);
/* Post len bytes (len <= room, else -1). Stores of the same kind that
 * continue the last entry before it reaches the bus merge into it, up to the
 * kind's merge limit. */
int pci_bridge_post(pci_bridge *br, uint64_t addr, const void *src, uint32_t len, pio_kind k);
/* One-shot callbacks: room grew / every posted write has completed. */
void pci_bridge_on_room(pci_bridge *br, void (*fn)(void *ctx), void *ctx);
void pci_bridge_on_drained(pci_bridge *br, void (*fn)(void *ctx), void *ctx);
int pci_bridge_drained(const pci_bridge *br);
/* Posted writes that ended in an abort (the fault is on the bus too). */
int pci_bridge_post_errors(const pci_bridge *br);

/* A PIO read of len bytes (one transaction) behind the posted writes. */
int pci_bridge_read(pci_bridge *br, uint64_t addr, void *dst, uint32_t len,
                    void (*done)(void *ctx, pci_resp r), void *ctx);

#endif
