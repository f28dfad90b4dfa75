/* The BT848 driver's interrupt handler (experiment.video): the card's INTA
 * (the RISC program's IRQ bit on each frame's last WRITE) starts it; after
 * the host profile's interrupt entry it reads INT_STAT over PCI, and if
 * RISCI is set writes it back to clear it and marks the frame complete;
 * then the interrupt exit. Frames are complete only when this handler says
 * so (exp_video_latest hands out the newest). From entry to exit the host's
 * CPU is the handler's (host_kernel_begin/end): the program's CPU work
 * meanwhile ends that much later. */
#ifndef MYRISIM_EXPERIMENTS_EXP_VIDEO_ISR_H
#define MYRISIM_EXPERIMENTS_EXP_VIDEO_ISR_H

#include "../../model/bt848/bt848.h"
#include "../../model/host/host.h"

typedef struct video_isr video_isr;

typedef struct video_isr_stats {
    uint64_t runs;               /* handler runs */
    uint64_t frames;             /* frames it marked complete */
    sim_time cost_ps;            /* entry to exit, summed over runs */
    sim_time max_ps;
    sim_time marked_ps;          /* when it marked the newest frame */
} video_isr_stats;

/* Hook the handler to `card`, whose register BAR is at `regs` on the
 * host's bus `bus`; frames go to nbuf buffers in turn. NULL if out of memory. */
video_isr *video_isr_new(host *h, int bus, bt848 *card, uint64_t regs, int nbuf);
void video_isr_free(video_isr *x);
/* The newest frame marked complete: its number (1 = the first; 0 = none
 * yet) and the buffer it is in. */
uint32_t video_isr_latest(const video_isr *x, int *buf);
const video_isr_stats *video_isr_stats_of(const video_isr *x);
/* The handler is running (an exit still to come). */
int video_isr_busy(const video_isr *x);
/* "" or what went wrong (a PIO the host refused). */
const char *video_isr_error(const video_isr *x);

#endif
