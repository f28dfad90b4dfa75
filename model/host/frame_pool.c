/* A lazily shuffled stack of free frames (frame_pool.h).
 *
 * Positions 0..n-1 as the eager shuffle would see them. Those at or above
 * `s` are final (the shuffle's steps for them are done) and live in `top`,
 * indexed from the initial top down; those below `s` still hold the list
 * the remaining steps start from: the frame at that position in ascending
 * order unless a swap wrote it, then the value in a small hash map. */
#include "frame_pool.h"

#include <stdlib.h>

struct frame_pool {
    uint32_t n, count, s, rng;
    uint32_t first, skip_first, skip_len;
    uint32_t *top, topcap;
    uint32_t *key, *val, hcap, hused;   /* key = position + 1, 0 empty */
};

static uint32_t xorshift(uint32_t *st)
{
    uint32_t x = *st;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *st = x;
}

frame_pool *frame_pool_new(uint32_t first, uint32_t end, uint32_t skip_first, uint32_t skip_end, uint32_t seed)
{
    frame_pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    if (skip_first < first) skip_first = first;
    if (skip_end > end) skip_end = end;
    p->first = first;
    p->skip_first = skip_first;
    p->skip_len = skip_end > skip_first ? skip_end - skip_first : 0;
    p->n = p->count = p->s = end > first ? end - first - p->skip_len : 0;
    p->rng = seed ? seed : 0x9E3779B9u;
    return p;
}

void frame_pool_free(frame_pool *p)
{
    if (!p) return;
    free(p->top);
    free(p->key);
    free(p->val);
    free(p);
}

uint32_t frame_pool_count(const frame_pool *p) { return p->count; }

size_t frame_pool_bytes(const frame_pool *p)
{
    return sizeof *p + (size_t)p->topcap * sizeof *p->top + (size_t)p->hcap * 2 * sizeof *p->key;
}

static uint32_t slot_of(const frame_pool *p, uint32_t pos)
{
    uint32_t h = (pos + 1) * 0x9E3779B1u & (p->hcap - 1);
    while (p->key[h] && p->key[h] != pos + 1) h = (h + 1) & (p->hcap - 1);
    return h;
}

static uint32_t get(const frame_pool *p, uint32_t pos)
{
    if (p->hcap) {
        uint32_t h = slot_of(p, pos);
        if (p->key[h]) return p->val[h];
    }
    uint32_t f = p->first + pos;
    return f < p->skip_first ? f : f + p->skip_len;
}

static int set(frame_pool *p, uint32_t pos, uint32_t v)
{
    if (2 * (p->hused + 1) > p->hcap) {   /* keep the map at most half full */
        uint32_t ncap = p->hcap ? 2 * p->hcap : 64;
        uint32_t *ok = p->key, *ov = p->val, ocap = p->hcap;
        p->key = calloc(ncap, sizeof *p->key);
        p->val = calloc(ncap, sizeof *p->val);
        if (!p->key || !p->val) {
            free(p->key);
            free(p->val);
            p->key = ok, p->val = ov;
            return -1;
        }
        p->hcap = ncap;
        for (uint32_t i = 0; i < ocap; i++)
            if (ok[i]) {
                uint32_t h = slot_of(p, ok[i] - 1);
                p->key[h] = ok[i];
                p->val[h] = ov[i];
            }
        free(ok);
        free(ov);
    }
    uint32_t h = slot_of(p, pos);
    if (!p->key[h]) p->hused++;
    p->key[h] = pos + 1;
    p->val[h] = v;
    return 0;
}

static int put_top(frame_pool *p, uint32_t pos, uint32_t v)
{
    uint32_t i = p->n - 1 - pos;
    if (i >= p->topcap) {
        uint32_t ncap = p->topcap ? 2 * p->topcap : 64;
        if (ncap > p->n) ncap = p->n;
        uint32_t *t = realloc(p->top, (size_t)ncap * sizeof *t);
        if (!t) return -1;
        p->top = t;
        p->topcap = ncap;
    }
    p->top[i] = v;
    return 0;
}

/* The eager shuffle's steps for positions s-1 down to pos. */
static int settle(frame_pool *p, uint32_t pos)
{
    while (p->s > pos) {
        uint32_t i = p->s, vi = get(p, i - 1);
        if (i == 1) {   /* the eager loop ends at i = 2: position 0 stays */
            if (put_top(p, 0, vi)) return -1;
        } else {
            uint32_t j = xorshift(&p->rng) % i;
            if (put_top(p, i - 1, j == i - 1 ? vi : get(p, j))) return -1;
            if (j != i - 1 && set(p, j, vi)) return -1;
        }
        p->s = i - 1;
    }
    return 0;
}

uint32_t frame_pool_pop(frame_pool *p)
{
    uint32_t pos = p->count - 1;
    if (pos < p->s && settle(p, pos)) return UINT32_MAX;
    p->count--;
    return p->top[p->n - 1 - pos];
}

void frame_pool_push(frame_pool *p, uint32_t frame)
{
    /* count >= s always (a pop settles its position first), so this is a
     * final position, and one a pop has used: `top` already holds it */
    p->top[p->n - 1 - p->count++] = frame;
}
