/* The contract between LFC's host library (hostlib/lfc/lfc.c) and its NI
 * firmware (firmware/lfc/ucast.c): seed 002 chapter 3 (§3.4-§3.6) and §4.1,
 * unicast, fetch-and-add and multicast. Plain constants, shared by the firmware (Lanai) and the host.
 *
 *   send packets  LFC_SEND_N packets in NI memory; send-queue slot i always
 *                 names packet i. The host fills a packet by PIO (write
 *                 combining), then the slot's dest and size, then, last, the
 *                 slot's sequence word (the launch number + 1: never 0).
 *   released      the NI counts the packets it has sent, oldest first
 *                 (LFC_C_RELEASED): packet i is free again once launch
 *                 number n with n % LFC_SEND_N == i is below that count.
 *   host buffers  the host appends bus addresses of free host receive
 *                 buffers to a queue in NI memory (LFC_HQ, tail LFC_C_HQ_TAIL
 *                 written by the host, head LFC_C_HQ_HEAD by the NI). A data
 *                 packet goes to the next address in ONE DMA: its payload,
 *                 right-aligned, then the status word at LFC_STATUS_OFF
 *                 (LFC_FULL | source << 16 | size).
 *   credits       every NI gives every other NI LFC_C_CREDITS receive
 *                 buffers (send credits); a receiver returns them piggy-backed
 *                 on data packets to that NI or, once LFC_C_REFRESH are owed,
 *                 in a CREDIT packet. Per-NI state in LFC_PCB (for tests).
 *   fetch-and-add one variable per NI (LFC_C_FA_VAR, starts at 0). The host
 *                 launches a send-queue slot with dest LFC_DEST_FA | NI (no
 *                 data; the slot is released at once); the NI adds one to the variable (its own
 *                 or, by a request data packet taking a credit, the other
 *                 NI's, answered by a control packet) and writes the old value
 *                 to LFC_C_FA_RESULT, then LFC_C_FA_DONE = requests answered.
 *   multicast     group g (< LFC_GROUPS) in LFC_GT: members (NI numbers, in
 *                 the order every member gave them), each NI's position among
 *                 them (so a hop costs no search) and a tree kind (tree.h);
 *                 group 0 is the broadcast group of all NIs, written before
 *                 GO. A launch with dest LFC_DEST_GROUP | g goes to the
 *                 launcher's children in g's tree rooted at it; every member
 *                 delivers it and forwards it to its own children, one
 *                 descriptor per child sharing the receive buffer; credits go
 *                 to the tree parent (the packet's immediate sender) once the
 *                 buffer is delivered and forwarded to every child. Header
 *                 word 2: size | group << 16 | root << 24. */
#ifndef MYRISIM_LFC_ABI_H
#define MYRISIM_LFC_ABI_H

#define LFC_MAX_PAYLOAD 1024u
#define LFC_HBUF_BYTES  (LFC_MAX_PAYLOAD + 32u)   /* a host receive buffer */
#define LFC_STATUS_OFF  LFC_MAX_PAYLOAD            /* its status word */
#define LFC_FULL        0x80000000u
#define LFC_MAX_NODES   64u

/* control block (words) */
#define LFC_CTRL          0x00008000u
#define LFC_C_MAGIC       0x00u   /* firmware: LFC_MAGIC when ready for GO */
#define LFC_C_GO          0x04u   /* host: 1 after CREDITS and REFRESH */
#define LFC_C_QUIT        0x08u
#define LFC_C_NODE        0x0Cu   /* firmware */
#define LFC_C_NODES       0x10u
#define LFC_C_CREDITS     0x14u   /* host: initial send credits per destination */
#define LFC_C_REFRESH     0x18u   /* host: owed credits that trigger a CREDIT packet */
#define LFC_C_RELEASED    0x1Cu   /* firmware: send packets released, oldest first */
#define LFC_C_HQ_HEAD     0x20u   /* firmware: host-buffer addresses taken */
#define LFC_C_HQ_TAIL     0x24u   /* host: host-buffer addresses given */
#define LFC_C_SENT        0x28u   /* counters (firmware) */
#define LFC_C_RECEIVED    0x2Cu
#define LFC_C_CREDIT_TX   0x30u   /* CREDIT packets sent */
#define LFC_C_BLOCKED     0x34u   /* sends queued for want of credits */
#define LFC_C_ERRORS      0x38u   /* a launch the firmware refused */
#define LFC_C_FAULT       0x3Cu   /* nonzero: a protocol invariant broke (e.g. a packet beyond the credits) */
#define LFC_C_FA_DONE     0x48u   /* firmware: fetch-and-add requests answered */
#define LFC_C_FA_RESULT   0x4Cu   /* firmware: the old value */
#define LFC_C_FA_VAR      0x50u   /* firmware: this NI's variable */
#define LFC_C_FA_SERVED   0x54u   /* firmware: requests from other NIs served */
#define LFC_C_FORWARDED   0x58u   /* firmware: multicast packets forwarded to a child */
#define LFC_C_WORDS       24u     /* control words the firmware clears at start */
/* RECOV (seed 002 §4.3; only the image built with -DLFC_RECOV, recov.l4.elf,
 * sets these; its start clears LFC_C_WORDS_RECOV words) */
