/* ALU semantics (lanai-hardware.md §1.5): results and Z N V C of the
 * arithmetic ops at their boundaries, the PROPOSED C rule for logical .f
 * ops, shifts including out-of-range amounts, popc/leadz/trailz, r0/r1.
 * Expected values are computed here with 64-bit arithmetic from the
 * definitions, not with the simulator's helpers. */
#include "../harness/harness.h"
#include "iss_util.h"

#include <stdint.h>

static const uint32_t edge[] = {0, 1, 2, 0x7FFF, 0x8000, 0xFFFF, 0x10000, 0x7FFFFFFE, 0x7FFFFFFF,
                                0x80000000, 0x80000001, 0xFFFFFFFE, 0xFFFFFFFF, 0x12345678};
#define NEDGE (sizeof edge / sizeof edge[0])

static uint32_t zn(uint32_t r) { return (r == 0 ? LANAI_FLAG_Z : 0) | (r >> 31 ? LANAI_FLAG_N : 0); }

/* expected result and flags of op (0 add, 1 addc, 2 sub, 3 subb) */
static uint32_t arith(int op, uint32_t a, uint32_t b, int cin, uint32_t *flags)
{
    int64_t sa = (int32_t)a, sb = (int32_t)b, s;
    uint64_t u;
    switch (op) {
    case 0: u = (uint64_t)a + b; s = sa + sb; break;
    case 1: u = (uint64_t)a + b + (unsigned)cin; s = sa + sb + cin; break;
    case 2: u = (uint64_t)a + (uint32_t)~b + 1; s = sa - sb; break;
    default: u = (uint64_t)a + (uint32_t)~b + (unsigned)cin; s = sa - sb - (1 - cin); break;
    }
    uint32_t r = (uint32_t)u;
    *flags = zn(r) | (u >> 32 ? LANAI_FLAG_C : 0) | (s != (int32_t)s ? LANAI_FLAG_V : 0);
    return r;
}

/* Program: r3 = a, r4 = b, set C = cin, then one instruction, exit. */
static lanai_core *run_one(uint32_t a, uint32_t b, int cin, uint32_t insn)
{
    static lanai_core *c;
    if (!c) c = iss_core("lanai9");
    iss_prog p = {.n = 0};
    iss_mov32(&p, 3, a);
    iss_mov32(&p, 4, b);
    /* C := cin: "sub.f r0, 0" gives C=1 (0 >= 0), "add.f r0, 0" gives C=0 */
    iss_emit(&p, cin ? E_RI(2, 0, 0, 1, 0, 0) : E_RI(0, 0, 0, 1, 0, 0));
    iss_emit(&p, insn);
    iss_emit(&p, E_EXIT);
    ASSERT_EQ(iss_run_prog(c, &p, 1000), LANAI_HALTED);
    return c;
}

TEST(iss_alu, arith_flags_rr_at_boundaries)
{
    int checked = 0;
    for (int op = 0; op < 4; op++)
        for (size_t i = 0; i < NEDGE; i++)
            for (size_t j = 0; j < NEDGE; j++)
                for (int cin = 0; cin < 2; cin++) {
                    uint32_t fl, r = arith(op, edge[i], edge[j], cin, &fl);
                    lanai_core *c = run_one(edge[i], edge[j], cin, E_RR(op, 5, 3, 4, 1, 0, 0));
                    if (lanai_reg(c, 5) != r || lanai_flags(c) != fl)
                        harness_fail(__FILE__, __LINE__, "op %d a=0x%x b=0x%x cin=%d: got 0x%x flags %x, want 0x%x flags %x",
                                     op, edge[i], edge[j], cin, lanai_reg(c, 5), lanai_flags(c), r, fl);
                    checked++;
                }
    harness_note("%d add/addc/sub/subb cases", checked);
}

TEST(iss_alu, arith_flags_ri_low_and_high_immediates)
{
    static const uint16_t imms[] = {0, 1, 0x7FFF, 0x8000, 0xFFFF};
    for (int op = 0; op < 4; op++)
        for (size_t i = 0; i < NEDGE; i++)
            for (size_t k = 0; k < 5; k++)
                for (int h = 0; h < 2; h++) {
                    uint32_t b = h ? (uint32_t)imms[k] << 16 : imms[k];
                    uint32_t fl, r = arith(op, edge[i], b, 1, &fl);
                    lanai_core *c = run_one(edge[i], 0, 1, E_RI(op, 5, 3, 1, h, imms[k]));
                    if (lanai_reg(c, 5) != r || lanai_flags(c) != fl)
                        harness_fail(__FILE__, __LINE__, "RI op %d a=0x%x imm=0x%x h=%d: got 0x%x/%x want 0x%x/%x",
                                     op, edge[i], imms[k], h, lanai_reg(c, 5), lanai_flags(c), r, fl);
                }
}

