/* malloc, free, calloc, realloc over the heap lanai-ld sets aside between
 * the end of the image and the stack (__heap_start .. __heap_end, size
 * `--heap-size`, 64 KiB by default; the symbols exist only in images that
 * link this file, so other images keep their layout).
 *
 * Blocks tile the heap; each starts with an 8-byte header holding its own
 * size (low bit: in use) and its predecessor's size, so free merges with
 * both neighbours at once and no two free blocks are ever adjacent. malloc
 * is first fit over the blocks (deterministic, small; firmware heaps hold
 * few blocks). Payloads are 8-byte aligned. A zero-size header ends the
 * heap. free and realloc check that the pointer is an allocated block and
 * report a bad one through the console, then abort. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "console.h"

extern char __heap_start[], __heap_end[];

typedef struct {
    uint32_t size;   /* bytes including this header; bit 0: in use */
    uint32_t prev;   /* size of the block before (0 for the first) */
} hdr;

#define USED 1u
#define HDR ((uint32_t)sizeof(hdr))
#define MIN_BLOCK (2 * HDR)

static hdr *first, *last_end;   /* first block, end marker */

static uint32_t bsize(const hdr *h) { return h->size & ~USED; }
static hdr *next_of(hdr *h) { return (hdr *)((char *)h + bsize(h)); }
static hdr *prev_of(hdr *h) { return (hdr *)((char *)h - h->prev); }

static int heap_init(void)
{
    uintptr_t a = ((uintptr_t)__heap_start + 7) & ~(uintptr_t)7, e = (uintptr_t)__heap_end & ~(uintptr_t)7;
    if (e < a + MIN_BLOCK + HDR) return 0;   /* no room for one block */
    first = (hdr *)a;
    last_end = (hdr *)(e - HDR);
    first->size = (uint32_t)((uintptr_t)last_end - a);
    first->prev = 0;
    last_end->size = USED;   /* size 0, in use: never merged, ends every walk */
    last_end->prev = first->size;
    return 1;
}

/* Block size for a request of n bytes, or 0 if it cannot be met. */
static uint32_t need(size_t n)
{
    if (n > 0x7FFFFFF0u) return 0;
    uint32_t s = ((uint32_t)n + HDR + 7) & ~7u;
    return s < MIN_BLOCK ? MIN_BLOCK : s;
}

/* Mark h used with size s, returning the rest (if big enough) as a free block. */
static void take(hdr *h, uint32_t s)
{
    uint32_t have = bsize(h);
    if (have - s >= MIN_BLOCK) {
        hdr *rest = (hdr *)((char *)h + s);
        rest->size = have - s;
        rest->prev = s;
        next_of(rest)->prev = rest->size;
        have = s;
    }
    h->size = have | USED;
}

void *malloc(size_t n)
{
    if (!first && !heap_init()) return NULL;
    uint32_t s = need(n);
    if (!s) return NULL;
    for (hdr *h = first; h != last_end; h = next_of(h)) {
        if (!(h->size & USED) && h->size >= s) {
            take(h, s);
            return h + 1;
        }
    }
    return NULL;
}

/* The header of an allocated block, or a report and abort. */
static hdr *block_of(void *p, const char *who)
{
    hdr *h = (hdr *)p - 1;
    if (!first || (uintptr_t)p & 7 || h < first || h >= last_end || !(h->size & USED) || bsize(h) < MIN_BLOCK ||
        next_of(h) > last_end || next_of(h)->prev != bsize(h)) {
        con_printf("%s(%p): not an allocated block (double free or heap corruption)\n", who, p);
        abort();
    }
    return h;
}

void free(void *p)
{
    if (!p) return;
    hdr *h = block_of(p, "free"), *n = next_of(h);
    h->size &= ~USED;
    if (!(n->size & USED)) h->size += n->size;   /* absorb the next block */
    if (h != first && !(prev_of(h)->size & USED)) {
        hdr *pv = prev_of(h);
        pv->size += h->size;                     /* be absorbed by the previous one */
        h = pv;
    }
    next_of(h)->prev = h->size;
}

void *calloc(size_t count, size_t size)
{
    if (size && count > (size_t)-1 / size) return NULL;
    void *p = malloc(count * size);
    if (p) memset(p, 0, count * size);
    return p;
}

/* Shrinks in place, grows into a free next block when it can, else moves.
 * realloc(p, 0) frees p and returns NULL. */
void *realloc(void *p, size_t n)
{
    if (!p) return malloc(n);
    if (!n) {
        free(p);
        return NULL;
    }
    hdr *h = block_of(p, "realloc"), *nx = next_of(h);
    uint32_t s = need(n), have = bsize(h);
    if (!s) return NULL;
    if (s <= have) {
        if (have - s >= MIN_BLOCK && (nx->size & USED)) take(h, s);   /* hand the tail back */
        return p;
    }
    if (!(nx->size & USED) && have + nx->size >= s) {
        h->size = (have + nx->size) | USED;   /* absorb the free neighbour, then trim */
        next_of(h)->prev = bsize(h);
        take(h, s);
        return p;
    }
    void *q = malloc(n);
    if (!q) return NULL;
    memcpy(q, p, have - HDR);
    free(p);
    return q;
}
