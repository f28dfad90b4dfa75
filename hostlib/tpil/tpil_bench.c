/* tpil_benchmark() and tpil_cfg_from_bench(). */
#include "tpil_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void tpil_forget(tpil_dev *t) { t->dma_ps_per_byte = 0; }

int tpil_time_one(tpil_dev *t, tpil_mech m, uint32_t dst, const void *src, size_t n, sim_time *ps)
{
    /* start from a quiet bus: nothing posted from earlier runs */
    if (plat_pio_flush(t->p)) return tpil_fail_plat(t, "benchmark");
    sim_time t0 = plat_now(t->p);
    if (tpil_h2c_mech(t, m, dst, src, n)) return -1;
    if (!tpil_mech_is_dma(m) && plat_pio_flush(t->p)) return tpil_fail_plat(t, "benchmark");
    *ps = plat_now(t->p) - t0;
    return 0;
}

static int cmp_time(const void *a, const void *b)
{
    sim_time x = *(const sim_time *)a, y = *(const sim_time *)b;
    return x < y ? -1 : x > y;
}

int tpil_benchmark(tpil_dev *t, uint32_t dst, const size_t *sizes, int nsizes, int iters,
                   tpil_bench *out)
{
    if (nsizes < 1 || nsizes > TPIL_MAX_SIZES) return tpil_fail(t, "benchmark: %d sizes (1..%d)", nsizes, TPIL_MAX_SIZES);
    if (iters < 1 || iters > 15) return tpil_fail(t, "benchmark: %d iterations (1..15)", iters);
    memset(out, 0, sizeof *out);
    out->nsizes = nsizes;
    size_t max = 0;
    for (int i = 0; i < nsizes; i++) {
        out->size[i] = sizes[i];
        if (sizes[i] > max) max = sizes[i];
    }
    uint8_t *src = plat_alloc(t->p, max);
    if (!src) return tpil_fail_plat(t, "benchmark source buffer");
    for (size_t i = 0; i < max; i++) src[i] = (uint8_t)(i * 7 + 3);
    int r = 0;
    for (int m = 0; m < TPIL_NMECH && r == 0; m++) {
        if (!tpil_available(t, (tpil_mech)m)) continue;
        tpil_forget(t);   /* a cell must not depend on the mechanism measured before */
        for (int i = 0; i < nsizes && r == 0; i++) {
            size_t n = sizes[i];
            if (n == 0 || dst > t->lay.sram.size || n > t->lay.sram.size - dst) continue;
            sim_time runs[15];
            for (int k = 0; k < iters && r == 0; k++) r = tpil_time_one(t, (tpil_mech)m, dst, src, n, &runs[k]);
            if (r) break;
            qsort(runs, (size_t)iters, sizeof runs[0], cmp_time);
            sim_time med = runs[iters / 2];
            out->ps[m][i] = med;
            out->mbps[m][i] = med ? (double)n / ((double)med * 1e-12) / 1e6 : 0;
        }
    }
    plat_free(t->p, src);
    return r;
}

int tpil_cfg_from_bench(const tpil_bench *b, tpil_cfg *out)
{
    memset(out, 0, sizeof *out);
    int last = -1;
    for (int i = 0; i < b->nsizes; i++) {
        int best = -1;
        for (int m = 0; m < TPIL_NMECH; m++)
            if (b->mbps[m][i] > 0 && (best < 0 || b->mbps[m][i] > b->mbps[best][i])) best = m;
        if (best < 0) continue;
        if (best != last) {
            if (out->n == TPIL_MAX_RULES) return -1;
            out->rule[out->n].mech = (tpil_mech)best;
            out->n++;
            last = best;
        }
        out->rule[out->n - 1].upto = b->size[i];
    }
    if (out->n == 0) return -1;
    out->rule[out->n - 1].upto = SIZE_MAX;
    return 0;
}
