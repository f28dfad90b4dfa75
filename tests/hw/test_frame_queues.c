/* The frame's second outgoing queue and its built-in handler (hw/frame,
 * appendix B.2.2-B.2.3) through the Verilated FPGA: a message with Arg[3]
 * bit 30 lands in queue 1's slots at the same clocks as one in queue 0;
 * the two queues fill their own slots and the status port counts both; a
 * full slot of queue 1 holds its message until freed; set_pipeline writes
 * a forwarding entry from a message, a two-stage pipeline runs through it,
 * kill_pipeline stops it (the message is consumed, not run, and counted);
 * malformed frame ops stop the frame with a bad-request fault. */
#include "../harness/harness.h"
#include "frame_bench.h"

#include <string.h>

static const uint32_t *slot_of(const fbench *b, int q, unsigned s) { return b->bank[3] + RC_SLOT_BASE(q, s); }

/* one 1,024-word pass into queue q: the clocks of the run and its states */
static void pass_into(int q, uint64_t ph[RC_PH_COUNT], uint64_t *total)
{
    static uint32_t p[1024];
    for (int i = 0; i < 1024; i++) p[i] = (uint32_t)i * 2654435761u;
    fbench *b = fb_new(0);
    fb_fwd(b, 5, 0x99, 1, 2, 3, 4);
    fb_send(b, 0, H_PASS, RC_ARG0(5, 0, 0, 1, 0, 0), 0, 0, q ? RC_ARG3_QUEUE1 : RC_ARG3_QUEUE, p, 1024);
    *total = fb_run_produced(b, 1, 20000);
    memcpy(ph, b->ph, sizeof b->ph);
    const uint32_t *o = slot_of(b, q, 0), *other = slot_of(b, !q, 0);
    ASSERT_TRUE(*total > 0);
    ASSERT_MEM_EQ(o + 8, p, sizeof p);
    ASSERT_EQ(o[3], 0x99);
    ASSERT_EQ(o[2] >> 16, 1024);
    ASSERT_EQ(other[0], 0);            /* nothing in the other queue's slot */
    ASSERT_EQ(hw_fpga_bad_accesses(b->f, NULL, NULL), 0);
    fb_free(b);
}

TEST(frame, queue1_takes_a_4kb_pass_in_the_clocks_of_queue0)
{
    uint64_t ph0[RC_PH_COUNT], ph1[RC_PH_COUNT], t0, t1;
    pass_into(0, ph0, &t0);
    pass_into(1, ph1, &t1);
    harness_note("arrival to status count: queue 0 %llu clocks, queue 1 %llu (run %llu, outgoing header %llu)",
                 (unsigned long long)t0, (unsigned long long)t1, (unsigned long long)ph1[RC_PH_RUN],
                 (unsigned long long)ph1[RC_PH_OHDR]);
    ASSERT_EQ(t0, t1);
    ASSERT_MEM_EQ(ph0, ph1, sizeof ph0);
    ASSERT_EQ(ph1[RC_PH_OHDR], 24);
}

TEST(frame, two_queues_fill_their_own_slots_and_the_status_counts_both)
{
    static uint32_t p[5][16];
    for (int k = 0; k < 5; k++)
        for (int i = 0; i < 16; i++) p[k][i] = (uint32_t)(k << 16 | i);
    static const int q[5] = {0, 1, 1, 0, 1};
    fbench *b = fb_new(0);
    fb_fwd(b, 3, 0x77, 0, 0, 0, 0);
    for (int k = 0; k < 5; k++)
        fb_send(b, k & 1, H_PASS, RC_ARG0(3, 0, 0, 1, 0, 16), 0, 0, q[k] ? RC_ARG3_QUEUE1 : RC_ARG3_QUEUE, p[k], 16);
    ASSERT_TRUE(fb_run_produced(b, 5, 40000) > 0);
    ASSERT_EQ(RC_ST_PRODUCED(b->o.status), 5);
    /* the frame takes queue 0 (host) before queue 1 (NI): host messages 0, 2, 4 then NI's 1, 3;
     * 0 and 2 go to out-queues 0 and 1, 4 to 1, 1 to 1, 3 to 0 */
    unsigned next[2] = {0, 0};
    static const int order[5] = {0, 2, 4, 1, 3};
    for (int j = 0; j < 5; j++) {
        int k = order[j];
        const uint32_t *o = slot_of(b, q[k], next[q[k]]++);
        ASSERT_MEM_EQ(o + 8, p[k], sizeof p[k]);
        ASSERT_TRUE(o[0] != 0);
    }
    ASSERT_EQ(next[0], 2);
    ASSERT_EQ(slot_of(b, 0, 2)[0], 0);
    ASSERT_EQ(slot_of(b, 1, 3)[0], 0);
    fb_free(b);
}

