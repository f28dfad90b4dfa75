/* Control transfer (lanai-hardware.md §1.8): one delay slot for branches
 * and ALU writes to pc, two for loads into pc, the value of pc when read,
 * the call/return sequence of §3.1, and the next-pc queue for a branch in a
 * delay slot. */
#include "../harness/harness.h"
#include "iss_util.h"

static lanai_core *run(const char *src)
{
    lanai_core *c = iss_run_src(src, 100000);
    if (lanai_state_of(c) != LANAI_HALTED) {
        lanai_report_fault(c, stderr);
        harness_fail(__FILE__, __LINE__, "program did not halt (state %d)", lanai_state_of(c));
    }
    return c;
}

TEST(iss_control, branch_has_one_delay_slot)
{
    lanai_core *c = run(
        "  bt 0x10\n"                 /* 0x00 */
        "  add %r3, 1, %r3\n"         /* 0x04 delay slot: runs */
        "  add %r4, 1, %r4\n"         /* 0x08 skipped */
        "  add %r4, 1, %r4\n"         /* 0x0c skipped */
        "  sub.f %r0, 1, %r0\n"       /* 0x10: Z=0 */
        "  beq 0x24\n"                /* 0x14 not taken */
        "  add %r5, 1, %r5\n"         /* 0x18 delay slot: runs */
        "  add %r6, 1, %r6\n"         /* 0x1c fall-through: runs */
        "  st %r0, " SVC_EXIT "\n"    /* 0x20 */
        "  st %r0, " SVC_EXIT "\n");
    ASSERT_EQ(lanai_reg(c, 3), 1);
    ASSERT_EQ(lanai_reg(c, 4), 0);
    ASSERT_EQ(lanai_reg(c, 5), 1);
    ASSERT_EQ(lanai_reg(c, 6), 1);
    lanai_free(c);
}

TEST(iss_control, alu_write_to_pc_has_one_delay_slot)
{
    lanai_core *c = run(
        "  mov 0x18, %r7\n"           /* 0x00 */
        "  or %r0, %r7, %pc\n"        /* 0x04 bt %r7 */
        "  add %r3, 1, %r3\n"         /* 0x08 delay slot */
        "  add %r4, 1, %r4\n"         /* 0x0c skipped */
        "  add %r4, 1, %r4\n"         /* 0x10 skipped */
        "  add %r4, 1, %r4\n"         /* 0x14 skipped */
        "  add %r0, 0x28, %pc\n"      /* 0x18 RI write to pc */
        "  add %r5, 1, %r5\n"         /* 0x1c delay slot */
        "  add %r4, 1, %r4\n"         /* 0x20 skipped */
        "  add %r4, 1, %r4\n"         /* 0x24 skipped */
        "  st %r0, " SVC_EXIT "\n");  /* 0x28 */
    ASSERT_EQ(lanai_reg(c, 3), 1);
    ASSERT_EQ(lanai_reg(c, 5), 1);
    ASSERT_EQ(lanai_reg(c, 4), 0);
    lanai_free(c);
}

TEST(iss_control, load_into_pc_has_two_delay_slots)
{
    lanai_core *c = run(
        "  mov 0x100, %r6\n"          /* 0x00 */
        "  mov 0x1c, %r7\n"           /* 0x04 */
        "  st %r7, 0[%r6]\n"          /* 0x08 */
        "  ld 0[%r6], %pc\n"          /* 0x0c */
        "  add %r3, 1, %r3\n"         /* 0x10 slot 1 */
        "  add %r4, 1, %r4\n"         /* 0x14 slot 2 */
        "  add %r5, 1, %r5\n"         /* 0x18 skipped */
        "  st %r0, " SVC_EXIT "\n");  /* 0x1c */
    ASSERT_EQ(lanai_reg(c, 3), 1);
    ASSERT_EQ(lanai_reg(c, 4), 1);
    ASSERT_EQ(lanai_reg(c, 5), 0);
    lanai_free(c);
}

TEST(iss_control, reading_pc_gives_the_reading_instruction)
{
    lanai_core *c = run(
        "  nop\n"                     /* 0x00 */
        "  add %pc, 0, %r3\n"         /* 0x04 */
        "  add %pc, 0x10, %rca\n"     /* 0x08 */
        "  mov 0x200, %r6\n"          /* 0x0c */
        "  st %pc, 4[%r6]\n"          /* 0x10 */
        "  or %pc, %r0, %r9\n"        /* 0x14 RR read */
        "  ld 4[%r6], %r7\n"          /* 0x18 */
        "  st %r0, " SVC_EXIT "\n");
    ASSERT_EQ(lanai_reg(c, 3), 0x04);
    ASSERT_EQ(lanai_reg(c, 15), 0x18);
    ASSERT_EQ(lanai_reg(c, 7), 0x10);
    ASSERT_EQ(lanai_reg(c, 9), 0x14);
    lanai_free(c);
}