#define LFC_C_RECOV       0x40u   /* firmware: 1 in the RECOV image (0 in ucast.l4.elf) */
#define LFC_C_RECOVERIES  0x44u   /* recoveries this NI started on its own channel */
#define LFC_C_ESC_SENT    0x5Cu   /* packets sent on a recovery channel (no credit taken) */
#define LFC_C_ESC_USED    0x60u   /* packets received into an escape buffer */
#define LFC_C_CLEARS      0x64u   /* CHANNEL_CLEAR packets sent up a recovery tree */
#define LFC_C_ESC_HELD    0x68u   /* escape buffers holding a packet now */
#define LFC_C_RECOV_BUSY  0x6Cu   /* 1 while this NI's own recovery is in progress */
#define LFC_C_WORDS_RECOV 28u
/* INTR (seed 002 §4.4; only the image built with -DLFC_INTR, intr.l4.elf;
 * its start clears LFC_C_WORDS_INTR words) */
#define LFC_C_INTR_DELAY  0x70u   /* host, before GO: polling-watchdog delay in RTC ticks (0.5 us); 0: no interrupts */
#define LFC_C_INTR_HOST   0x74u   /* host, before GO: bus address of the host status (LFC_HS_*) */
#define LFC_C_INTRS       0x78u   /* firmware: interrupts raised (HOST_SIG) */
#define LFC_C_WD_FIRED    0x7Cu   /* firmware: watchdog timeouts (each fetches the host status) */
#define LFC_C_INTR_IMG    0x80u   /* firmware: 1 in the INTR image */
#define LFC_C_WORDS_INTR  33u
/* IrxImc (seed 002 §8.2.2: NI-level retransmission; only irx.l4.elf, built
 * from irx.c, sets these; its start clears LFC_C_WORDS_IRX words). There
 * LFC_C_CREDITS is the send window W per destination (a power of two <= 16;
 * receive buffers are shared by all senders) and LFC_C_REFRESH the
 * half-window acknowledgement threshold; LFC_PCB rows hold, per NI,
 * sequence numbers assigned to it (SEND), accepted from it (FREE), sends
 * waiting for its window (BLOCKED) and packets to it not yet acknowledged
 * (word 0xC). Header word 0: destination << 24 | tag << 16 | source (a
 * switch strips a corrupted route byte, so a misrouted packet can arrive
 * with a good CRC); word 1: sequence number << 16 | acknowledgement (the
 * next sequence number expected from the packet's destination, 16 bits). */
