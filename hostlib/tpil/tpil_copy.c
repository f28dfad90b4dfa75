/* TPIL's DMA mechanisms: one-copy, double-buffered one-copy, zero-copy. */
#include "tpil_internal.h"

#include <stdint.h>
#include <stdlib.h>

/* LANai 4 moves whole aligned words only: the unaligned head and the short
 * tail of the destination go by PIO, the rest by DMA. */
static void split(const tpil_dev *t, uint32_t dst, size_t n, size_t *head, size_t *body)
{
    if (t->lay.chip != CHIP_LANAI4) {
        *head = 0;
        *body = n;
        return;
    }
    size_t h = (4 - (dst & 3)) & 3;
    if (h > n) h = n;
    *head = h;
    *body = (n - h) & ~(size_t)3;
}

static int edges(tpil_dev *t, uint32_t dst, const uint8_t *src, size_t n, size_t head, size_t body, int first)
{
    if (first && head) return tpil_pio(t, TPIL_PIO_PLAIN, dst, src, head);
    size_t tail = n - head - body;
    if (!first && tail) return tpil_pio(t, TPIL_PIO_PLAIN, dst + (uint32_t)(head + body), src + head + body, tail);
    return 0;
}

/* one ioctl: start a DMA from the bounce buffer and wait for it */
static int dma_sync(tpil_dev *t, uint64_t phys, uint32_t lar, uint32_t len)
{
    if (plat_syscall(t->p)) return tpil_fail_plat(t, "DMA ioctl");
    if (tpil_dma_start(t, phys, lar, len)) return -1;
    return tpil_dma_wait(t);
}

int tpil_onecopy(tpil_dev *t, uint32_t dst, const uint8_t *src, size_t n)
{
    size_t head, body;
    split(t, dst, n, &head, &body);
    if (edges(t, dst, src, n, head, body, 1)) return -1;
    for (size_t off = 0; off < body; off += t->bounce_bytes) {
        uint32_t c = (uint32_t)(body - off < t->bounce_bytes ? body - off : t->bounce_bytes);
        if (plat_memcpy(t->p, t->bounce, src + head + off, c)) return tpil_fail_plat(t, "one-copy");
        if (dma_sync(t, t->bounce_phys, dst + (uint32_t)(head + off), c)) return -1;
    }
    return edges(t, dst, src, n, head, body, 0);
}

int tpil_double(tpil_dev *t, uint32_t dst, const uint8_t *src, size_t n)
{
    size_t head, body;
    split(t, dst, n, &head, &body);
    if (edges(t, dst, src, n, head, body, 1)) return -1;
    uint32_t half = t->bounce_bytes / 2;
    size_t k = (body + half - 1) / half;
    for (size_t i = 0; i < k; i++) {
        size_t off = i * half;
        uint32_t c = (uint32_t)(body - off < half ? body - off : half);
        uint32_t hb = (uint32_t)(i % 2) * half;
        /* fill one half while the engine drains the other */
        if (plat_memcpy(t->p, t->bounce + hb, src + head + off, c)) return tpil_fail_plat(t, "double-buffered");
        if (plat_syscall(t->p)) return tpil_fail_plat(t, "DMA ioctl");
        if (i > 0 && tpil_dma_wait(t)) return -1;
        if (tpil_dma_start(t, t->bounce_phys + hb, dst + (uint32_t)(head + off), c)) return -1;
    }
    if (k) {
        if (plat_syscall(t->p)) return tpil_fail_plat(t, "DMA ioctl");
        if (tpil_dma_wait(t)) return -1;
    }
    return edges(t, dst, src, n, head, body, 0);
}

int tpil_zerocopy(tpil_dev *t, uint32_t dst, const uint8_t *src, size_t n)
{
    size_t head, body;
    split(t, dst, n, &head, &body);
    /* LANai 4 words must line up on both sides; otherwise copy once */
    if (t->lay.chip == CHIP_LANAI4 && ((uintptr_t)(src + head) & 3)) return tpil_onecopy(t, dst, src, n);
    if (edges(t, dst, src, n, head, body, 1)) return -1;
    if (body) {
        int max = (int)(body / 4096 + 2), nseg = 0;
        drv_seg *segs = malloc(sizeof *segs * (size_t)max);
        if (!segs) return tpil_fail(t, "zero-copy: out of memory");
        const uint8_t *b = src + head;
        uintptr_t bu = (uintptr_t)b, wu = (uintptr_t)t->win;
        int in_win = t->win && bu >= wu && body <= t->win_len && bu - wu <= t->win_len - body;
        if (in_win ? drv_pinned_segs(t->d, b, body, segs, max, &nseg) : drv_pin_user(t->d, b, body, segs, max, &nseg)) {
            free(segs);
            return tpil_fail_drv(t, "zero-copy");
        }
        uint32_t lar = dst + (uint32_t)head;
        int r = 0;
        for (int i = 0; i < nseg && r == 0; i++) {
            r = tpil_dma_start(t, segs[i].phys, lar, segs[i].len);
            if (r == 0) r = tpil_dma_wait(t);
            lar += segs[i].len;
        }
        free(segs);
        if (r) return -1;
        if (!in_win && drv_unpin_user(t->d, b, body)) return tpil_fail_drv(t, "zero-copy");
    }
    return edges(t, dst, src, n, head, body, 0);
}

int tpil_pin_source(tpil_dev *t, const void *src, size_t n)
{
    if (t->win || !n) return 1;
    /* each page is translated once, when an injection takes it */
    if (drv_pin(t->d, src, n)) return tpil_fail_drv(t, NULL);   /* "pin ioctl: ..." */
    t->win = src;
    t->win_len = n;
    return 0;
}

int tpil_unpin_source(tpil_dev *t)
{
    if (!t->win) return 0;
    const uint8_t *w = t->win;
    t->win = NULL;
    if (drv_unpin_user(t->d, w, t->win_len)) return tpil_fail_drv(t, NULL);   /* "unpin ioctl: ..." */
    return 0;
}
