/* The lazily shuffled free-frame stack against the whole-list shuffle it
 * stands for (model/host/frame_pool.c). */
#include "../harness/harness.h"

#include "../../model/host/frame_pool.h"

#include <stdlib.h>

static uint32_t step(uint32_t *st)
{
    uint32_t x = *st;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *st = x;
}

/* What the pool stands for: every free frame in order, a seeded Fisher-Yates
 * shuffle from the top down, then a plain stack. */
typedef struct {
    uint32_t *v, n;
} eager;

static eager eager_new(uint32_t first, uint32_t end, uint32_t skip_first, uint32_t skip_end, uint32_t seed)
{
    eager e = {malloc((end - first) * sizeof(uint32_t)), 0};
    for (uint32_t f = first; f < end; f++)
        if (f < skip_first || f >= skip_end) e.v[e.n++] = f;
    uint32_t st = seed ? seed : 0x9E3779B9u;
    for (uint32_t i = e.n; i > 1; i--) {
        uint32_t j = step(&st) % i, t = e.v[i - 1];
        e.v[i - 1] = e.v[j];
        e.v[j] = t;
    }
    return e;
}

/* Random pops and pushes of popped frames, the same on both. */
static int same_sequence(uint32_t first, uint32_t end, uint32_t sf, uint32_t se, uint32_t seed, int ops)
{
    eager e = eager_new(first, end, sf, se, seed);
    frame_pool *p = frame_pool_new(first, end, sf, se, seed);
    uint32_t *held = malloc((e.n + 1) * sizeof *held), nh = 0, rs = seed * 2654435761u + 1;
    int bad = frame_pool_count(p) != e.n;
    for (int k = 0; k < ops && !bad; k++) {
        uint32_t r = step(&rs);
        if (e.n && (r % 3 || !nh)) {
            uint32_t a = e.v[--e.n], b = frame_pool_pop(p);
            bad |= a != b;
            held[nh++] = a;
        } else if (nh) {
            uint32_t i = r % nh, f = held[i];
            held[i] = held[--nh];
            e.v[e.n++] = f;
            frame_pool_push(p, f);
        }
        bad |= frame_pool_count(p) != e.n;
    }
    while (e.n && !bad) bad |= e.v[--e.n] != frame_pool_pop(p);   /* drain: every position settles */
    free(held);
    free(e.v);
    frame_pool_free(p);
    return bad;
}

TEST(frame_pool, pops_and_pushes_give_the_whole_list_shuffles_order)
{
    ASSERT_EQ(same_sequence(256, 65536, 4096, 12288, 7, 20000), 0);
    ASSERT_EQ(same_sequence(256, 65536, 4096, 12288, 0, 3000), 0);
    ASSERT_EQ(same_sequence(10, 400, 0, 0, 99, 5000), 0);
    ASSERT_EQ(same_sequence(0, 2, 0, 0, 3, 10), 0);
    ASSERT_EQ(same_sequence(5, 9, 5, 9, 3, 10), 0);   /* nothing free */
}

TEST(frame_pool, a_few_pages_of_a_256_mb_host_store_a_few_entries)
{
    frame_pool *p = frame_pool_new(256, 65536, 4096, 12288, 7);
    for (int i = 0; i < 512; i++) frame_pool_pop(p);   /* 2 MB */
    /* the whole list would be 228 KB */
    ASSERT_TRUE(frame_pool_bytes(p) < 16 * 1024);
    frame_pool_free(p);
}
