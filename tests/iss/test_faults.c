/* Every fault cause stops the core (never the process) with a report that
 * names the chip, pc, instruction and its disassembly, cause and address. */
#include "../harness/harness.h"
#include "iss_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *report(lanai_core *c)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    lanai_report_fault(c, f);
    fclose(f);
    return buf;
}

static void expect_in(const char *text, const char *what)
{
    if (!strstr(text, what)) harness_fail(__FILE__, __LINE__, "report lacks \"%s\":\n%s", what, text);
}

static lanai_core *fault_of(const char *src, lanai_fault_cause cause, uint32_t pc, uint32_t addr)
{
    lanai_core *c = iss_run_src(src, 100000);
    ASSERT_EQ(lanai_state_of(c), LANAI_FAULTED);
    const lanai_fault *f = lanai_fault_info(c);
    ASSERT_EQ(f->cause, cause);
    ASSERT_EQ(f->pc, pc);
    ASSERT_EQ(f->addr, addr);
    ASSERT_EQ(lanai_pc(c), pc);
    /* a faulted core stays stopped */
    ASSERT_EQ(lanai_run(c, 1000000), LANAI_FAULTED);
    return c;
}

TEST(iss_fault, illegal_instruction)
{
    lanai_core *c = fault_of("  nop\n  .long 0xffffffff\n", FAULT_ILLEGAL, 4, 4);
    char *r = report(c);
    expect_in(r, "lanai9");
    expect_in(r, "illegal instruction");
    expect_in(r, "pc:          0x00000004");
    expect_in(r, "0xffffffff  <unknown>");
    free(r);
    lanai_free(c);
}

TEST(iss_fault, bus_error_outside_sram_and_windows)
{
    lanai_core *c = fault_of("  mov 0x80000000, %r6\n  ld 0[%r6], %r3\n", FAULT_BUS, 4, 0x80000000);
    char *r = report(c);
    expect_in(r, "bus error");
    expect_in(r, "ld 0[%r6], %r3");
    expect_in(r, "address:     0x80000000");
    free(r);
    lanai_free(c);
    /* just past the end of SRAM (2 MB) */
    c = fault_of("  mov 0x200000, %r6\n  st %r3, 0[%r6]\n", FAULT_BUS, 4, 0x200000);
    lanai_free(c);
}

TEST(iss_fault, misaligned_word_and_half)
{
    lanai_core *c = fault_of("  mov 0x102, %r6\n  ld 0[%r6], %r3\n", FAULT_MISALIGNED, 4, 0x102);
    char *r = report(c);
    expect_in(r, "misaligned");
    expect_in(r, "word access at 0x00000102");
    free(r);
    lanai_free(c);
    c = fault_of("  mov 0x101, %r6\n  st.h %r3, 0[%r6]\n", FAULT_MISALIGNED, 4, 0x101);
    lanai_free(c);
    c = fault_of("  mov 0x103, %r6\n  ld.h [%r6 add %r0], %r3\n", FAULT_MISALIGNED, 4, 0x103);
    lanai_free(c);
}

TEST(iss_fault, fetch_outside_sram_and_misaligned_pc)
{
    /* branch to 16 MB (beyond 2 MB SRAM): the fault is at the target */
    lanai_core *c = fault_of("  bt 0x1000000\n  nop\n", FAULT_FETCH, 0x1000000, 0x1000000);
    char *r = report(c);
    expect_in(r, "instruction fetch");
    expect_in(r, "pc:          0x01000000");
    free(r);
    lanai_free(c);
    c = fault_of("  add %r0, 0x102, %pc\n  nop\n", FAULT_FETCH, 0x102, 0x102);
    lanai_free(c);
}

TEST(iss_fault, running_off_the_end_of_sram)
{
    lanai_core *c = iss_core("lanai4");
    iss_put_word(c, lanai_sram_size(c) - 4, E_NOP);
    lanai_set_reg(c, 2, lanai_sram_size(c) - 4);
    ASSERT_EQ(lanai_run(c, 100), LANAI_FAULTED);
    ASSERT_EQ(lanai_fault_info(c)->cause, FAULT_FETCH);
    ASSERT_EQ(lanai_fault_info(c)->pc, lanai_sram_size(c));
    ASSERT_EQ(lanai_insns(c), 1);          /* the failed fetch is not an instruction */
    lanai_free(c);
}

TEST(iss_fault, firmware_assertion_with_message)
{
    lanai_core *c = iss_core("lanai9");
    static uint32_t w[64];
    size_t n = iss_asm("  mov 0x400, %r6\n  nop\n  st %r6, " SVC_ASSERT "\n  nop\n", w, 64);
    iss_put(c, 0, w, n);
    static const char text[] = "queue.c:42: head != tail";
    memcpy(lanai_sram(c) + 0x400, text, sizeof text);
    ASSERT_EQ(lanai_run(c, 1000), LANAI_FAULTED);
    const lanai_fault *f = lanai_fault_info(c);
    ASSERT_EQ(f->cause, FAULT_ASSERT);
    ASSERT_EQ(f->pc, 8);
    ASSERT_EQ(f->addr, 0x400);
    ASSERT_STR_EQ(f->msg, "queue.c:42: head != tail");
    char *r = report(c);
    expect_in(r, "assertion");
    expect_in(r, "message:     queue.c:42: head != tail");
    free(r);
    lanai_free(c);
}

static int refuse_write(void *ctx, uint32_t addr, int size, uint64_t cycle, uint32_t val)
{
    (void)ctx; (void)addr; (void)size; (void)cycle; (void)val;
    return -2;
}

TEST(iss_fault, device_refusal_and_unmapped_hook)
{
    lanai_core *c = iss_core("lanai9");
    lanai_mmio m = {NULL, NULL, refuse_write};
    lanai_set_mmio(c, &m);
    static uint32_t w[64];
    size_t n = iss_asm("  nop\n  st %r3, -512[%r0]\n  ld -508[%r0], %r3\n", w, 64);
    iss_put(c, 0, w, n);
    ASSERT_EQ(lanai_run(c, 1000), LANAI_FAULTED);
    ASSERT_EQ(lanai_fault_info(c)->cause, FAULT_DEVICE);
    ASSERT_EQ(lanai_fault_info(c)->addr, 0xFFFFFE00);
    char *r = report(c);
    expect_in(r, "refused");
    free(r);
    /* no read hook: the read is a bus error */
    lanai_reset(c);
    iss_put_word(c, 4, E_NOP);
    ASSERT_EQ(lanai_run(c, 1000), LANAI_FAULTED);
    ASSERT_EQ(lanai_fault_info(c)->cause, FAULT_BUS);
    ASSERT_EQ(lanai_fault_info(c)->addr, 0xFFFFFE04);
    lanai_free(c);
}
