/* A growable FIFO of fixed-size elements, used for the link's chunks in
 * flight, flow-control symbols and pending drains. Order is preserved when
 * it grows, so FIFOs of timed items stay sorted. The capacity is always a
 * power of two (8, doubled), so an index wraps with a mask, not a division. */
#ifndef MYRISIM_SWITCH_RING_H
#define MYRISIM_SWITCH_RING_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    unsigned char *buf;
    unsigned head, n, cap;
    size_t esz;
} sw_ring;

static inline void sw_ring_init(sw_ring *r, size_t esz)
{
    *r = (sw_ring){.esz = esz};
}

static inline void sw_ring_free(sw_ring *r)
{
    free(r->buf);
    r->buf = NULL;
    r->n = r->cap = r->head = 0;
}

static inline void *sw_ring_at(const sw_ring *r, unsigned i)
{
    return r->buf + (size_t)((r->head + i) & (r->cap - 1)) * r->esz;
}

static inline void *sw_ring_push(sw_ring *r)
{
    if (r->n == r->cap) {
        unsigned ncap = r->cap ? r->cap * 2 : 8;
        unsigned char *nb = malloc((size_t)ncap * r->esz);
        if (!nb) {
            fprintf(stderr, "myrisim: out of memory in the switch model\n");
            exit(3);
        }
        for (unsigned i = 0; i < r->n; i++)
            memcpy(nb + (size_t)i * r->esz, sw_ring_at(r, i), r->esz);
        free(r->buf);
        r->buf = nb;
        r->cap = ncap;
        r->head = 0;
    }
    r->n++;
    return sw_ring_at(r, r->n - 1);
}

static inline void sw_ring_pop(sw_ring *r)
{
    r->head = (r->head + 1) & (r->cap - 1);
    r->n--;
}

#endif
