/* Host injection with TPIL (Figs 5.2, 5.3, 5.4): the dissertation measured
 * it with "the internal benchmarking functions of TPIL" (L1515), one
 * injection timed from the call until the data is in card SRAM, the median
 * of ITERS runs on a quiet bus (tpil_time_one, tpil_benchmark).
 *
 * tpil_point: one cell of TPIL's benchmark table: one size (BYTES), one
 *   mechanism (MECH = plain, mmx, sse, onecopy, double, zerocopy) or all
 *   the host has (MECH = best or all), reached the way the benchmark reaches
 *   it (each mechanism afresh, through the smaller sizes first):
 *   bandwidth_mbs / time_us of MECH (of the winner for best/all), mbs_<m>
 *   for each mechanism measured, best_mech (0..5 in that order),
 *   best_is_pio (1 if a PIO mechanism won).
 * tpil_summary: TPIL's whole benchmark (64 B .. 512 KB, every mechanism),
 *   and what the dissertation says about it: maxima per mechanism, the
 *   largest size at which PIO is best, where PIO and zero-copy cross, up to
 *   which size MMX and SSE stay similar, from which size double-buffered
 *   one-copy beats zero-copy; with a second process on a host whose card
 *   sits in another PCI slot, up to which size this slot's best beats it.
 * Both finish with the NI firmware checking the last injection's checksum
 * against the host's (the data must arrive intact). */
#include "happ.h"
#include "hmb.h"
#include "../tpil/tpil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const mech_short[TPIL_NMECH] = {"plain", "mmx", "sse", "onecopy", "double", "zerocopy"};

typedef struct {
    hmb m;
    drv *d;
    tpil_dev *t;
    uint8_t *src;
} tpil_run;

static int open_run(platform *p, happ_env *e, tpil_run *r, size_t max)
{
    memset(r, 0, sizeof *r);
    char err[480];
    long long wait_irq;
    if (happ_int(e, "WAIT_IRQ", 0, &wait_irq)) return -1;
    r->d = hmb_start(&r->m, p, err, sizeof err);
    if (!r->d) return happ_fail(e, "%s", err);
    tpil_params prm = {.scratch = HMB_SCRATCH, .bounce_bytes = 0, .wait_irq = (int)wait_irq};
    r->t = tpil_create(r->d, &prm, err, sizeof err);
    if (!r->t) return happ_fail(e, "%s", err);
    r->src = plat_alloc(p, max ? max : 1);
    if (!r->src) return happ_fail(e, "source buffer: %s", plat_error(p));
    for (size_t i = 0; i < max; i++) r->src[i] = (uint8_t)(i * 13 + 5 + (i >> 9));
    return 0;
}

static void close_run(tpil_run *r, int rc)
{
    tpil_destroy(r->t);
    if (r->d) hmb_finish(&r->m, rc ? 1 : 0);
}

/* The firmware checks n bytes at HMB_DATA against the host's source. */
static int check(happ_env *e, tpil_run *r, const uint8_t *src, size_t n)
{
    uint32_t a[4] = {HMB_DATA, (uint32_t)n, 0, 0}, res[3];
    if (hmb_call(&r->m, HMB_CMD_CHECK, a, res)) return happ_fail(e, "%s", r->m.err);
    uint32_t want = hmb_csum16(src, n);
    if (res[0] != want)
        return happ_fail(e, "the NI found the injected data corrupt: checksum 0x%04x, host's 0x%04x (%zu bytes)",
                         res[0], want, n);
    return 0;
}

static int cmp_time(const void *a, const void *b)
{
    sim_time x = *(const sim_time *)a, y = *(const sim_time *)b;
    return x < y ? -1 : x > y;
}

/* The sizes of TPIL's benchmark here (docs/hosts.md's calibration). */
static const size_t sizes[] = {64, 128, 256, 512, 1024, 2048, 3072, 4096, 6144, 8192, 12288, 16384,
                               24576, 32768, 65536, 131072, 262144, 524288};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

/* ---- tpil_point ---- */

