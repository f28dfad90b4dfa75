/* The short-run fast path of lanai_run / lanai_run_report (exec.c,
 * run_short) against the general path (MYRISIM_SLOW_PATHS=1), cycle for
 * cycle: two cores run the same program on the same schedule of runs of
 * 1..5 cycles (now and then a long one), with SRAM cycle stealing, idle
 * checks and parking on a polled device, and stop requests from a device
 * write; after every run the reports, cycles, instructions, stolen cycles
 * and idle statistics must agree, and registers and SRAM at the end. */
#include "../harness/harness.h"
#include "iss_util.h"

#include <stdlib.h>
#include <string.h>

/* 0xFFFFFE10 reads 1 from cycle `flip` on (0 before); a write to 0xFFFFFE14
 * asks for a stop after the instruction. */
typedef struct {
    lanai_core *core;
    uint64_t flip;
    int writes;
} sdev;

static int sdev_read(void *ctx, uint32_t addr, int size, uint64_t cycle, uint32_t *val)
{
    sdev *d = ctx;
    (void)size;
    if (addr != 0xFFFFFE10) return -1;
    *val = cycle >= d->flip ? 1 : 0;
    return 0;
}

static int sdev_write(void *ctx, uint32_t addr, int size, uint64_t cycle, uint32_t val)
{
    sdev *d = ctx;
    (void)size; (void)cycle; (void)val;
    if (addr != 0xFFFFFE14) return -1;
    d->writes++;
    lanai_request_stop(d->core);
    return 0;
}

static uint64_t sdev_next(void *ctx, uint64_t since)
{
    sdev *d = ctx;
    return since < d->flip ? d->flip : UINT64_MAX;
}

/* calls, loads, stores, part-word stores and load-use stalls; then a wait
 * for the device (an idle loop); then a loop that writes the device */
static const char *PROG =
    "  mov 0x4000, %sp\n"             /* 0x00 */
    "  mov 0x4000, %fp\n"             /* 0x04 */
    "  mov 0x300, %r18\n"             /* 0x08 */
    "  mov 1000, %r16\n"              /* 0x0c */
    "  add %pc, 0x10, %rca\n"         /* 0x10 loop: call f */
    "  st %rca, [--%sp]\n"            /* 0x14 */
    "  bt 0x80\n"                     /* 0x18 */
    "  add %r17, %r16, %r17\n"        /* 0x1c delay slot */
    "  sub.f %r16, 1, %r16\n"         /* 0x20 return point */
    "  bne 0x10\n"                    /* 0x24 */
    "  st.b %r17, [%r18 add %r16]\n"  /* 0x28 delay slot */
    "  ld -496[%r0], %r3\n"           /* 0x2c wait for the device */
    "  sub.f %r3, 0, %r0\n"           /* 0x30 */
    "  beq 0x2c\n"                    /* 0x34 */
    "  nop\n"                         /* 0x38 */
    "  mov 40, %r16\n"                /* 0x3c */
    "  ld 0x204[%r0], %r4\n"          /* 0x40 loop */
    "  add %r4, %r16, %r4\n"          /* 0x44 load-use */
    "  st %r4, -492[%r0]\n"           /* 0x48 device write: a stop request */
    "  sub.f %r16, 1, %r16\n"         /* 0x4c */
    "  bne 0x40\n"                    /* 0x50 */
    "  st %r4, 0x204[%r0]\n"          /* 0x54 delay slot */
    "  st %r0, -524[%r0]\n"           /* 0x58 exit */
    "  nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n"   /* 0x5c..0x7c */
    ISS_CALLEE_F;   /* 0x80 f */

static lanai_core *short_core(const uint32_t *w, size_t n, sdev *d, int slow)
{
    if (slow) setenv("MYRISIM_SLOW_PATHS", "1", 1);
    lanai_core *c = iss_core("lanai4");
    unsetenv("MYRISIM_SLOW_PATHS");
    d->core = c;
    iss_put(c, 0, w, n);
    lanai_mmio m = {d, sdev_read, sdev_write};
    lanai_set_mmio(c, &m);
    lanai_set_next_change(c, sdev_next);
    return c;
}

