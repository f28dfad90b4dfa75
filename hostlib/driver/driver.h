/* The kernel-driver parts of host code for a Myrinet card: pinning and
 * translating user memory (ioctl paths), contiguous pinned memory, and the
 * interrupt service routine. Runs on the platform (hostlib/platform.h) and
 * pays its costs there; every function returns 0 or -1 (drv_error). */
#ifndef MYRISIM_DRIVER_H
#define MYRISIM_DRIVER_H

#include "../platform.h"

typedef struct drv drv;

/* A physically contiguous piece of a pinned user range. */
typedef struct drv_seg {
    uint64_t phys;
    uint32_t len;
} drv_seg;

drv *drv_open(platform *p, char *err, size_t errlen);   /* installs the ISR */
void drv_close(drv *d);
platform *drv_platform(drv *d);
const char *drv_error(const drv *d);

/* ioctl: pin [ptr, ptr+len) and return one segment per page piece (page-sized
 * DMAs, dissertation §4.5.1), at most max; *nseg = the number written.
 * Cost: one system call, the pin, one translation per page. */
int drv_pin_user(drv *d, const void *ptr, size_t len, drv_seg *segs, int max, int *nseg);
/* ioctl: pin [ptr, ptr+len) only; its pieces come later from drv_pinned_segs
 * (drv_pin_user is the two together). */
int drv_pin(drv *d, const void *ptr, size_t len);
/* The page pieces of an already pinned range, as drv_pin_user returns them,
 * without pinning again (the driver keeps the list it made at pin time):
 * one translation per page, no system call. */
int drv_pinned_segs(drv *d, const void *ptr, size_t len, drv_seg *segs, int max, int *nseg);
/* ioctl: unpin the range again. */
int drv_unpin_user(drv *d, const void *ptr, size_t len);
/* ioctl: physically contiguous pinned memory from the 4 MB regions. */
void *drv_alloc_contig(drv *d, size_t len, uint64_t *phys);

/* Interrupts. The ISR reads the card's ISR, keeps the bits the driver has
 * enabled, acknowledges them (write one to clear) and records them. */
int drv_enable_irq(drv *d, uint32_t bits);     /* EIMR |= bits */
int drv_disable_irq(drv *d, uint32_t bits);    /* EIMR &= ~bits */
/* Sleep until an interrupt has delivered one of `mask`; returns the bits of
 * mask seen (and forgets them). */
int drv_wait_irq(drv *d, uint32_t mask, uint32_t *seen);
uint32_t drv_irq_count(const drv *d);

/* A hook the ISR calls (inside the interrupt, platform usable) with the
 * acknowledged bits among `bits`; its -1 fails the interrupt. One hook;
 * fn = NULL removes it. drv_xlat.h uses it for GRIM's translations. */
void drv_set_isr_hook(drv *d, uint32_t bits, int (*fn)(void *ctx, uint32_t bits), void *ctx);

/* BAR offsets of the card's ISR and EIMR for its chip. */
uint32_t drv_isr_off(const drv *d);
uint32_t drv_eimr_off(const drv *d);

#endif
