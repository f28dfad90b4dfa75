/* grim_rc1000_stage's SETPIPE = 1 (app_grim_rc1000_pipe.c): host A builds a
 * two-stage pipeline on the card with Table B.2's setPipeline, runs its
 * messages through it, tears it down with killPipeline, and node 0 checks
 * that a message sent after the kill is dropped by the frame, not run. */
#ifndef MYRISIM_APPS_APP_GRIM_RC1000_PIPE_H
#define MYRISIM_APPS_APP_GRIM_RC1000_PIPE_H

#include "../grim/grim.h"
#include "../rc1000/rc1000_host.h"

#include <stdint.h>

#define RCP_EXTRA 4u   /* messages to the card besides the data: two sets, a kill, one after the kill */

/* Host A: entry p1 (stage 2: handler stage2 with sub-op 0 on the card over
 * `words` words into the outgoing queue arg3 says, its result via entry p1 + 1)
 * and entry p1 + 1 (the result's header: host endpoint sink, handler h_out). */
int rcp_setup(grim *g, uint32_t card, unsigned p1, uint32_t words, uint32_t stage2, uint32_t arg3, uint32_t sink,
              uint32_t h_out);
/* Host A: one message into stage 1: the ALU adds `k` to each word, C driver
 * 0 (the recycle buffer), forwarding entry p1. */
int rcp_send(grim *g, uint32_t card, unsigned p1, uint32_t k, const uint32_t *buf, uint32_t words);
/* Host A: kill entry p1, then send one more message through stage 1. */
int rcp_teardown(grim *g, uint32_t card, unsigned p1, uint32_t k, const uint32_t *buf, uint32_t words);
/* Node 0, after the data's results: wait until all `sent` messages are in
 * the card's queue (written: node 0's own count of what it injected; NULL:
 * the NI's count) and the frame has counted a drop at RC_CTL_DROPS
 * (*dropped), then check that nothing more was produced. 0, or -1 with
 * c->err. */
int rcp_wait_dropped(grim *g, rch *c, uint32_t sent, const uint32_t *written, uint32_t *dropped);

#endif