TEST(iss_control, call_and_return_sequence_of_section_3_1)
{
    /* main at 0: sp = fp = 0x1000; call f at 0x40; f returns 42 in rv */
    lanai_core *c = run(
        "  mov 0x1000, %sp\n"         /* 0x00 */
        "  mov 0x1000, %fp\n"         /* 0x04 */
        "  add %pc, 0x10, %rca\n"     /* 0x08 link = 0x18 */
        "  st %rca, [--%sp]\n"        /* 0x0c */
        "  bt 0x40\n"                 /* 0x10 */
        "  mov 1, %r3\n"              /* 0x14 delay slot */
        "  add %rv, 0, %r9\n"         /* 0x18 return point */
        "  st %r0, " SVC_EXIT "\n"    /* 0x1c */
        "  nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n"   /* 0x20..0x3c */
        "  st %fp, [--%sp]\n"         /* 0x40 f: prologue */
        "  add %sp, 0x8, %fp\n"
        "  sub %sp, 0x10, %sp\n"
        "  mov 42, %rv\n"
        "  ld -4[%fp], %pc ! return\n"
        "  add %fp, 0x0, %sp\n"       /* slot 1 */
        "  ld -8[%fp], %fp\n");       /* slot 2 */
    ASSERT_EQ(lanai_reg(c, 9), 42);
    ASSERT_EQ(lanai_reg(c, 3), 1);
    ASSERT_EQ(lanai_reg(c, 4), 0x1000);   /* sp restored: callee popped the link too */
    ASSERT_EQ(lanai_reg(c, 5), 0x1000);   /* fp restored */
    ASSERT_EQ(iss_get_word(c, 0x1000 - 4), 0x18);
    lanai_free(c);
}

TEST(iss_control, branch_in_delay_slot_follows_the_queue)
{
    /* bt A; bt B  -> executes A (one instruction), then continues at B */
    lanai_core *c = run(
        "  bt 0x20\n"                 /* 0x00 */
        "  bt 0x30\n"                 /* 0x04 in the delay slot */
        "  add %r7, 1, %r7\n"         /* 0x08 skipped */
        "  nop\n nop\n nop\n nop\n nop\n"   /* 0x0c..0x1c */
        "  add %r3, 1, %r3\n"         /* 0x20 A: runs once */
        "  add %r4, 1, %r4\n"         /* 0x24 skipped */
        "  nop\n nop\n"               /* 0x28, 0x2c */
        "  add %r5, 1, %r5\n"         /* 0x30 B */
        "  st %r0, " SVC_EXIT "\n");
    ASSERT_EQ(lanai_reg(c, 3), 1);
    ASSERT_EQ(lanai_reg(c, 4), 0);
    ASSERT_EQ(lanai_reg(c, 5), 1);
    ASSERT_EQ(lanai_reg(c, 7), 0);
    lanai_free(c);
}

TEST(iss_control, branch_in_second_slot_of_a_pc_load)
{
    /* ld ->pc T (2 slots), slot 2 is "bt B": T runs for one instruction, then B */
    lanai_core *c = run(
        "  mov 0x100, %r6\n"          /* 0x00 */
        "  mov 0x30, %r7\n"           /* 0x04 T */
        "  st %r7, 0[%r6]\n"          /* 0x08 */
        "  ld 0[%r6], %pc\n"          /* 0x0c */
        "  add %r3, 1, %r3\n"         /* 0x10 slot 1 */
        "  bt 0x40\n"                 /* 0x14 slot 2 */
        "  add %r9, 1, %r9\n"         /* 0x18 skipped */
        "  nop\n nop\n nop\n nop\n nop\n"  /* 0x1c..0x2c */
        "  add %r4, 1, %r4\n"         /* 0x30 T: the branch's delay slot */
        "  add %r9, 1, %r9\n"         /* 0x34 skipped */
        "  nop\n nop\n"               /* 0x38, 0x3c */
        "  st %r0, " SVC_EXIT "\n");  /* 0x40 B */
    ASSERT_EQ(lanai_reg(c, 3), 1);
    ASSERT_EQ(lanai_reg(c, 4), 1);
    ASSERT_EQ(lanai_reg(c, 9), 0);
    lanai_free(c);
}

TEST(iss_control, predicated_write_to_pc_not_taken_and_brr)
{
    lanai_core *c = run(
        "  sub.f %r0, 0, %r0\n"       /* 0x00 Z=1 */
        "  mov 0x40, %r7\n"           /* 0x04 */
        "  bne %r7\n"                 /* 0x08 not taken */
        "  nop\n"                     /* 0x0c */
        "  add %r3, 1, %r3\n"         /* 0x10 runs */
        "  beq.r 0x10\n"              /* 0x14 taken: 0x14 + 0x10 = 0x24 */
        "  add %r4, 1, %r4\n"         /* 0x18 delay slot */
        "  add %r5, 1, %r5\n"         /* 0x1c skipped */
        "  add %r5, 1, %r5\n"         /* 0x20 skipped */
        "  st %r0, " SVC_EXIT "\n");  /* 0x24 */
    ASSERT_EQ(lanai_reg(c, 3), 1);
    ASSERT_EQ(lanai_reg(c, 4), 1);
    ASSERT_EQ(lanai_reg(c, 5), 0);
    lanai_free(c);
}
