/* The PCI transaction, shaped like TLM-2.0's generic payload: command,
 * address, data pointer, length and response status, plus a completion
 * callback and the timing the bus recorded. A SystemC shell can wrap a
 * pci_txn in a tlm_generic_payload one to one (see model/pci/README.md).
 *
 * Bus addresses are 64-bit but every modelled host decodes 32 bits. Time is
 * in picoseconds (model/event/evq.h). */
#ifndef MYRISIM_PCI_H
#define MYRISIM_PCI_H

#include <stddef.h>
#include <stdint.h>

#include "../event/evq.h"

typedef enum { PCI_READ = 0, PCI_WRITE = 1 } pci_cmd;

typedef enum {
    PCI_RESP_INCOMPLETE = 0, /* still queued or moving */
    PCI_RESP_OK,
    PCI_RESP_ADDRESS_ERROR,  /* master abort: nothing decodes the address */
    PCI_RESP_TARGET_ABORT,   /* a target refused (bad register access, DMA to unpinned memory) */
} pci_resp;

typedef struct pci_txn pci_txn;
typedef struct pci_master pci_master;
typedef struct pci_bus pci_bus;

struct pci_txn {
    /* set by the initiator */
    pci_cmd cmd;
    uint64_t addr;             /* bus address of byte 0 */
    uint8_t *data;             /* read: filled in; write: source bytes */
    uint32_t len;              /* bytes */
    void (*on_done)(pci_txn *t, void *ctx);     /* after the last data phase (or an error) */
    /* optional: after each burst moved [off, off+n) of data (e.g. a DMA engine
     * announcing SRAM bytes as they arrive) */
    void (*on_burst)(pci_txn *t, void *ctx, uint32_t off, uint32_t n);
    void *ctx;

    /* filled by the bus */
    pci_resp resp;
    uint32_t done;             /* bytes moved so far */
    uint32_t bursts;           /* bus tenures used */
    sim_time t_issue;          /* submitted */
    sim_time t_first;          /* first address phase */
    sim_time t_done;           /* last data phase ended */
    /* the burst in flight (for progress counters such as DMA_CTR) */
    sim_time burst_t0, burst_t1;
    uint32_t burst_bytes;
    int in_burst;

    pci_txn *next;             /* master queue link (bus-private) */
};

/* Bytes of t moved by time `at`, counting the burst in flight pro rata
 * (data phases run at a steady pace within one burst). */
uint32_t pci_txn_progress(const pci_txn *t, sim_time at);

const char *pci_resp_name(pci_resp r);
const char *pci_cmd_name(pci_cmd c);

#endif