static uint32_t xs(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

TEST(iss_run_short, short_runs_match_the_general_path_cycle_for_cycle)
{
    static uint32_t w[256];
    size_t n = iss_asm(PROG, w, 256);
    uint64_t stolen = 0, checks = 0, skips = 0, parked_all = 0;
    for (uint32_t seed = 1; seed <= 6; seed++) {
        sdev da = {NULL, 80000 + 5000 * seed, 0}, db = da;
        lanai_core *a = short_core(w, n, &da, 0), *b = short_core(w, n, &db, 1);
        uint32_t s = 0x9E3779B9u * seed;
        uint64_t limit = 0, runs = 0, parked = 0;
        while (lanai_state_of(a) == LANAI_RUNNING && runs < 200000) {
            uint32_t x = xs(&s);
            limit += x % 64 == 0 ? 2000 + x % 3000 : 1 + x % 5;   /* past IDLE_SLICE now and then */
            if (x % 3 == 0) {   /* the receive DMA's charges: a few cycles, lapsing soon */
                uint32_t k = 1 + (x >> 8) % 3;
                uint64_t until = lanai_cycles(a) + (x >> 12) % 12;
                lanai_steal_cycles(a, k, until);
                lanai_steal_cycles(b, k, until);
            }
            lanai_run_result ra, rb;
            lanai_run_report(a, limit, &ra);
            lanai_run_report(b, limit, &rb);
            runs++;
            ASSERT_EQ(ra.state, rb.state);
            ASSERT_EQ(ra.cycles, rb.cycles);
            ASSERT_EQ(ra.parked, rb.parked);
            ASSERT_EQ(ra.parked_until, rb.parked_until);
            ASSERT_EQ(lanai_insns(a), lanai_insns(b));
            ASSERT_EQ(lanai_stolen_cycles(a), lanai_stolen_cycles(b));
            ASSERT_EQ(lanai_pc(a), lanai_pc(b));
            parked += ra.parked != 0;
        }
        ASSERT_EQ(lanai_state_of(a), LANAI_HALTED);
        ASSERT_EQ(lanai_state_of(b), LANAI_HALTED);
        for (int r = 0; r < 32; r++) ASSERT_EQ(lanai_reg(a, r), lanai_reg(b, r));
        ASSERT_MEM_EQ(lanai_sram(a), lanai_sram(b), 0x8000);
        lanai_idle_stats ia, ib;
        lanai_idle_stats_get(a, &ia);
        lanai_idle_stats_get(b, &ib);
        ASSERT_EQ(ia.checks, ib.checks);
        ASSERT_EQ(ia.skips, ib.skips);
        ASSERT_EQ(ia.cycles, ib.cycles);
        ASSERT_EQ(ia.insns, ib.insns);
        harness_note("seed %u: %llu runs, %llu cycles, %llu stolen, %llu idle checks, %llu skips, %llu parked runs",
                     seed, (unsigned long long)runs, (unsigned long long)lanai_cycles(a),
                     (unsigned long long)lanai_stolen_cycles(a), (unsigned long long)ia.checks,
                     (unsigned long long)ia.skips, (unsigned long long)parked);
        stolen += lanai_stolen_cycles(a);
        checks += ia.checks;
        skips += ia.skips;
        parked_all += parked;
        ASSERT_EQ(da.writes, 40);
        ASSERT_EQ(db.writes, 40);
        lanai_free(a);
        lanai_free(b);
    }
    /* the schedules reached every case: stealing, idle checks, skips, parking */
    ASSERT_TRUE(stolen > 500);
    ASSERT_TRUE(checks > 100);
    ASSERT_TRUE(skips > 0);
    ASSERT_TRUE(parked_all > 0);
}
