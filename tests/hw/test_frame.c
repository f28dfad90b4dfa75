/* The frame (hw/frame) through the Verilated FPGA: Table 7.3's 4 KB pass
 * (1,024 fetch clocks, 3,072 store clocks), forwarding headers, polling,
 * the recycle buffer, the ALU with a constant, MD5 in place, function and
 * page faults with resume, and no access to a bank the CPLD did not grant. */
#include "../harness/harness.h"
#include "frame_bench.h"
#include "md5_ref.h"

#include <string.h>

static uint32_t lcg(uint32_t *s) { return *s = *s * 1664525u + 1013904223u; }

TEST(frame, table7_3_pass_of_1024_words_fetches_in_1024_and_stores_in_3072_clocks)
{
    static uint32_t p[1024];
    uint32_t s = 3;
    for (int i = 0; i < 1024; i++) p[i] = lcg(&s);
    fbench *b = fb_new(1);
    fb_fwd(b, 5, 0x99, 0x11111111, 0x22222222, 0x33333333, 0x44444444);
    fb_send(b, 1, H_PASS, RC_ARG0(5, 0, 0, 1, 0, 0), 0, 0, RC_ARG3_QUEUE, p, 1024);
    uint64_t k = fb_run_produced(b, 1, 20000);
    ASSERT_TRUE(k > 0);
    ASSERT_EQ(RC_ST_KIND(b->o.status), RC_ST_RUN);
    ASSERT_EQ(b->fetch, 1024);
    ASSERT_EQ(b->store, 3072);
    const uint32_t *o = fb_slot(b, 0);
    ASSERT_MEM_EQ(o + 8, p, sizeof p);
    /* the header: the forwarding entry with sender id and payload length set */
    ASSERT_EQ(o[0], 0x0636u << 16);
    ASSERT_EQ(o[1], (1u << 26) | FB_EP);
    ASSERT_EQ(o[2], (1024u << 16) | FB_EP);
    ASSERT_EQ(o[3], 0x99);
    ASSERT_EQ(o[4], 0x11111111);
    ASSERT_EQ(o[7], 0x44444444);
    /* the NI queue's head moved past the message and was written back */
    for (int i = 0; i < 50; i++) fb_clock(b);
    ASSERT_EQ(b->bank[0][RC_Q1_BASE + 1], 8 + 1024);
    ASSERT_EQ(hw_fpga_bad_accesses(b->f, NULL, NULL), 0);
    harness_note("clocks: header %llu, forwarding %llu, run %llu, outgoing header %llu, queue "
                 "pointer %llu (Table 7.3: 7, 5, 1024+3072, 48, 3)",
                 (unsigned long long)b->ph[RC_PH_HDR], (unsigned long long)b->ph[RC_PH_FWD],
                 (unsigned long long)b->ph[RC_PH_RUN], (unsigned long long)b->ph[RC_PH_OHDR],
                 (unsigned long long)b->ph[RC_PH_QPTR]);
    /* header: 8 reads, pipelined: 9 clocks; 8 header stores at 3 clocks: 24 */
    ASSERT_EQ(b->ph[RC_PH_HDR], 9);
    ASSERT_EQ(b->ph[RC_PH_OHDR], 24);
    ASSERT_EQ(b->ph[RC_PH_QPTR], 3);
    fb_free(b);
}

TEST(frame, polls_every_300_clocks)
{
    static uint32_t p[4] = {1, 2, 3, 4};
    fbench *b = fb_new(1);
    for (int i = 0; i < 1000; i++) fb_clock(b);
    fb_zero_counts(b);
    /* idle: one poll per 300 clocks (299 in IDLE, then acquire, poll, release) */
    for (int i = 0; i < 3000; i++) fb_clock(b);
    ASSERT_TRUE(b->ph[RC_PH_POLL] >= 9 * 3 && b->ph[RC_PH_POLL] <= 11 * 3);
    uint64_t per_poll = 3000 / (b->ph[RC_PH_POLL] / 3);
    harness_note("one poll per %llu clocks, %llu clocks polling in 3000",
                 (unsigned long long)per_poll, (unsigned long long)b->ph[RC_PH_POLL]);
    ASSERT_TRUE(per_poll >= 300 && per_poll < 312);
    /* a message sent now starts within one period */
    fb_zero_counts(b);
    fb_send(b, 0, H_PASS, RC_ARG0(0, 0, 0, 1, 0, 4), 0, 0, RC_ARG3_QUEUE, p, 4);
    while (b->o.phase != RC_PH_HDR && b->clocks < 1000) fb_clock(b);
    ASSERT_TRUE(b->clocks <= 312);
    ASSERT_TRUE(fb_run_produced(b, 1, 2000) > 0);
    ASSERT_MEM_EQ(fb_slot(b, 0) + 8, p, sizeof p);
    fb_free(b);
}

