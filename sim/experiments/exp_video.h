/* experiment.video of kind host: a BT848 capture card on node 0's bus
 * streaming into host memory beside the host program (exp_video.c). */
#ifndef MYRISIM_EXPERIMENTS_EXP_VIDEO_H
#define MYRISIM_EXPERIMENTS_EXP_VIDEO_H

#include "experiments.h"
#include "exp_util.h"

#include "../../model/node/hosts.h"
#include "../scenario/runspec.h"

typedef struct exp_video exp_video;

/* NULL when the scenario asks for no video (or on error: res says why and
 * *failed is set). */
exp_video *exp_video_start(const run_spec *r, cosim *s, int bus, run_result *res, int *failed);
/* After the run: let the capture finish, check it, report video_frames,
 * video_frames_dropped, video_mbs, video_pci_pct (the stream's bytes over
 * the bus's peak) and video_bus_busy_pct (the card's tenures over the
 * capture's time). Frees v. */
void exp_video_finish(exp_video *v, cosim *s, run_result *res);
/* The newest frame written completely into host memory (happ_env.video):
 * its bytes and number (1 = the first); *number 0 when none is yet. */
int exp_video_latest(void *v, const uint8_t **frame, uint32_t *bytes, uint32_t *number);

#endif
