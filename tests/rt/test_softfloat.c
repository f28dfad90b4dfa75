/* The soft-float core (firmware/rt/fp*.c) built for the host and compared
 * bit for bit with the host FPU (x86-64 SSE: IEEE 754 binary32/binary64,
 * round to nearest even, subnormals kept) on millions of random and
 * edge-case operands, plus every pair of a table of special values.
 * NaN results only need to be NaN on both sides: which NaN an FPU returns
 * is not fixed by IEEE 754 (fp.h documents ours). */
#include "../harness/harness.h"
#include "../../firmware/rt/fp.h"
#include "fp_operands.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define RANDOM_PAIRS (1 << 20)   /* per operation and format */

static float f_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t u_of(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static double d_of(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static uint64_t u64_of(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

static int same32(uint32_t soft, uint32_t hard) { return soft == hard || (isnan(f_of(soft)) && isnan(f_of(hard))); }
static int same64(uint64_t soft, uint64_t hard) { return soft == hard || (isnan(d_of(soft)) && isnan(d_of(hard))); }

static const char *const op_name[4] = {"add", "sub", "mul", "div"};

static uint32_t soft32(int op, uint32_t a, uint32_t b)
{
    switch (op) {
    case 0: return f32_add(a, b);
    case 1: return f32_sub(a, b);
    case 2: return f32_mul(a, b);
    default: return f32_div(a, b);
    }
}

static uint32_t hard32(int op, uint32_t a, uint32_t b)
{
    volatile float x = f_of(a), y = f_of(b);   /* keep the FPU from folding */
    switch (op) {
    case 0: return u_of(x + y);
    case 1: return u_of(x - y);
    case 2: return u_of(x * y);
    default: return u_of(x / y);
    }
}

static uint64_t soft64(int op, uint64_t a, uint64_t b)
{
    switch (op) {
    case 0: return f64_add(a, b);
    case 1: return f64_sub(a, b);
    case 2: return f64_mul(a, b);
    default: return f64_div(a, b);
    }
}

static uint64_t hard64(int op, uint64_t a, uint64_t b)
{
    volatile double x = d_of(a), y = d_of(b);
    switch (op) {
    case 0: return u64_of(x + y);
    case 1: return u64_of(x - y);
    case 2: return u64_of(x * y);
    default: return u64_of(x / y);
    }
}

static int hard_cmp(double x, double y)
{
    if (isunordered(x, y)) return FP_UNORDERED;
    return x < y ? -1 : x > y ? 1 : 0;
}

/* Specials for the all-pairs grid, as binary64 patterns (narrowed for binary32). */
static const uint64_t special64[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x0000000000000001ull, 0x8000000000000001ull,
    0x000FFFFFFFFFFFFFull, 0x0010000000000000ull, 0x0010000000000001ull, 0x001FFFFFFFFFFFFFull,
    0x3FF0000000000000ull, 0xBFF0000000000000ull, 0x3FF0000000000001ull, 0x3FEFFFFFFFFFFFFFull,
    0x4000000000000000ull, 0x3FE0000000000000ull, 0x4008000000000000ull, 0x3CA0000000000000ull,
    0x7FEFFFFFFFFFFFFFull, 0xFFEFFFFFFFFFFFFFull, 0x7FE0000000000000ull, 0x7FF0000000000000ull,
    0xFFF0000000000000ull, 0x7FF8000000000000ull, 0x7FF0000000000001ull, 0xFFF8000000000123ull,
    0x0008000000000000ull, 0x3FB999999999999Aull, 0x43E0000000000000ull, 0xC3E0000000000000ull,
    0x41DFFFFFFFC00000ull, 0xC1E0000000000000ull, 0x41EFFFFFFFE00000ull, 0x43F0000000000000ull,
};
static const uint32_t special32[] = {
    0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007FFFFFu, 0x00800000u, 0x00800001u, 0x00FFFFFFu,
    0x3F800000u, 0xBF800000u, 0x3F800001u, 0x3F7FFFFFu, 0x40000000u, 0x3F000000u, 0x40400000u, 0x33800000u,
    0x7F7FFFFFu, 0xFF7FFFFFu, 0x7F000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x7F800001u, 0xFFC00123u,
    0x00400000u, 0x3DCCCCCDu, 0x5F000000u, 0xDF000000u, 0x4EFFFFFFu, 0xCF000000u, 0x4F7FFFFFu, 0x5F800000u,
};
#define NSPECIAL (sizeof special64 / sizeof *special64)

static void check32(int op, uint32_t a, uint32_t b)
{
    uint32_t s = soft32(op, a, b), h = hard32(op, a, b);
    if (!same32(s, h))
        harness_fail(__FILE__, __LINE__, "f32_%s(0x%08x, 0x%08x) = 0x%08x, FPU 0x%08x (%a %s %a)", op_name[op], a, b, s,
                     h, f_of(a), op_name[op], f_of(b));
}

static void check64(int op, uint64_t a, uint64_t b)
{
    uint64_t s = soft64(op, a, b), h = hard64(op, a, b);
    if (!same64(s, h))
        harness_fail(__FILE__, __LINE__, "f64_%s(0x%016llx, 0x%016llx) = 0x%016llx, FPU 0x%016llx (%a %s %a)",
                     op_name[op], (unsigned long long)a, (unsigned long long)b, (unsigned long long)s,
                     (unsigned long long)h, d_of(a), op_name[op], d_of(b));
}

TEST(softfloat, special_pairs_match_fpu)
{
    int n = 0;
    for (unsigned i = 0; i < NSPECIAL; i++)
        for (unsigned j = 0; j < NSPECIAL; j++) {
            for (int op = 0; op < 4; op++) {
                check32(op, special32[i], special32[j]);
                check64(op, special64[i], special64[j]);
                n += 2;
            }
            ASSERT_EQ(f32_cmp(special32[i], special32[j]), hard_cmp(f_of(special32[i]), f_of(special32[j])));
            ASSERT_EQ(f64_cmp(special64[i], special64[j]), hard_cmp(d_of(special64[i]), d_of(special64[j])));
        }
    harness_note("%d operations on %u x %u special pairs", n, (unsigned)NSPECIAL, (unsigned)NSPECIAL);
}

TEST(softfloat, random_binary32_arith_matches_fpu)
{
    fpo_rng r;
    fpo_seed(&r, 32);
    for (int op = 0; op < 4; op++)
        for (int i = 0; i < RANDOM_PAIRS; i++) {
            uint32_t a = (uint32_t)fpo_value(&r, 23, 8), b = (uint32_t)fpo_partner(&r, a, 23, 8);
            check32(op, a, b);
        }
    harness_note("%d random pairs for each of add sub mul div", RANDOM_PAIRS);
}

TEST(softfloat, random_binary64_arith_matches_fpu)
{
    fpo_rng r;
    fpo_seed(&r, 64);
    for (int op = 0; op < 4; op++)
        for (int i = 0; i < RANDOM_PAIRS; i++) {
            uint64_t a = fpo_value(&r, 52, 11), b = fpo_partner(&r, a, 52, 11);
            check64(op, a, b);
        }
    harness_note("%d random pairs for each of add sub mul div", RANDOM_PAIRS);
}

TEST(softfloat, random_compare_matches_fpu)
{
    fpo_rng r;
    fpo_seed(&r, 7);
    for (int i = 0; i < RANDOM_PAIRS; i++) {
        uint32_t a = (uint32_t)fpo_value(&r, 23, 8), b = (uint32_t)fpo_partner(&r, a, 23, 8);
        uint64_t c = fpo_value(&r, 52, 11), d = fpo_partner(&r, c, 52, 11);
        if (f32_cmp(a, b) != hard_cmp(f_of(a), f_of(b)))
            harness_fail(__FILE__, __LINE__, "f32_cmp(0x%08x, 0x%08x) = %d", a, b, f32_cmp(a, b));
        if (f64_cmp(c, d) != hard_cmp(d_of(c), d_of(d)))
            harness_fail(__FILE__, __LINE__, "f64_cmp(0x%016llx, 0x%016llx) = %d", (unsigned long long)c,
                         (unsigned long long)d, f64_cmp(c, d));
    }
}

/* Integer -> float rounds; float -> integer truncates (compared only where
 * C defines the result) and saturates elsewhere; float <-> double. */
TEST(softfloat, random_conversions_match_fpu)
{
    fpo_rng r;
    fpo_seed(&r, 99);
    for (int i = 0; i < RANDOM_PAIRS; i++) {
        uint64_t v = fpo_int(&r);
        int64_t sv = (int64_t)v;
        int32_t s32 = (int32_t)(uint32_t)v;
        ASSERT_EQ(f32_from_i64(sv), u_of((float)sv));
        ASSERT_EQ(f32_from_u64(v), u_of((float)v));
        ASSERT_EQ(f64_from_i64(sv), u64_of((double)sv));
        ASSERT_EQ(f64_from_u64(v), u64_of((double)v));
        ASSERT_EQ(f32_from_i64(s32), u_of((float)s32));
        ASSERT_EQ(f64_from_u64((uint32_t)v), u64_of((double)(uint32_t)v));

        uint32_t a = (uint32_t)fpo_value(&r, 23, 8);
        uint64_t b = fpo_value(&r, 52, 11);
        float fa = f_of(a);
        double db = d_of(b);
        if (!same64(f32_to_f64(a), u64_of((double)fa)))
            harness_fail(__FILE__, __LINE__, "f32_to_f64(0x%08x)", a);
        if (!same32(f64_to_f32(b), u_of((float)db)))
            harness_fail(__FILE__, __LINE__, "f64_to_f32(0x%016llx) = 0x%08x, FPU 0x%08x", (unsigned long long)b,
                         f64_to_f32(b), u_of((float)db));
        if (fa > -2147483649.0f && fa < 2147483648.0f) ASSERT_EQ(f32_to_i32(a), (int32_t)fa);
        if (fa > -1.0f && fa < 4294967296.0f) ASSERT_EQ(f32_to_u32(a), (uint32_t)fa);
        if (fa > -9223372036854775809.0f && fa < 9223372036854775808.0f) ASSERT_EQ(f32_to_i64(a), (int64_t)fa);
        if (fa > -1.0f && fa < 18446744073709551616.0f) ASSERT_EQ(f32_to_u64(a), (uint64_t)fa);
        if (db > -2147483649.0 && db < 2147483648.0) ASSERT_EQ(f64_to_i32(b), (int32_t)db);
        if (db > -1.0 && db < 4294967296.0) ASSERT_EQ(f64_to_u32(b), (uint32_t)db);
        if (db > -9223372036854775809.0 && db < 9223372036854775808.0) ASSERT_EQ(f64_to_i64(b), (int64_t)db);
        if (db > -1.0 && db < 18446744073709551616.0) ASSERT_EQ(f64_to_u64(b), (uint64_t)db);
    }
}

TEST(softfloat, out_of_range_conversions_saturate)
{
    ASSERT_EQ(f64_to_i32(u64_of(3e9)), INT32_MAX);
    ASSERT_EQ(f64_to_i32(u64_of(-3e9)), INT32_MIN);
    ASSERT_EQ(f64_to_i32(u64_of(-2147483648.0)), INT32_MIN);
    ASSERT_EQ(f64_to_i32(u64_of(-2147483648.9)), INT32_MIN);
    ASSERT_EQ(f64_to_u32(u64_of(-5.0)), 0);
    ASSERT_EQ(f64_to_u32(u64_of(5e9)), UINT32_MAX);
    ASSERT_EQ(f64_to_i64(u64_of(1e300)), INT64_MAX);
    ASSERT_EQ(f64_to_i64(u64_of(-1e300)), INT64_MIN);
    ASSERT_EQ(f64_to_u64(u64_of(INFINITY)), (long long)UINT64_MAX);
    ASSERT_EQ(f64_to_i32(u64_of(NAN)), 0);
    ASSERT_EQ(f32_to_i32(u_of(-INFINITY)), INT32_MIN);
    ASSERT_EQ(f32_to_u64(u_of(-INFINITY)), 0);
    ASSERT_EQ(f32_to_i64(u_of(NAN)), 0);
    /* the documented NaN rules */
    ASSERT_EQ(f64_add(u64_of(INFINITY), u64_of(-INFINITY)), 0x7FF8000000000000ll);
    ASSERT_EQ(f32_mul(0, u_of(INFINITY)), 0x7FC00000);
    ASSERT_EQ(f32_add(0x7F800001u, 0x7FC00002u), 0x7FC00001);   /* first NaN, quieted */
    ASSERT_EQ(f32_to_f64(0xFFC00001u), (long long)0xFFF8000020000000ull);
}
