/* Writes whose effect is an event (send or receive DMA start, interval
 * timer load) stop the core right after the instruction, so the driver can
 * run the event first; plain register writes do not. */
#include "../harness/harness.h"
#include "../iss/iss_util.h"
#include "card_fixture.h"

/* Run `body` (preceded by nothing, followed by three adds and exit) on NI 0
 * of a LANai 9 pair; return the instructions executed by the first run. */
static uint64_t first_run_insns(const char *body, int *state)
{
    card_fix x;
    fix_init(&x, "lanai9", 0, NULL);
    static uint32_t w[64];
    size_t n = iss_asm(iss_fmt("%s  add %%r0, 1, %%r20\n  add %%r20, 1, %%r20\n  st %%r0, -524[%%r0]\n", body),
                       w, 64);
    iss_put(x.core[0], 0, w, n);
    *state = lanai_run(x.core[0], 100000);
    uint64_t insns = lanai_insns(x.core[0]);
    fix_free(&x);
    return insns;
}

TEST(card_stop, side_effect_writes_stop_the_core_after_the_instruction)
{
    int st;
    /* SMP = 0x1000, SA = 0, SMLT = 0x1010: the 4th instruction starts a send */
    ASSERT_EQ(first_run_insns("  mov 0x1000, %r3\n  st %r3, -272[%r0]\n  st %r0, -232[%r0]\n"
                              "  mov 0x1010, %r3\n  st %r3, -248[%r0]\n", &st), 5);
    ASSERT_EQ(st, LANAI_RUNNING);
    /* RMP = 0x2000, RML = 0x20fc: posting a buffer */
    ASSERT_EQ(first_run_insns("  mov 0x2000, %r3\n  st %r3, -288[%r0]\n  mov 0x20fc, %r3\n"
                              "  st %r3, -280[%r0]\n", &st), 4);
    ASSERT_EQ(st, LANAI_RUNNING);
    /* IT1 = 10 */
    ASSERT_EQ(first_run_insns("  mov 10, %r3\n  st %r3, -320[%r0]\n", &st), 2);
    ASSERT_EQ(st, LANAI_RUNNING);
    /* LED, EIMR, RTC and ISR writes act at once: no stop */
    ASSERT_EQ(first_run_insns("  mov 5, %r3\n  st %r3, -192[%r0]\n  st %r3, -424[%r0]\n  st %r3, -408[%r0]\n"
                              "  st %r3, -432[%r0]\n", &st), 8);
    ASSERT_EQ(st, LANAI_HALTED);
}
