/* TPIL, the tunable PCI injection library (dissertation §5.2, appendix C.7):
 * moves data from host memory into the card's SRAM with the mechanism that is
 * fastest for the size, chosen by cut-offs measured on this host.
 *
 * Mechanisms: PIO with plain 32-bit stores, MMX (64-byte blocks) or SSE
 * (prefetch + non-temporal stores); DMA by the card's host-DMA engine:
 * one-copy (through a 128 KB contiguous pinned buffer), double-buffered
 * one-copy (two 64 KB halves, copy overlapped with DMA), zero-copy (pin the
 * user pages, one page-sized DMA per page).
 *
 * DMA is programmed by PIO from inside the driver (one ioctl per start or
 * wait): LANai 4 through EAR/LAR/DMA_DIR/DMA_CTR at BAR 0xC0000+; LANai 9 by
 * writing a DMA_BLOCK chain into TPIL's SRAM scratch area, the E2L channel
 * pointer (BAR 0x800108) and a PULSE (BAR 0x804000+0xB8 = 4). Completion is
 * found by polling ISR (DMA_INT / WAKE0) with PIO reads, or by sleeping on
 * the card's interrupt (tpil_params.wait_irq). README.md has the details. */
#ifndef MYRISIM_TPIL_H
#define MYRISIM_TPIL_H

#include "../driver/driver.h"

typedef enum {
    TPIL_PIO_PLAIN = 0,
    TPIL_PIO_MMX,
    TPIL_PIO_SSE,
    TPIL_DMA_ONECOPY,
    TPIL_DMA_DOUBLE,
    TPIL_DMA_ZEROCOPY,
    TPIL_NMECH
} tpil_mech;

const char *tpil_mech_name(tpil_mech m);
int tpil_mech_is_dma(tpil_mech m);

typedef struct tpil_params {
    uint32_t scratch;          /* SRAM address of a 64-byte area TPIL owns (LANai 9 descriptors) */
    uint32_t bounce_bytes;     /* one-copy buffer; 0 = 128 KB */
    int wait_irq;              /* DMA completion: 0 poll ISR with PIO reads, 1 sleep on the interrupt */
} tpil_params;

typedef struct tpil_dev tpil_dev;

tpil_dev *tpil_create(drv *d, const tpil_params *prm, char *err, size_t errlen);
void tpil_destroy(tpil_dev *t);
const char *tpil_error(const tpil_dev *t);
int tpil_available(const tpil_dev *t, tpil_mech m);   /* the host has the unit */

/* Move n bytes from src (host memory; DMA mechanisms need it allocated with
 * plat_alloc) to SRAM address dst with one mechanism. */
int tpil_h2c_mech(tpil_dev *t, tpil_mech m, uint32_t dst, const void *src, size_t n);

/* Cut-offs: sizes <= rule[i].upto (and above the previous rule) use
 * rule[i].mech; the last rule covers everything larger. */
#define TPIL_MAX_RULES 8
typedef struct tpil_cfg {
    int n;
    struct { size_t upto; tpil_mech mech; } rule[TPIL_MAX_RULES];
} tpil_cfg;

int tpil_configure(tpil_dev *t, const tpil_cfg *c);
tpil_mech tpil_choice(const tpil_dev *t, size_t n);
/* tpil_h2c: the configured mechanism for this size. */
int tpil_inject(tpil_dev *t, uint32_t dst, const void *src, size_t n);

/* A pinned source window: pin [src, src+n) once (one ioctl) for a caller
 * that will inject it piece by piece (GRIM's segments of one message);
 * zero-copy injections that lie inside the window then skip their own pin
 * and unpin ioctls and take the page list the driver kept. One window at a
 * time: 0 pinned, 1 a window is already open (nothing done; the caller
 * simply does not unpin), -1 error. */
int tpil_pin_source(tpil_dev *t, const void *src, size_t n);
int tpil_unpin_source(tpil_dev *t);

/* Measure every available mechanism at every size (the median of `iters`
 * runs; each run is timed from the call until the data is in card SRAM: a
 * PIO run ends with a flush read). dst: an SRAM area at least as large as
 * the largest size. Sizes beyond what fits are skipped (mbps 0). */
#define TPIL_MAX_SIZES 40
typedef struct tpil_bench {
    int nsizes;
    size_t size[TPIL_MAX_SIZES];
    double mbps[TPIL_NMECH][TPIL_MAX_SIZES];   /* 1e6 bytes per second; 0 = not run */
    sim_time ps[TPIL_NMECH][TPIL_MAX_SIZES];
} tpil_bench;

int tpil_benchmark(tpil_dev *t, uint32_t dst, const size_t *sizes, int nsizes, int iters,
                   tpil_bench *out);
/* The best mechanism per size, as cut-offs (a cut-off lies at the largest
 * measured size before the winner changes). */
int tpil_cfg_from_bench(const tpil_bench *b, tpil_cfg *out);
/* Forget the DMA completion time learned so far (tpil_dma_wait spins that
 * long before polling): TPIL then waits as a fresh one would. The benchmark
 * does this before each mechanism, so no result depends on the order in
 * which mechanisms were measured. */
void tpil_forget(tpil_dev *t);
/* Time one injection (as the benchmark does) in ps; -1 on error. */
int tpil_time_one(tpil_dev *t, tpil_mech m, uint32_t dst, const void *src, size_t n, sim_time *ps);

#endif