static int point(platform *p, happ_env *e)
{
    long long bytes, iters;
    if (happ_int(e, "BYTES", -1, &bytes) || happ_int(e, "ITERS", 3, &iters)) return -1;
    if (bytes < 1 || bytes > HMB_DATA_MAX) return happ_fail(e, "BYTES = %lld: 1 .. %u", bytes, HMB_DATA_MAX);
    if (iters < 1 || iters > 15) return happ_fail(e, "ITERS = %lld: 1 .. 15", iters);
    const char *mech = happ_str(e, "MECH", "best");
    int only = -1;
    for (int m = 0; m < TPIL_NMECH; m++)
        if (!strcmp(mech, mech_short[m])) only = m;
    if (only < 0 && strcmp(mech, "best") && strcmp(mech, "all"))
        return happ_fail(e, "MECH = '%s': plain, mmx, sse, onecopy, double, zerocopy, best or all", mech);

    tpil_run r;
    int rc = open_run(p, e, &r, (size_t)bytes);
    if (rc == 0 && only >= 0 && !tpil_available(r.t, (tpil_mech)only))
        rc = happ_fail(e, "MECH = %s: host %s has no such unit", mech, plat_host_profile(p)->name);
    double best = 0;
    int best_m = -1, last = -1;
    sim_time best_ps = 0;
    for (int m = 0; m < TPIL_NMECH && rc == 0; m++) {
        if ((only >= 0 && m != only) || !tpil_available(r.t, (tpil_mech)m)) continue;
        /* the path TPIL's benchmark takes to this cell: the mechanism starts
         * afresh and goes through the benchmark's smaller sizes first (what
         * TPIL learns about DMA completion on the way changes later cells) */
        tpil_forget(r.t);
        sim_time med = 0;
        for (int i = 0; i <= NSIZES && rc == 0; i++) {
            size_t n = i < NSIZES ? sizes[i] : (size_t)bytes;
            if (i < NSIZES && n >= (size_t)bytes) continue;
            sim_time runs[15];
            for (int k = 0; k < iters && rc == 0; k++)
                if (tpil_time_one(r.t, (tpil_mech)m, HMB_DATA, r.src, n, &runs[k]))
                    rc = happ_fail(e, "%s, %zu bytes: %s", tpil_mech_name((tpil_mech)m), n, tpil_error(r.t));
            if (rc) break;
            qsort(runs, (size_t)iters, sizeof runs[0], cmp_time);
            med = runs[iters / 2];
        }
        if (rc) break;
        double mbs = (double)bytes / ((double)med * 1e-12) / 1e6;
        char name[32];
        snprintf(name, sizeof name, "mbs_%s", mech_short[m]);
        if (only < 0) happ_measure(e, name, mbs);
        if (best_m < 0 || mbs > best) {
            best = mbs;
            best_m = m;
            best_ps = med;
        }
        last = m;
    }
    if (rc == 0 && last >= 0) rc = check(e, &r, r.src, (size_t)bytes);
    if (rc == 0) {
        happ_measure(e, "bandwidth_mbs", best);
        happ_measure(e, "time_us", (double)best_ps / 1e6);
        happ_measure(e, "bytes", (double)bytes);
        happ_measure(e, "best_mech", best_m);
        happ_measure(e, "best_is_pio", best_m <= TPIL_PIO_SSE);
    }
    close_run(&r, rc);
    return rc;
}

const happ happ_tpil_point = {
    "tpil_point", "TPIL host->card injection of BYTES with one mechanism or all (median of ITERS)",
    (const char *const[]){"BYTES", "MECH", "ITERS", "WAIT_IRQ", NULL}, point, NULL,
};

/* ---- tpil_summary ---- */


static double best_of(const tpil_bench *b, int i, int lo, int hi, int *mech)
{
    double v = 0;
    for (int m = lo; m <= hi; m++)
        if (b->mbps[m][i] > v) {
            v = b->mbps[m][i];
            if (mech) *mech = m;
        }
    return v;
}

/* Where curve A (best of a's mechanisms lo..hi) stops beating curve B,
 * interpolated linearly between benchmarked sizes; the last such crossing,
 * 0 if A never leads. In bytes. */
static double crossing(const tpil_bench *a, int alo, int ahi, const tpil_bench *b, int blo, int bhi)
{
    double x = 0;
    for (int i = 0; i + 1 < a->nsizes; i++) {
        double d0 = best_of(a, i, alo, ahi, NULL) - best_of(b, i, blo, bhi, NULL);
        double d1 = best_of(a, i + 1, alo, ahi, NULL) - best_of(b, i + 1, blo, bhi, NULL);
        if (d0 > 0 && d1 <= 0) x = (double)a->size[i] + d0 / (d0 - d1) * (double)(a->size[i + 1] - a->size[i]);
    }
    return x;
}

