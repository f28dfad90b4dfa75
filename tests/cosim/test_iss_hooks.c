/* The ISS hooks the co-simulation relies on: stop requests from device
 * hooks, device fault messages, idle-loop skipping (exact: same cycles,
 * instructions and registers as plain execution) and SRAM cycle stealing.
 * Programs are assembled with llvm-mc-14 (tests/iss/iss_util). */
#include "../harness/harness.h"
#include "../iss/iss_util.h"

#include <stdio.h>
#include <string.h>

/* A device with one register at 0xFFFFFE10 whose value is a pure function
 * of the cycle: 0 before `flip`, then 1; every other address is a plain
 * write-only register that may ask for a stop or refuse the access. */
typedef struct {
    uint64_t flip;
    int stop_on_write, refuse, reads, writes;
    uint64_t write_cycle;
    int use_next_change;
} dev;

static int dev_read(void *ctx, uint32_t addr, int size, uint64_t cycle, uint32_t *val)
{
    dev *d = ctx;
    (void)size;
    if (addr != 0xFFFFFE10) return -1;
    d->reads++;
    *val = cycle >= d->flip ? 1 : 0;
    return 0;
}

static lanai_core *g_core;

static int dev_write(void *ctx, uint32_t addr, int size, uint64_t cycle, uint32_t val)
{
    dev *d = ctx;
    (void)addr; (void)size; (void)val;
    d->writes++;
    d->write_cycle = cycle;
    if (d->refuse) {
        lanai_device_error(g_core, "register 0x%08x is read-only here", addr);
        return 1;
    }
    if (d->stop_on_write) lanai_request_stop(g_core);
    return 0;
}

static uint64_t dev_next(void *ctx, uint64_t since)
{
    dev *d = ctx;
    return since < d->flip ? d->flip : UINT64_MAX;
}

static lanai_core *dev_core(const char *src, dev *d, int idle)
{
    static uint32_t w[256];
    lanai_core *c = iss_core("lanai9");
    g_core = c;
    size_t n = iss_asm(src, w, 256);
    iss_put(c, 0, w, n);
    lanai_mmio m = {d, dev_read, dev_write};
    lanai_set_mmio(c, &m);
    if (d->use_next_change) lanai_set_next_change(c, dev_next);
    lanai_set_idle_skip(c, idle);
    return c;
}

/* poll the register until it reads 1, counting iterations in r5, then exit */
static const char *POLL =
    "  mov 0, %r5\n"                 /* 0x00 */
    "  ld -496[%r0], %r3\n"          /* 0x04 loop */
    "  sub.f %r3, 0, %r0\n"          /* 0x08 */
    "  beq 0x04\n"                   /* 0x0c */
    "  nop\n"                        /* 0x10 */
    "  st %r0, -524[%r0]\n";         /* 0x14 exit */

TEST(cosim_iss, write_hook_can_stop_the_run_after_the_instruction)
{
    dev d = {.flip = 0, .stop_on_write = 1};
    lanai_core *c = dev_core("  mov 7, %r3\n  st %r3, -512[%r0]\n  add %r3, 1, %r4\n"
                             "  st %r0, -524[%r0]\n", &d, 1);
    ASSERT_EQ(lanai_run(c, 1000), LANAI_RUNNING);
    ASSERT_EQ(d.writes, 1);
    ASSERT_EQ(lanai_insns(c), 2);            /* stopped right after the store */
    ASSERT_EQ(lanai_cycles(c), d.write_cycle);
    ASSERT_EQ(lanai_reg(c, 4), 0);
    ASSERT_EQ(lanai_run(c, 1000), LANAI_HALTED);   /* and goes on when asked */
    ASSERT_EQ(lanai_reg(c, 4), 8);
    lanai_free(c);
}

TEST(cosim_iss, device_error_text_reaches_the_fault_report)
{
    dev d = {.refuse = 1};
    lanai_core *c = dev_core("  st %r0, -508[%r0]\n  st %r0, -524[%r0]\n", &d, 1);
    ASSERT_EQ(lanai_run(c, 1000), LANAI_FAULTED);
    ASSERT_EQ(lanai_fault_info(c)->cause, FAULT_DEVICE);
    ASSERT_EQ(lanai_fault_info(c)->addr, 0xFFFFFE04);
    ASSERT_STR_EQ(lanai_fault_info(c)->msg, "register 0xfffffe04 is read-only here");
    lanai_free(c);
}

/* Run POLL with skipping on or off in slices of `slice` cycles (as a
 * co-simulation driver does) and return the core. */
static lanai_core *run_poll(dev *d, int idle, uint64_t slice, uint64_t max)
{
    lanai_core *c = dev_core(POLL, d, idle);
    for (uint64_t lim = slice; lanai_state_of(c) == LANAI_RUNNING && lim <= max; lim += slice)
        lanai_run(c, lim);
    return c;
}

