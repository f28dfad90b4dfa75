/* Myrinet kernel driver, host side. */
#include "driver.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

struct drv {
    platform *p;
    uint32_t eimr;
    uint32_t pending;
    uint32_t acked;            /* bits the last ISR run acknowledged */
    uint32_t nirq;
    uint32_t hook_bits;        /* ISR bits that also go to the hook (GRIM translation requests) */
    int (*hook)(void *ctx, uint32_t bits);
    void *hook_ctx;
    char err[400];
};

static int derr(drv *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int derr(drv *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->err, sizeof d->err, fmt, ap);
    va_end(ap);
    return -1;
}

static int fail_plat(drv *d, const char *what)
{
    return derr(d, "%s: %s", what, plat_error(d->p));
}

const char *drv_error(const drv *d) { return d->err; }
platform *drv_platform(drv *d) { return d->p; }
uint32_t drv_irq_count(const drv *d) { return d->nirq; }

uint32_t drv_isr_off(const drv *d)
{
    const bar_layout *l = plat_card_layout(d->p);
    return bar_reg_offset(l, l->chip == CHIP_LANAI4 ? 0x28 : 0x50);
}

uint32_t drv_eimr_off(const drv *d)
{
    const bar_layout *l = plat_card_layout(d->p);
    return bar_reg_offset(l, l->chip == CHIP_LANAI4 ? 0x2C : 0x58);
}

static int isr(void *ctx, platform *p)
{
    drv *d = ctx;
    uint32_t v;
    d->nirq++;
    if (plat_pio_read32(p, drv_isr_off(d), &v)) return -1;
    v &= d->eimr;
    d->acked = v;
    if (v && plat_pio_write32(p, drv_isr_off(d), v)) return -1;   /* acknowledge */
    d->pending |= v;
    if (d->hook && (v & d->hook_bits)) return d->hook(d->hook_ctx, v & d->hook_bits);
    return 0;
}

void drv_set_isr_hook(drv *d, uint32_t bits, int (*fn)(void *ctx, uint32_t bits), void *ctx)
{
    d->hook_bits = fn ? bits : 0;
    d->hook = fn;
    d->hook_ctx = ctx;
}

drv *drv_open(platform *p, char *err, size_t errlen)
{
    drv *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, errlen, "driver: out of memory");
        return NULL;
    }
    d->p = p;
    plat_set_isr(p, isr, d);
    return d;
}

void drv_close(drv *d)
{
    if (!d) return;
    plat_set_isr(d->p, NULL, NULL);
    free(d);
}

int drv_pin_user(drv *d, const void *ptr, size_t len, drv_seg *segs, int max, int *nseg)
{
    *nseg = 0;
    if (drv_pin(d, ptr, len)) return -1;
    if (drv_pinned_segs(d, ptr, len, segs, max, nseg)) {
        plat_unpin(d->p, ptr, len);
        return -1;
    }
    return 0;
}

int drv_pin(drv *d, const void *ptr, size_t len)
{
    if (len == 0) return derr(d, "pin of 0 bytes");
    if (plat_syscall(d->p)) return fail_plat(d, "pin ioctl");
    if (plat_pin(d->p, ptr, len)) return fail_plat(d, "pin ioctl");
    return 0;
}

int drv_pinned_segs(drv *d, const void *ptr, size_t len, drv_seg *segs, int max, int *nseg)
{
    const uint8_t *q = ptr;
    size_t left = len;
    int n = 0;
    *nseg = 0;
    while (left) {
        uint64_t pa = 0;   /* set by a successful call; gcc's LTO link cannot see that */
        size_t contig = 0;
        if (plat_virt_to_phys(d->p, q, &pa, &contig)) return fail_plat(d, "pin ioctl");
        uint32_t piece = (uint32_t)(4096 - (pa & 4095));
        if (piece > left) piece = (uint32_t)left;
        if (n == max) return derr(d, "pin ioctl: %zu bytes need more than %d page segments", len, max);
        segs[n].phys = pa;
        segs[n].len = piece;
        n++;
        q += piece;
        left -= piece;
    }
    *nseg = n;
    return 0;
}

int drv_unpin_user(drv *d, const void *ptr, size_t len)
{
    if (plat_syscall(d->p)) return fail_plat(d, "unpin ioctl");
    if (plat_unpin(d->p, ptr, len)) return fail_plat(d, "unpin ioctl");
    return 0;
}

void *drv_alloc_contig(drv *d, size_t len, uint64_t *phys)
{
    if (plat_syscall(d->p)) {
        fail_plat(d, "contiguous allocation ioctl");
        return NULL;
    }
    void *r = plat_alloc_contig(d->p, len, phys);
    if (!r) fail_plat(d, "contiguous allocation ioctl");
    return r;
}

int drv_enable_irq(drv *d, uint32_t bits)
{
    d->eimr |= bits;
    if (plat_pio_write32(d->p, drv_eimr_off(d), d->eimr)) return fail_plat(d, "enable interrupt");
    return 0;
}

int drv_disable_irq(drv *d, uint32_t bits)
{
    d->eimr &= ~bits;
    if (plat_pio_write32(d->p, drv_eimr_off(d), d->eimr)) return fail_plat(d, "disable interrupt");
    return 0;
}

int drv_wait_irq(drv *d, uint32_t mask, uint32_t *seen)
{
    if (!(d->eimr & mask)) return derr(d, "waiting for interrupt bits 0x%x that are not enabled", mask);
    while (!(d->pending & mask)) {
        if (plat_wait_irq(d->p)) return fail_plat(d, "interrupt wait");
        if (!d->acked && plat_irq_level(d->p))
            return derr(d, "interrupt wait: the card's interrupt line stays up for ISR bits this "
                           "driver did not enable (its EIMR is 0x%x)", d->eimr);
    }
    if (seen) *seen = d->pending & mask;
    d->pending &= ~mask;
    return 0;
}
