/* Registered memory (dissertation §4.5.1, C.5.1): the pinned-memory unit
 * hands out pieces of physically contiguous chunks, each chunk one static
 * entry of the NI's translation cache; ordinary user memory can be
 * registered by pinning its pages (no static entry: the NI asks the driver).
 *
 * Virtual addresses: a simulated process's memory is native memory, so the
 * 32-bit addresses GRIM's messages carry are given out here, in order of
 * registration from GRIM_VA_BASE with a guard page between blocks, and
 * never reused. A program that registers the same sizes in the same order
 * on every node sees the same addresses everywhere, as a real SPMD program
 * sees the same pointers. */
#include "grim_internal.h"

#include <stdlib.h>
#include <string.h>

#define MAX_CHUNK (4u << 20)          /* one of the pinned-memory driver's 4 MB regions */

static uint32_t page_up(uint64_t n) { return (uint32_t)((n + GRIM_PAGE - 1) & ~(uint64_t)(GRIM_PAGE - 1)); }

static grim_block *block_of(const grim *g, const void *p)
{
    const uint8_t *q = p;
    for (int i = 0; i < g->nblk; i++) {
        const grim_block *b = &g->blk[i];
        if (q >= b->ptr && q < b->ptr + b->len) return (grim_block *)b;
    }
    return NULL;
}

static int take_va(grim *g, uint32_t len, uint32_t page_off, uint32_t *va)
{
    uint64_t next = (uint64_t)g->next_va + page_up((uint64_t)len + page_off) + GRIM_PAGE;
    if (next > 0xFFFFF000ull) return grim_fail(g, "registered memory: 32-bit virtual addresses exhausted");
    *va = g->next_va + page_off;
    g->next_va = (uint32_t)next;
    return 0;
}

/* A static translation entry for a chunk, by PIO; VALID last so the NI
 * never sees half an entry. */
static int program_static(grim *g, const grim_block *b)
{
    uint32_t e = GRIM_XLAT + (uint32_t)b->slot * GRIM_XLAT_BYTES;
    uint8_t w[GRIM_X_RUNS + 8 - GRIM_X_LC];
    memset(w, 0, sizeof w);
    grim_put32(w + GRIM_X_LC - GRIM_X_LC, g->o.lc);
    grim_put32(w + GRIM_X_VA - GRIM_X_LC, b->va);
    grim_put32(w + GRIM_X_LEN - GRIM_X_LC, b->len);
    grim_put32(w + GRIM_X_NRUNS - GRIM_X_LC, 1);
    grim_put32(w + GRIM_X_RUNS - GRIM_X_LC, (uint32_t)b->phys);
    grim_put32(w + GRIM_X_RUNS + 4 - GRIM_X_LC, b->len);
    if (plat_pio_write(g->p, grim_sram(g, e + GRIM_X_LC), w, sizeof w, PLAT_PIO_PLAIN) ||
        plat_pio_write32(g->p, grim_sram(g, e + GRIM_X_VALID), 1))
        return grim_fail_plat(g, "static translation entry");
    return 0;
}

void *grim_malloc_pinned(grim *g, uint32_t n)
{
    if (n == 0 || n > MAX_CHUNK) {
        grim_fail(g, "grim_malloc_pinned(%u): 1 .. %u bytes", n, MAX_CHUNK);
        return NULL;
    }
    uint32_t want = (n + 63) & ~63u;   /* cache-line pieces */
    for (int i = 0; i < g->nblk; i++) {
        grim_block *b = &g->blk[i];
        if (b->phys && b->len - b->used >= want) {
            uint8_t *r = b->ptr + b->used;
            b->used += want;
            b->live++;
            return r;
        }
    }
    if (g->nblk == GRIM_MAX_BLOCKS) {
        grim_fail(g, "grim_malloc_pinned: more than %d registered blocks", GRIM_MAX_BLOCKS);
        return NULL;
    }
    grim_block *b = &g->blk[g->nblk];
    memset(b, 0, sizeof *b);
    b->len = want > GRIM_CHUNK ? page_up(want) : GRIM_CHUNK;
    b->ptr = drv_alloc_contig(g->d, b->len, &b->phys);
    if (!b->ptr) {
        grim_fail(g, "grim_malloc_pinned(%u): %s", n, drv_error(g->d));
        return NULL;
    }
    memset(b->ptr, 0, b->len);
    if (b->phys + b->len > 0xFFFFFFFFull || take_va(g, b->len, 0, &b->va)) {
        if (!g->err[0]) grim_fail(g, "grim_malloc_pinned: physical memory above 4 GB");
        plat_free(g->p, b->ptr);
        return NULL;
    }
    b->slot = g->next_slot < (int)GRIM_XLAT_STATIC ? g->next_slot++ : -1;
    if ((b->slot >= 0 && program_static(g, b)) || drv_xlat_add(g->xl, b->va, b->ptr, b->len, g->o.lc)) {
        if (!g->err[0]) grim_fail(g, "grim_malloc_pinned: the driver's table is full");
        plat_free(g->p, b->ptr);
        return NULL;
    }
    g->nblk++;
    b->used = want;
    b->live = 1;
    return b->ptr;
}

