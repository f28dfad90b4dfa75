/* A forwarding entry never set (all zero) through the Verilated FPGA
 * (hw/frame, appendix B.2.3). Its word 0 is 0, so a message generated from
 * it would sit in a slot the frame's slot-full check reads as free, with no
 * header saying where it goes. The frame stops with a bad request naming
 * the entry (fault word: RC_FAULT_UNSET | entry << 16 | handler), runs no
 * circuit, writes no slot and keeps the message queued; once the host sets
 * the entry and sends RESUME the message runs as any other. The old frame
 * produced the message with word 0 = 0: these tests fail on it. */
#include "../harness/harness.h"
#include "frame_bench.h"

#include <string.h>

TEST(frame, an_unset_entry_stops_the_frame_and_keeps_the_message_until_set)
{
    static uint32_t p[32];
    for (int i = 0; i < 32; i++) p[i] = 0xF00D0000u + (uint32_t)i;
    fbench *b = fb_new(0);
    fb_send(b, 0, H_PASS, RC_ARG0(5, 0, 0, 1, 0, 32), 0, 0, RC_ARG3_QUEUE, p, 32);
    ASSERT_TRUE(fb_run_produced(b, 1, 3000) > 0);            /* stops at the fault */
    ASSERT_EQ(RC_ST_KIND(b->o.status), RC_ST_BADREQ);
    ASSERT_EQ(RC_ST_PRODUCED(b->o.status), 0);
    uint32_t w = b->bank[0][RC_CTL_FAULT];
    ASSERT_EQ(w, (uint32_t)RC_ST_BADREQ << 30 | RC_FAULT_UNSET | 5u << 16 | H_PASS);
    ASSERT_EQ(RC_FAULT_FWD(w), 5);
    ASSERT_EQ(b->ph[RC_PH_RUN], 0);                          /* no circuit ran */
    ASSERT_EQ(fb_slot(b, 0)[0], 0);
    ASSERT_EQ(fb_slot(b, 0)[8], 0);                          /* nothing stored in the slot */
    ASSERT_EQ(b->bank[0][RC_CTL_HEADS], 0);                  /* the message is still queued */
    ASSERT_EQ(b->bank[0][RC_Q0_BASE + 1], 0);
    for (int i = 0; i < 2000; i++) fb_clock(b);               /* suspended: it stays stopped */
    ASSERT_EQ(RC_ST_KIND(b->o.status), RC_ST_BADREQ);
    ASSERT_EQ(b->o.req, 0);                                  /* holding no bank */
    /* the host sets entry 5 and resumes: the same message runs */
    fb_fwd(b, 5, 0x99, 1, 2, 3, 4);
    hw_fpga_ctrl(b->f, RC_CTL_RESUME);
    ASSERT_TRUE(fb_run_produced(b, 1, 5000) > 0);
    ASSERT_EQ(RC_ST_KIND(b->o.status), RC_ST_RUN);
    const uint32_t *o = fb_slot(b, 0);
    ASSERT_MEM_EQ(o + 8, p, sizeof p);
    ASSERT_EQ(o[0], 0x0636u << 16);
    ASSERT_EQ(o[3], 0x99);
    ASSERT_EQ(hw_fpga_bad_accesses(b->f, NULL, NULL), 0);
    fb_free(b);
}

TEST(frame, an_unset_entry_for_the_recycle_buffer_is_refused_too)
{
    static uint32_t p[16] = {7};
    fbench *b = fb_new(0);
    /* C driver 0: the result would become a message in the recycle buffer with entry 200's header */
    fb_send(b, 1, H_ALU, RC_ARG0(200, 0, 0, 0, 1, 16), 0, 3, 0, p, 16);
    ASSERT_TRUE(fb_run_produced(b, 1, 3000) > 0);
    ASSERT_EQ(RC_ST_KIND(b->o.status), RC_ST_BADREQ);
    ASSERT_EQ(b->bank[0][RC_CTL_FAULT], (uint32_t)RC_ST_BADREQ << 30 | RC_FAULT_UNSET | 200u << 16 | H_ALU);
    ASSERT_EQ(b->ph[RC_PH_RUN], 0);
    ASSERT_EQ(b->bank[0][RC_RECYCLE], 0);
    fb_free(b);
}

TEST(frame, a_set_entry_costs_no_clock_more)
{
    /* the check sits in the forwarding read's last clock: Table 7.3's pass is as before */
    static uint32_t p[1024];
    for (int i = 0; i < 1024; i++) p[i] = (uint32_t)i * 3u;
    fbench *b = fb_new(0);
    fb_send(b, 0, H_PASS, RC_ARG0(0, 0, 0, 1, 0, 0), 0, 0, RC_ARG3_QUEUE, p, 1024);
    ASSERT_TRUE(fb_run_produced(b, 1, 20000) > 0);
    ASSERT_EQ(RC_ST_KIND(b->o.status), RC_ST_RUN);
    ASSERT_EQ(b->fetch, 1024);
    ASSERT_EQ(b->store, 3072);
    ASSERT_EQ(b->ph[RC_PH_FWD], 9);
    ASSERT_EQ(b->ph[RC_PH_OHDR], 24);
    fb_free(b);
}
