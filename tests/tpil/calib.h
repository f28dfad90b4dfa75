/* The calibration measurements of docs/hosts.md, shared by the tests (which
 * check them against the published figures) and tpil-bench (which prints
 * them). Each opens its own fixture. */
#ifndef MYRISIM_TPIL_CALIB_H
#define MYRISIM_TPIL_CALIB_H

#include "fixture.h"

typedef struct calib_setup {
    const char *label;         /* "P3-550 / LANai 4 / 32b" */
    const host_profile *hp;
    int bus;
    lanai_chip_id chip;
} calib_setup;

extern const calib_setup calib_p3_l4, calib_p3_l9, calib_p4_l4_32, calib_p4_l9_64, calib_p4_l9_32,
    calib_ppro_l9, calib_das_l4;

/* The sizes TPIL's benchmark sweeps: 64 B .. 512 KB. */
extern const size_t calib_sizes[];
extern const int calib_nsizes;

/* TPIL benchmark on a setup (3 runs per point, median). 0 or -1 (err). */
int calib_tpil(const calib_setup *s, tpil_bench *b, char *err, size_t errlen);
/* NI->host DMA of n bytes into contiguous pinned memory on the full model
 * (firmware/bench/host_dma.c on the ISS drives and times it; the host
 * program ni2host): bandwidth in MB/s, and the shortest time in us. */
double calib_ni2host(const calib_setup *s, uint32_t n, char *err, size_t errlen);
double calib_dma_time_us(const calib_setup *s, uint32_t n, char *err, size_t errlen);
/* Best mechanism's MB/s at size index i; best DMA-only / PIO-only maxima. */
double calib_best(const tpil_bench *b, int i, int *mech);
double calib_max(const tpil_bench *b, int first_mech, int last_mech);

/* Where the best of mechanisms [a_lo, a_hi] on bench a stops beating the
 * best of [b_lo, b_hi] on bench b (same sizes), interpolated linearly
 * between the benchmarked sizes; 0 if it never does. */
double calib_cross(const tpil_bench *a, int a_lo, int a_hi, const tpil_bench *b, int b_lo, int b_hi);
/* Interrupt service time (ps) as appendix A counts it, on the full model:
 * the firmware raises HOST_SIG -> the waiting process runs again after the
 * driver's ISR (host program irq_service, the shortest of three). */
sim_time calib_irq_service(const calib_setup *s, char *err, size_t errlen);
/* A 4-byte plain PIO write timed as TPIL's benchmark times it: until the
 * data is in card SRAM (issue + flush read), on a quiet bus (ps). */
sim_time calib_pio_write_small(const calib_setup *s, char *err, size_t errlen);
/* One PIO read of a card register on a quiet bus (ps). */
sim_time calib_pio_read(const calib_setup *s, char *err, size_t errlen);

#endif