TEST(frame, alu_with_constant_then_recycled_into_a_second_stage)
{
    static uint32_t p[64];
    for (int i = 0; i < 64; i++) p[i] = (uint32_t)i * 1000u;
    fbench *b = fb_new(1);
    /* stage 2 (from the recycle buffer): ALU xor 0x5A5A5A5A, to the queue via entry 9 */
    fb_fwd(b, 7, H_ALU, RC_ARG0(9, 0, 0, 1, 6, 64), 0, 0x5A5A5A5Au, RC_ARG3_QUEUE);
    fb_fwd(b, 9, 0x123, 0, 0, 0, 0);
    /* stage 1: ALU add 7, C driver 0: into the recycle buffer with entry 7's header */
    fb_send(b, 0, H_ALU, RC_ARG0(7, 0, 0, 0, 1, 64), 0, 7, 0, p, 64);
    ASSERT_TRUE(fb_run_produced(b, 1, 20000) > 0);
    const uint32_t *o = fb_slot(b, 0);
    for (int i = 0; i < 64; i++) ASSERT_EQ(o[8 + i], (p[i] + 7) ^ 0x5A5A5A5Au);
    ASSERT_EQ(o[3], 0x123);
    ASSERT_EQ(o[2] >> 16, 64);
    ASSERT_EQ(b->bank[0][RC_Q0_BASE + 1], 8 + 64);   /* the queue message consumed once */
    fb_free(b);
}

TEST(frame, md5_circuit_in_the_frame)
{
    static uint32_t w[64], ref[4];
    const char *msg = "The quick brown fox jumps over the lazy dog";
    size_t n = md5_pad((const uint8_t *)msg, strlen(msg), w);
    md5_words(w, n, ref);
    char hex[33];
    md5_hex(ref, hex);
    ASSERT_STR_EQ(hex, "9e107d9d372bb6826bd81d3542a419d6");
    fbench *b = fb_new(1);
    fb_send(b, 0, H_MD5, RC_ARG0(1, 0, 0, 1, 0, n), 0, 0, RC_ARG3_QUEUE, w, (unsigned)n);
    ASSERT_TRUE(fb_run_produced(b, 1, 20000) > 0);
    ASSERT_MEM_EQ(fb_slot(b, 0) + 8, ref, sizeof ref);
    ASSERT_EQ(fb_slot(b, 0)[2] >> 16, 4);
    fb_free(b);
}

TEST(frame, function_fault_then_reconfigure_and_resume_loses_nothing)
{
    static uint32_t w[16], ref[4], p[8] = {9, 8, 7, 6, 5, 4, 3, 2};
    size_t n = md5_pad((const uint8_t *)"abc", 3, w);
    md5_words(w, n, ref);
    fbench *b = fb_new(0);                     /* configuration without MD5 */
    fb_send(b, 0, H_MD5, RC_ARG0(1, 0, 0, 1, 0, n), 0, 0, RC_ARG3_QUEUE, w, (unsigned)n);
    fb_send(b, 0, H_PASS, RC_ARG0(1, 0, 0, 1, 0, 8), 0, 0, RC_ARG3_QUEUE, p, 8);
    ASSERT_TRUE(fb_run_produced(b, 1, 5000) > 0);
    ASSERT_EQ(RC_ST_KIND(b->o.status), RC_ST_FFAULT);
    ASSERT_EQ(b->bank[0][RC_CTL_FAULT], (RC_ST_FFAULT << 30) | H_MD5);
    ASSERT_EQ(b->bank[0][RC_CTL_HEADS], 0);    /* queue pointers saved */
    ASSERT_EQ(b->o.req, 0);                    /* banks released */
    for (int i = 0; i < 2000; i++) fb_clock(b);
    ASSERT_EQ(b->o.phase, RC_PH_SUSPEND);      /* suspended until told */
    /* the host loads a configuration with MD5 and names it in the list */
    b->bank[0][RC_CTL_FUNCS + 1] = H_MD5;
    hw_fpga_ctrl(b->f, RC_CTL_RESUME);
    ASSERT_TRUE(fb_run_produced(b, 2, 20000) > 0);
    ASSERT_EQ(RC_ST_KIND(b->o.status), RC_ST_RUN);
    ASSERT_MEM_EQ(fb_slot(b, 0) + 8, ref, sizeof ref);
    ASSERT_MEM_EQ(fb_slot(b, 1) + 8, p, sizeof p);
    fb_free(b);
}

