/* LFC's host library (seed 002 Table 3.1, §3.1, §3.6): an
 * endpoint handle first in every call (no global state). The NI side is
 * firmware/lfc/ucast.c; the contract firmware/lfc/lfc_abi.h.
 *
 * Sending: lfc_send_alloc returns a send packet's data part (up to
 * LFC_MAX_PAYLOAD bytes) that the client fills; lfc_ucast_launch sends its
 * first `size` bytes and gives the packet back. The client's stores into
 * the NI's send packet are made at launch, as one write-combined PIO of
 * the valid bytes (the platform reaches NI memory only through PIO calls);
 * then the descriptor, then its sequence word. Packets are launched in the
 * order they were allocated. Receiving: lfc_poll delivers at most one
 * packet to the upcall; a nonzero return keeps the packet (the client owns
 * it until lfc_packet_free). Calls that wait (alloc, close) drain the
 * network meanwhile, making upcalls only when upcalls_allowed.
 *
 * Differences from Table 3.1: calls return 0 / -1 (a pointer / NULL) with
 * lfc_error saying why, so bad input fails clearly: a launch of a packet
 * the client does not own, a size over the maximum, an unknown or own
 * destination, freeing a packet not handed to the client. */
#ifndef MYRISIM_LFC_H
#define MYRISIM_LFC_H

#include "../driver/driver.h"

typedef struct lfc lfc;

/* lfc_upcall: nonzero keeps the packet (then lfc_packet_free it later). */
typedef int (*lfc_upcall_fn)(void *ctx, lfc *l, unsigned src, void *pkt, unsigned size, unsigned flags);

typedef struct lfc_params {
    unsigned credits;          /* send credits per destination (= NI receive buffers per sender); Irx image: the send window */
    unsigned refresh;          /* owed credits that make the NI send a CREDIT packet; Irx: the half-window ACK threshold */
    unsigned host_buffers;     /* host receive buffers (<= 255) */
    unsigned bcast_tree;       /* broadcast spanning tree: LFC_TREE_* (firmware/lfc/tree.h) */
    int overlap_unsafe;        /* 1: allow overlapping groups (may deadlock: appendix A.2; teaching only) */
    unsigned intr_delay_us;    /* INTR (§4.4): polling-watchdog delay; 0 (default): no interrupts;
                                  > 0 needs build/fw/lfc/intr.l4.elf */
} lfc_params;

void lfc_params_default(lfc_params *p);   /* 8 credits, refresh 4, 64 host buffers, binary trees */
lfc *lfc_open(platform *p, const lfc_params *prm, lfc_upcall_fn up, void *ctx, char *err, size_t errlen);
/* Waits until every launched packet has left the NI (draining, with
 * upcalls), then QUIT; frees l. -1 and a message in err if the wait failed. */
int lfc_close(lfc *l, char *err, size_t errlen);
/* Frees l without waiting for anything (after a deadlock the NI never
 * sends what it holds): QUIT is written, and the NI stops once it has
 * nothing it can send or deliver. */
void lfc_abandon(lfc *l);
const char *lfc_error(const lfc *l);
unsigned lfc_my_proc(const lfc *l);
unsigned lfc_nr_procs(const lfc *l);

void *lfc_send_alloc(lfc *l, int upcalls_allowed);
int lfc_ucast_launch(lfc *l, unsigned dest, void *pkt, unsigned size, int upcalls_allowed);
/* 1 if a packet was delivered, 0 if none, -1 on error. */
int lfc_poll(lfc *l);
/* Poll until a packet was delivered or max_ps passed (idle time skipped
 * exactly): 1, 0 or -1. */
int lfc_wait(lfc *l, sim_time max_ps);
int lfc_packet_free(lfc *l, void *pkt);

/* Multicast (§4.2). lfc_group_create is collective: every process calls
 * it for every group, in the same order, with the same members (NI
 * numbers, the same order) and tree kind (LFC_TREE_*), before any member
 * sends to the group (e.g. behind a barrier); returns the group (1 .. 7)
 * or -1: groups may not overlap (L1689-L1702) unless
 * lfc_params.overlap_unsafe. lfc_bcast_launch sends to every other process over
 * the broadcast tree (lfc_params.bcast_tree); lfc_mcast_launch to the
 * other members of group. One endpoint may not mix broadcast and
 * multicast (L1689-L1702). A receiver's upcall names the packet's root
 * (its original sender) as src. */