TEST(frame, a_full_slot_of_queue1_holds_its_message_until_freed)
{
    static uint32_t p[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    fbench *b = fb_new(0);
    fb_fwd(b, 2, 0x55, 0, 0, 0, 0);
    b->bank[3][RC_SLOT_BASE(1, 0)] = 1;          /* the host has not taken it yet */
    fb_send(b, 0, H_PASS, RC_ARG0(2, 0, 0, 1, 0, 8), 0, 0, RC_ARG3_QUEUE1, p, 8);
    ASSERT_EQ(fb_run_produced(b, 1, 3000), 0);   /* ten polls: still waiting */
    ASSERT_EQ(b->bank[0][RC_Q0_BASE + 1], 0);
    b->bank[3][RC_SLOT_BASE(1, 0)] = 0;          /* taken */
    ASSERT_TRUE(fb_run_produced(b, 1, 2000) > 0);
    ASSERT_MEM_EQ(slot_of(b, 1, 0) + 8, p, sizeof p);
    fb_free(b);
}

/* set forwarding entry `id` from a message on queue q (the built-in handler) */
static void set_entry(fbench *b, int q, unsigned id, const uint32_t e[8])
{
    fb_send(b, q, RC_FRAME_H, RC_ARG0(id, 0, 0, 0, RC_FOP_SET, 8), 0, 0, 0, e, 8);
}

TEST(frame, set_pipeline_runs_two_stages_and_kill_pipeline_stops_them)
{
    static uint32_t p[64];
    for (int i = 0; i < 64; i++) p[i] = (uint32_t)i * 77u;
    fbench *b = fb_new(0);
    /* entry 7: stage 2, the pass circuit from the recycle buffer into queue 1 via entry 9;
     * entry 9: the header of the result (handler 0x321 at endpoint 0x0405) */
    const uint32_t e7[8] = {0x0636u << 16, 1u << 26, 0, H_PASS, RC_ARG0(9, 0, 0, 1, 0, 64), 0, 0, RC_ARG3_QUEUE1};
    const uint32_t e9[8] = {0x0636u << 16, 1u << 26, 0x0405, 0x321, 0xA, 0xB, 0xC, 0xD};
    set_entry(b, 1, 7, e7);
    set_entry(b, 1, 9, e9);
    for (int i = 0; i < 2000; i++) fb_clock(b);
    ASSERT_EQ(RC_ST_KIND(b->o.status), RC_ST_RUN);
    ASSERT_MEM_EQ(b->bank[0] + RC_DIR_BASE + 7 * RC_DIR_WORDS, e7, sizeof e7);
    ASSERT_MEM_EQ(b->bank[0] + RC_DIR_BASE + 9 * RC_DIR_WORDS, e9, sizeof e9);
    ASSERT_EQ(b->bank[0][RC_Q1_BASE + 1], 2 * 16);   /* both consumed */
    ASSERT_EQ(RC_ST_PRODUCED(b->o.status), 0);      /* and nothing produced */
    harness_note("set_pipeline: %llu clocks reading the entry, %llu writing it (two messages)",
                 (unsigned long long)b->ph[RC_PH_DIRRD], (unsigned long long)b->ph[RC_PH_DIRWR]);
    ASSERT_EQ(b->ph[RC_PH_DIRRD], 2 * 9);
    ASSERT_EQ(b->ph[RC_PH_DIRWR], 2 * 24);
    /* stage 1: the ALU adds 5 (constant), C driver 0: the recycle buffer with entry 7 */
    fb_send(b, 1, H_ALU, RC_ARG0(7, 0, 0, 0, 1, 64), 0, 5, 0, p, 64);
    ASSERT_TRUE(fb_run_produced(b, 1, 20000) > 0);
    const uint32_t *o = slot_of(b, 1, 0);
    for (int i = 0; i < 64; i++) ASSERT_EQ(o[8 + i], p[i] + 5);
    ASSERT_EQ(o[3], 0x321);
    ASSERT_EQ(o[2], 64u << 16 | 0x0405);
    ASSERT_EQ(o[7], 0xD);
    /* kill entry 7: the next stage-1 message is consumed without a job */
    fb_send(b, 1, RC_FRAME_H, RC_ARG0(7, 0, 0, 0, RC_FOP_KILL, 0), 0, 0, 0, NULL, 0);
    fb_send(b, 1, H_ALU, RC_ARG0(7, 0, 0, 0, 1, 64), 0, 5, 0, p, 64);
    fb_zero_counts(b);
    for (int i = 0; i < 3000; i++) fb_clock(b);
    ASSERT_EQ(RC_ST_KIND(b->o.status), RC_ST_RUN);
    ASSERT_EQ(b->bank[0][RC_DIR_BASE + 7 * RC_DIR_WORDS], RC_FWD_KILLED);
    ASSERT_EQ(b->bank[0][RC_DIR_BASE + 7 * RC_DIR_WORDS + 3], 0);
    ASSERT_EQ(RC_ST_PRODUCED(b->o.status), 1);      /* no second result */
    ASSERT_EQ(slot_of(b, 1, 1)[0], 0);
    ASSERT_EQ(b->bank[0][RC_CTL_DROPS], 1);
    ASSERT_EQ(b->ph[RC_PH_RUN], 0);                 /* no circuit ran */
    ASSERT_EQ(b->bank[0][RC_Q1_BASE + 1], 2 * 16 + 72 + 8 + 72);
    /* set again: it runs again */
    set_entry(b, 1, 7, e7);
    fb_send(b, 1, H_ALU, RC_ARG0(7, 0, 0, 0, 1, 64), 0, 5, 0, p, 64);
    ASSERT_TRUE(fb_run_produced(b, 2, 20000) > 0);
    for (int i = 0; i < 64; i++) ASSERT_EQ(slot_of(b, 1, 1)[8 + i], p[i] + 5);
    ASSERT_EQ(hw_fpga_bad_accesses(b->f, NULL, NULL), 0);
    fb_free(b);
}

TEST(frame, a_killed_entry_drops_a_queue_message_too)
{
    static uint32_t p[16] = {9};
    fbench *b = fb_new(0);
    fb_fwd(b, 4, 0x66, 0, 0, 0, 0);
    fb_send(b, 0, RC_FRAME_H, RC_ARG0(4, 0, 0, 0, RC_FOP_KILL, 0), 0, 0, 0, NULL, 0);
    fb_send(b, 0, H_PASS, RC_ARG0(4, 0, 0, 1, 0, 16), 0, 0, RC_ARG3_QUEUE, p, 16);
    fb_send(b, 0, H_PASS, RC_ARG0(4, 0, 0, 1, 0, 16), 0, 0, RC_ARG3_QUEUE, p, 16);
    for (int i = 0; i < 3000; i++) fb_clock(b);
    ASSERT_EQ(RC_ST_KIND(b->o.status), RC_ST_RUN);
    ASSERT_EQ(RC_ST_PRODUCED(b->o.status), 0);
    ASSERT_EQ(b->bank[0][RC_CTL_DROPS], 2);
    ASSERT_EQ(b->bank[0][RC_Q0_BASE + 1], 8 + 2 * 24);
    ASSERT_EQ(slot_of(b, 0, 0)[0], 0);
    fb_free(b);
}

TEST(frame, bad_frame_ops_stop_with_a_bad_request)
{
    static uint32_t e[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    for (int c = 0; c < 2; c++) {
        fbench *b = fb_new(0);
        if (c == 0) fb_send(b, 0, RC_FRAME_H, RC_ARG0(3, 0, 0, 0, 3, 0), 0, 0, 0, NULL, 0);   /* no such sub-op */
        else fb_send(b, 0, RC_FRAME_H, RC_ARG0(3, 0, 0, 0, RC_FOP_SET, 4), 0, 0, 0, e, 4);  /* 4 words, not 8 */
        ASSERT_TRUE(fb_run_produced(b, 1, 2000) > 0);   /* stops at the fault */
        ASSERT_EQ(RC_ST_KIND(b->o.status), RC_ST_BADREQ);
        ASSERT_EQ(b->bank[0][RC_CTL_FAULT], (uint32_t)RC_ST_BADREQ << 30 | RC_FRAME_H);
        ASSERT_EQ(b->bank[0][RC_DIR_BASE + 3 * RC_DIR_WORDS], 0);   /* the entry untouched */
        fb_free(b);
    }
}
