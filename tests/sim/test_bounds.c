/* Reference kinds: bounds are satisfied or violated (never a percentage),
 * approx values are compared by their error like exact ones, and the kind
 * travels through comparison.csv as a prefix of the reference field. */
#include "../harness/harness.h"
#include "sim_util.h"

#include "../../sim/fidelity/refkind.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

TEST(sim_bounds, comparisons_at_and_around_the_limit)
{
    ASSERT_TRUE(ref_bound_holds(CMP_LT, 4.99, 5));
    ASSERT_TRUE(!ref_bound_holds(CMP_LT, 5, 5));
    ASSERT_TRUE(ref_bound_holds(CMP_LE, 5, 5));
    ASSERT_TRUE(!ref_bound_holds(CMP_LE, 5.01, 5));
    ASSERT_TRUE(ref_bound_holds(CMP_GT, 5.01, 5));
    ASSERT_TRUE(!ref_bound_holds(CMP_GT, 5, 5));
    ASSERT_TRUE(ref_bound_holds(CMP_GE, 5, 5));
    ASSERT_TRUE(!ref_bound_holds(CMP_GE, 4.99, 5));
    ASSERT_TRUE(!ref_bound_holds(CMP_NONE, 5, 5));
}

TEST(sim_bounds, metric_suffix_names_the_comparison)
{
    ASSERT_EQ(ref_cmp_of_metric("pio_best_max_size_lt"), CMP_LT);
    ASSERT_EQ(ref_cmp_of_metric("half_bandwidth_size_le"), CMP_LE);
    ASSERT_EQ(ref_cmp_of_metric("x_gt"), CMP_GT);
    ASSERT_EQ(ref_cmp_of_metric("flat_overhead_max_burst_ge"), CMP_GE);
    ASSERT_EQ(ref_cmp_of_metric("max_bandwidth"), CMP_NONE);
    ASSERT_EQ(ref_cmp_of_metric("_le"), CMP_NONE);        /* a suffix needs a name before it */
    ASSERT_EQ(ref_cmp_of_metric("single"), CMP_NONE);
}

TEST(sim_bounds, reference_field_round_trip)
{
    char b[REF_FIELD_BUF];
    ASSERT_STR_EQ(ref_field_format(REF_EXACT, CMP_NONE, 19, b), "19");
    ASSERT_STR_EQ(ref_field_format(REF_APPROX, CMP_NONE, 119, b), "~119");
    ASSERT_STR_EQ(ref_field_format(REF_BOUND, CMP_LT, 46.75, b), "<46.75");
    ASSERT_STR_EQ(ref_field_format(REF_BOUND, CMP_GE, 5000, b), ">=5000");
    const char *fields[] = {"19", "~119", "<46.75", "<=256", ">4", ">=5000", "0.5"};
    const ref_kind kinds[] = {REF_EXACT, REF_APPROX, REF_BOUND, REF_BOUND, REF_BOUND, REF_BOUND, REF_EXACT};
    const ref_cmp cmps[] = {CMP_NONE, CMP_NONE, CMP_LT, CMP_LE, CMP_GT, CMP_GE, CMP_NONE};
    const double values[] = {19, 119, 46.75, 256, 4, 5000, 0.5};
    for (int i = 0; i < 7; i++) {
        ref_kind k;
        ref_cmp c;
        double v;
        ASSERT_EQ(ref_field_parse(fields[i], &k, &c, &v), 0);
        ASSERT_EQ(k, kinds[i]);
        ASSERT_EQ(c, cmps[i]);
        ASSERT_TRUE(v == values[i]);
        ASSERT_STR_EQ(ref_field_format(k, c, v, b), fields[i]);
    }
    const char *bad[] = {"", "~", "<", "<=", "abc", "<<3", "1 ", "~ 5", "=5", "nan"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        ref_kind k;
        ref_cmp c;
        double v;
        harness_note("field '%s'", bad[i]);
        ASSERT_EQ(ref_field_parse(bad[i], &k, &c, &v), -1);
    }
}

