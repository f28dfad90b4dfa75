/* GRIM multicast in the NI (dissertation §8.1): what the multicast files
 * share and the hooks the rest of the firmware calls.
 *
 * One recycle logical channel per NI (LC nlc + 1, a firmware-owned queue
 * in GRIM_FW_PRIVATE, sent last like the RM-RV reply LC) and a per-NI tree
 * table (grim_abi.h GRIM_MC_TABLE: root, local subscribing LCs, up to two
 * children). A host injects a multicast message on its own LC addressed to
 * the tree's root NI; the root stamps it with the tree's next ticket. Every
 * NI that accepts one delivers it to its local subscribers (an AM into each
 * ring) and, if it has children, copies it ONCE into the recycle queue with
 * its forwarding information (the children, in the 8 bytes after it); the
 * send side then sends that one copy to each child, each an ordinary
 * reliable message (scoreboard entry, ACK, NACK rollback, timer) of the
 * recycle LC. An NI refuses (NACKs) a message whose ticket is not the one
 * it expects, so a tree has one total order even while an update travels
 * the new tree (L2315). Host-to-root and NI-to-NI hops use the existing
 * go-back-N streams. Exactly: the NI that stamps is the tree's sequencer
 * (its first root, for the tree's life), which relays to the current root
 * when that is another NI (mcast_core.c; docs/grim.md "Tickets and the
 * sequencer"). */
#ifndef MYRISIM_GRIM_MCAST_FW_H
#define MYRISIM_GRIM_MCAST_FW_H

#include "fw.h"
#include "waits.h"

#define MCQ_MIN 0x10110u          /* the recycle queue holds at least a full message + its forwarding */

/* mcast_tx.c: the recycle queue and its send side */
void mc_init(unsigned lc, unsigned addr, unsigned bytes);   /* queue [addr, addr + bytes) */
unsigned mc_reserve(unsigned plen);    /* SRAM address for a message of plen bytes, 0 if no room */
void mc_commit(unsigned fwd, unsigned fwd2);   /* the message reserved last, to these NIs (mcast_tx.c) */
int mc_try(void);                      /* send the next recycle copy: 2 sent, 1 waits, 0 queue empty */
void mc_start_packet(unsigned m, unsigned o, unsigned dni, unsigned n, unsigned len);   /* send.c */
unsigned mc_resend_lc(void);           /* the LC whose retransmission goes next (send.c tx_resend) */

/* mcast_core.c: accept one message (at SRAM address base, plen bytes) */
enum { MC_OK, MC_REFUSE, MC_FULL, MC_BAD, MC_MISROUTED, MC_DROP };
int mc_process(unsigned base, unsigned plen, unsigned *dticket);

/* mcast_rx.c: the packet in hand is a GRIM_T_MC / GRIM_T_MCUPD (st_head) */
void mc_rx(void);

/* recv.c's stages the multicast receive path reuses */
struct rx_stages {
    void (*release)(void), (*dup)(void), (*ahead)(void), (*refuse)(void), (*ack)(void);
};
extern const struct rx_stages rx_stages;

/* the multicast state (mcast_tx.c) */
struct mcstate {
    unsigned on, unsafe, lc;
    unsigned qbase, qsize, back, next;    /* the recycle queue; next = back after the reserved message */
    unsigned rs;                          /* the LC retransmitted from last (mc_resend_lc) */
};
/* Kept in the control block's firmware-private words, not in .bss: the
 * image's start-up (clearing .bss) then costs exactly what it did before
 * multicast, so unicast timings do not move. configure() sets mc.on. */
#define MC_STATE   (GRIM_CTRL + 0xD00u)
#define MC_BACKLE  (GRIM_CTRL + 0xE00u)    /* per LC the back offset in host order, 8 bytes each */
#define mc (*(struct mcstate *)MC_STATE)

AI volatile unsigned *mc_tree(unsigned t) { return (volatile unsigned *)(GRIM_MC_TABLE + t * GRIM_MT_BYTES); }
#define MCW(off) W(GRIM_MC_WAIT + (off))
/* mcast_waits.c: what the watchdog reads (entry 0: the recycle path) */
extern struct fw_waits fw_waits;
#define MC_WAIT (fw_waits.w[0])

#endif
