/* SETPIPE = 1 of grim_rc1000_stage (app_grim_rc1000_pipe.h): a pipeline of
 * two stages on the card, set up and torn down by host A through Table
 * B.2's calls (hostlib/grim/grim_celoxica_pipe.c). Stage 1 is the built-in
 * ALU (add a constant); its result goes into the recycle buffer with the
 * header of entry p1, which names stage 2 on the card itself; stage 2's
 * result leaves through an outgoing queue with the header of entry p1 + 1,
 * which names host B's handler. */
#include "app_grim_rc1000_pipe.h"
#include "../grim/grim_card.h"
#include "../grim/grim_celoxica.h"
#include "../../firmware/grim/card_abi.h"

#include <stdio.h>

#define WAIT_STEP SIM_US(20)
#define WAIT_STEPS 2500            /* 50 ms: far beyond a frame poll and one message (0.3 ms) */

int rcp_setup(grim *g, uint32_t card, unsigned p1, uint32_t words, uint32_t stage2, uint32_t arg3, uint32_t sink,
              uint32_t h_out)
{
    return grim_celoxica_setPipeline(g, card, p1, p1 + 1, 1, 0, 0, arg3, 0, 0, (uint16_t)words, card,
                                     (uint16_t)stage2, 0) ||
           grim_celoxica_setPipeline(g, card, p1 + 1, 0, 1, 0, 0, 0, 0, 0, (uint16_t)words, sink, (uint16_t)h_out, 0);
}

int rcp_send(grim *g, uint32_t card, unsigned p1, uint32_t k, const uint32_t *buf, uint32_t words)
{
    /* (ALU sub-op 1 = add, port B the constant k; C driver 0: recycle) */
    return grim_celoxica_send(g, card, GRIM_CELOXICA_ALU, 1, (uint8_t)p1, 0, 0, 0, 0, 0, k, (uint16_t)words,
                              (uint16_t)words, buf);
}

int rcp_teardown(grim *g, uint32_t card, unsigned p1, uint32_t k, const uint32_t *buf, uint32_t words)
{
    return grim_celoxica_killPipeline(g, card, p1) || rcp_send(g, card, p1, k, buf, words);
}

int rcp_wait_dropped(grim *g, rch *c, uint32_t sent, const uint32_t *written, uint32_t *dropped)
{
    uint32_t msgs = 0, ready = 0, kind = 0;
    *dropped = 0;
    for (int i = 0; i < WAIT_STEPS && !*dropped; i++) {
        if (grim_poll(g) < 0) return snprintf(c->err, sizeof c->err, "poll: %s", grim_error(g)), -1;
        plat_compute(c->p, WAIT_STEP);
        if (written) msgs = *written;
        else if (grim_card_word(g, GRIM_CD_MSGS, &msgs))
            return snprintf(c->err, sizeof c->err, "card counters: %s", grim_error(g)), -1;
        if (msgs < sent) continue;
        if (rch_acquire(c, 1) || rch_read_word(c, 0, RC_CTL_DROPS, dropped) || rch_release(c)) return -1;
    }
    if (!*dropped)
        return snprintf(c->err, sizeof c->err, "the message sent after killPipeline was not dropped within %d us "
                        "(%u of %u messages in the card's queue)", WAIT_STEPS * 20, msgs, sent), -1;
    if (rch_status(c, &ready, &kind)) return -1;
    if (ready || kind != RC_ST_RUN)
        return snprintf(c->err, sizeof c->err, "after killPipeline the frame produced %u more (status kind %u)", ready,
                        kind), -1;
    return 0;
}
