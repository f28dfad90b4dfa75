/* The per-PC cycle profile (model/lanai/pcprof.h): counts and cycles per
 * instruction follow the cycle model's definition (a test profile with
 * distinct costs makes each term visible), the profile adds up to the
 * core's cycle count, profiling changes no cycle or instruction count, and
 * MYRISIM_LANAI_PROF writes one file per core. */
#include "../harness/harness.h"
#include "../iss/iss_util.h"
#include "../../model/lanai/pcprof.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const lanai_profile T = {
    .name = "pcprof-test", .id = CHIP_LANAI9, .clock_hz = 100000000, .sram_size = 1u << 16,
    .sreg_base = 0xFFFFFE00u, .cpi_base = 2, .load_use_stall = 3, .taken_branch = 5, .pc_load = 7,
    .load_wait = 11, .store_wait = 13, .partword_store_wait = 17, .mmio_wait = 19,
};

/* pc 0 mov; 4 sub.f (loop head); 8 bne; 12 nop (delay slot); 16 ld; 20 add
 * (uses the load); 24 exit store */
static const char *PROG =
    "  mov 5, %r3\n"
    "  sub.f %r3, 1, %r3\n"
    "  bne 4\n"
    "  nop\n"
    "  ld 0x100[%r0], %r4\n"
    "  add %r4, 1, %r5\n"
    "  st %r0, " SVC_EXIT "\n";

static lanai_core *load(int prof)
{
    static uint32_t w[64];
    size_t n = iss_asm(PROG, w, 64);
    lanai_core *c = lanai_new(&T);
    if (!c) harness_fail(__FILE__, __LINE__, "lanai_new failed");
    if (prof && lanai_pcprof_enable(c)) harness_fail(__FILE__, __LINE__, "lanai_pcprof_enable failed");
    iss_put(c, 0, w, n);
    return c;
}

static uint64_t cyc_at(lanai_core *c, uint32_t pc, uint64_t *count)
{
    uint64_t cy;
    lanai_pcprof_get(c, pc, &cy, count);
    return cy;
}

TEST(pcprof, per_instruction_counts_and_cycles)
{
    lanai_core *c = load(1);
    ASSERT_EQ(lanai_run(c, 100000), LANAI_HALTED);
    uint64_t n, total = 0, cy;
    ASSERT_EQ(cyc_at(c, 0, &n), T.cpi_base);
    ASSERT_EQ(n, 1);
    cyc_at(c, 4, &n);
    ASSERT_EQ(n, 5);                                    /* the loop ran five times */
    cyc_at(c, 8, &n);
    ASSERT_EQ(n, 5);
    cyc_at(c, 12, &n);
    ASSERT_EQ(n, 5);
    /* the loop: 15 instructions at cpi_base, four taken branches */
    uint64_t loop = cyc_at(c, 4, &n) + cyc_at(c, 8, &n) + cyc_at(c, 12, &n);
    ASSERT_EQ(loop, 15 * T.cpi_base + 4 * T.taken_branch);
    ASSERT_EQ(cyc_at(c, 16, &n), T.cpi_base + T.load_wait);
    ASSERT_EQ(cyc_at(c, 20, &n), T.cpi_base + T.load_use_stall);
    ASSERT_EQ(cyc_at(c, 24, &n), T.cpi_base + T.mmio_wait);   /* the last one is charged too */
    for (uint32_t pc = 0; pc < 64; pc += 4) total += cyc_at(c, pc, &n);
    ASSERT_EQ(total, lanai_cycles(c));
    cy = cyc_at(c, 28, &n);
    ASSERT_EQ(cy, 0);
    ASSERT_EQ(n, 0);                                    /* never executed */
    lanai_free(c);
}

TEST(pcprof, profiling_changes_no_count)
{
    lanai_core *a = load(0), *b = load(1);
    ASSERT_EQ(lanai_run(a, 100000), LANAI_HALTED);
    ASSERT_EQ(lanai_run(b, 100000), LANAI_HALTED);
    ASSERT_EQ(lanai_cycles(a), lanai_cycles(b));
    ASSERT_EQ(lanai_insns(a), lanai_insns(b));
    ASSERT_TRUE(!lanai_pcprof_on(a));
    ASSERT_TRUE(lanai_pcprof_on(b));
    lanai_free(a);
    lanai_free(b);
}

TEST(pcprof, sliced_runs_count_each_instruction_once)
{
    lanai_core *c = load(1);
    while (lanai_run(c, lanai_cycles(c) + 3) == LANAI_RUNNING) {}   /* many short slices */
    ASSERT_EQ(lanai_state_of(c), LANAI_HALTED);
    uint64_t n, total = 0;
    cyc_at(c, 4, &n);
    ASSERT_EQ(n, 5);
    for (uint32_t pc = 0; pc < 64; pc += 4) total += cyc_at(c, pc, &n);
    ASSERT_EQ(total, lanai_cycles(c));
    lanai_free(c);
}

TEST(pcprof, environment_variable_writes_one_file_per_core)
{
    char prefix[512], p0[1024], p1[1024];
    snprintf(prefix, sizeof prefix, "%s/build/tests/pcprof_tmp", harness_root());
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s'", prefix, prefix);
    ASSERT_EQ(system(cmd), 0);
    strcat(prefix, "/run");
    snprintf(p0, sizeof p0, "%s.pcprof-test.0.prof", prefix);
    snprintf(p1, sizeof p1, "%s.pcprof-test.1.prof", prefix);
    setenv("MYRISIM_LANAI_PROF", prefix, 1);
    lanai_core *a = load(0), *b = load(0);
    unsetenv("MYRISIM_LANAI_PROF");
    ASSERT_TRUE(lanai_pcprof_on(a));
    ASSERT_EQ(lanai_run(a, 100000), LANAI_HALTED);
    ASSERT_EQ(lanai_run(b, 100000), LANAI_HALTED);
    char want[128];
    snprintf(want, sizeof want, "pcprof-test, %llu cycles, %llu instructions",
             (unsigned long long)lanai_cycles(a), (unsigned long long)lanai_insns(a));
    lanai_free(a);
    lanai_free(b);
    char *t = harness_read_file(p0), *t1 = harness_read_file(p1);
    ASSERT_TRUE(t != NULL);
    ASSERT_TRUE(strstr(t, want) != NULL);
    ASSERT_TRUE(strstr(t, "sub.f %r3, 0x1, %r3") != NULL);   /* the per-instruction listing */
    ASSERT_TRUE(t1 != NULL);                                 /* the second core: the next number */
    free(t);
    free(t1);
    lanai_core *c = load(0);
    ASSERT_TRUE(!lanai_pcprof_on(c));                        /* unset: off */
    lanai_free(c);
}
