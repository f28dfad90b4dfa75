/* lanai_run stops at the cycle limit and continues exactly where it left
 * off: running in small slices gives the same final state as one run. */
#include "../harness/harness.h"
#include "iss_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A loop with loads, stores, part-word access, calls and returns. */
static const char *prog =
    "  mov 0x4000, %sp\n"           /* 0x00 */
    "  mov 0x4000, %fp\n"           /* 0x04 */
    "  mov 200, %r16\n"             /* 0x08 (r18 = 0x300 set by the caller) */
    "  add %pc, 0x10, %rca\n"       /* 0x0c loop: call f */
    "  st %rca, [--%sp]\n"          /* 0x10 */
    "  bt 0x60\n"                   /* 0x14 */
    "  add %r17, %r16, %r17\n"      /* 0x18 delay slot */
    "  sub.f %r16, 1, %r16\n"       /* 0x1c return point */
    "  bne 0x0c\n"                  /* 0x20 */
    "  st.b %r17, [%r18 add %r16]\n" /* 0x24 delay slot */
    "  st %r0, " SVC_EXIT "\n"      /* 0x28 */
    "  nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n"   /* 0x2c..0x5c */
    ISS_CALLEE_F;   /* 0x60 f */

TEST(iss_run, slices_give_the_same_result_as_one_run)
{
    static uint32_t w[256];
    size_t n = iss_asm(prog, w, 256);
    lanai_core *ref = iss_core("lanai9");
    iss_put(ref, 0, w, n);
    lanai_set_reg(ref, 18, 0x300);
    ASSERT_EQ(lanai_run(ref, 1000000), LANAI_HALTED);
    const lanai_profile *p = lanai_profile_of(ref);
    uint64_t maxcost = p->cpi_base + p->load_use_stall + p->taken_branch + p->pc_load + p->mmio_wait + 32;

    for (uint64_t slice = 1; slice <= 13; slice += 4) {
        lanai_core *c = iss_core("lanai9");
        iss_put(c, 0, w, n);
        lanai_set_reg(c, 18, 0x300);
        uint64_t limit = 0;
        int stops = 0;
        while (lanai_state_of(c) == LANAI_RUNNING && limit < 1000000) {
            limit += slice;
            if (lanai_run(c, limit) == LANAI_RUNNING) {
                stops++;
                ASSERT_TRUE(lanai_cycles(c) >= limit);
                ASSERT_TRUE(lanai_cycles(c) < limit + maxcost);
            }
        }
        ASSERT_EQ(lanai_state_of(c), LANAI_HALTED);
        ASSERT_TRUE(stops > 100);
        ASSERT_EQ(lanai_cycles(c), lanai_cycles(ref));
        ASSERT_EQ(lanai_insns(c), lanai_insns(ref));
        for (int r = 0; r < 32; r++) ASSERT_EQ(lanai_reg(c, r), lanai_reg(ref, r));
        ASSERT_MEM_EQ(lanai_sram(c), lanai_sram(ref), 0x8000);
        lanai_free(c);
    }
    harness_note("reference: %llu instructions, %llu cycles", (unsigned long long)lanai_insns(ref),
                 (unsigned long long)lanai_cycles(ref));
    lanai_free(ref);
}

TEST(iss_run, stops_exactly_at_the_limit_with_unit_costs)
{
    static const lanai_profile unit = {
        .name = "unit", .id = CHIP_LANAI9, .clock_hz = 1000000, .sram_size = 1u << 16,
        .sreg_base = 0xFFFFFE00u, .cpi_base = 1,
    };
    static uint32_t w[256];
    size_t n = iss_asm(prog, w, 256);
    lanai_core *c = lanai_new(&unit);
    iss_put(c, 0, w, n);
    lanai_set_reg(c, 18, 0x300);
    ASSERT_EQ(lanai_run(c, 37), LANAI_RUNNING);
    ASSERT_EQ(lanai_cycles(c), 37);
    ASSERT_EQ(lanai_insns(c), 37);
    ASSERT_EQ(lanai_run(c, 37), LANAI_RUNNING);     /* nothing to do */
    ASSERT_EQ(lanai_insns(c), 37);
    ASSERT_EQ(lanai_run(c, 38), LANAI_RUNNING);
    ASSERT_EQ(lanai_cycles(c), 38);
    ASSERT_EQ(lanai_run(c, 1000000), LANAI_HALTED);
    lanai_free(c);
}

TEST(iss_run, tracing_does_not_change_the_result)
{
    static uint32_t w[256];
    size_t n = iss_asm(prog, w, 256);
    lanai_core *a = iss_core("lanai4"), *b = iss_core("lanai4");
    iss_put(a, 0, w, n);
    iss_put(b, 0, w, n);
    lanai_set_reg(a, 18, 0x300);
    lanai_set_reg(b, 18, 0x300);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    lanai_set_trace(b, f);
    ASSERT_EQ(lanai_run(a, 1000000), LANAI_HALTED);
    ASSERT_EQ(lanai_run(b, 1000000), LANAI_HALTED);
    fclose(f);
    ASSERT_EQ(lanai_cycles(a), lanai_cycles(b));
    ASSERT_EQ(lanai_insns(a), lanai_insns(b));
    size_t lines = 0;
    for (size_t i = 0; i < len; i++) lines += buf[i] == '\n';
    ASSERT_EQ(lines, lanai_insns(b));      /* one line per executed instruction */
    free(buf);
    lanai_free(a);
    lanai_free(b);
}
