/* First light: a counted loop runs, halts through the services window and
 * leaves the expected registers and counters. */
#include "../harness/harness.h"
#include "iss_util.h"

TEST(iss_exec, counted_loop_halts)
{
    /* r3 counts 10 down to 0, r9 sums 10+9+...+1 = 55 */
    lanai_core *c = iss_run_src(
        "  mov 10, %r3\n"
        "  mov 0, %r9\n"
        "  add %r9, %r3, %r9\n"        /* 0x08: loop */
        "  sub.f %r3, 1, %r3\n"
        "  bne 0x8\n"
        "  nop\n"
        "  mov 7, %r6\n"
        "  st %r6, " SVC_EXIT "\n", 10000);
    ASSERT_EQ(lanai_state_of(c), LANAI_HALTED);
    ASSERT_EQ(lanai_exit_code(c), 7);
    ASSERT_EQ(lanai_reg(c, 9), 55);
    ASSERT_EQ(lanai_reg(c, 3), 0);
    /* 2 + 10 * 4 + 2 instructions */
    ASSERT_EQ(lanai_insns(c), 44);
    lanai_free(c);
}