static void summarise(happ_env *e, const tpil_bench *b)
{
    for (int m = 0; m < TPIL_NMECH; m++) {
        double mx = 0;
        for (int i = 0; i < b->nsizes; i++)
            if (b->mbps[m][i] > mx) mx = b->mbps[m][i];
        char name[32];
        snprintf(name, sizeof name, "max_%s_mbs", mech_short[m]);
        if (mx > 0) happ_measure(e, name, mx);
    }
    double pio_max = 0, dma_max = 0;
    for (int i = 0; i < b->nsizes; i++) {
        double pv = best_of(b, i, TPIL_PIO_PLAIN, TPIL_PIO_SSE, NULL), dv = best_of(b, i, TPIL_DMA_ONECOPY, TPIL_DMA_ZEROCOPY, NULL);
        if (pv > pio_max) pio_max = pv;
        if (dv > dma_max) dma_max = dv;
    }
    happ_measure(e, "max_pio_mbs", pio_max);
    happ_measure(e, "max_dma_mbs", dma_max);
    /* the largest benchmarked size at which a PIO mechanism is the best */
    double pio_best = 0;
    for (int i = 0; i < b->nsizes; i++) {
        int m = -1;
        best_of(b, i, 0, TPIL_NMECH - 1, &m);
        if (m >= 0 && m <= TPIL_PIO_SSE) pio_best = (double)b->size[i];
    }
    happ_measure(e, "pio_best_max_size_kb", pio_best / 1024);
    happ_measure(e, "pio_zerocopy_cross_kb",
                 crossing(b, TPIL_PIO_PLAIN, TPIL_PIO_SSE, b, TPIL_DMA_ZEROCOPY, TPIL_DMA_ZEROCOPY) / 1024);
    /* MMX and SSE "similar": within 10% of each other at every size up to here */
    if (b->mbps[TPIL_PIO_MMX][0] > 0 && b->mbps[TPIL_PIO_SSE][0] > 0) {
        double similar = 0;
        for (int i = 0; i < b->nsizes; i++) {
            double x = b->mbps[TPIL_PIO_MMX][i], y = b->mbps[TPIL_PIO_SSE][i];
            if (x <= 0 || y <= 0 || (x > y ? x / y : y / x) > 1.10) break;
            similar = (double)b->size[i];
        }
        happ_measure(e, "mmx_sse_similar_max_size_kb", similar / 1024);
    }
    /* double-buffered one-copy ahead of zero-copy from here to the largest size */
    double from = 0;
    for (int i = b->nsizes - 1; i >= 0 && b->mbps[TPIL_DMA_DOUBLE][i] > b->mbps[TPIL_DMA_ZEROCOPY][i]; i--)
        from = (double)b->size[i];
    happ_measure(e, "double_beats_zerocopy_from_kb", from / 1024);
}

static int summary(platform *p, happ_env *e)
{
    long long iters;
    if (happ_int(e, "ITERS", 3, &iters)) return -1;
    if (iters < 1 || iters > 15) return happ_fail(e, "ITERS = %lld: 1 .. 15", iters);
    tpil_run r;
    int rc = open_run(p, e, &r, 65536);
    tpil_bench *b = calloc(1, sizeof *b);
    if (rc == 0 && !b) rc = happ_fail(e, "out of memory");
    if (rc == 0 && tpil_benchmark(r.t, HMB_DATA, sizes, NSIZES, (int)iters, b))
        rc = happ_fail(e, "benchmark: %s", tpil_error(r.t));
    /* one more injection of known data, checked by the NI */
    if (rc == 0 && tpil_h2c_mech(r.t, TPIL_DMA_ZEROCOPY, HMB_DATA, r.src, 65536))
        rc = happ_fail(e, "zero-copy: %s", tpil_error(r.t));
    if (rc == 0) rc = check(e, &r, r.src, 65536);
    if (rc == 0) {
        summarise(e, b);
        e->state = b;
        b = NULL;
    }
    free(b);
    close_run(&r, rc);
    return rc;
}

/* Process 0's slot against process 1's: up to which size the first slot's
 * best injection rate beats the second's. */
static int summary_combine(happ_env *const *envs, int n, happ_env *out)
{
    if (n < 2) return 0;
    const tpil_bench *a = envs[0]->state, *b = envs[1]->state;
    if (!a || !b) return happ_fail(out, "a benchmark is missing");
    double last = 0;
    for (int i = 0; i < a->nsizes; i++)
        if (best_of(a, i, 0, TPIL_NMECH - 1, NULL) > best_of(b, i, 0, TPIL_NMECH - 1, NULL)) last = (double)a->size[i];
    happ_measure(out, "beats_compare_max_size_kb", last / 1024);
    happ_measure(out, "compare_cross_kb", crossing(a, 0, TPIL_NMECH - 1, b, 0, TPIL_NMECH - 1) / 1024);
    happ_measure(out, "compare_max_mbs", best_of(b, b->nsizes - 1, 0, TPIL_NMECH - 1, NULL));
    return 0;
}

const happ happ_tpil_summary = {
    "tpil_summary", "TPIL's whole benchmark (64 B .. 512 KB, every mechanism, median of ITERS): maxima and crossovers",
    (const char *const[]){"ITERS", "WAIT_IRQ", NULL}, summary, summary_combine,
};