int grim_free_pinned_va(grim *g, void *p)
{
    grim_block *b = block_of(g, p);
    if (!b || !b->phys) return grim_fail(g, "grim_free_pinned_va(%p): not memory from grim_malloc_pinned", p);
    if (b->live && --b->live == 0) b->used = 0;   /* the chunk (and its entry) stays for reuse */
    return 0;
}

uint64_t grim_get_pinned_pa(grim *g, const void *p)
{
    const grim_block *b = block_of(g, p);
    if (!b || !b->phys) {
        grim_fail(g, "grim_get_pinned_pa(%p): not memory from grim_malloc_pinned", p);
        return 0;
    }
    return b->phys + (uint64_t)((const uint8_t *)p - b->ptr);
}

void *grim_get_pinned_va(grim *g, uint64_t pa)
{
    for (int i = 0; i < g->nblk; i++) {
        grim_block *b = &g->blk[i];
        if (b->phys && pa >= b->phys && pa < b->phys + b->len) return b->ptr + (pa - b->phys);
    }
    grim_fail(g, "grim_get_pinned_va(0x%llx): not pinned memory of this endpoint", (unsigned long long)pa);
    return NULL;
}

int grim_register_memory(grim *g, void *p, uint32_t n)
{
    if (!p || !n) return grim_fail(g, "grim_register_memory: empty range");
    if (block_of(g, p)) return grim_fail(g, "grim_register_memory(%p): already registered", p);
    if (g->nblk == GRIM_MAX_BLOCKS) return grim_fail(g, "grim_register_memory: more than %d blocks", GRIM_MAX_BLOCKS);
    uint32_t off = (uint32_t)((uintptr_t)p & (GRIM_PAGE - 1));
    int max = (int)(page_up((uint64_t)n + off) / GRIM_PAGE) + 1, nseg;
    drv_seg *segs = malloc((size_t)max * sizeof *segs);
    if (!segs) return grim_fail(g, "grim_register_memory: out of memory");
    int r = drv_pin_user(g->d, p, n, segs, max, &nseg);
    free(segs);
    if (r) return grim_fail(g, "grim_register_memory: %s", drv_error(g->d));
    grim_block *b = &g->blk[g->nblk];
    memset(b, 0, sizeof *b);
    b->ptr = p;
    b->len = n;
    b->slot = -1;
    b->pinned_user = 1;
    if (take_va(g, n, off, &b->va)) return -1;
    if (drv_xlat_add(g->xl, b->va, p, n, g->o.lc)) return grim_fail(g, "grim_register_memory: the driver's table is full");
    g->nblk++;
    return 0;
}

int grim_unregister_memory(grim *g, void *p)
{
    grim_block *b = block_of(g, p);
    if (!b || !b->pinned_user) return grim_fail(g, "grim_unregister_memory(%p): not registered user memory", p);
    /* addresses are never reused, so a stale entry in the NI's cache can
     * never match later memory */
    drv_xlat_remove(g->xl, b->va);
    int r = drv_unpin_user(g->d, b->ptr, b->len);
    *b = g->blk[--g->nblk];
    return r ? grim_fail(g, "grim_unregister_memory: %s", drv_error(g->d)) : 0;
}

uint32_t grim_va(const grim *g, const void *p)
{
    const grim_block *b = block_of(g, p);
    return b ? b->va + (uint32_t)((const uint8_t *)p - b->ptr) : 0;
}

void *grim_ptr(const grim *g, uint32_t va)
{
    for (int i = 0; i < g->nblk; i++) {
        const grim_block *b = &g->blk[i];
        if (va >= b->va && va - b->va < b->len) return b->ptr + (va - b->va);
    }
    return NULL;
}

void grim_mem_free_all(grim *g)
{
    for (int i = 0; i < g->nblk; i++) {
        grim_block *b = &g->blk[i];
        if (b->pinned_user) {
            drv_unpin_user(g->d, b->ptr, b->len);
        } else if (b->ptr) {
            plat_free(g->p, b->ptr);
        }
    }
    g->nblk = 0;
}
