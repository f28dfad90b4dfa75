/* Host-level software for the RC-1000 FPGA card (dissertation section
 * 6.3.6): the FPGA cannot start the card's DMA engine nor see the host, so
 * a process on the card's node does it on the card's behalf. Through the
 * platform's second-device window (plat_dev_*, platform.h) it acquires
 * banks through the CPLD (request register, grant polls), puts messages
 * into the frame's host queue in bank 0 by PIO, watches the status port for
 * messages produced, and moves each from its outgoing slot in bank 3 to
 * host memory with the card's DMA channel (PLX 9080 block mode), then frees
 * the slot. The layout and registers are model/rc1000's (rc1000_map.h,
 * pci.h); docs/endpoints.md explains them. One process per card: it is the
 * only writer of queue 0 and the only PCI-side user of the request register. */
#ifndef MYRISIM_RC1000_HOST_H
#define MYRISIM_RC1000_HOST_H

#include "../platform.h"
#include "rc1000_dma.h"
#include "../../model/rc1000/pci.h"
#include "../../model/rc1000/rc1000_map.h"

#define RCH_MAX_WORDS 1024u        /* a message's payload (op-length is 10 bits, 0 = 1,024) */
/* The status port counts results mod 64 (6 bits, L2567), so 64 results
 * waiting read as none: at most 63 may be outstanding. rch_inject holds
 * back a message that would owe the 64th (docs/endpoints.md). */
#define RCH_MAX_OWED 63u

/* Who writes the card's request register for this process: NULL = the
 * process itself, by PIO (rch_open); else a function that holds `banks`
 * (0 = release) on its behalf and returns once they are granted, 0 or -1
 * with err (rch_open_arb; e.g. the NI, Figure 6.7: grim_card_request), or 1
 * with err if it refused the request and nothing changed (the NI refuses to
 * grow a holding that lacks bank 0: firmware/grim/card_arb.c). */
typedef int (*rch_arbiter)(void *ctx, uint32_t banks, char *err, size_t errlen);

typedef struct rch {
    platform *p;
    rch_arbiter arb;
    void *arb_ctx;
    plat_pio_mode mode;        /* the PIO loop for payloads */
    uint32_t *buf;             /* pinned, contiguous: one outgoing message lands here */
    uint64_t buf_pa;
    uint32_t tail, head;       /* queue 0: our tail, the frame's head as last read */
    uint32_t taken;            /* outgoing messages moved to the host (the status port counts mod 64) */
    uint32_t next[2];          /* the next slot of outgoing queues 0 and 1 (rc1000_host_out.c) */
    uint32_t taken_q[2];       /* of `taken`, those from queue 0 and queue 1 */
    uint32_t owed;             /* results owed by the messages rch_inject put in (from `taken` at open) */
    uint32_t max_owed;         /* owed - taken may not pass this: RCH_MAX_OWED (rch_open sets it) */
    uint32_t owed_waits;       /* injections held back by it */
    /* time spent, for reports */
    sim_time inject_ps, take_ps;
    uint64_t status_reads;
    uint32_t faults;           /* function faults served */
    sim_time fault_ps;
    uint32_t pfaults;          /* page faults served */
    sim_time pfault_ps;
    sim_time unload_ps, load_ps;   /* of pfault_ps: pages moved out (one-copy) and in (zero-copy) */
    uint32_t unloads, loads;
    rcd dma;                   /* page faults: the card's DMA channel (rc1000_dma.h) */
    uint8_t *bounce, *desc;    /* its bounce buffer and descriptor room (pinned, contiguous) */
    uint64_t bounce_pa, desc_pa;
    char err[300];
} rch;

/* Check the device is an RC-1000, read queue 0's pointers and the status
 * port's count; 0, or -1 with r->err. */
int rch_open(rch *r, platform *p, plat_pio_mode mode);
/* The same with the banks asked for through arb (never by PIO). */
int rch_open_arb(rch *r, platform *p, plat_pio_mode mode, rch_arbiter arb, void *ctx);
void rch_close(rch *r);
/* Hold `banks` (bit k = bank k) / hold nothing. 0, -1 with r->err, or
 * (through an arbiter) 1 with r->err: refused, the holding as it was. */
