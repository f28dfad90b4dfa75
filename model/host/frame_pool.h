/* The free frames of a host's RAM: a stack whose initial order is a seeded
 * Fisher-Yates shuffle, done lazily.
 *
 * The shuffle runs from the top of the stack down and allocation pops from
 * the top, so a position is only shuffled when it is first popped: the same
 * swaps, in the same order, with the same generator, as shuffling the whole
 * list up front, but a host that uses a few MB of its RAM stores a few
 * entries, not one per frame (256 KB on a 256 MB host). */
#ifndef MYRISIM_HOST_FRAME_POOL_H
#define MYRISIM_HOST_FRAME_POOL_H

#include <stddef.h>
#include <stdint.h>

typedef struct frame_pool frame_pool;

/* Frames first..end-1 except skip_first..skip_end-1, shuffled with seed
 * (0 picks a fixed one). NULL when out of memory. */
frame_pool *frame_pool_new(uint32_t first, uint32_t end, uint32_t skip_first, uint32_t skip_end, uint32_t seed);
void frame_pool_free(frame_pool *p);

uint32_t frame_pool_count(const frame_pool *p);
/* The top frame; the pool must not be empty. -1 (UINT32_MAX) when out of
 * simulator memory. */
uint32_t frame_pool_pop(frame_pool *p);
/* A frame a pop gave back on top. */
void frame_pool_push(frame_pool *p, uint32_t frame);
/* Bytes of simulator memory the pool holds (for the memory figures). */
size_t frame_pool_bytes(const frame_pool *p);

#endif
