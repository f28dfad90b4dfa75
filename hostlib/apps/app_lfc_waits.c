/* lfc_waits: LFC firmware's protocol waits, as the watchdog reads them
 * (firmware/hal/waits.h, global fw_waits at SRAM address WAITS, taken from
 * the image's symbol by the caller). Process 1 computes for HOLD_US
 * without polling and has only HBUFS host buffers, so its NI soon holds
 * process 0's packets and process 0's sends wait for credits from NI 1.
 * Process 0 launches COUNT packets, waits, and reads its record: while
 * blocked -> waits_n, wait_kind, wait_chan, wait_on_ni, wait_since_ok (the
 * wait began after GO and no later than now); once process 1 has drained
 * everything and answered -> waits_after (entries in use) and delivered
 * (process 1's record's count, sent in its answer). Parameters CREDITS, REFRESH too. */
#include "happ.h"
#include "../be32.h"
#include "../lfc/lfc.h"
#include "../../firmware/lfc/lfc_abi.h"
#include "../../firmware/hal/waits.h"

#include <stddef.h>
#include <string.h>

typedef struct { unsigned got, first; } wrx;

static int upcall(void *ctx, lfc *l, unsigned src, void *pkt, unsigned size, unsigned flags)
{
    (void)l, (void)src, (void)flags;
    const uint8_t *d = pkt;
    wrx *r = ctx;
    if (size >= 4) r->first = be32_get(d);
    r->got++;
    return 0;
}

static int rd(platform *p, uint32_t waits, size_t off, uint32_t *v)
{
    return plat_pio_read32(p, plat_card_layout(p)->sram.off + waits + (uint32_t)off, v);
}

static int waits(platform *p, happ_env *e)
{
    long long addr, count, hold, hbufs, credits, refresh;
    if (happ_int(e, "WAITS", 0, &addr) || happ_int(e, "COUNT", 20, &count) || happ_int(e, "HOLD_US", 2000, &hold) ||
        happ_int(e, "HBUFS", 2, &hbufs) || happ_int(e, "CREDITS", 4, &credits) || happ_int(e, "REFRESH", 2, &refresh))
        return -1;
    if (addr <= 0 || addr % 4 || count < 1 || count > LFC_SEND_N) return happ_fail(e, "WAITS: fw_waits's address; COUNT 1..32");
    lfc_params prm;
    lfc_params_default(&prm);
    prm.credits = (unsigned)credits;
    prm.refresh = (unsigned)refresh;
    prm.host_buffers = (unsigned)hbufs;
    wrx r = {0};
    char err[400];
    lfc *l = lfc_open(p, &prm, upcall, &r, err, sizeof err);
    if (!l) return happ_fail(e, "%s", err);
    unsigned me = lfc_my_proc(l);
    uint32_t a = (uint32_t)addr, v[5] = {0}, n = 0, version = 0, now_ok = 0;
    int rc = 0;
    if (me == 0) {
        for (long long k = 0; rc == 0 && k < count; k++) {
            uint8_t *pkt = lfc_send_alloc(l, 0);
            if (!pkt || lfc_ucast_launch(l, 1, pkt, 16, 0)) rc = happ_fail(e, "%s", lfc_error(l));
        }
        if (rc == 0 && plat_compute(p, SIM_US(hold / 2))) rc = happ_fail(e, "%s", plat_error(p));
        size_t w0 = offsetof(struct fw_waits, w);
        if (rc == 0 && (rd(p, a, offsetof(struct fw_waits, version), &version) || rd(p, a, offsetof(struct fw_waits, n), &n) ||
                        rd(p, a, w0 + offsetof(struct fw_wait, kind), &v[0]) ||
                        rd(p, a, w0 + offsetof(struct fw_wait, chan), &v[1]) ||
                        rd(p, a, w0 + offsetof(struct fw_wait, on_ni), &v[2]) ||
                        rd(p, a, w0 + offsetof(struct fw_wait, since), &v[4])))
            rc = happ_fail(e, "reading fw_waits: %s", plat_error(p));
        /* since is the NI's RTC (0.5 us ticks on the LANai 4, counting from its start) */
        now_ok = v[4] > 0 && (double)v[4] * 0.5 <= (double)plat_now(p) / 1e6;
        if (rc == 0 && version != FW_WAITS_VERSION) rc = happ_fail(e, "fw_waits version %u at 0x%x", version, a);
        if (rc == 0) {
            happ_measure(e, "waits_n", n);
            happ_measure(e, "wait_kind", v[0]);
            happ_measure(e, "wait_chan", v[1]);
            happ_measure(e, "wait_on_ni", v[2]);
            happ_measure(e, "wait_since_ok", now_ok);
        }
        while (rc == 0 && r.got < 1) {
            int w = lfc_wait(l, SIM_US(hold * 10));
            if (w <= 0) rc = happ_fail(e, "no answer from process 1: %s", w < 0 ? lfc_error(l) : "nothing");
        }
        if (rc == 0 && rd(p, a, offsetof(struct fw_waits, n), &n)) rc = happ_fail(e, "%s", plat_error(p));
        if (rc == 0) happ_measure(e, "waits_after", n);
        if (rc == 0) happ_measure(e, "delivered", r.first);   /* process 1's record, in its answer */
    } else if (me == 1) {
        if (plat_compute(p, SIM_US(hold))) rc = happ_fail(e, "%s", plat_error(p));
        while (rc == 0 && r.got < (unsigned)count) {
            int w = lfc_wait(l, SIM_US(hold * 10));
            if (w <= 0) rc = happ_fail(e, "%u of %lld packets: %s", r.got, count, w < 0 ? lfc_error(l) : "nothing");
        }
        /* the host sees the last packet before the NI sees its DMA finish */
        if (rc == 0 && plat_compute(p, SIM_US(50))) rc = happ_fail(e, "%s", plat_error(p));
        if (rc == 0 && rd(p, a, offsetof(struct fw_waits, delivered), &n)) rc = happ_fail(e, "%s", plat_error(p));
        uint8_t *pkt = rc ? NULL : lfc_send_alloc(l, 1);
        if (rc == 0 && !pkt) rc = happ_fail(e, "%s", lfc_error(l));
        for (int i = 0; rc == 0 && i < 4; i++) pkt[i] = (uint8_t)(n >> (24 - 8 * i));
        if (rc == 0 && lfc_ucast_launch(l, 0, pkt, 4, 1)) rc = happ_fail(e, "%s", lfc_error(l));
    }
    char err2[400];
    if (lfc_close(l, err2, sizeof err2) && rc == 0) rc = happ_fail(e, "%s", err2);
    return rc;
}

const happ happ_lfc_waits = {"lfc_waits", "LFC: the credit waits its firmware exports for the watchdog (fw_waits)",
                             (const char *const[]){"WAITS", "COUNT", "HOLD_US", "HBUFS", "CREDITS", "REFRESH", NULL}, waits, NULL};
