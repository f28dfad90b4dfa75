/* Memory access (lanai-hardware.md §1.3, §1.7): the P/Q modes of RM, RRM
 * and SPLS, part-word sign/zero extension, big-endian byte lanes, SLS
 * ignoring the low address bits, and base writeback against rd. */
#include "../harness/harness.h"
#include "iss_util.h"

static lanai_core *run(const char *src)
{
    lanai_core *c = iss_core("lanai9");
    static uint32_t w[1024];
    size_t n = iss_asm(src, w, 1024);
    iss_put(c, 0, w, n);
    /* data the programs read: 0x100.. = 11223344 8899aabb 7f80ff01 */
    iss_put_word(c, 0x100, 0x11223344);
    iss_put_word(c, 0x104, 0x8899AABB);
    iss_put_word(c, 0x108, 0x7F80FF01);
    lanai_run(c, 100000);
    if (lanai_state_of(c) != LANAI_HALTED) {
        lanai_report_fault(c, stderr);
        harness_fail(__FILE__, __LINE__, "program did not halt");
    }
    return c;
}

TEST(iss_mem, rm_addressing_modes)
{
    lanai_core *c = run(
        "  mov 0x100, %r6\n"
        "  ld 4[%r6], %r3\n"          /* P=1 Q=0: 0x104, r6 unchanged */
        "  ld [%r6++], %r7\n"         /* P=0 Q=1: 0x100, then r6 = 0x104 */
        "  add %r6, 0, %r12\n"
        "  ld [++%r6], %r9\n"         /* P=1 Q=1: r6 = 0x108, load 0x108 */
        "  add %r6, 0, %r13\n"
        "  ld -8[%r6], %r14\n"        /* 0x100 */
        "  st %r0, " SVC_EXIT "\n");
    ASSERT_EQ(lanai_reg(c, 3), 0x8899AABB);
    ASSERT_EQ(lanai_reg(c, 7), 0x11223344);
    ASSERT_EQ(lanai_reg(c, 12), 0x104);
    ASSERT_EQ(lanai_reg(c, 9), 0x7F80FF01);
    ASSERT_EQ(lanai_reg(c, 13), 0x108);
    ASSERT_EQ(lanai_reg(c, 14), 0x11223344);
    lanai_free(c);
}

TEST(iss_mem, rm_pq00_ignores_displacement_and_stores_predecrement)
{
    iss_prog p = {.n = 0};
    iss_emit(&p, E_RI(0, 6, 0, 0, 0, 0x100));          /* r6 = 0x100 */
    iss_emit(&p, E_RM(0, 3, 6, 0, 0, 8));              /* P=Q=0, disp 8 ignored: ld [r6] */
    iss_emit(&p, E_RI(0, 4, 0, 0, 0, 0x200));          /* r4 = 0x200 */
    iss_emit(&p, E_RM(1, 4, 4, 1, 1, 0xFFFC));         /* st r4, [--r4]: stores the old 0x200 at 0x1fc */
    iss_emit(&p, E_RM(1, 3, 4, 0, 1, 0xFFFC));         /* st r3, [r4--]: at 0x1fc, r4 = 0x1f8 */
    iss_emit(&p, E_EXIT);
    lanai_core *c = iss_core("lanai4");
    iss_put_word(c, 0x100, 0xCAFEF00D);
    ASSERT_EQ(iss_run_prog(c, &p, 1000), LANAI_HALTED);
    ASSERT_EQ(lanai_reg(c, 3), 0xCAFEF00D);
    ASSERT_EQ(lanai_reg(c, 4), 0x1F8);
    ASSERT_EQ(iss_get_word(c, 0x1FC), 0xCAFEF00D);
    lanai_free(c);
}

TEST(iss_mem, load_writeback_to_the_loaded_register_loaded_value_wins)
{
    lanai_core *c = run(
        "  mov 0x100, %r6\n"
        "  ld [%r6++], %r6\n"
        "  mov 0x104, %r7\n"
        "  ld.h [%r7++], %r7\n"
        "  st %r0, " SVC_EXIT "\n");
    ASSERT_EQ(lanai_reg(c, 6), 0x11223344);
    ASSERT_EQ(lanai_reg(c, 7), 0xFFFF8899);
    lanai_free(c);
}

