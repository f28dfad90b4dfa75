/* GRIM's wire format and queue arithmetic as pure functions (no platform):
 * the Figure 4.2 header packed into eight big-endian words and back, and
 * where the next message goes in a ring with the WRAP rule of grim_abi.h. */
#ifndef MYRISIM_GRIM_WIRE_H
#define MYRISIM_GRIM_WIRE_H

#include <stddef.h>
#include <stdint.h>

#include "../../firmware/grim/grim_abi.h"

typedef struct grim_hdr {
    uint32_t tok, seq;         /* word 0: set by the sending NI (the host leaves 0) */
    uint32_t type, corr, tree, src;
    uint32_t words, dst;
    uint32_t lc, handler;
    uint32_t arg[4];
} grim_hdr;

/* A data message's header for `payload` bytes (words and correction from it). */
void grim_hdr_make(grim_hdr *h, uint32_t type, uint32_t src, uint32_t dst, uint32_t lc, uint32_t handler,
                   const uint32_t arg[4], uint32_t payload);
void grim_hdr_pack(const grim_hdr *h, uint8_t out[GRIM_HDR_BYTES]);
/* -1 if word 0 does not carry GRIM_ID. */
int grim_hdr_unpack(const uint8_t in[GRIM_HDR_BYTES], grim_hdr *h);
uint32_t grim_hdr_payload(const grim_hdr *h);
/* Bytes a message with this payload occupies in a queue. */
static inline uint32_t grim_msg_bytes(uint32_t payload) { return GRIM_ROUND8(GRIM_HDR_BYTES + payload); }
/* The two words of a WRAP marker. */
void grim_wrap_pack(uint8_t out[8]);

void grim_put32(uint8_t *b, uint32_t v);    /* big-endian */
uint32_t grim_get32(const uint8_t *b);

/* A ring of `size` bytes (a multiple of 8) with offsets front (oldest
 * message still held) and back (end of committed data); front == back is
 * empty. The writer keeps 8 bytes free and never lets a message end at the
 * very end of the ring (so back stays below size and a WRAP always fits). */
typedef struct grim_ring {
    uint32_t size, front, back;
} grim_ring;

/* Where a message of m bytes (a multiple of 8) goes now: 0 with *at its
 * offset and *wrap = 1 if a WRAP marker goes at back first; -1 if there is
 * no room until front moves. */
int grim_ring_place(const grim_ring *r, uint32_t m, uint32_t *at, int *wrap);
/* The largest m that always finds room in an empty ring of this size. */
uint32_t grim_ring_max_msg(uint32_t size);
/* Bytes held (committed and not freed). */
uint32_t grim_ring_used(const grim_ring *r);

#endif
