/* All 16 condition codes (lanai-hardware.md §1.6) through the four places
 * that read them: sCC, sel, predicated RR ops and conditional branches,
 * for every flag state that add.f/sub.f can produce. The expected truth
 * values come from the table in the spec, written out here. */
#include "../harness/harness.h"
#include "iss_util.h"

static int expect(int cc, uint32_t fl)
{
    int z = !!(fl & LANAI_FLAG_Z), n = !!(fl & LANAI_FLAG_N), v = !!(fl & LANAI_FLAG_V), c = !!(fl & LANAI_FLAG_C);
    switch (cc) {
    case 0: return 1;                 /* t */
    case 1: return 0;                 /* f */
    case 2: return c && !z;           /* hi / ugt */
    case 3: return !c || z;           /* ls / ule */
    case 4: return !c;                /* cc / ult */
    case 5: return c;                 /* cs / uge */
    case 6: return !z;                /* ne */
    case 7: return z;                 /* eq */
    case 8: return !v;                /* vc */
    case 9: return v;                 /* vs */
    case 10: return !n;               /* pl */
    case 11: return n;                /* mi */
    case 12: return n == v;           /* ge */
    case 13: return n != v;           /* lt */
    case 14: return !z && n == v;     /* gt */
    default: return z || n != v;      /* le */
    }
}

/* Flag op, then: 16 x sCC into r16..r31; per cc a predicated add and a sel
 * building bit masks in r9 / r13; per cc a branch that skips setting a bit
 * of r6 when taken. */
static void build(iss_prog *p, uint32_t a, uint32_t b, int sub)
{
    iss_mov32(p, 3, a);
    iss_mov32(p, 4, b);
    iss_emit(p, E_RR(sub ? 2 : 0, 0, 3, 4, 1, 0, 0));   /* add.f / sub.f r3, r4, r0 */
    for (int cc = 0; cc < 16; cc++) iss_emit(p, E_SCC(cc, 16 + cc));
    for (int cc = 0; cc < 16; cc++) {
        iss_emit(p, E_RI(0, 10, 0, 0, 0, 1u << cc));      /* r10 = bit cc */
        iss_emit(p, E_RR(0, 9, 9, 10, 0, cc, 0));         /* add.cc r9, r10, r9 */
        iss_emit(p, E_SEL(12, 10, 0, cc));                /* sel.cc r10, r0, r12 */
        iss_emit(p, E_RR(5, 13, 13, 12, 0, 0, 0));        /* or r13, r12, r13 */
    }
    for (int cc = 0; cc < 16; cc++) {
        uint32_t at = iss_here(p);
        iss_emit(p, E_BR(cc, at + 12));                   /* taken: skip the or */
        iss_emit(p, E_NOP);                               /* delay slot */
        iss_emit(p, E_RI(5, 6, 6, 0, 0, 1u << cc));       /* or r6, bit cc */
    }
    iss_emit(p, E_EXIT);
}

TEST(iss_cond, all_codes_in_scc_sel_predicated_ops_and_branches)
{
    static const uint32_t vals[] = {0, 1, 2, 0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFF, 0x40000000};
    lanai_core *c = iss_core("lanai9");
    int seen[16] = {0}, states = 0;
    for (int sub = 0; sub < 2; sub++)
        for (int i = 0; i < 8; i++)
            for (int j = 0; j < 8; j++) {
                iss_prog p = {.n = 0};
                build(&p, vals[i], vals[j], sub);
                ASSERT_EQ(iss_run_prog(c, &p, 100000), LANAI_HALTED);
                uint32_t fl = lanai_flags(c);
                if (!seen[fl]++) states++;
                uint32_t want_mask = 0;
                for (int cc = 0; cc < 16; cc++) {
                    int t = expect(cc, fl);
                    want_mask |= (uint32_t)t << cc;
                    if (lanai_reg(c, 16 + cc) != (uint32_t)t)
                        harness_fail(__FILE__, __LINE__, "s%s with flags %x gave %u", lanai_reg(c, 16 + cc) ? "?" : "?", fl,
                                     lanai_reg(c, 16 + cc));
                }
                ASSERT_EQ(lanai_reg(c, 9), want_mask);             /* predicated add */
                ASSERT_EQ(lanai_reg(c, 13), want_mask);            /* sel */
                ASSERT_EQ(lanai_reg(c, 6), ~want_mask & 0xFFFF);  /* branches */
            }
    harness_note("%d distinct flag states exercised", states);
    /* add/sub reach exactly 9 states: Z excludes N, and V=1 forces C = !N */
    ASSERT_EQ(states, 9);
    lanai_free(c);
}

TEST(iss_cond, predicated_false_op_is_fully_nullified)
{
    /* sub.f sets Z; add.f.ne must neither write rd nor change flags */
    iss_prog p = {.n = 0};
    iss_emit(&p, E_RI(0, 5, 0, 0, 0, 77));               /* r5 = 77 */
    iss_emit(&p, E_RI(2, 0, 0, 1, 0, 0));                /* sub.f r0, 0: Z=1 C=1 */
    iss_emit(&p, E_RR(0, 5, 1, 1, 1, 6, 0));             /* add.f.ne r1, r1, r5 */
    iss_emit(&p, E_EXIT);
    lanai_core *c = iss_core("lanai9");
    ASSERT_EQ(iss_run_prog(c, &p, 1000), LANAI_HALTED);
    ASSERT_EQ(lanai_reg(c, 5), 77);
    ASSERT_EQ(lanai_flags(c), LANAI_FLAG_Z | LANAI_FLAG_C);
    lanai_free(c);
}
