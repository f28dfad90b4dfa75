/* The host-NI round trip with every TPIL mechanism: the host injects data
 * with TPIL, the NI firmware checks its checksum, then DMAs it back into a
 * contiguous host buffer, where the host compares it with what it sent.
 * Sizes SIZES (a few odd ones by default, 1 B .. 128 KB + 3).
 *
 * tpil_echo -> checks (injections verified both ways), bytes (in total),
 *   h2c_us (TPIL time summed), dma_cycles (the firmware's DMA cycles
 *   summed), end_us (the process's clock at the end). */
#include "happ.h"
#include "hmb.h"
#include "../tpil/tpil.h"

#include <string.h>

static const size_t echo_sizes[] = {1, 7, 64, 1000, 4096, 4099, 65536, 131075};
#define NECHO ((int)(sizeof echo_sizes / sizeof echo_sizes[0]))

static int echo(platform *p, happ_env *e)
{
    long long nsizes;
    if (happ_int(e, "SIZES", NECHO, &nsizes)) return -1;
    if (nsizes < 1 || nsizes > NECHO) return happ_fail(e, "SIZES = %lld: 1 .. %d (how many of the sizes)", nsizes, NECHO);
    hmb m;
    char err[480];
    drv *d = hmb_start(&m, p, err, sizeof err);
    if (!d) return happ_fail(e, "%s", err);
    int rc = 0;
    tpil_params prm = {.scratch = HMB_SCRATCH};
    tpil_dev *t = tpil_create(d, &prm, err, sizeof err);
    if (!t) rc = happ_fail(e, "%s", err);
    const size_t max = echo_sizes[NECHO - 1];
    uint64_t phys = 0;
    uint8_t *src = rc ? NULL : plat_alloc(p, max);
    uint8_t *back = rc ? NULL : drv_alloc_contig(d, max + 4, &phys);
    if (rc == 0 && (!src || !back)) rc = happ_fail(e, "buffers: %s %s", plat_error(p), drv_error(d));
    double checks = 0, total = 0, h2c = 0, cycles = 0;
    for (int mech = 0; mech < TPIL_NMECH && rc == 0; mech++) {
        if (!tpil_available(t, (tpil_mech)mech)) continue;
        for (int k = 0; k < nsizes && rc == 0; k++) {
            size_t n = echo_sizes[k];
            for (size_t i = 0; i < n; i++) src[i] = (uint8_t)(i * 31 + (size_t)mech * 17 + n);
            memset(back, 0, n);
            sim_time took;
            uint32_t chk[4] = {HMB_DATA, (uint32_t)n, 0, 0}, res[3];
            uint32_t dma[4] = {HMB_DATA, (uint32_t)n, (uint32_t)phys, 0};
            if (tpil_time_one(t, (tpil_mech)mech, HMB_DATA, src, n, &took)) {
                rc = happ_fail(e, "%s, %zu bytes: %s", tpil_mech_name((tpil_mech)mech), n, tpil_error(t));
            } else if (hmb_call(&m, HMB_CMD_CHECK, chk, res)) {
                rc = happ_fail(e, "%s", m.err);
            } else if (res[0] != hmb_csum16(src, n)) {
                rc = happ_fail(e, "%s, %zu bytes: the NI's checksum 0x%04x, the host's 0x%04x",
                               tpil_mech_name((tpil_mech)mech), n, res[0], hmb_csum16(src, n));
            } else if (hmb_call(&m, HMB_CMD_TO_HOST, dma, res)) {
                rc = happ_fail(e, "%s", m.err);
            } else if (memcmp(back, src, n)) {
                rc = happ_fail(e, "%s, %zu bytes: the echo differs from what was sent",
                               tpil_mech_name((tpil_mech)mech), n);
            } else {
                checks++;
                total += (double)n;
                h2c += (double)took / 1e6;
                cycles += res[0];
            }
        }
    }
    if (rc == 0) {
        happ_measure(e, "checks", checks);
        happ_measure(e, "bytes", total);
        happ_measure(e, "h2c_us", h2c);
        happ_measure(e, "dma_cycles", cycles);
        happ_measure(e, "end_us", (double)plat_now(p) / 1e6);
    }
    tpil_destroy(t);
    hmb_finish(&m, rc ? 1 : 0);
    return rc;
}

const happ happ_tpil_echo = {
    "tpil_echo", "inject with every TPIL mechanism, the NI checks the data and DMAs it back",
    (const char *const[]){"SIZES", NULL}, echo, NULL,
};
