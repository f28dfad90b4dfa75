/* NI->host DMA as the dissertation measured it for Fig 5.6: "a benchmark
 * program ... in NI firmware" (L1581) moves data from card SRAM into pinned,
 * physically contiguous host memory. This host process only provides the
 * memory and checks what arrived; the firmware (host_dma.c) fills its
 * source, runs the DMAs and times each from starting the engine to seeing
 * its completion bit.
 *
 * ni2host: BYTES, ITERS timed DMAs after WARMUP untimed ones ->
 *   time_us (mean), min_time_us, bandwidth_mbs (BYTES / mean time, MB =
 *   10^6 bytes), bytes.
 * dma_unpinned: the firmware is given the physical address of an ordinary
 *   (unpinned) page: the run must stop with an error naming the address. */
#include "happ.h"
#include "hmb.h"

#include <stdio.h>
#include <string.h>

static int ni2host(platform *p, happ_env *e)
{
    long long bytes, iters, warm;
    if (happ_int(e, "BYTES", -1, &bytes) || happ_int(e, "ITERS", 4, &iters) || happ_int(e, "WARMUP", 1, &warm))
        return -1;
    if (bytes < 1 || bytes > HMB_DATA_MAX) return happ_fail(e, "BYTES = %lld: 1 .. %u", bytes, HMB_DATA_MAX);
    if (plat_card_layout(p)->chip == CHIP_LANAI4 && bytes % 4)
        return happ_fail(e, "BYTES = %lld: the LANai 4 engine moves whole words", bytes);
    if (iters < 1 || iters > 1000 || warm < 0 || warm > 1000) return happ_fail(e, "ITERS 1..1000, WARMUP 0..1000");
    hmb m;
    char err[480];
    drv *d = hmb_start(&m, p, err, sizeof err);
    if (!d) return happ_fail(e, "%s", err);
    int rc = 0;
    uint64_t phys = 0;   /* read below even when the lookup failed */
    size_t len = (size_t)bytes < 4096 ? 4096 : (size_t)bytes;
    uint8_t *buf = drv_alloc_contig(d, len, &phys);
    if (!buf) rc = happ_fail(e, "host buffer: %s", drv_error(d));
    const uint32_t seed = 0x5A;
    uint32_t res[3] = {0, 0, 0};
    if (rc == 0) {
        memset(buf, 0, len);
        uint32_t fill[4] = {HMB_DATA, (uint32_t)bytes, seed, 0};
        uint32_t warmup[4] = {HMB_DATA, (uint32_t)bytes, (uint32_t)phys, (uint32_t)warm};
        uint32_t timed[4] = {HMB_DATA, (uint32_t)bytes, (uint32_t)phys, (uint32_t)iters};
        if (hmb_call(&m, HMB_CMD_FILL, fill, NULL) || (warm && hmb_call(&m, HMB_CMD_DMA_BENCH, warmup, NULL)) ||
            hmb_call(&m, HMB_CMD_DMA_BENCH, timed, res))
            rc = happ_fail(e, "%s", m.err);
    }
    for (long long i = 0; rc == 0 && i < bytes; i++)
        if (buf[i] != hmb_pattern((uint32_t)i, seed))
            rc = happ_fail(e, "host byte %lld after the DMA is 0x%02x, the NI sent 0x%02x", i, buf[i],
                           hmb_pattern((uint32_t)i, seed));
    if (rc == 0) {
        double hz = (double)e->ni_clock_hz;
        double mean = (double)res[1] / (double)iters / hz * 1e6, min = (double)res[0] / hz * 1e6;
        happ_measure(e, "time_us", mean);
        happ_measure(e, "min_time_us", min);
        happ_measure(e, "bandwidth_mbs", (double)bytes / mean);
        happ_measure(e, "bytes", (double)bytes);
    }
    hmb_finish(&m, rc ? 1 : 0);
    return rc;
}

const happ happ_ni2host = {
    "ni2host", "NI->host DMA of BYTES into contiguous pinned memory, driven and timed by the NI firmware",
    (const char *const[]){"BYTES", "ITERS", "WARMUP", NULL}, ni2host, NULL,
};

static int unpinned(platform *p, happ_env *e)
{
    hmb m;
    char err[480];
    drv *d = hmb_start(&m, p, err, sizeof err);
    if (!d) return happ_fail(e, "%s", err);
    uint8_t *page = plat_alloc(p, 4096);
    uint64_t phys = 0;   /* read below even when the lookup failed */
    size_t contig;
    int rc = 0;
    if (!page || plat_virt_to_phys(p, page, &phys, &contig)) rc = happ_fail(e, "%s", plat_error(p));
    uint32_t a[4] = {HMB_DATA, 256, (uint32_t)phys, 0};
    if (rc == 0 && hmb_call(&m, HMB_CMD_TO_HOST, a, NULL)) rc = happ_fail(e, "%s", m.err);
    if (rc == 0) rc = happ_fail(e, "a DMA into unpinned memory at 0x%llx completed without an error",
                                (unsigned long long)phys);
    hmb_finish(&m, 1);
    return rc;
}

const happ happ_dma_unpinned = {
    "dma_unpinned", "error case: the NI DMAs into an unpinned host page (the run must stop, naming the address)",
    (const char *const[]){NULL}, unpinned, NULL,
};
