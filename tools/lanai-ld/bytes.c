/* Big-endian field access (Lanai ELF is ELFDATA2MSB) and allocation helpers
 * that stop the link with a message instead of returning NULL. */
#include "ld.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

uint16_t be16(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }

void put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

void put_be16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

/* Every allocation is linked into one list so that ld_free_all can give
 * the whole link back (the fuzz harness links thousands of times in one
 * process; the tool itself just exits). */
typedef union block {
    struct { union block *prev, *next; } l;
    max_align_t align;
} block;
static block live = {{&live, &live}};

static void *track(block *b)
{
    b->l.prev = &live;
    b->l.next = live.l.next;
    live.l.next->l.prev = b;
    live.l.next = b;
    return b + 1;
}

static block *untrack(void *p)
{
    block *b = (block *)p - 1;
    b->l.prev->l.next = b->l.next;
    b->l.next->l.prev = b->l.prev;
    return b;
}

void *xmalloc(size_t n)
{
    block *b = n < SIZE_MAX - sizeof *b ? malloc(sizeof *b + n) : NULL;
    if (!b) ld_fatal("out of memory (%zu bytes)", n);
    return track(b);
}

void *xcalloc(size_t n, size_t size)
{
    if (size && n > (SIZE_MAX - sizeof(block)) / size) ld_fatal("out of memory (%zu x %zu bytes)", n, size);
    block *b = calloc(1, sizeof *b + n * size);
    if (!b) ld_fatal("out of memory (%zu x %zu bytes)", n, size);
    return track(b);
}

void *xrealloc(void *p, size_t n)
{
    if (!p) return xmalloc(n);
    block *b = untrack(p);
    block *nb = n < SIZE_MAX - sizeof *b ? realloc(b, sizeof *b + n) : NULL;
    if (!nb) {
        track(b);
        ld_fatal("out of memory (%zu bytes)", n);
    }
    return track(nb);
}

void xfree(void *p)
{
    if (p) free(untrack(p));
}

void ld_free_all(void)
{
    while (live.l.next != &live) free(untrack(live.l.next + 1));
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

char *xasprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) ld_fatal("bad format");
    char *s = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

/* a is a power of two (or 0/1 = no alignment). */
uint32_t align_up(uint32_t v, uint32_t a)
{
    if (a <= 1) return v;
    return (v + a - 1) & ~(a - 1);
}
