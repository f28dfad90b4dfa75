/* The frame follows the producer's wrap marker back to the start of a queue ring. */
#include "../harness/harness.h"
#include "frame_bench.h"
#include <string.h>

TEST(frame, queue_ring_wraps_at_the_producers_marker)
{
    static uint32_t p[32];
    for (int i = 0; i < 32; i++) p[i] = 0xABC00000u + (uint32_t)i;
    fbench *b = fb_new(1);
    uint32_t end = RC_Q_RING_WORDS - 10, *b0 = b->bank[0];
    b0[RC_CTL_HEADS] = end;                    /* the frame resumes at the ring's end */
    b0[RC_Q0_BASE] = end;
    b0[RC_Q0_BASE + 1] = end;
    fb_reboot(b);
    /* the producer: no room for 8 + 32 words, so a wrap marker, then the message at 0 */
    b0[RC_Q0_BASE + RC_Q_RING + end] = RC_Q_WRAP;
    b0[RC_Q0_BASE] = 0;
    fb_send(b, 0, H_PASS, RC_ARG0(0, 0, 0, 1, 0, 32), 0, 0, RC_ARG3_QUEUE, p, 32);
    ASSERT_TRUE(fb_run_produced(b, 1, 5000) > 0);
    ASSERT_EQ(RC_ST_KIND(b->o.status), RC_ST_RUN);
    ASSERT_MEM_EQ(fb_slot(b, 0) + 8, p, sizeof p);
    for (int i = 0; i < 50; i++) fb_clock(b);
    ASSERT_EQ(b0[RC_Q0_BASE + 1], 8 + 32);
    fb_free(b);
}
