/* The RC-1000 frame's SRAM layout and codes in C: the mirror of
 * hw/frame/frame_map.vh (word addresses inside a 2 MB bank), the message
 * fields of Table B.1 and the frame sequencer's states (hw/frame/frame.v). */
#ifndef MYRISIM_RC1000_MAP_H
#define MYRISIM_RC1000_MAP_H

#include <stdint.h>

#define RC_BANK_WORDS   (512u * 1024u)
/* bank 0 */
#define RC_DIR_BASE     0x00000u   /* 256 forwarding entries x 8 words (one GRIM header) */
#define RC_DIR_WORDS    8u
#define RC_CTL_FUNCS    0x00800u   /* +0..+7 handler id per canvas slot, +8 the ALU's; 0 = none */
#define RC_CTL_PAGE     0x00810u   /* +0 page in frame 1 (bank 1), +1 in frame 2 (bank 2) */
#define RC_CTL_FAULT    0x00820u   /* fault word (kind << 30 | handler), +1..+3 missing pages of A, B, C */
#define RC_CTL_HEADS    0x00828u   /* the frame's saved heads of queues 0 and 1 */
#define RC_CTL_EP       0x00830u   /* the card's endpoint id */
#define RC_CTL_DROPS    0x00831u   /* messages the frame dropped at a killed forwarding entry (since reset) */
#define RC_Q0_BASE      0x01000u   /* queue 0 (host): +0 tail (producer), +1 head (frame), ring at +16 */
#define RC_Q1_BASE      0x09000u   /* queue 1 (NI) */
#define RC_Q_RING       0x10u
#define RC_Q_RING_WORDS 0x7FF0u
#define RC_RECYCLE      0x11000u   /* one message: 8 header words + up to 1,024 */
#define RC_Q_WRAP       0xFFFFFFFFu
#define RC_PAGE_NONE    0x100u
/* bank 3: the two slotted outgoing queues (L2567); queue 1's slot k lies
 * RC_OQ1_OFF words into queue 0's slot k (a message is at most 1,032 words) */
#define RC_SLOT_WORDS   8192u
#define RC_NSLOTS       64u
#define RC_OQ1_OFF      0x1000u
#define RC_SLOT_BASE(q, k) ((uint32_t)(k) * RC_SLOT_WORDS + ((q) ? RC_OQ1_OFF : 0u))
/* status port: kind (2) | messages produced mod 64 (6), both queues together */
#define RC_ST_KIND(s)     (((s) >> 6) & 3u)
#define RC_ST_PRODUCED(s) ((s) & 63u)
#define RC_ST_RUN         0u
#define RC_ST_FFAULT      1u
#define RC_ST_PFAULT      2u
#define RC_ST_BADREQ      3u   /* ports A and B asked for one scratchpad bank (not supported), or a bad frame op */
#define RC_CTL_RESUME     0x01u    /* control port: reload state from bank 0 and go on */

/* Table B.1, Arg[0]: forward id (8) | A (1) | B (1) | C (1) | reserved (7) | sub-op (4) | op-length (10) */
#define RC_ARG0(fwd, a, b, c, subop, len) \
    ((((uint32_t)(fwd) & 0xFFu) << 24) | (((uint32_t)(a) & 1u) << 23) | (((uint32_t)(b) & 1u) << 22) | \
     (((uint32_t)(c) & 1u) << 21) | (((uint32_t)(subop) & 15u) << 10) | ((uint32_t)(len) & 0x3FFu))
/* Arg[3] with C driver 1: bit 31 set = a message into the outgoing queue;
 * clear = a scratchpad store at the virtual address (our reading, docs/endpoints.md) */
#define RC_ARG3_QUEUE   0x80000000u
/* ... and bit 30 with it: outgoing queue 1 instead of 0 (our choice, docs/endpoints.md) */
#define RC_ARG3_QUEUE1  0xC0000000u
/* A message in the frame's 8-word header form (the GRIM header's words 0-3,
 * the handler id in word 3's low half; Arg[0..3] in words 4-7) makes a
 * result in an outgoing queue when its C driver is 1 (Arg[0] bit 21) and
 * Arg[3] says queue, unless it is for the frame's own handler (below) */
#define RC_HDR_HANDLER(h) ((h)[3] & 0xFFFFu)
#define RC_HDR_TO_QUEUE(h) \
    (((h)[4] & RC_ARG0(0, 0, 0, 1, 0, 0)) && ((h)[7] & RC_ARG3_QUEUE) && RC_HDR_HANDLER(h) != RC_FRAME_H)
/* the frame's built-in handler (not in the function list; B.2.3's set_pipeline):
 * sub-op 1 = forwarding entry Arg[0]'s forward id := payload words 0-7,
 * sub-op 2 = the entry killed (word 0 RC_FWD_KILLED: a message naming it is
 * consumed without running and counted at RC_CTL_DROPS) */
#define RC_FRAME_H      0x0020u
#define RC_FOP_SET      1u
#define RC_FOP_KILL     2u
#define RC_FWD_KILLED   0xFFFFFFFFu
/* A forwarding entry whose word 0 is 0 was never set: a message that would
 * generate a message through it stops the frame with a bad request (the
 * message stays queued) and the fault word says which entry */
#define RC_FAULT_UNSET      (1u << 24)
#define RC_FAULT_FWD(w)     (((w) >> 16) & 0xFFu)
/* Set forwarding entry `id` in bank 0 (`b0`, the words themselves) to a
 * plain GRIM active-message header for endpoint `dst` (word 0 the GRIM id,
 * firmware/grim/grim_abi.h; handler and arguments 0): what a harness that
 * does not care where results go writes before it sends */
static inline void rc_fwd_plain(uint32_t *b0, unsigned id, uint32_t dst)
{
    uint32_t *e = b0 + RC_DIR_BASE + (id & 0xFFu) * RC_DIR_WORDS;
    for (unsigned i = 0; i < RC_DIR_WORDS; i++) e[i] = 0;
    e[0] = 0x0636u << 16;
    e[1] = 1u << 26;
    e[2] = dst & 0xFFFFu;
}
/* Figure B.7: reserved (3) | virtual page (8) | reserved (2) | word offset (19) */
#define RC_VA(page, word) ((((uint32_t)(page) & 0xFFu) << 21) | ((uint32_t)(word) & 0x7FFFFu))

/* the circuits of the shipped canvas by slot (hw/frame/canvas.v); slot 8 is the ALU */
#define RC_SLOTS 9
#define RC_SLOT_NAMES {"pass", "md5", "hang", "bswap", "", "", "", "", "alu"}
#define RC_SLOT_EXTERNAL 4u   /* the canvas's external slot: a run-time circuit */

/* the frame sequencer's states (the `phase` output) */
enum {
    RC_PH_INIT_ACQ, RC_PH_INIT_RD, RC_PH_IDLE, RC_PH_ACQ0, RC_PH_POLL, RC_PH_HDR, RC_PH_DECODE,
    RC_PH_ACQ, RC_PH_FWD, RC_PH_SLOT, RC_PH_START, RC_PH_RUN, RC_PH_OHDR, RC_PH_DONE, RC_PH_QPTR,
    RC_PH_REL, RC_PH_FAULT_WR, RC_PH_SUSPEND, RC_PH_DIRRD, RC_PH_DIRWR, RC_PH_NOJOB, RC_PH_DROPWR,
    RC_PH_COUNT
};

#endif
