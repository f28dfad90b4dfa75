/* The pre-decode cache never runs a stale instruction: stores by the core
 * invalidate decoded words, and external writers report through
 * lanai_sram_written(). */
#include "../harness/harness.h"
#include "iss_util.h"

TEST(iss_cache, self_modifying_code_executes_the_new_word)
{
    iss_prog p = {.n = 0};
    iss_mov32(&p, 12, E_RI(0, 9, 0, 0, 0, 2));          /* 0x00: r12 = "mov 2, r9" */
    iss_emit(&p, E_RI(0, 9, 0, 0, 0, 1));               /* 0x08: mov 1, r9  <- patched */
    iss_emit(&p, E_RR(0, 13, 13, 9, 0, 0, 0));          /* 0x0c: r13 += r9 */
    iss_emit(&p, E_RI(0, 3, 3, 0, 0, 1));               /* 0x10: r3++ */
    iss_emit(&p, E_RI(2, 0, 3, 1, 0, 2));               /* 0x14: sub.f r3, 2 */
    iss_emit(&p, E_BR(7, 0x2C));                        /* 0x18: beq done */
    iss_emit(&p, E_NOP);                                /* 0x1c */
    iss_emit(&p, E_RM(1, 12, 0, 1, 0, 0x08));           /* 0x20: st r12, 8[r0] */
    iss_emit(&p, E_BR(0, 0x08));                        /* 0x24: bt 0x08 */
    iss_emit(&p, E_NOP);                                /* 0x28 */
    iss_emit(&p, E_EXIT);                               /* 0x2c */
    lanai_core *c = iss_core("lanai9");
    ASSERT_EQ(iss_run_prog(c, &p, 10000), LANAI_HALTED);
    ASSERT_EQ(lanai_reg(c, 9), 2);
    ASSERT_EQ(lanai_reg(c, 13), 1 + 2);
    lanai_free(c);
}

TEST(iss_cache, part_word_store_into_code_invalidates_too)
{
    /* "mov 1, r9" = 0x04800001; a byte store of 0x05 at 0x0b makes it "mov 5, r9" */
    iss_prog p = {.n = 0};
    iss_emit(&p, E_RI(0, 12, 0, 0, 0, 5));              /* 0x00 r12 = 5 */
    iss_emit(&p, E_RI(0, 9, 0, 0, 0, 1));               /* 0x04 mov 1, r9 */
    iss_emit(&p, E_RI(0, 3, 3, 0, 0, 1));               /* 0x08 r3++ */
    iss_emit(&p, E_RI(2, 0, 3, 1, 0, 2));               /* 0x0c sub.f r3, 2 */
    iss_emit(&p, E_BR(7, 0x24));                        /* 0x10 beq done */
    iss_emit(&p, E_NOP);                                /* 0x14 */
    iss_emit(&p, 0xF0000000u | 12u << 23 | 3u << 16 | 1u << 14 | 1u << 13 | 1u << 11 | 7u); /* 0x18 st.b r12, 7[r0] */
    iss_emit(&p, E_BR(0, 0x04));                        /* 0x1c bt 0x04 */
    iss_emit(&p, E_NOP);                                /* 0x20 */
    iss_emit(&p, E_EXIT);                               /* 0x24 */
    lanai_core *c = iss_core("lanai4");
    ASSERT_EQ(iss_run_prog(c, &p, 10000), LANAI_HALTED);
    ASSERT_EQ(lanai_reg(c, 9), 5);
    lanai_free(c);
}

TEST(iss_cache, external_writes_reported_with_sram_written)
{
    iss_prog p = {.n = 0};
    iss_emit(&p, E_RI(0, 9, 0, 0, 0, 5));               /* 0x00 mov 5, r9 */
    iss_emit(&p, E_BR(0, 0));                           /* 0x04 bt 0 */
    iss_emit(&p, E_NOP);
    lanai_core *c = iss_core("lanai9");
    ASSERT_EQ(iss_run_prog(c, &p, 50), LANAI_RUNNING);
    ASSERT_EQ(lanai_reg(c, 9), 5);
    uint8_t *m = lanai_sram(c);
    m[3] = 7;                                           /* now "mov 7, r9" */
    lanai_sram_written(c, 0, 4);
    ASSERT_EQ(lanai_run(c, 100), LANAI_RUNNING);
    ASSERT_EQ(lanai_reg(c, 9), 7);
    lanai_free(c);
}
