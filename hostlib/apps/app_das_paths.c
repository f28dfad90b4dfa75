/* Seed 002 Table 2.1 (L847): throughput of the data paths of one DAS node,
 * measured the way a host microbenchmark sees them, BYTES at a time:
 *   memcpy_mibs      host memory -> host memory, the CPU copying;
 *   pio_mibs         host -> NI SRAM, 32-bit uncached stores;
 *   pio_wc_mibs      host -> NI SRAM, stores into a write-combining mapping;
 *   dma_h2n_mibs     host -> NI SRAM, the card's host-DMA engine started by the
 *                    host (PIO to DMA_DIR/EAR/LAR/DMA_CTR) and polled via ISR;
 *   pio_read_mibs    NI SRAM -> host, 32-bit uncached loads;
 *   dma_n2h_mibs     NI SRAM -> host, the engine driven and timed by the NI
 *                    firmware (host_dma.c), as for Fig 5.6.
 * Each is the best of ITERS runs. Units: MiB/s (2^20 bytes per second):
 * Table 2.1's hardware bandwidths are 33.33 MHz x 4 B = 127 and 1.28 Gbit/s =
 * 153 only in binary megabytes, so its measured figures are read that way.
 * Every path's data is checked (the NI's checksum, or the bytes read back). */
#include "happ.h"
#include "hmb.h"
#include "../../model/pci/dma_lanai4.h"

#include <stdlib.h>
#include <string.h>

#define MIB 1048576.0

static double mibs(size_t n, sim_time ps) { return ps ? (double)n / ((double)ps * 1e-12) / MIB : 0; }

static int check_sram(happ_env *e, hmb *m, const uint8_t *src, size_t n, const char *what)
{
    uint32_t a[4] = {HMB_DATA, (uint32_t)n, 0, 0}, res[3];
    if (hmb_call(m, HMB_CMD_CHECK, a, res)) return happ_fail(e, "%s: %s", what, m->err);
    if (res[0] != hmb_csum16(src, n))
        return happ_fail(e, "%s: the NI found the data corrupt (checksum 0x%04x, host's 0x%04x)", what, res[0],
                         hmb_csum16(src, n));
    return 0;
}

/* One host-started LANai 4 DMA of n bytes from physical phys to HMB_DATA. */
static int dma_h2n(platform *p, drv *d, uint64_t phys, size_t n, sim_time *ps)
{
    const bar_layout *l = plat_card_layout(p);
    sim_time t0 = plat_now(p);
    uint8_t b[12];
    uint32_t v[3] = {(uint32_t)phys, HMB_DATA, (uint32_t)n};
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 4; k++) b[4 * i + k] = (uint8_t)(v[i] >> (24 - 8 * k));
    if (plat_pio_write32(p, bar_reg_offset(l, L4_REG_DMA_DIR), 1) ||
        plat_pio_write(p, bar_reg_offset(l, L4_REG_EAR), b, sizeof b, PLAT_PIO_PLAIN))
        return -1;
    /* Spin on the CPU clock for 90% of the bus-peak time (polls would take
     * the bus away from the DMA), then poll ISR. */
    if (plat_compute(p, (sim_time)((double)n / plat_bus_peak_Bps(p) * 0.9e12))) return -1;
    uint32_t isr = 0;
    do {
        if (plat_pio_read32(p, drv_isr_off(d), &isr)) return -1;
    } while (!(isr & L4_ISR_DMA_INT));
    *ps = plat_now(p) - t0;
    return plat_pio_write32(p, drv_isr_off(d), L4_ISR_DMA_INT);
}

