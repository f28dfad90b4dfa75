/* Calibration measurements (see calib.h). */
#include "calib.h"

#include <stdio.h>

const calib_setup calib_p3_l4 = {"P3-550 / LANai 4 / 32b", &host_p3_550, 0, CHIP_LANAI4};
const calib_setup calib_p3_l9 = {"P3-550 / LANai 9 / 32b", &host_p3_550, 0, CHIP_LANAI9};
const calib_setup calib_p4_l4_32 = {"P4-1.7 / LANai 4 / 32b", &host_p4_1700, 0, CHIP_LANAI4};
const calib_setup calib_p4_l9_64 = {"P4-1.7 / LANai 9 / 64b", &host_p4_1700, 1, CHIP_LANAI9};
const calib_setup calib_p4_l9_32 = {"P4-1.7 / LANai 9 / 32b", &host_p4_1700, 0, CHIP_LANAI9};
const calib_setup calib_ppro_l9 = {"PPro-200 / LANai 9 / 32b", &host_ppro200, 0, CHIP_LANAI9};

const size_t calib_sizes[] = {64, 128, 256, 512, 1024, 2048, 3072, 4096, 6144, 8192, 12288, 16384,
                              24576, 32768, 65536, 131072, 262144, 524288};
const int calib_nsizes = (int)(sizeof calib_sizes / sizeof calib_sizes[0]);

int calib_tpil(const calib_setup *s, tpil_bench *b, char *err, size_t errlen)
{
    fixture f;
    if (fixture_open(&f, s->hp, s->bus, s->chip, 0, err, errlen)) return -1;
    int r = tpil_benchmark(f.t, FIX_DST, calib_sizes, calib_nsizes, 3, b);
    if (r) snprintf(err, errlen, "%s: %s", s->label, tpil_error(f.t));
    fixture_close(&f);
    return r;
}

double calib_ni2host(const calib_setup *s, uint32_t n, char *err, size_t errlen)
{
    fixture f;
    if (fixture_open(&f, s->hp, s->bus, s->chip, 0, err, errlen)) return 0;
    double r = 0;
    uint64_t phys;
    void *buf = plat_alloc_contig(f.p, n < 4096 ? 4096 : n, &phys);
    if (!buf) snprintf(err, errlen, "%s", plat_error(f.p));
    else {
        ni2host_dma(&f, phys, FIX_DST, n);              /* once to warm up, as a benchmark loop would */
        sim_time t = ni2host_dma(&f, phys, FIX_DST, n);
        if (!t) snprintf(err, errlen, "%s: the DMA never completed (%s)", s->label, f.card->fault);
        else r = (double)n / ((double)t * 1e-12) / 1e6;
    }
    fixture_close(&f);
    return r;
}

double calib_best(const tpil_bench *b, int i, int *mech)
{
    double best = 0;
    for (int m = 0; m < TPIL_NMECH; m++)
        if (b->mbps[m][i] > best) {
            best = b->mbps[m][i];
            if (mech) *mech = m;
        }
    return best;
}

double calib_max(const tpil_bench *b, int first, int last)
{
    double best = 0;
    for (int m = first; m <= last; m++)
        for (int i = 0; i < b->nsizes; i++)
            if (b->mbps[m][i] > best) best = b->mbps[m][i];
    return best;
}