int lfc_group_create(lfc *l, const unsigned *members, unsigned n, unsigned tree_kind);
int lfc_bcast_launch(lfc *l, void *pkt, unsigned size, int upcalls_allowed);
int lfc_mcast_launch(lfc *l, int group, void *pkt, unsigned size, int upcalls_allowed);

/* Fetch-and-add on the variable in process ni's NI (one per NI, starting
 * at 0): adds one and puts the old value in *old; waits for the answer
 * (draining, with upcalls only when upcalls_allowed). 0 or -1. Not while
 * a send packet is allocated and not launched. */
int lfc_fetch_and_add(lfc *l, unsigned ni, unsigned *old, int upcalls_allowed);

/* The NI's protocol state for destination / source d (PIO reads): send
 * credits, credits owed to d, sends blocked, buffers holding d's packets. */
typedef struct lfc_pcb { uint32_t send_credits, free_credits, blocked, held; } lfc_pcb;
int lfc_pcb_get(lfc *l, unsigned d, lfc_pcb *out);
typedef struct lfc_counters { uint32_t sent, received, credit_tx, blocked, errors, fa_served, forwarded; } lfc_counters;
int lfc_counters_get(lfc *l, lfc_counters *c);
/* RECOV's counters (firmware/lfc/recov.h; all 0 with ucast.l4.elf, recov 0):
 * recoveries this NI started, packets it sent on a recovery channel,
 * escape buffers it used, CHANNEL_CLEARs it sent, escape buffers held now,
 * its own recovery in progress now. */
typedef struct lfc_recov { uint32_t recov, recoveries, esc_sent, esc_used, clears, esc_held, busy; } lfc_recov;
int lfc_recov_get(lfc *l, lfc_recov *r);

/* IrxImc's counters (seed 002 §8.2.2; firmware/lfc/irx.c, irx.l4.elf; irx 0
 * and all 0 with the other images): packets retransmitted, retransmission
 * timeouts, packets dropped for a bad CRC or length, for a sequence number
 * not the next expected, for want of a receive buffer; explicit ACKs and
 * NACKs sent. With irx set, lfc_pcb_get's fields are, per NI: sequence
 * numbers assigned to it (send_credits), accepted from it (free_credits),
 * sends waiting for its window (blocked), unacknowledged packets (held). */
typedef struct lfc_irx { uint32_t irx, retx, timeouts, drop_crc, drop_seq, drop_buf, ack_tx, nack_tx; } lfc_irx;
int lfc_irx_get(lfc *l, lfc_irx *r);
/* wait (polling) until every launched packet has left the NI and, with the
 * Irx image, every packet the NI sent (forwards too) is acknowledged;
 * lfc_close does it first */
int lfc_flush(lfc *l);
/* for a failure message: " (irx: counters; to NI d: unacknowledged ...)", or "" */
const char *lfc_irx_describe(lfc *l, char *buf, size_t len);

/* INTR (§4.4; lfc_params.intr_delay_us > 0, intr.l4.elf): the NI's polling
 * watchdog interrupts the host only when it has not processed a packet
 * for the delay; the interrupt reaches the process as an asynchronous
 * signal (hostlib/platform.h plat_set_signal) whose handler drains the
 * network with upcalls (inside lfc_poll it does nothing). disable/enable
 * toggle the flag in host memory the NI fetches (no NI access). */
int lfc_intr_disable(lfc *l);
int lfc_intr_enable(lfc *l);
/* raised: the NI's interrupts; timeouts: its watchdog expiries; signals:
 * handler runs in this process; deferred: of them, inside lfc_poll */
typedef struct lfc_intr { uint32_t raised, timeouts, signals, deferred; } lfc_intr;
int lfc_intr_get(lfc *l, lfc_intr *o);

#endif