TEST(cosim_iss, idle_skip_gives_the_same_cycles_and_instructions)
{
    const uint64_t flips[] = {5000, 123457, 1000003};
    const uint64_t slices[] = {37, 1000, 1u << 30};
    for (int f = 0; f < 3; f++)
        for (int s = 0; s < 3; s++) {
            dev d0 = {.flip = flips[f], .use_next_change = 1}, d1 = d0;
            lanai_core *off = run_poll(&d0, 0, slices[s], 1u << 30);
            lanai_core *on = run_poll(&d1, 1, slices[s], 1u << 30);
            ASSERT_EQ(lanai_state_of(off), LANAI_HALTED);
            ASSERT_EQ(lanai_state_of(on), LANAI_HALTED);
            ASSERT_EQ(lanai_cycles(on), lanai_cycles(off));
            ASSERT_EQ(lanai_insns(on), lanai_insns(off));
            for (int r = 0; r < 32; r++) ASSERT_EQ(lanai_reg(on, r), lanai_reg(off, r));
            /* the loop ran until the flip: its exit is the first read at or after it */
            ASSERT_TRUE(lanai_cycles(off) > flips[f]);
            lanai_idle_stats st;
            lanai_idle_stats_get(on, &st);
            ASSERT_TRUE(st.skips > 0);
            if (slices[s] >= 1000)   /* most iterations were never executed */
                ASSERT_TRUE(d1.reads * 10 < d0.reads);
            lanai_free(off);
            lanai_free(on);
        }
}

/* An idle period with two backward branches, as GRIM's main loop: poll the
 * register, then scan four SRAM words in an inner loop whose pointer differs
 * at every inner branch but is back to its start at the outer one; exit once
 * the register reads 1. With `count` the outer loop also counts its passes
 * in r5, so no two passes have the same state. */
static const char *nested_poll(int count)
{
    static char src[1024];
    snprintf(src, sizeof src,
             "  mov 0, %%r5\n"
             "  ld -496[%%r0], %%r3\n"      /* 0x04 outer */
             "  sub.f %%r3, 0, %%r0\n"      /* 0x08 */
             "  bne 0x38\n"                 /* 0x0c exit */
             "  %s\n"                       /* 0x10 */
             "  mov 0x200, %%r6\n"          /* 0x14 */
             "  ld 0[%%r6], %%r7\n"         /* 0x18 inner */
             "  add %%r6, 4, %%r6\n"        /* 0x1c */
             "  sub.f %%r6, 0x210, %%r0\n"  /* 0x20 */
             "  bne 0x18\n"                 /* 0x24 */
             "  nop\n"                      /* 0x28 */
             "  bt 0x04\n"                  /* 0x2c */
             "  nop\n"                      /* 0x30 */
             "  nop\n"                      /* 0x34 */
             "  st %%r0, -524[%%r0]\n",     /* 0x38 exit */
             count ? "add %r5, 1, %r5" : "nop");
    return src;
}

/* gen: 0 no generation reported (each idle check within one run), 1 the
 * same generation before every run (checks may span runs), 2 a new one
 * before every run (as if an event came each time: no check spans runs) */
static int parked_runs;   /* runs of the last run_prog that ended parked */
static lanai_core *run_prog(const char *src, dev *d, int idle, uint64_t slice, uint64_t max, int gen)
{
    lanai_core *c = dev_core(src, d, idle);
    uint64_t g = 0;
    parked_runs = 0;
    for (uint64_t lim = slice; lanai_state_of(c) == LANAI_RUNNING && lim <= max; lim += slice) {
        if (gen) lanai_idle_generation(c, gen == 2 ? ++g : 0);
        lanai_run(c, lim);
        parked_runs += lanai_idle_parked(c, NULL);
    }
    return c;
}

TEST(cosim_iss, idle_period_with_two_backward_branches_is_skipped_exactly)
{
    const uint64_t flips[] = {5000, 123457, 1000003};
    const uint64_t slices[] = {37, 1000, 1u << 30};
    for (int gen = 0; gen < 3; gen++)
        for (int count = 0; count < 2; count++)
            for (int f = 0; f < 3; f++)
                for (int s = 0; s < 3; s++) {
                    dev d0 = {.flip = flips[f], .use_next_change = 1}, d1 = d0;
                    lanai_core *off = run_prog(nested_poll(count), &d0, 0, slices[s], 1u << 30, gen);
                    lanai_core *on = run_prog(nested_poll(count), &d1, 1, slices[s], 1u << 30, gen);
                    int parked = parked_runs;
                    ASSERT_EQ(lanai_state_of(off), LANAI_HALTED);
                    ASSERT_EQ(lanai_state_of(on), LANAI_HALTED);
                    ASSERT_EQ(lanai_cycles(on), lanai_cycles(off));
                    ASSERT_EQ(lanai_insns(on), lanai_insns(off));
                    for (int r = 0; r < 32; r++) ASSERT_EQ(lanai_reg(on, r), lanai_reg(off, r));
                    ASSERT_EQ(lanai_flags(on), lanai_flags(off));
                    ASSERT_TRUE(lanai_cycles(off) > flips[f]);
                    lanai_idle_stats st;
                    lanai_idle_stats_get(on, &st);
                    if (count) {
                        ASSERT_EQ(st.skips, 0);   /* r5 grows: no pass repeats another */
                        ASSERT_EQ(parked, 0);
                    } else if (slices[s] >= 1000) {
                        ASSERT_TRUE(st.skips > 0);
                        ASSERT_TRUE(d1.reads * 10 < d0.reads);   /* most passes never ran */
                    } else {
                        /* 37 cycles hold no whole period: nothing to skip,
                         * but a check spanning runs of one generation finds
                         * the loop, so a driver could let the core wait */
                        ASSERT_EQ(st.skips, 0);
                        if (gen == 1) ASSERT_TRUE(parked > 0);
                        else ASSERT_EQ(parked, 0);
                    }
                    lanai_free(off);
                    lanai_free(on);
                }
}

