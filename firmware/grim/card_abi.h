/* The RC-1000 as a GRIM endpoint served by the NI firmware (the
 * grim_rc1000 images, -DGRIM_RC1000; card_*.c): the control words the host
 * library (hostlib/grim/grim_card.c) and the firmware share. Big-endian
 * words in NI SRAM like the rest of grim_abi.h.
 *
 * The card is an endpoint of its node: LC `lc` (< GRIM_C_NLC, not opened by
 * any process). An AM to GRIM_EP(node, lc) is not put into a host ring: the
 * firmware arbitrates for bank 0 through the card's CPLD and writes the
 * message (header and payload, then the queue's tail) into the frame's NI
 * queue by peer-to-peer DMA, then ACKs it. The host's own bank requests go
 * through the NI too (Figure 6.7: the NI merges them with its own and is the
 * only writer of the card's request register). Each host process has a
 * request queue of its own (GRIM_CD_NQ of them; a GRIM process uses the one
 * of its LC, others the one they are given): it writes
 * GRIM_CD_REQ(q) = seq << 8 | banks and waits for GRIM_CD_ACK(q) == that word. */
#ifndef MYRISIM_GRIM_CARD_ABI_H
#define MYRISIM_GRIM_CARD_ABI_H

#define GRIM_CARD           (GRIM_CTRL + 0xE00u)   /* 64 words */
#define GRIM_CD_READY       0x00u    /* firmware: 1 = this image serves a card (cleared at start) */
#define GRIM_CD_LC          0x04u    /* host: the card's LC + 1; 0 = no card (the firmware is plain GRIM) */
#define GRIM_CD_BAR         0x08u    /* host: the card's BAR on the NI's bus (peer-to-peer target) */
/* firmware counters (the card LC's own GRIM_L_DELIVERED counts deliveries) */
#define GRIM_CD_MSGS        0x20u    /* messages written into the frame's NI queue */
#define GRIM_CD_REFUSED     0x24u    /* ACKed and dropped: not an AM, or more than RC_NI_MAX_WORDS words */
#define GRIM_CD_FULL        0x28u    /* times the queue had no room (bank 0 released, tried again) */
#define GRIM_CD_ACQ_CYC     0x2Cu    /* NI cycles, summed over messages: request to bank 0 granted */
#define GRIM_CD_INJ_CYC     0x30u    /*   granted to the tail written (payload, header, tail) */
#define GRIM_CD_REL_CYC     0x34u    /*   the release written */
#define GRIM_CD_GRANT_POLLS 0x38u    /* grant-register reads for the NI's own deliveries */
#define GRIM_CD_HOST_REQS   0x3Cu    /* host requests served (merged and granted) */
#define GRIM_CD_WORDS       0x40u    /* payload words written */
#define GRIM_CD_DEFERRED    0x44u    /* passes the NI's delivery waited because a host process held or asked first for bank 0 */
#define GRIM_CD_GROW_REFUSED 0x48u   /* requests refused: growing a holding without bank 0 (card_arb.c) */
/* the host processes' request queues (Figure 6.7: "a series of request queues") */
#define GRIM_CD_NQ          4u
#define GRIM_CD_REQ(q)      (0x80u + 8u * (q))   /* host: seq << 8 | banks it wants held (0 = release) */
#define GRIM_CD_ACK(q)      (0x84u + 8u * (q))   /* firmware: that word once those banks are granted to it */
/* ... or that word | GRIM_CD_ACK_REFUSED | (banks 1-3 it holds) << 3 (bits 4-6; bank 0 it does not
 * hold): a process holding banks without bank 0 asked for more, which could deadlock against
 * the frame (it takes bank 0 first and holds it while it waits for the rest). Nothing changed:
 * it still holds what it held. Release first, then ask for all at once (or hold bank 0). */
#define GRIM_CD_ACK_REFUSED 0x80u

#endif
