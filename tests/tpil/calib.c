/* Calibration measurements (see calib.h). */
#include "calib.h"
#include "../host/node_run.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

const calib_setup calib_p3_l4 = {"P3-550 / LANai 4 / 32b", &host_p3_550, 0, CHIP_LANAI4};
const calib_setup calib_p3_l9 = {"P3-550 / LANai 9 / 32b", &host_p3_550, 0, CHIP_LANAI9};
const calib_setup calib_p4_l4_32 = {"P4-1.7 / LANai 4 / 32b", &host_p4_1700, 0, CHIP_LANAI4};
const calib_setup calib_p4_l9_64 = {"P4-1.7 / LANai 9 / 64b", &host_p4_1700, 1, CHIP_LANAI9};
const calib_setup calib_p4_l9_32 = {"P4-1.7 / LANai 9 / 32b", &host_p4_1700, 0, CHIP_LANAI9};
const calib_setup calib_ppro_l9 = {"PPro-200 / LANai 9 / 32b", &host_ppro200, 0, CHIP_LANAI9};
/* seed 002's DAS node: its LANai 4.1 board answers the bus as the host profile says */
const calib_setup calib_das_l4 = {"DAS PPro-200 / LANai 4.1 / 32b", &host_das_ppro200, 0, CHIP_LANAI4};

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

/* One host program on the full model (real card, firmware on the ISS):
 * one measure, 0 on error. */
static double on_node(const calib_setup *s, const char *app, const nf_param *prm, const char *measure,
                      char *err, size_t errlen)
{
    const char *root = getenv("MYRISIM_ROOT");
    nf_result r;
    char why[600];
    node_spec sp = {s->chip == CHIP_LANAI4 ? "lanai4" : "lanai9", s->hp, s->bus, 1, 1, NULL, 0, 0};
    if (node_run(root ? root : ".", &sp, app, prm, &r, why, sizeof why)) {
        snprintf(err, errlen, "%s: %s", s->label, why);
        return 0;
    }
    double v = node_get(&r, measure);
    if (r.rc || isnan(v)) {
        snprintf(err, errlen, "%s: %s %s", s->label, app, r.err);
        v = 0;
    }
    nf_free(&r);
    return v;
}

static double ni2host_measure(const calib_setup *s, uint32_t n, const char *measure, char *err, size_t errlen)
{
    char bytes[16];
    snprintf(bytes, sizeof bytes, "%u", n);
    nf_param prm[] = {{"BYTES", bytes}, {NULL, NULL}};
    return on_node(s, "ni2host", prm, measure, err, errlen);
}

double calib_ni2host(const calib_setup *s, uint32_t n, char *err, size_t errlen)
{
    return ni2host_measure(s, n, "bandwidth_mbs", err, errlen);
}

double calib_dma_time_us(const calib_setup *s, uint32_t n, char *err, size_t errlen)
{
    return ni2host_measure(s, n, "min_time_us", err, errlen);
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

static double best_in(const tpil_bench *b, int i, int lo, int hi)
{
    double v = 0;
    for (int m = lo; m <= hi; m++)
        if (b->mbps[m][i] > v) v = b->mbps[m][i];
    return v;
}

double calib_cross(const tpil_bench *a, int a_lo, int a_hi, const tpil_bench *b, int b_lo, int b_hi)
{
    double cross = 0;
    for (int i = 0; i + 1 < a->nsizes && i + 1 < b->nsizes; i++) {
        double d0 = best_in(a, i, a_lo, a_hi) - best_in(b, i, b_lo, b_hi);
        double d1 = best_in(a, i + 1, a_lo, a_hi) - best_in(b, i + 1, b_lo, b_hi);
        if (d0 > 0 && d1 <= 0) {
            double f = d0 / (d0 - d1);
            cross = (double)a->size[i] + f * (double)(a->size[i + 1] - a->size[i]);
        }
    }
    return cross;
}

sim_time calib_irq_service(const calib_setup *s, char *err, size_t errlen)
{
    return (sim_time)(on_node(s, "irq_service", NULL, "min_time_us", err, errlen) * 1e6 + 0.5);
}

sim_time calib_pio_read(const calib_setup *s, char *err, size_t errlen)
{
    fixture f;
    if (fixture_open(&f, s->hp, s->bus, s->chip, 0, err, errlen)) return 0;
    uint32_t v;
    sim_time took = 0;
    if (plat_pio_flush(f.p) == 0) {
        sim_time t0 = plat_now(f.p);
        if (plat_pio_read32(f.p, drv_isr_off(f.d), &v) == 0) took = plat_now(f.p) - t0;
    }
    if (!took) snprintf(err, errlen, "%s: %s", s->label, plat_error(f.p));
    fixture_close(&f);
    return took;
}

sim_time calib_pio_write_small(const calib_setup *s, char *err, size_t errlen)
{
    fixture f;
    if (fixture_open(&f, s->hp, s->bus, s->chip, 0, err, errlen)) return 0;
    static const uint8_t four[4] = {1, 2, 3, 4};
    sim_time took = 0;
    if (tpil_time_one(f.t, TPIL_PIO_PLAIN, FIX_DST, four, 4, &took)) {
        snprintf(err, errlen, "%s: %s", s->label, tpil_error(f.t));
        took = 0;
    }
    fixture_close(&f);
    return took;
}
