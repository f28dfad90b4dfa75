/* The calibration measurements of docs/hosts.md, shared by the tests (which
 * check them against the published figures) and tpil-bench (which prints
 * them). Each opens its own fixture. */
#ifndef MYRISIM_TESTS_TPIL_CALIB_H
#define MYRISIM_TESTS_TPIL_CALIB_H

#include "ni2host.h"

typedef struct calib_setup {
    const char *label;         /* "P3-550 / LANai 4 / 32b" */
    const host_profile *hp;
    int bus;
    lanai_chip_id chip;
} calib_setup;

extern const calib_setup calib_p3_l4, calib_p3_l9, calib_p4_l4_32, calib_p4_l9_64, calib_p4_l9_32,
    calib_ppro_l9;

/* The sizes TPIL's benchmark sweeps: 64 B .. 512 KB. */
extern const size_t calib_sizes[];
extern const int calib_nsizes;

/* TPIL benchmark on a setup (3 runs per point, median). 0 or -1 (err). */
int calib_tpil(const calib_setup *s, tpil_bench *b, char *err, size_t errlen);
/* NI->host DMA bandwidth (MB/s) of n bytes into contiguous pinned memory. */
double calib_ni2host(const calib_setup *s, uint32_t n, char *err, size_t errlen);
/* Best mechanism's MB/s at size index i; best DMA-only / PIO-only maxima. */
double calib_best(const tpil_bench *b, int i, int *mech);
double calib_max(const tpil_bench *b, int first_mech, int last_mech);

#endif