TEST(iss_alu, no_flag_ops_leave_flags)
{
    /* C=1 from the setup; add without .f must not touch any flag */
    lanai_core *c = run_one(0xFFFFFFFF, 1, 1, E_RR(0, 5, 3, 4, 0, 0, 0));
    ASSERT_EQ(lanai_reg(c, 5), 0);
    ASSERT_EQ(lanai_flags(c), LANAI_FLAG_C | LANAI_FLAG_Z);   /* from sub.f r0, 0 */
}

TEST(iss_alu, logical_ops_and_the_proposed_carry_rule)
{
    /* and/or/xor .f: Z and N from the result, V cleared; RI clears C,
     * RR leaves C unchanged (§1.5 PROPOSED). Setup leaves C=1. */
    struct { int op; uint32_t a, b, r; } t[] = {
        {4, 0xF0F0F0F0, 0x0FF00FF0, 0x00F000F0}, {5, 0x80000000, 0x1, 0x80000001},
        {6, 0xFFFFFFFF, 0xFFFFFFFF, 0}, {4, 0x12345678, 0, 0},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        lanai_core *c = run_one(t[i].a, t[i].b, 1, E_RR(t[i].op, 5, 3, 4, 1, 0, 0));
        ASSERT_EQ(lanai_reg(c, 5), t[i].r);
        ASSERT_EQ(lanai_flags(c), zn(t[i].r) | LANAI_FLAG_C);
    }
    /* RI and: H=0 fills the high half with ones, H=1 the low half */
    lanai_core *c = run_one(0x12345678, 0, 1, E_RI(4, 5, 3, 1, 0, 0x00F0));
    ASSERT_EQ(lanai_reg(c, 5), 0x12340070);
    ASSERT_EQ(lanai_flags(c), 0);                       /* C cleared by RI logical.f */
    c = run_one(0x92345678, 0, 1, E_RI(4, 5, 3, 1, 1, 0xF000));
    ASSERT_EQ(lanai_reg(c, 5), 0x90005678);
    ASSERT_EQ(lanai_flags(c), LANAI_FLAG_N);
    c = run_one(0x12345678, 0, 1, E_RI(5, 5, 3, 0, 1, 0x8000));   /* or, H=1 */
    ASSERT_EQ(lanai_reg(c, 5), 0x92345678);
    c = run_one(0x12345678, 0, 1, E_RI(6, 5, 3, 0, 0, 0xFFFF));   /* xor, H=0 */
    ASSERT_EQ(lanai_reg(c, 5), 0x1234A987);
}

/* expected shift: amount signed, |amt| >= 32 shifts everything out */
static uint32_t shift_ref(uint32_t a, int64_t amt, int arith_, uint32_t *carry)
{
    *carry = 0;
    if (amt >= 0) {
        if (amt >= 1 && amt <= 32) *carry = (uint32_t)(((uint64_t)a << amt) >> 32) & 1;
        return amt >= 32 ? 0 : a << amt;
    }
    int64_t n = -amt;
    if (arith_) return n >= 32 ? (a >> 31 ? 0xFFFFFFFFu : 0) : (uint32_t)((int32_t)a >> n);
    return n >= 32 ? 0 : a >> n;
}

TEST(iss_alu, shifts_register_amounts_including_out_of_range)
{
    static const int32_t amts[] = {0, 1, 2, 16, 31, 32, 33, 100, -1, -2, -16, -31, -32, -33, -100,
                                   INT32_MIN, INT32_MAX};
    static const uint32_t vals[] = {0x80000001, 0x7FFFFFFF, 0xFFFFFFFF, 0x12345678, 1, 0};
    for (size_t v = 0; v < 6; v++)
        for (size_t k = 0; k < sizeof amts / sizeof amts[0]; k++)
            for (int ar = 0; ar < 2; ar++) {
                uint32_t cy, r = shift_ref(vals[v], amts[k], ar, &cy);
                lanai_core *c = run_one(vals[v], (uint32_t)amts[k], 1, E_RR(7, 5, 3, 4, 1, 0, ar ? 0x18 : 0x10));
                if (lanai_reg(c, 5) != r || lanai_flags(c) != (zn(r) | (cy ? LANAI_FLAG_C : 0)))
                    harness_fail(__FILE__, __LINE__, "%s 0x%x by %d: got 0x%x/%x want 0x%x carry %u",
                                 ar ? "sha" : "sh", vals[v], amts[k], lanai_reg(c, 5), lanai_flags(c), r, cy);
            }
}

