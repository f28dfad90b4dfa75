/* A hash map from event id to a small state, for the event queue's
 * cancellation: which ids are still in the heap and which of those were
 * cancelled, each in O(1) (ids are sequence numbers, so a multiplicative
 * hash spreads them well). Linear probing with backward-shift deletion:
 * no tombstones, so a long run never slows it down. */
#ifndef MYRISIM_EVENT_IDSET_H
#define MYRISIM_EVENT_IDSET_H

#include <stdint.h>

typedef struct idset {
    uint64_t *key;     /* 0 = empty slot (0 is never an event id) */
    uint8_t *val;
    uint32_t cap, n;   /* cap: a power of two; n <= cap / 2 */
} idset;

void idset_free(idset *s);
/* Insert or overwrite; exits on out of memory, like the queue itself. */
void idset_put(idset *s, uint64_t id, uint8_t v);
uint8_t idset_get(const idset *s, uint64_t id);    /* 0 if absent */
void idset_del(idset *s, uint64_t id);             /* harmless if absent */

#endif
