/* One PCI bus: one transaction at a time, round-robin arbitration among the
 * masters that request it (the host bridge doing CPU PIO, each device DMA
 * engine), bursts limited by the master, by the target (disconnects, wait
 * states, buffers) and by the latency timer. One event per burst.
 *
 * Timing of a tenure (all on the bus clock grid):
 *   arbitration (hidden when the request was up before the bus went idle)
 *   + the master's own gap cycles + 1 address cycle
 *   + data phases as the target paces them (pci_target_ops.plan)
 *   + turnaround idle cycles.
 * Latency timer: when another master is waiting, the owner stops after the
 * data phase in progress once its timer (counted from its address phase) has
 * expired; a request that arrives mid-burst shortens the burst in flight. */
#ifndef MYRISIM_PCI_BUS_H
#define MYRISIM_PCI_BUS_H

#include "pci.h"

/* Electrical/protocol constants of one bus segment (from a chipset profile). */
typedef struct pci_bus_params {
    const char *name;          /* "32b/33MHz" */
    sim_time clock_ps;         /* 30000 for 33 MHz, 15000 for 66 MHz */
    uint32_t width;            /* bytes per data phase: 4 or 8 */
    uint32_t arb_cycles;       /* idle bus: REQ to the first address cycle */
    uint32_t turnaround;       /* idle cycles after every tenure */
    uint32_t abort_cycles;     /* master abort: cycles waiting for DEVSEL before giving up */
} pci_bus_params;

/* What a target is asked at the start of a burst. */
typedef struct pci_burst {
    pci_cmd cmd;
    uint64_t addr;             /* bus address of the first byte of this burst */
    uint32_t max_bytes;        /* the master offers at most this much */
    uint32_t width;            /* bytes per data phase for this pair of devices */
    sim_time clk;              /* bus clock period */
    sim_time t_data0;          /* start of the first data phase (after the address cycle) */
    sim_time t_stop;           /* no data phase may begin at or after this (latency timer); SIM_TIME_NEVER if free */
    const pci_master *master;
} pci_burst;

/* A target's answer: how many bytes it takes in this burst and when the
 * last data phase ends. At least one data phase must complete, unless the
 * target retries: then no data moves, the tenure ends at t_end and the
 * master asks for the bus again (a bridge's delayed read, PCI 2.1). */
typedef struct pci_plan {
    uint32_t bytes;
    sim_time t_end;
    int retry;
} pci_plan;

typedef struct pci_target_ops {
    /* Pure: may be called again for the same burst with an earlier t_stop. */
    void (*plan)(void *ctx, const pci_burst *b, pci_plan *out);
    /* The burst happened as planned (update buffers, prefetch state). */
    void (*commit)(void *ctx, const pci_burst *b, const pci_plan *p);
    /* Move the data (at the end of the burst). Return 0, or nonzero with a
     * message in err for a target abort. */
    int (*access)(void *ctx, pci_cmd cmd, uint64_t addr, uint8_t *data, uint32_t len,
                  sim_time t, char *err, size_t errlen);
} pci_target_ops;

/* The common target: `init_wait` wait states before the first data phase,
 * `phase_wait` before each later one, disconnect at multiples of `boundary`
 * bytes (0: never). */
void pci_plan_simple(const pci_burst *b, uint32_t init_wait, uint32_t phase_wait,
                     uint32_t boundary, pci_plan *out);
/* Data phases needed to move n bytes starting at addr on a bus of width w. */
uint32_t pci_phases(uint64_t addr, uint32_t n, uint32_t w);
/* Bytes covered by the first k data phases from addr (before capping).
 * Inline: the bridge's phase-by-phase plan asks for every phase, and here
 * the compiler takes addr / w out of its loop. */
static inline uint32_t pci_phase_bytes(uint64_t addr, uint32_t k, uint32_t w)
{
    return (uint32_t)((addr / w + k) * w - addr);
}

/* Called once per fault (master or target abort); the text names the master,
 * command, address and cause. The simulator stops the run on it. */
typedef void (*pci_fault_fn)(void *ctx, const char *text);

typedef struct pci_master_stats {
    uint64_t bytes, bursts, txns;
    sim_time busy_ps;          /* address cycle to end of last data phase */
    sim_time wait_ps;          /* request to address cycle, summed over tenures */
    uint64_t preempted;        /* bursts cut short by the latency timer */
    uint64_t retries;          /* tenures the target retried (no data) */
} pci_master_stats;

pci_bus *pci_bus_new(evq *q, const pci_bus_params *p, const char *name);
void pci_bus_free(pci_bus *b);
const pci_bus_params *pci_bus_params_of(const pci_bus *b);
evq *pci_bus_evq(const pci_bus *b);
const char *pci_bus_name(const pci_bus *b);

/* A bus master. width: its data path (4 or 8 bytes); latency_timer in bus
 * cycles; max_burst in bytes (0: no limit of its own). */
pci_master *pci_master_new(pci_bus *b, const char *name, uint32_t width,
                           uint32_t latency_timer, uint32_t max_burst);
/* Idle cycles the master needs before each of its address cycles. */
void pci_master_set_gap(pci_master *m, uint32_t cycles);
const char *pci_master_name(const pci_master *m);
const pci_master_stats *pci_master_stats_of(const pci_master *m);
int pci_master_busy(const pci_master *m);     /* has queued or moving transactions */

/* Queue t behind the master's earlier transactions. Returns 0, or -1 if t is
 * malformed (len 0, no data). Completion comes through t->on_done. */
int pci_submit(pci_master *m, pci_txn *t);

/* Claim [base, base+size) for a target; width = its data path. Returns 0, or
 * -1 if the range overlaps another target. */
int pci_bus_add_target(pci_bus *b, uint64_t base, uint64_t size, uint32_t width,
                       const pci_target_ops *ops, void *ctx, const char *name);
/* 1 if some target decodes addr. */
int pci_bus_decodes(const pci_bus *b, uint64_t addr);

void pci_bus_set_fault(pci_bus *b, pci_fault_fn fn, void *ctx);
/* Report a fault found elsewhere (a bridge's far side) as this bus's own. */
void pci_bus_fault(pci_bus *b, const char *text);
/* Move data to or from the target decoding addr at once, outside any
 * tenure (a bridge forwarding a non-posted access whose time it has already
 * charged). 0 ok, 1 the target refused (err says why), -1 nothing decodes. */
int pci_bus_access(pci_bus *b, pci_cmd cmd, uint64_t addr, uint8_t *data, uint32_t len, sim_time t,
                   char *err, size_t errlen);
/* First fault text since creation ("" if none) and the number of faults. */
const char *pci_bus_fault_text(const pci_bus *b);
int pci_bus_faults(const pci_bus *b);

/* Bus occupancy so far (address cycles through turnaround), and tenures. */
sim_time pci_bus_busy_ps(const pci_bus *b);
uint64_t pci_bus_tenures(const pci_bus *b);
/* 1 while a burst is in flight or an arbitration is scheduled. */
int pci_bus_active(const pci_bus *b);

/* Interrupt lines: a device raises or lowers its line; the host (one
 * handler per bus) sees the OR of all lines on the bus. */
typedef void (*pci_irq_fn)(void *ctx, int level, sim_time t);
void pci_bus_set_irq_handler(pci_bus *b, pci_irq_fn fn, void *ctx);
int pci_bus_irq_line_new(pci_bus *b);                /* returns a line id */
void pci_bus_irq_set(pci_bus *b, int line, int level);
int pci_bus_irq_level(const pci_bus *b);

#endif