TEST(cosim_iss, loop_reading_a_device_without_next_change_is_not_skipped)
{
    dev d = {.flip = 20000};
    lanai_core *c = run_poll(&d, 1, 1000, 1u << 30);
    lanai_idle_stats st;
    lanai_idle_stats_get(c, &st);
    ASSERT_EQ(lanai_state_of(c), LANAI_HALTED);
    ASSERT_EQ(st.skips, 0);
    lanai_free(c);
}

TEST(cosim_iss, loop_with_a_store_is_not_skipped)
{
    dev d = {0};
    lanai_core *c = dev_core("  mov 0x100, %r6\n"
                             "  st %r0, 0[%r6]\n"      /* 0x04 loop: a store */
                             "  bt 0x04\n"
                             "  nop\n", &d, 1);
    lanai_run(c, 100000);
    lanai_idle_stats st;
    lanai_idle_stats_get(c, &st);
    ASSERT_EQ(st.skips, 0);
    ASSERT_TRUE(st.checks > 0);
    ASSERT_TRUE(lanai_cycles(c) >= 100000);
    lanai_free(c);
}

TEST(cosim_iss, pure_spin_is_parked_until_the_limit)
{
    dev d = {0};
    lanai_core *c = dev_core("  mov 3, %r6\n  bt 0x04\n  nop\n", &d, 1);
    uint64_t until;
    lanai_run(c, 10000000);
    ASSERT_EQ(lanai_cycles(c) >= 10000000, 1);
    ASSERT_TRUE(lanai_cycles(c) < 10000000 + 3);   /* stops at the first boundary past the limit */
    ASSERT_EQ(lanai_idle_parked(c, &until), 1);
    ASSERT_EQ(until, UINT64_MAX);
    lanai_idle_stats st;
    lanai_idle_stats_get(c, &st);
    ASSERT_TRUE(st.insns > 1000000);
    lanai_free(c);

    /* the polling loop is parked until its register can change */
    dev p = {.flip = 1u << 24, .use_next_change = 1};
    c = dev_core(POLL, &p, 1);
    lanai_run(c, 100000);
    ASSERT_EQ(lanai_idle_parked(c, &until), 1);
    ASSERT_EQ(until, 1u << 24);
    lanai_free(c);
}

TEST(cosim_iss, stolen_cycles_slow_sram_accesses_until_spent_or_lapsed)
{
    /* 100 iterations of one load + one store (+ loop control) */
    const char *src =
        "  mov 100, %r5\n"
        "  mov 0x200, %r6\n"
        "  ld 0[%r6], %r7\n"           /* 0x08 loop */
        "  st %r7, 4[%r6]\n"
        "  sub.f %r5, 1, %r5\n"
        "  bne 0x08\n"
        "  nop\n"
        "  st %r0, -524[%r0]\n";
    dev d = {0};
    lanai_core *base = dev_core(src, &d, 1);
    ASSERT_EQ(lanai_run(base, 1u << 20), LANAI_HALTED);
    lanai_core *c = dev_core(src, &d, 1);
    lanai_steal_cycles(c, 50, 1u << 20);          /* 50 accesses pay one cycle each */
    ASSERT_EQ(lanai_run(c, 1u << 20), LANAI_HALTED);
    ASSERT_EQ(lanai_cycles(c), lanai_cycles(base) + 50);
    ASSERT_EQ(lanai_stolen_cycles(c), 50);
    lanai_core *l = dev_core(src, &d, 1);
    lanai_steal_cycles(l, 1000, 40);              /* lapses at cycle 40 */
    ASSERT_EQ(lanai_run(l, 1u << 20), LANAI_HALTED);
    uint64_t extra = lanai_cycles(l) - lanai_cycles(base);
    ASSERT_TRUE(extra > 0 && extra < 40);
    ASSERT_EQ(lanai_insns(l), lanai_insns(base));
    lanai_free(base);
    lanai_free(c);
    lanai_free(l);
}
