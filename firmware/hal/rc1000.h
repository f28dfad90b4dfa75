/* The RC-1000 FPGA card as NI firmware sees it across PCI (dissertation
 * sections 6.3.6, 7.5; docs/endpoints.md): the CPLD's request and grant
 * registers and bank 0's NI queue, all reached by the host-DMA engine as
 * peer-to-peer transfers to the card's BAR. Shared by the Table 6.1 / 7.3
 * benchmark firmware (firmware/bench/rc1000_*.c) and GRIM's card endpoint
 * (firmware/grim/card_*.c). The numbers mirror model/rc1000/pci.h and
 * rc1000_map.h (hostlib/grim/grim_card.c checks that they agree). */
#ifndef MYRISIM_HAL_RC1000_H
#define MYRISIM_HAL_RC1000_H

/* byte offsets from the card's BAR */
#define RC_NI_REQ        0x800000u   /* request register (W): bit k = bank k */
#define RC_NI_GRANT      0x800004u   /* grant register (R): banks the PCI side holds */
#define RC_NI_BANK(k)    ((unsigned)(k) << 21)   /* bank k's 2 MB window */
/* bank 0's NI queue (queue 1), word addresses inside the bank */
#define RC_NI_Q1         0x09000u    /* +0 tail (the NI's), +1 head (the frame's) */
#define RC_NI_Q_RING     0x10u       /* the ring starts here ... */
#define RC_NI_Q_WORDS    0x7FF0u     /* ... and holds this many words */
#define RC_NI_Q_WRAP     0xFFFFFFFFu /* at the old tail: the rest of the ring is empty */
#define RC_NI_MAX_WORDS  1024u       /* a message's payload (op-length is 10 bits) */

/* The card's registers and SRAM are little-endian words on the bus; the
 * LANai is big-endian and its DMA engine moves bytes as they are, so a word
 * for the card is written (and read) byte-swapped. */
static inline unsigned rc_le(unsigned v)
{
    return v << 24 | (v & 0xFF00u) << 8 | (v >> 8 & 0xFF00u) | v >> 24;
}

/* Is there room in the queue's ring for n words at tail (and, when they and
 * a following wrap marker do not fit before the ring's end, for a marker at
 * tail and n words from 0)? The ring holds head..tail; one word stays free
 * so a full ring never looks empty, and the last word is kept for a marker.
 * The same rule as the host's queue 0 (hostlib/rc1000/rc1000_host.c). */
static inline int rc_q_room(unsigned head, unsigned tail, unsigned n, int *wrap)
{
    *wrap = tail + n >= RC_NI_Q_WORDS;
    if (!*wrap) return head <= tail || tail + n < head;
    return head <= tail && n < head;
}

#endif