static int das_paths(platform *p, happ_env *e)
{
    long long bytes, iters;
    if (happ_int(e, "BYTES", 65536, &bytes) || happ_int(e, "ITERS", 3, &iters)) return -1;
    if (bytes < 64 || bytes > HMB_DATA_MAX || bytes % 64) return happ_fail(e, "BYTES = %lld: 64 .. %u, a multiple of 64", bytes, HMB_DATA_MAX);
    if (iters < 1 || iters > 100) return happ_fail(e, "ITERS = %lld: 1 .. 100", iters);
    if (plat_card_layout(p)->chip != CHIP_LANAI4) return happ_fail(e, "das_paths drives the LANai 4 engine (cluster.ni = lanai4)");
    if (!plat_has_mode(p, PLAT_PIO_WC)) return happ_fail(e, "host %s has no write combining", plat_host_profile(p)->name);
    size_t n = (size_t)bytes;
    hmb m;
    char err[480];
    drv *d = hmb_start(&m, p, err, sizeof err);
    if (!d) return happ_fail(e, "%s", err);
    int rc = 0;
    uint64_t phys;
    uint8_t *src = plat_alloc(p, n), *dst = plat_alloc(p, n), *ct = drv_alloc_contig(d, n, &phys);
    if (!src || !dst || !ct) rc = happ_fail(e, "host buffers: %s", plat_error(p));
    double best[6] = {0};
    const uint32_t bar = plat_card_layout(p)->sram.off + HMB_DATA;
    for (long long it = 0; rc == 0 && it < iters; it++) {
        for (size_t i = 0; i < n; i++) src[i] = (uint8_t)(i * 11 + (size_t)it * 3 + (i >> 10));
        memcpy(ct, src, n);
        sim_time t[6] = {0}, t0;
        t0 = plat_now(p);
        if (plat_memcpy(p, dst, src, n)) { rc = happ_fail(e, "%s", plat_error(p)); break; }
        t[0] = plat_now(p) - t0;
        t0 = plat_now(p);
        if (plat_pio_write(p, bar, src, n, PLAT_PIO_PLAIN)) { rc = happ_fail(e, "%s", plat_error(p)); break; }
        t[1] = plat_now(p) - t0;
        if ((rc = check_sram(e, &m, src, n, "PIO"))) break;
        for (size_t i = 0; i < n; i++) src[i] ^= 0x5A;
        t0 = plat_now(p);
        if (plat_pio_write(p, bar, src, n, PLAT_PIO_WC)) { rc = happ_fail(e, "%s", plat_error(p)); break; }
        t[2] = plat_now(p) - t0;
        if ((rc = check_sram(e, &m, src, n, "PIO + WC"))) break;
        if (dma_h2n(p, d, phys, n, &t[3])) { rc = happ_fail(e, "%s", plat_error(p)); break; }
        if ((rc = check_sram(e, &m, ct, n, "host->NI DMA"))) break;
        t0 = plat_now(p);
        if (plat_pio_read(p, bar, dst, n)) { rc = happ_fail(e, "%s", plat_error(p)); break; }
        t[4] = plat_now(p) - t0;
        if (memcmp(dst, ct, n)) { rc = happ_fail(e, "PIO read: the bytes read differ from the NI's"); break; }
        uint32_t fill[4] = {HMB_DATA, (uint32_t)n, 0x33, 0}, bench[4] = {HMB_DATA, (uint32_t)n, (uint32_t)phys, 1}, res[3];
        if (hmb_call(&m, HMB_CMD_FILL, fill, NULL) || hmb_call(&m, HMB_CMD_DMA_BENCH, bench, res)) {
            rc = happ_fail(e, "%s", m.err);
            break;
        }
        t[5] = (sim_time)((double)res[0] / (double)e->ni_clock_hz * 1e12);
        for (size_t i = 0; i < n && rc == 0; i++)
            if (ct[i] != hmb_pattern((uint32_t)i, 0x33)) rc = happ_fail(e, "NI->host DMA: host byte %zu wrong", i);
        for (int k = 0; k < 6; k++)
            if (mibs(n, t[k]) > best[k]) best[k] = mibs(n, t[k]);
    }
    if (rc == 0) {
        static const char *const names[6] = {"memcpy_mibs", "pio_mibs", "pio_wc_mibs", "dma_h2n_mibs",
                                             "pio_read_mibs", "dma_n2h_mibs"};
        for (int k = 0; k < 6; k++) happ_measure(e, names[k], best[k]);
    }
    hmb_finish(&m, rc ? 1 : 0);
    return rc;
}

const happ happ_das_paths = {
    "das_paths", "seed 002 Table 2.1: memcpy, PIO, PIO + WC, host->NI DMA, NI->host PIO and DMA throughput (MiB/s)",
    (const char *const[]){"BYTES", "ITERS", NULL}, das_paths, NULL,
};
