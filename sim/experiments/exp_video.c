/* The BT848 beside a host program (section 6.4, Table 6.2, L2002): the
 * driver builds the card's RISC program in pinned host memory, handing it
 * two pinned, contiguous frame buffers (the driver extension of 6.4.3),
 * sets the FIFO trigger point (`video_trigger`, GPIO_DMA_CTL's PKTP) and
 * enables the RISC interrupt; the card on node 0's bus fetches and runs the
 * program, writing `video_frames` frames of `video`, while the program and
 * its NI traffic share the bus. The driver's interrupt handler
 * (exp_video_isr.c) marks each frame complete. */
#include "exp_video.h"
#include "exp_video_isr.h"

#include "../../model/bt848/bt848.h"
#include "../../model/bt848/bt848_prog.h"
#include "../../model/host/host.h"
#include "../../model/host/hostmem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The card's register BAR on the host bus (the NI's is at COSIM_BAR_BASE,
 * an RC-1000's at 0xA0000000). */
#define VIDEO_REGS 0x90000000ull

struct exp_video {
    bt848 *card;
    video_isr *isr;
    hm_space *k;
    uint32_t frames, frame_bytes;
    double peak_Bps;
    uint8_t *va[2];              /* the two frame buffers, as host code sees them */
};

int exp_video_latest(void *vp, const uint8_t **frame, uint32_t *bytes, uint32_t *number)
{
    exp_video *v = vp;
    /* the newest frame the interrupt handler marked complete */
    int buf;
    uint32_t n = video_isr_latest(v->isr, &buf);
    *number = n;
    *bytes = n ? v->frame_bytes : 0;
    *frame = n ? v->va[buf] : NULL;
    return 0;
}

exp_video *exp_video_start(const run_spec *r, cosim *s, int bus, run_result *res, int *failed)
{
    const char *size = run_string(r, "experiment.video", "none");
    *failed = 0;
    if (!strcmp(size, "none")) return NULL;
    uint32_t w = !strcmp(size, "640x480") ? 640 : 320, h = w * 3 / 4;
    char err[256] = "cannot start the capture";
    host *hh = cosim_host(s, 0);
    exp_video *v = calloc(1, sizeof *v);
    if (!v) return NULL;
    v->frames = (uint32_t)run_number(r, "experiment.video_frames", 30);
    v->frame_bytes = w * h * 2;
    pci_bus *b = host_bus(hh, bus);
    const pci_bus_params *bp = pci_bus_params_of(b);
    v->peak_Bps = (double)bp->width * 1e12 / (double)bp->clock_ps;
    v->card = bt848_new(b, &bt848_default, w, h, err, sizeof err);
    /* the driver's set-up writes (untimed, as the RISC start is): the
     * trigger point (bttv writes PKTP_32) and the RISC interrupt enabled */
    uint32_t trig = (uint32_t)run_number(r, "experiment.video_trigger", 32);
    uint32_t pktp = trig == 4 ? 0 : trig == 8 ? 1 : trig == 16 ? 2 : 3;
    if (v->card && (bt848_attach_regs(v->card, VIDEO_REGS, err, sizeof err) ||
                    bt848_reg_write(v->card, BT848_REG_GPIO_DMA_CTL, pktp << 2, err, sizeof err) ||
                    bt848_reg_write(v->card, BT848_REG_INT_MASK, BT848_INT_RISCI, err, sizeof err)))
        goto bad;
    if (v->card && !(v->isr = video_isr_new(hh, bus, v->card, VIDEO_REGS, 2))) goto bad;
    v->k = hm_space_new(host_mem(hh), "video");
    uint64_t pa[2], prog_pa = 0;
    for (int i = 0; v->card && v->k && i < 2; i++)
        if (!(v->va[i] = hm_alloc_contig(v->k, v->frame_bytes, &pa[i]))) {
            snprintf(err, sizeof err, "frame buffer: %s", hm_error(v->k));
            goto bad;
        }
    if (v->card && v->k) {
        size_t n = bt848_prog_bytes(w, h, 2);
        uint8_t *prog = hm_alloc_contig(v->k, n, &prog_pa);
        if (!prog) {
            snprintf(err, sizeof err, "RISC program: %s", hm_error(v->k));
            goto bad;
        }
        bt848_prog_build(prog, n, prog_pa, w, h, pa, 2, 1);   /* IRQ on each frame's last WRITE */
    }
    if (!v->card || !v->k || bt848_start(v->card, prog_pa, v->frames)) goto bad;
    return v;
bad:
    result_fail(res, "video: %s", err);
    *failed = 1;
    exp_video_finish(v, NULL, NULL);
    return NULL;
}

void exp_video_finish(exp_video *v, cosim *s, run_result *res)
{
    if (!v) return;
    if (s && res) {
        evq *q = cosim_evq(s);
        while ((!bt848_done(v->card) || video_isr_busy(v->isr)) && evq_pending(q)) evq_step(q);
        const bt848_stats *st = bt848_stats_of(v->card);
        const video_isr_stats *is = video_isr_stats_of(v->isr);
        if (bt848_error(v->card)[0]) {
            result_fail(res, "video: %s", bt848_error(v->card));
        } else if (video_isr_error(v->isr)[0]) {
            result_fail(res, "video: %s", video_isr_error(v->isr));
        } else if (st->lines_discarded) {
            result_fail(res, "video: the RISC program was out of step with the stream: %llu lines discarded by RESYNC",
                        (unsigned long long)st->lines_discarded);
        } else if (!bt848_done(v->card)) {
            result_fail(res, "video: the capture did not finish");
        } else {
            double secs = v->frames / bt848_default.fps;
            double mbs = (double)st->bytes / secs / 1e6;
            result_set(res, "video_frames", (double)st->frames);
            result_set(res, "video_frames_dropped", (double)st->frames_dropped);
            result_set(res, "video_mbs", mbs);
            /* the card's bytes on the bus: its lines and its instruction fetches */
            double bus_Bps = (double)pci_master_stats_of(bt848_master(v->card))->bytes / secs;
            result_set(res, "video_pci_pct", 100.0 * bus_Bps / v->peak_Bps);
            result_set(res, "video_bus_busy_pct",
                       100.0 * (double)pci_master_stats_of(bt848_master(v->card))->busy_ps / (secs * 1e12));
            /* the interrupt handler: frames it marked, its time a run (entry to exit) */
            result_set(res, "video_frames_marked", (double)is->frames);
            result_set(res, "video_isr_us", is->runs ? (double)is->cost_ps / (double)is->runs / 1e6 : 0);
        }
    }
    video_isr_free(v->isr);
    bt848_free(v->card);
    if (v->k) hm_space_free(v->k);
    free(v);
}
