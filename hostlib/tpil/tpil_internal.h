/* TPIL internals shared by its files. */
#ifndef MYRISIM_TPIL_INTERNAL_H
#define MYRISIM_TPIL_INTERNAL_H

#include "tpil.h"
/* register offsets and bits of the card (hardware facts, shared with the model) */
#include "../../model/pci/dma_lanai9.h"

struct tpil_dev {
    drv *d;
    platform *p;
    bar_layout lay;
    tpil_params prm;
    uint8_t *bounce;           /* contiguous pinned */
    uint64_t bounce_phys;
    uint32_t bounce_bytes;
    tpil_cfg cfg;
    int irq_enabled;
    sim_time dma_t0;           /* when the DMA in flight was started */
    uint32_t dma_len;
    double dma_ps_per_byte;    /* learned from the last DMA of a page or more */
    const uint8_t *win;        /* tpil_pin_source: the pinned window, or NULL */
    size_t win_len;
    char err[480];
};

int tpil_fail(tpil_dev *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int tpil_fail_plat(tpil_dev *t, const char *what);
/* "what: <the driver's error>"; what NULL when the driver's error names the
 * operation already ("unpin ioctl: ..."), so a message says it once. */
int tpil_fail_drv(tpil_dev *t, const char *what);

/* SRAM address -> BAR offset */
static inline uint32_t tpil_sram_off(const tpil_dev *t, uint32_t a) { return t->lay.sram.off + a; }

/* The card's host-DMA engine (host->card direction), programmed by PIO.
 * On LANai 4 phys, lar and len must be multiples of 4. */
int tpil_dma_start(tpil_dev *t, uint64_t phys, uint32_t lar, uint32_t len);
int tpil_dma_wait(tpil_dev *t);

int tpil_pio(tpil_dev *t, tpil_mech m, uint32_t dst, const void *src, size_t n);
int tpil_onecopy(tpil_dev *t, uint32_t dst, const uint8_t *src, size_t n);
int tpil_double(tpil_dev *t, uint32_t dst, const uint8_t *src, size_t n);
int tpil_zerocopy(tpil_dev *t, uint32_t dst, const uint8_t *src, size_t n);

#endif