TEST(sim_bounds, errors_are_for_exact_and_approx_only)
{
    ASSERT_TRUE(fabs(ref_error_pct(REF_EXACT, 20, 21) - 5.0) < 1e-12);
    ASSERT_TRUE(fabs(ref_error_pct(REF_APPROX, 20, 19) + 5.0) < 1e-12);
    ASSERT_TRUE(isnan(ref_error_pct(REF_BOUND, 20, 21)));
    ASSERT_TRUE(isnan(ref_error_pct(REF_EXACT, 0, 1)));
}

/* selftest: series A gives y = 2x, series B y = 2x + 100. */
TEST(sim_bounds, run_reports_satisfied_and_violated)
{
    const char *dir = sim_scratch("bounds_run");
    char cfg[1200], csv[1200], out[1200], path[1300];
    snprintf(cfg, sizeof cfg, "%s/s.cfg", dir);
    snprintf(csv, sizeof csv, "%s/fig9_1.csv", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    sim_write(csv, "figure,series,x,x_unit,metric,value,unit,kind,location,source,quote\n"
                   "Figure 9.1,curve,8,B,y_at,16,units,exact,here,L10,16 at 8\n");
    sim_write(cfg, sim_replace(sim_base_cfg, "references = ( { series = \"A\"; x = 16; y = 30; source = \"L1\"; } );\n",
                               "references = (\n"
                               "  { series = \"A\"; x = 32; y = 70; kind = \"bound\"; cmp = \"<\"; source = \"L1\"; },\n"
                               "  { series = \"B\"; x = 32; y = 70; kind = \"bound\"; cmp = \"<\"; source = \"L1\"; },\n"
                               "  { series = \"A\"; x = 8; y = 17; kind = \"approx\"; source = \"L2\"; },\n"
                               "  { series = \"A\"; file = \"./fig9_1.csv\"; select = { series = \"curve\"; "
                               "metric = \"y_at\"; }; } );\n"));
    int st = sim_cli("run '%s' --out '%s'", cfg, out);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_EQ(st, 0);
    snprintf(path, sizeof path, "%s/comparison.csv", out);
    /* bounds: the limit with its comparison, no error; approx: "~" and an
     * error; the file row brings its own figure */
    ASSERT_STR_EQ(sim_read(path, NULL), "figure,series,N,measure,unit,reference,simulated,error_pct,source,location,note\n"
                                        "t,A,32,y,,<70,64,,L1,,\n"
                                        "t,B,32,y,,<70,164,,L1,,\n"
                                        "t,A,8,y,,~17,16,-5.88,L2,,\n"
                                        "Figure 9.1,A,8,y,units,16,16,0.00,L10,here,\n");
    snprintf(path, sizeof path, "%s/report.md", out);
    const char *rep = sim_read(path, NULL);
    ASSERT_TRUE(strstr(rep, "| A | 32 | y | - | <70 | bound | 64 | satisfied | text line L1 |") != NULL);
    ASSERT_TRUE(strstr(rep, "| B | 32 | y | - | <70 | bound | 164 | violated | text line L1 |") != NULL);
    ASSERT_TRUE(strstr(rep, "| A | 8 | y | - | ~17 | approx | 16 | -5.9% | text line L2 |") != NULL);
    ASSERT_TRUE(strstr(rep, "| A | 8 | y | units | 16 | exact | 16 | +0.0% | here; text line L10 (./fig9_1.csv:2) |  |") != NULL);
    ASSERT_TRUE(strstr(rep, "Fidelity: 2 of 2 reference values compared; within 5%: 1, within 10%: 2, within 25%: 2. "
                            "Bounds: 1 of 2 satisfied.") != NULL);
    ASSERT_TRUE(strstr(sim_stdout(), "within 5%: 1, 10%: 2, 25%: 2; bounds: 1 of 2 satisfied") != NULL);
    /* a bound is a limit, not a point of the curve: the plot draws only the
     * approx and exact values (at x = 8) */
    snprintf(path, sizeof path, "%s/p.gp", out);
    const char *gp = sim_read(path, NULL);
    ASSERT_TRUE(strstr(gp, "$r0 << EOD\n8 17\n8 16\nEOD\n") != NULL);
    ASSERT_TRUE(strstr(gp, "$r1 << EOD\nEOD\n") != NULL);
}