TEST(iss_alu, shifts_immediate_31_and_beyond)
{
    static const int32_t amts[] = {31, -31, 1, -1, 32, -32, 0x7FFF, -0x8000};
    for (size_t k = 0; k < sizeof amts / sizeof amts[0]; k++)
        for (int ar = 0; ar < 2; ar++) {
            uint32_t cy, r = shift_ref(0xC0000003, amts[k], ar, &cy);
            lanai_core *c = run_one(0xC0000003, 0, 0, E_RI(7, 5, 3, 0, ar, (uint32_t)amts[k]));
            ASSERT_EQ(lanai_reg(c, 5), r);
        }
    /* sh.f left by 1 sets C from the bit shifted out, V stays 0 */
    lanai_core *c = run_one(0x80000000, 0, 0, E_RI(7, 5, 3, 1, 0, 1));
    ASSERT_EQ(lanai_reg(c, 5), 0);
    ASSERT_EQ(lanai_flags(c), LANAI_FLAG_Z | LANAI_FLAG_C);
}

TEST(iss_alu, popc_leadz_trailz_including_zero)
{
    static const uint32_t vals[] = {0, 1, 0x80000000, 0xFFFFFFFF, 0x00F00000, 0x12345678};
    for (size_t i = 0; i < 6; i++) {
        uint32_t v = vals[i], pop = 0, lz = 0, tz = 0;
        for (int b = 0; b < 32; b++) pop += (v >> b) & 1;
        while (lz < 32 && !(v & (0x80000000u >> lz))) lz++;
        while (tz < 32 && !(v & (1u << tz))) tz++;
        for (uint32_t op = 1; op <= 3; op++) {
            lanai_core *c = run_one(v, 0, 0, 0xD0000000u | 5u << 23 | 3u << 18 | op);
            ASSERT_EQ(lanai_reg(c, 5), op == 1 ? pop : op == 2 ? lz : tz);
        }
    }
}

TEST(iss_alu, r0_reads_zero_r1_reads_ones_writes_discarded)
{
    iss_prog p = {.n = 0};
    iss_emit(&p, E_RI(0, 0, 0, 0, 0, 5));      /* add r0, 5 -> r0 (discarded) */
    iss_emit(&p, E_RI(0, 1, 0, 0, 0, 5));      /* add r0, 5 -> r1 (discarded) */
    iss_emit(&p, E_RI(0, 3, 0, 0, 0, 0));      /* r3 = r0 + 0 */
    iss_emit(&p, E_RI(0, 4, 1, 0, 0, 0));      /* r4 = r1 + 0 */
    iss_emit(&p, E_RM(0, 1, 0, 1, 0, 0x100));  /* ld into r1 (discarded) */
    iss_emit(&p, E_RR(0, 5, 1, 1, 0, 0, 0));   /* r5 = r1 + r1 */
    iss_emit(&p, E_EXIT);
    lanai_core *c = iss_core("lanai4");
    iss_put_word(c, 0x100, 0x12345678);
    ASSERT_EQ(iss_run_prog(c, &p, 1000), LANAI_HALTED);
    ASSERT_EQ(lanai_reg(c, 0), 0);
    ASSERT_EQ(lanai_reg(c, 1), 0xFFFFFFFF);
    ASSERT_EQ(lanai_reg(c, 3), 0);
    ASSERT_EQ(lanai_reg(c, 4), 0xFFFFFFFF);
    ASSERT_EQ(lanai_reg(c, 5), 0xFFFFFFFE);
    lanai_free(c);
}

TEST(iss_alu, mov_forms_and_sli)
{
    lanai_core *c = iss_run_src(
        "  mov 0x1234, %r3\n"          /* add r0 lo */
        "  mov 0x56780000, %r4\n"      /* add r0 hi */
        "  mov 0xffff00ff, %r5\n"      /* and r1 lo */
        "  mov 0x00ffffff, %r6\n"      /* and r1 hi */
        "  mov 0x1fffff, %r7\n"        /* SLI 21 bits (assembler picks it) */
        "  or %r3, %r4, %r9\n"
        "  st %r0, " SVC_EXIT "\n", 1000);
    ASSERT_EQ(lanai_state_of(c), LANAI_HALTED);
    ASSERT_EQ(lanai_reg(c, 3), 0x1234);
    ASSERT_EQ(lanai_reg(c, 4), 0x56780000);
    ASSERT_EQ(lanai_reg(c, 5), 0xFFFF00FF);
    ASSERT_EQ(lanai_reg(c, 6), 0x00FFFFFF);
    ASSERT_EQ(lanai_reg(c, 7), 0x1FFFFF);
    ASSERT_EQ(lanai_reg(c, 9), 0x56781234);
    lanai_free(c);
}
