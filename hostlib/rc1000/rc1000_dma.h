/* The two ways a host moves data over the RC-1000's DMA channel (the PLX
 * 9080's, model/rc1000/pci.h), written once over a small table of steps so
 * that kind rc1000_stage's harness on the card model
 * (sim/experiments/exp_rc1000_xfer.c: Figure 6.8, Table 7.2) and the
 * process on a GRIM node that serves its card (rc1000_host_fault.c: page
 * faults under traffic) move pages the same way and pay the same costs:
 *   zero-copy: one chained descriptor per 4 KB piece of pinned user memory,
 *     the chain written by the CPU (charged as a copy of it), the channel
 *     started once and waited for (Table 7.2's load, L2184-L2191);
 *   one-copy out: the card's bytes by block DMAs of at most 128 KB into a
 *     pinned contiguous bounce buffer (TPIL's, hostlib/tpil/tpil.h), each
 *     followed by the CPU's copy into the user's memory (Table 7.2's unload).
 * The host waits for the channel as TPIL waits for a card's DMA: it spins on
 * the CPU for as long as such a DMA took last time (at first: the bytes at
 * the bus's peak), then polls the channel's done bit. */
#ifndef MYRISIM_RC1000_DMA_H
#define MYRISIM_RC1000_DMA_H

#include "../../model/event/evq.h"

#include <stddef.h>
#include <stdint.h>

#define RCD_BOUNCE (128u * 1024u)  /* TPIL's one-copy buffer */
#define RCD_PIECE 4096u            /* a host page: one descriptor each */

typedef struct rcd_ops {
    void *ctx;
    int (*reg_w)(void *ctx, uint32_t reg, uint32_t v);     /* a card register (RC_REG_*) */
    int (*reg_r)(void *ctx, uint32_t reg, uint32_t *v);
    int (*cpu)(void *ctx, sim_time d);                     /* the CPU busy for d */
    sim_time (*now)(void *ctx);
    int (*copy)(void *ctx, void *dst, const void *src, size_t n);   /* the CPU's copy, charged */
    int (*phys)(void *ctx, const void *p, uint64_t *pa);   /* bus address of pinned memory */
    double bus_ps_per_byte;                                /* the bus at its peak */
} rcd_ops;

typedef struct rcd {
    rcd_ops o;
    double dma_ps_per_byte;        /* what the last DMA of 4 KB or more took, 0: none yet */
    uint32_t dmas;                 /* channel starts, for reports and tests */
} rcd;

/* Wait for the DMA started at t0 moving `bytes`; learn how long it took. */
int rcd_wait(rcd *d, sim_time t0, uint32_t bytes);
/* bytes of pinned user memory ubuf to card SRAM byte address ladr (to_pci
 * 0), or back (to_pci 1), by one chained DMA; the chain goes into desc
 * (pinned, contiguous, bus address dpa, room for bytes / 4 KB + 2
 * descriptors of 16 bytes). */
int rcd_zero_copy(rcd *d, const uint8_t *ubuf, uint32_t bytes, uint32_t ladr, int to_pci, uint8_t *desc,
                  uint64_t dpa);
/* Card SRAM from ladr into dst through the bounce buffer (RCD_BOUNCE bytes
 * at bus address bpa), one copy. */
int rcd_one_copy_out(rcd *d, uint8_t *dst, uint32_t bytes, uint32_t ladr, const uint8_t *bounce, uint64_t bpa);
/* Descriptor room rcd_zero_copy needs for `bytes`. */
size_t rcd_chain_bytes(uint32_t bytes);

#endif
