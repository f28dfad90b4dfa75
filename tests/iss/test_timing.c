/* The cycle model: cost = cpi_base + wait states of the access
 * (load_wait / store_wait / partword_store_wait, or mmio_wait for a device)
 * + load_use_stall when reading a register loaded by the previous
 * instruction + taken_branch on a control transfer + pc_load for a load into
 * pc. A test profile with distinct values makes every term identifiable. */
#include "../harness/harness.h"
#include "iss_util.h"

static const lanai_profile T = {
    .name = "timing-test", .id = CHIP_LANAI9, .clock_hz = 100000000, .sram_size = 1u << 16,
    .sreg_base = 0xFFFFFE00u, .cpi_base = 2, .load_use_stall = 3, .taken_branch = 5, .pc_load = 7,
    .load_wait = 11, .store_wait = 13, .partword_store_wait = 17, .mmio_wait = 19,
};
#define CPI T.cpi_base
#define EXIT_COST (T.cpi_base + T.mmio_wait)   /* the exit store goes to the services window */

static uint64_t cycles_of(const char *src)
{
    static uint32_t w[256];
    size_t n = iss_asm(src, w, 256);
    lanai_core *c = lanai_new(&T);
    ASSERT_TRUE(c != NULL);
    iss_put(c, 0, w, n);
    iss_put_word(c, 0x100, 0x40);    /* a pc-load target */
    ASSERT_EQ(lanai_run(c, 100000), LANAI_HALTED);
    uint64_t cy = lanai_cycles(c);
    lanai_free(c);
    return cy;
}

TEST(iss_timing, base_cpi_and_the_exit_store)
{
    ASSERT_EQ(cycles_of("  nop\n nop\n nop\n nop\n  st %r0, " SVC_EXIT "\n"), 4 * CPI + EXIT_COST);
}

TEST(iss_timing, load_use_stall_only_right_after_the_load)
{
    uint64_t ld = CPI + T.load_wait;
    ASSERT_EQ(cycles_of("  mov 0x100, %r6\n  ld 0[%r6], %r3\n  add %r3, 1, %r4\n  st %r0, " SVC_EXIT "\n"),
              CPI + ld + CPI + T.load_use_stall + EXIT_COST);
    ASSERT_EQ(cycles_of("  mov 0x100, %r6\n  ld 0[%r6], %r3\n  nop\n  add %r3, 1, %r4\n  st %r0, " SVC_EXIT "\n"),
              CPI + ld + CPI + CPI + EXIT_COST);
    ASSERT_EQ(cycles_of("  mov 0x100, %r6\n  ld 0[%r6], %r3\n  add %r6, 1, %r4\n  st %r0, " SVC_EXIT "\n"),
              CPI + ld + CPI + EXIT_COST);
    /* the loaded register as store data and as a part-word load's base */
    ASSERT_EQ(cycles_of("  mov 0x100, %r6\n  ld 0[%r6], %r3\n  st %r3, 4[%r6]\n  st %r0, " SVC_EXIT "\n"),
              CPI + ld + CPI + T.store_wait + T.load_use_stall + EXIT_COST);
    ASSERT_EQ(cycles_of("  mov 0x100, %r6\n  ld 0[%r6], %r6\n  uld.b 0[%r6], %r7\n  st %r0, " SVC_EXIT "\n"),
              CPI + ld + ld + T.load_use_stall + EXIT_COST);
}

TEST(iss_timing, store_wait_states_by_size)
{
    ASSERT_EQ(cycles_of("  st %r3, 0x200[%r0]\n  st %r0, " SVC_EXIT "\n"), CPI + T.store_wait + EXIT_COST);
    ASSERT_EQ(cycles_of("  st.b %r3, 0x20[%r0]\n  st %r0, " SVC_EXIT "\n"), CPI + T.partword_store_wait + EXIT_COST);
    ASSERT_EQ(cycles_of("  st.h %r3, 0x20[%r0]\n  st %r0, " SVC_EXIT "\n"), CPI + T.partword_store_wait + EXIT_COST);
}

TEST(iss_timing, taken_branches_and_alu_writes_to_pc)
{
    /* taken: bt 0x8 with its delay slot */
    ASSERT_EQ(cycles_of("  bt 0x8\n  nop\n  st %r0, " SVC_EXIT "\n"), CPI + T.taken_branch + CPI + EXIT_COST);
    /* not taken: Z=0, beq */
    ASSERT_EQ(cycles_of("  sub.f %r0, 1, %r0\n  beq 0x40\n  nop\n  st %r0, " SVC_EXIT "\n"), 3 * CPI + EXIT_COST);
    /* ALU write to pc */
    ASSERT_EQ(cycles_of("  add %r0, 0x8, %pc\n  nop\n  st %r0, " SVC_EXIT "\n"), CPI + T.taken_branch + CPI + EXIT_COST);
    /* predicated write to pc that is not taken costs nothing extra */
    ASSERT_EQ(cycles_of("  sub.f %r0, 0, %r0\n  mov 0x40, %r7\n  bne %r7\n  nop\n  st %r0, " SVC_EXIT "\n"),
              4 * CPI + EXIT_COST);
}

TEST(iss_timing, load_into_pc)
{
    /* ld 0x100 -> pc = 0x40 with two slots; exit at 0x40 */
    const char *src =
        "  mov 0x100, %r6\n"   /* 0x00 */
        "  ld 0[%r6], %pc\n"   /* 0x04 */
        "  nop\n  nop\n"       /* 0x08, 0x0c slots */
        "  nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n"  /* 0x10..0x3c */
        "  st %r0, " SVC_EXIT "\n";   /* 0x40 */
    ASSERT_EQ(cycles_of(src), CPI + (CPI + T.load_wait + T.taken_branch + T.pc_load) + 2 * CPI + EXIT_COST);
}

static int dev_read(void *ctx, uint32_t addr, int size, uint64_t cycle, uint32_t *val)
{
    (void)ctx; (void)addr; (void)size; (void)cycle;
    *val = 1;
    return 0;
}

TEST(iss_timing, device_access_costs_mmio_wait_instead_of_sram_wait)
{
    static uint32_t w[16];
    size_t n = iss_asm("  ld -512[%r0], %r3\n  st %r0, " SVC_EXIT "\n", w, 16);
    lanai_core *c = lanai_new(&T);
    lanai_mmio m = {NULL, dev_read, NULL};
    lanai_set_mmio(c, &m);
    iss_put(c, 0, w, n);
    ASSERT_EQ(lanai_run(c, 1000), LANAI_HALTED);
    ASSERT_EQ(lanai_cycles(c), CPI + T.mmio_wait + EXIT_COST);
    lanai_free(c);
}

TEST(iss_timing, chip_profiles_are_distinct_and_named)
{
    const lanai_profile *p4 = lanai_profile_get("lanai4"), *p9 = lanai_profile_get("lanai9");
    ASSERT_TRUE(p4 && p9);
    ASSERT_TRUE(lanai_profile_get("lanai7") == NULL);
    ASSERT_EQ(p4->clock_hz, 33000000);
    ASSERT_EQ(p9->clock_hz, 133000000);
    ASSERT_EQ(p4->sram_size, 1u << 20);
    ASSERT_EQ(p9->sram_size, 2u << 20);
    ASSERT_EQ(p4->sreg_base, 0xFFFFFF00u);
    ASSERT_EQ(p9->sreg_base, 0xFFFFFE00u);
    ASSERT_EQ(p4->load_use_stall, 1);
    ASSERT_EQ(p9->load_use_stall, 2);
}