TEST(iss_mem, part_word_extension_and_big_endian_lanes)
{
    lanai_core *c = run(
        "  mov 0x108, %r6\n"
        "  ld.b 0[%r6], %r3\n"        /* 0x7f */
        "  ld.b 1[%r6], %r7\n"        /* 0x80 -> sign */
        "  uld.b 1[%r6], %r9\n"
        "  ld.h 2[%r6], %r12\n"       /* 0xff01 -> sign */
        "  uld.h 2[%r6], %r13\n"
        "  ld.h 0[%r6], %r14\n"       /* 0x7f80 */
        "  mov 0x100, %r16\n"
        "  mov 0x55, %r17\n"
        "  st.b %r17, 2[%r16]\n"      /* 11 22 55 44 */
        "  mov 0xabcd, %r17\n"
        "  st.h %r17, 4[%r16]\n"      /* abcd aabb */
        "  st %r0, " SVC_EXIT "\n");
    ASSERT_EQ(lanai_reg(c, 3), 0x7F);
    ASSERT_EQ(lanai_reg(c, 7), 0xFFFFFF80);
    ASSERT_EQ(lanai_reg(c, 9), 0x80);
    ASSERT_EQ(lanai_reg(c, 12), 0xFFFFFF01);
    ASSERT_EQ(lanai_reg(c, 13), 0xFF01);
    ASSERT_EQ(lanai_reg(c, 14), 0x7F80);
    ASSERT_EQ(iss_get_word(c, 0x100), 0x11225544);
    ASSERT_EQ(iss_get_word(c, 0x104), 0xABCDAABB);
    const uint8_t *m = lanai_sram(c);
    ASSERT_EQ(m[0x104], 0xAB);   /* most significant byte at the lowest address */
    lanai_free(c);
}

TEST(iss_mem, rrm_operators_and_modes)
{
    lanai_core *c = run(
        "  mov 0x100, %r6\n"
        "  mov 4, %r7\n"
        "  ld [%r6 add %r7], %r3\n"   /* 0x104 */
        "  mov 0x10c, %r16\n"
        "  ld [%r16 sub %r7], %r9\n"  /* 0x108 */
        "  mov 0x40, %r17\n"
        "  mov 2, %r18\n"
        "  ld [%r17 sh %r18], %r12\n" /* 0x40 << 2 = 0x100 */
        "  ld [%r6* add %r7], %r13\n" /* post: load 0x100, then r6 = 0x104 */
        "  add %r6, 0, %r14\n"
        "  ld [*%r6 add %r7], %r19\n" /* pre: r6 = 0x108, load there */
        "  add %r6, 0, %r20\n"
        "  mov 0x101, %r22\n"
        "  uld.b [%r22 add %r0], %r23\n"  /* 0x22 */
        "  ld.h [%r22 add %r22], %r24\n"  /* unused address 0x202: zero */
        "  mov 0x100, %r25\n"
        "  ld.h [%r25 add %r18], %r26\n"  /* 0x3344 */
        "  mov 0xee, %r27\n"
        "  st.b %r27, [%r25 add %r7]\n"   /* byte at 0x104 */
        "  st %r0, " SVC_EXIT "\n");
    ASSERT_EQ(lanai_reg(c, 3), 0x8899AABB);
    ASSERT_EQ(lanai_reg(c, 9), 0x7F80FF01);
    ASSERT_EQ(lanai_reg(c, 12), 0x11223344);
    ASSERT_EQ(lanai_reg(c, 13), 0x11223344);
    ASSERT_EQ(lanai_reg(c, 14), 0x104);
    ASSERT_EQ(lanai_reg(c, 19), 0x7F80FF01);
    ASSERT_EQ(lanai_reg(c, 20), 0x108);
    ASSERT_EQ(lanai_reg(c, 23), 0x22);
    ASSERT_EQ(lanai_reg(c, 24), 0);
    ASSERT_EQ(lanai_reg(c, 26), 0x3344);
    ASSERT_EQ(iss_get_word(c, 0x104), 0xEE99AABB);
    lanai_free(c);
}

TEST(iss_mem, spls_increment_forms_and_sls_absolute)
{
    lanai_core *c = run(
        "  mov 0x104, %r6\n"
        "  ld.h [%r6++], %r3\n"       /* 0x8899 -> sign, r6 = 0x106 */
        "  uld.b [--%r6], %r7\n"      /* r6 = 0x105, 0x99 */
        "  add %r6, 0, %r9\n"
        "  mov 0x5a, %r12\n"
        "  st.b %r12, [%r6++]\n"      /* 0x105 = 5a, r6 = 0x106 */
        "  add %r6, 0, %r13\n"
        "  .long 0xf7000102\n"         /* SLS ld [0x102], %r14: low two bits ignored -> 0x100 */
        "  mov 0x600d, %r16\n"
        "  .long 0xf801010c\n"         /* SLS st %r16, [0x10c] */
        "  st %r0, " SVC_EXIT "\n");
    ASSERT_EQ(lanai_reg(c, 3), 0xFFFF8899);
    ASSERT_EQ(lanai_reg(c, 7), 0x99);
    ASSERT_EQ(lanai_reg(c, 9), 0x105);
    ASSERT_EQ(lanai_reg(c, 13), 0x106);
    ASSERT_EQ(iss_get_word(c, 0x104), 0x885AAABB);
    ASSERT_EQ(lanai_reg(c, 14), 0x11223344);
    ASSERT_EQ(iss_get_word(c, 0x10C), 0x600D);
    lanai_free(c);
}
