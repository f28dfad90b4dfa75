/* Header packing and ring placement (grim_wire.h). */
#include "grim_wire.h"
#include "../be32.h"

#include <string.h>

void grim_put32(uint8_t *b, uint32_t v) { be32_put(b, v); }
uint32_t grim_get32(const uint8_t *b) { return be32_get(b); }

void grim_hdr_make(grim_hdr *h, uint32_t type, uint32_t src, uint32_t dst, uint32_t lc, uint32_t handler,
                   const uint32_t arg[4], uint32_t payload)
{
    memset(h, 0, sizeof *h);
    h->type = type;
    h->src = src;
    h->dst = dst;
    h->lc = lc;
    h->handler = handler;
    h->words = (payload + 3) / 4;
    h->corr = h->words * 4 - payload;
    for (int i = 0; i < 4; i++) h->arg[i] = arg ? arg[i] : 0;
}

void grim_hdr_pack(const grim_hdr *h, uint8_t out[GRIM_HDR_BYTES])
{
    grim_put32(out, GRIM_W0(h->tok, h->seq));
    grim_put32(out + 4, GRIM_W1(h->type, h->corr, h->tree, h->src));
    grim_put32(out + 8, GRIM_W2(h->words, h->dst));
    grim_put32(out + 12, GRIM_W3(h->lc, h->handler));
    for (int i = 0; i < 4; i++) grim_put32(out + 16 + 4 * i, h->arg[i]);
}

int grim_hdr_unpack(const uint8_t in[GRIM_HDR_BYTES], grim_hdr *h)
{
    uint32_t w[8];
    for (int i = 0; i < 8; i++) w[i] = grim_get32(in + 4 * i);
    if (GRIM_W0_ID(w[0]) != GRIM_ID) return -1;
    h->tok = GRIM_W0_TOK(w[0]);
    h->seq = GRIM_W0_SEQ(w[0]);
    h->type = GRIM_W1_TYPE(w[1]);
    h->corr = GRIM_W1_CORR(w[1]);
    h->tree = GRIM_W1_TREE(w[1]);
    h->src = GRIM_W1_SRC(w[1]);
    h->words = GRIM_W2_WORDS(w[2]);
    h->dst = GRIM_W2_DST(w[2]);
    h->lc = GRIM_W3_LC(w[3]);
    h->handler = GRIM_W3_HANDLER(w[3]);
    for (int i = 0; i < 4; i++) h->arg[i] = w[4 + i];
    return 0;
}

uint32_t grim_hdr_payload(const grim_hdr *h) { return h->words * 4 - h->corr; }

void grim_wrap_pack(uint8_t out[8])
{
    grim_put32(out, GRIM_W0(0, 0));
    grim_put32(out + 4, GRIM_W1(GRIM_T_WRAP, 0, 0, 0));
}

int grim_ring_place(const grim_ring *r, uint32_t m, uint32_t *at, int *wrap)
{
    *wrap = 0;
    if (r->back >= r->front) {
        /* free space runs from back to the end, then from 0 to front */
        if (r->back + m + 8 <= r->size) {
            *at = r->back;
            return 0;
        }
        if (m + 8 <= r->front) {
            *at = 0;
            *wrap = 1;
            return 0;
        }
        return -1;
    }
    if (r->back + m + 8 <= r->front) {
        *at = r->back;
        return 0;
    }
    return -1;
}

/* In an empty ring (front == back == x) a message fits at x when
 * x + m + 8 <= size, else after a WRAP when m + 8 <= x: some x fails both
 * unless size >= 2 (m + 8). */
uint32_t grim_ring_max_msg(uint32_t size) { return size / 2 >= 16 ? (size / 2 - 8) & ~7u : 0; }

uint32_t grim_ring_used(const grim_ring *r)
{
    return r->back >= r->front ? r->back - r->front : r->size - r->front + r->back;
}