TEST(frame, page_fault_then_page_load_and_resume_with_data_intact)
{
    static uint32_t page[1024];
    for (int i = 0; i < 1024; i++) page[i] = 0xC0DE0000u + (uint32_t)i;
    fbench *b = fb_new(1);
    /* A from scratchpad page 7 word 100, B from page 9 word 0 (ALU add), C to the queue */
    fb_send(b, 0, H_ALU, RC_ARG0(1, 1, 1, 1, 1, 256), RC_VA(7, 100), RC_VA(9, 0), RC_ARG3_QUEUE,
            NULL, 0);
    ASSERT_TRUE(fb_run_produced(b, 1, 5000) > 0);
    ASSERT_EQ(RC_ST_KIND(b->o.status), RC_ST_PFAULT);
    ASSERT_EQ(b->bank[0][RC_CTL_FAULT] >> 30, RC_ST_PFAULT);
    ASSERT_EQ(b->bank[0][RC_CTL_FAULT + 1], 7);
    ASSERT_EQ(b->bank[0][RC_CTL_FAULT + 2], 9);
    ASSERT_EQ(b->bank[0][RC_CTL_FAULT + 3], RC_PAGE_NONE);
    /* the host loads page 7 into frame 1 (bank 1) and page 9 into frame 2 */
    memcpy(b->bank[1] + 100, page, sizeof page);
    for (int i = 0; i < 256; i++) b->bank[2][i] = (uint32_t)i;
    b->bank[0][RC_CTL_PAGE + 0] = 7;
    b->bank[0][RC_CTL_PAGE + 1] = 9;
    hw_fpga_ctrl(b->f, RC_CTL_RESUME);
    ASSERT_TRUE(fb_run_produced(b, 1, 20000) > 0);
    ASSERT_EQ(RC_ST_KIND(b->o.status), RC_ST_RUN);
    const uint32_t *o = fb_slot(b, 0);
    for (int i = 0; i < 256; i++) ASSERT_EQ(o[8 + i], page[i] + (uint32_t)i);
    ASSERT_EQ(hw_fpga_bad_accesses(b->f, NULL, NULL), 0);
    fb_free(b);
}

TEST(frame, scratchpad_store_fetches_all_inputs_before_writing_the_same_bank)
{
    fbench *b = fb_new(1);
    b->bank[0][RC_CTL_PAGE + 0] = 3;
    for (int i = 0; i < 512; i++) b->bank[1][i] = (uint32_t)i;
    fb_reboot(b);                              /* the frame reads page ids at reset */
    /* pass from page 3 words 0..511 to page 3 words 256..767: the ranges overlap */
    fb_send(b, 0, H_PASS, RC_ARG0(0, 1, 0, 1, 0, 512), RC_VA(3, 0), 0, RC_VA(3, 256), NULL, 0);
    uint64_t k = 0;
    while (b->o.phase != RC_PH_QPTR && k++ < 20000) fb_clock(b);
    ASSERT_EQ(RC_ST_KIND(b->o.status), RC_ST_RUN);
    for (int i = 0; i < 512; i++) ASSERT_EQ(b->bank[1][256 + i], (uint32_t)i);
    ASSERT_EQ(b->fetch, 512);
    ASSERT_EQ(b->store, 3 * 512);
    fb_free(b);
}

TEST(frame, never_touches_a_bank_without_its_grant)
{
    static uint32_t p[16];
    fbench *b = fb_new(1);
    b->grant_delay = 1000000;                  /* the CPLD never grants */
    fb_send(b, 0, H_PASS, RC_ARG0(0, 0, 0, 1, 0, 16), 0, 0, RC_ARG3_QUEUE, p, 16);
    for (int i = 0; i < 3000; i++) fb_clock(b);
    ASSERT_EQ(b->o.phase, RC_PH_ACQ0);
    ASSERT_EQ(b->o.req, 1);
    ASSERT_EQ(hw_fpga_bad_accesses(b->f, NULL, NULL), 0);
    fb_free(b);
}

TEST(frame, ports_a_and_b_in_one_scratchpad_bank_are_refused_not_garbled)
{
    fbench *b = fb_new(1);
    b->bank[0][RC_CTL_PAGE + 0] = 4;
    fb_reboot(b);
    fb_send(b, 0, H_ALU, RC_ARG0(0, 1, 1, 1, 1, 16), RC_VA(4, 0), RC_VA(4, 64), RC_ARG3_QUEUE, NULL, 0);
    ASSERT_TRUE(fb_run_produced(b, 1, 5000) > 0);
    ASSERT_EQ(RC_ST_KIND(b->o.status), RC_ST_BADREQ);
    ASSERT_EQ(b->bank[0][RC_CTL_FAULT], (RC_ST_BADREQ << 30) | H_ALU);
    ASSERT_EQ(RC_ST_PRODUCED(b->o.status), 0);
    fb_free(b);
}