int rch_acquire(rch *r, uint32_t banks);
int rch_release(rch *r);
/* One word of a bank the caller holds. */
int rch_read_word(rch *r, unsigned bank, uint32_t word, uint32_t *v);
int rch_write_word(rch *r, unsigned bank, uint32_t word, uint32_t v);
/* Append a message (an 8-word header as the frame reads it, Table B.1 in
 * its arguments, and `words` payload words from host memory, 0 to 1,024) to queue 0:
 * acquire bank 0, payload, header, tail, release. Returns 0, 1 if the ring
 * has no room yet (nothing written; try after the frame has taken more),
 * -1 on error. A message whose result goes to an outgoing queue (C driver
 * 1, Arg[3] bit 31) owes one; while max_owed results are owed and not
 * taken it also returns 1 at once (no PIO, owed_waits counted): take some
 * first. (Only this process's own messages count; results of the NI's
 * queue also reach `taken`, which loosens the bound when both feed the
 * card.) */
int rch_inject(rch *r, const uint32_t hdr[8], const void *payload, uint32_t words);
/* One read of the status port: *ready = messages produced and not yet
 * taken. A fault shown on the port is an error (r->err names its kind). */
int rch_ready(rch *r, uint32_t *ready);
/* The same, a fault not an error: *kind = RC_ST_RUN or the fault shown
 * (*ready still counts what was produced before it). */
int rch_status(rch *r, uint32_t *ready, uint32_t *kind);
/* rc1000_host_badreq.c: the status port shows a bad request: read the
 * fault record and put what it was into r->err (an unset forwarding entry
 * and its number, a malformed frame op, ports A and B in one bank).
 * Always -1. */
int rch_badreq(rch *r);
/* Move the oldest produced message (header and payload) of outgoing queue
 * 0 into r->buf by the card's DMA and free its slot: acquire bank 3, read
 * the length, DMA, clear the slot's word 0, release. For a frame whose
 * messages all go to queue 0; rch_take_any serves both queues. */
int rch_take(rch *r);
/* rc1000_host_out.c: the frame's two outgoing queues (L2567). The status
 * port counts the messages of both and does not say which queue holds the
 * next one; the caller knows (it chose the queue in the message's Arg[3]
 * or in the forwarding entry). Take the next message of queue q (0 or 1) as
 * rch_take does, after checking its slot is full (word 0 not 0): one more
 * PIO read than rch_take. */
int rch_take_queue(rch *r, unsigned q);
/* For an agent that serves one queue without knowing where messages went:
 * take queue q's next message if its slot is full (*got = 1), else hold
 * nothing again and *got = 0. A full slot's word 0 is not 0 because the
 * frame refuses a forwarding entry whose word 0 is 0 (docs/endpoints.md). */
int rch_take_if_full(rch *r, unsigned q, int *got);
/* The slot at word `base` of bank 3, bank 3 already held: length word,
 * DMA, slot freed, release (rc1000_host.c; for rc1000_host_out.c). */
int rch_take_slot(rch *r, uint32_t base, sim_time t0);

/* Serve the function fault the status port shows (rc1000_fault.h's
 * handler): the configuration is begun through the card's configuration
 * register and shifted in for f->config of CPU time; the FPGA runs again
 * reset later. Every result produced before the fault must have been
 * taken: the reset starts the frame's count and its outgoing slot at 0
 * again, and so does this. 0, or -1 with r->err. */
struct rcf_function;
struct rcf_times;
int rch_function_fault(rch *r, const struct rcf_function *f, sim_time reset, struct rcf_times *t);

/* The host's copies of the 2 MB scratchpad pages (the page database of
 * appendix B.4): page() returns the copy of page p (user memory the
 * database keeps pinned: the zero-copy load reads it where it is), NULL if
 * there is none. */
typedef struct rch_pages {
    void *ctx;
    void *(*page)(void *ctx, uint32_t p);
} rch_pages;
/* Serve the page fault the status port shows (rc1000_fault.h's handler) as
 * Table 7.2 does (rc1000_dma.h): the evicted page into its copy by one-copy
 * DMA (16 block DMAs of 128 KB into a bounce buffer, each copied on by the
 * CPU), the missing one out of its copy by zero-copy DMA (one chain of 4 KB
 * descriptors, the chain's page-table lookups charged). 0, or -1 with
 * r->err. */
int rch_page_fault(rch *r, const rch_pages *db, struct rcf_times *t);

#endif