#define LFC_IRX_MAX_NODES 128u   /* the Irx image's NIs (unicast; multicast trees hold LFC_MAX_NODES) */
#define LFC_C_IRX         0x84u   /* firmware: 1 in the Irx image */
#define LFC_C_RTO         0x88u   /* retransmission timeout, RTC ticks (0.5 us): firmware default, host may set before GO */
#define LFC_C_ACKD        0x8Cu   /* delayed-acknowledgement timeout, RTC ticks: the same */
#define LFC_C_RETX        0x90u   /* firmware: packets retransmitted */
#define LFC_C_DROP_CRC    0x94u   /* packets dropped: CRC, length or destination check failed */
#define LFC_C_DROP_SEQ    0x98u   /* dropped: not the next sequence number (duplicate or after a gap) */
#define LFC_C_DROP_BUF    0x9Cu   /* dropped: no free receive buffer (a NACK follows) */
#define LFC_C_ACK_TX      0xA0u   /* explicit acknowledgements sent (half-window or delayed) */
#define LFC_C_NACK_TX     0xA4u   /* NACKs sent */
#define LFC_C_TIMEOUTS    0xA8u   /* retransmission timer expiries */
#define LFC_C_UNACKED     0xACu   /* packets (own and forwarded) not yet acknowledged, all destinations */
#define LFC_C_WORDS_IRX   44u
#define LFC_TAG_NACK      0x7u    /* Irx: control; I dropped your next packet for want of a buffer */
/* the host status the NI fetches in one DMA (words as the NI reads them) */
#define LFC_HS_PROCESSED  0x0u    /* packets the host has processed (lfc_poll) */
#define LFC_HS_DISABLED   0x4u    /* nonzero: lfc_intr_disable */
#define LFC_HS_BYTES      8u
#define LFC_HOST_SIG      0x40000000u   /* LANai 4 ISR/EIMR bit 30: the NI interrupts the host */
#define LFC_MAGIC         0x4C464331u   /* "LFC1" */
#define LFC_MAGIC_IRX     0x4C464349u   /* "LFCI": the IrxImc image (irx.c) */

#define LFC_SEND_N      32u
#define LFC_SQ          0x00009000u   /* send queue: 16-byte slots */
#define LFC_SQ_SEQ      0x0u
#define LFC_SQ_DEST     0x4u
#define LFC_SQ_SIZE     0x8u
#define LFC_HQ          0x0000A000u   /* host-buffer address queue */
#define LFC_HQ_N        256u
#define LFC_PCB         0x0000B000u   /* per NI: send_credits, free_credits, blocked (words) */
#define LFC_PCB_BYTES   16u
#define LFC_PCB_SEND    0x0u
#define LFC_PCB_FREE    0x4u
#define LFC_PCB_BLOCKED 0x8u

#define LFC_GT          0x0000C000u   /* group table: LFC_GT_BYTES per group */
#define LFC_GROUPS      8u
#define LFC_GT_BYTES    0x90u
#define LFC_GT_N        0x0u          /* members (0: no such group) */
#define LFC_GT_KIND     0x4u          /* LFC_TREE_* */
#define LFC_GT_MEMBERS  0x10u         /* one byte per member, LFC_MAX_NODES */
#define LFC_GT_POS      0x50u         /* per NI: its position among the members, LFC_GT_NOPOS if none */
#define LFC_GT_NOPOS    0xFFu
#define LFC_DEST_GROUP  0x80000000u   /* send-queue dest: multicast to group (low bits) */
#define LFC_DEST_FA     0x40000000u   /* send-queue dest: fetch-and-add at NI (low bits) */

#define LFC_SENDPKT     0x00010000u   /* send packets: LFC_SENDPKT_BYTES each, data at LFC_SENDPKT_DATA */
#define LFC_SENDPKT_BYTES 0x500u
#define LFC_SENDPKT_DATA  0x40u

/* on the wire after the route: 12-byte header (§3.4), then the data */
#define LFC_HDR_BYTES   12u           /* word 0: tag << 16 | source; word 1: credits; word 2: size */
#define LFC_TAG_UCAST   0x1u
#define LFC_TAG_CREDIT  0x2u
#define LFC_TAG_MCAST   0x3u          /* data, forwarded down the tree */
#define LFC_TAG_FA_REQ  0x4u          /* data (takes a credit), no payload */
#define LFC_TAG_FA_REP  0x5u          /* control, 4-byte payload: the old value */
#define LFC_TAG_CLEAR   0x6u          /* RECOV's CHANNEL_CLEAR: control, word 2 = channel << 16 */
/* RECOV's deadlock channel field (§3.4, §4.3): header word 0 bits 24..31,
 * 0 = not deadlocked, c + 1 = sent on NI c's recovery channel; the tag is
 * then word 0 bits 16..23. */
#define LFC_HDR_DL_SHIFT 24u

#endif
