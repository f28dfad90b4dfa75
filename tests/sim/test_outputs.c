/* Outputs that say what every number is: the progress line names the
 * measurement its point exists for, with its unit; --quick compares a
 * reference at its stand-in point and labels it reduced; a scenario without
 * a sweep writes no x column, and every series CSV row carries the run's
 * status, so a failed series is a row that says so. All with the selftest
 * kind (milliseconds). */
#include "../harness/harness.h"
#include "sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *in(const char *dir, const char *name)
{
    char p[1400];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return strdup(p);   /* a test's few paths are not freed */
}

static void has(const char *text, const char *want)
{
    if (!strstr(text, want))
        harness_fail(__FILE__, __LINE__, "expected \"%s\" in:\n%s", want, text);
}

/* A reference of x_squared at N = 8 on series A, one of y at N = 64 that
 * --quick compares at 32 instead. */
static const char *refs_cfg(void)
{
    return sim_replace(sim_base_cfg, "references = ( { series = \"A\"; x = 16; y = 30; source = \"L1\"; } );\n",
                       "analysis = \"docs/x.md, section \\\"Why\\\"\";\n"
                       "references = (\n"
                       "  { series = \"A\"; x = 8; y = 64; measure = \"x_squared\"; source = \"L1\"; location = \"p. 1\"; },\n"
                       "  { series = \"A\"; x = 64; y = 100; measure = \"y\"; quick_x = 32; source = \"L2\"; } );\n");
}

TEST(sim_outputs, progress_names_the_measurement_of_its_point)
{
    const char *dir = sim_scratch("outputs_progress");
    const char *cfg = in(dir, "s.cfg");
    sim_write(cfg, refs_cfg());
    ASSERT_EQ(sim_cli("run '%s' --quick --jobs 1 --out '%s'", cfg, in(dir, "out")), 0);
    const char *e = sim_stderr();
    /* A at 8: what is compared there; A at 32: the stand-in's measure; B:
     * what the plot draws */
    has(e, "series 'A', N=8: x_squared = 64\n");
    has(e, "series 'A', N=32: y = 64\n");
    has(e, "series 'B', N=8: y = 116\n");
}

TEST(sim_outputs, quick_stand_in_is_compared_and_labelled_reduced)
{
    const char *dir = sim_scratch("outputs_quick");
    const char *cfg = in(dir, "s.cfg"), *out = in(dir, "out");
    sim_write(cfg, refs_cfg());
    ASSERT_EQ(sim_cli("run '%s' --quick --jobs 1 --out '%s'", cfg, out), 0);
    const char *cmp = sim_read(in(out, "comparison.csv"), NULL);
    ASSERT_STR_EQ(cmp, "figure,series,N,measure,unit,reference,simulated,error_pct,source,location,note\n"
                       "t,A,8,x_squared,,64,64,0.00,L1,p. 1,\n"
                       "t,A,32,y,,100,64,-36.00,L2,,\"reduced (--quick): measured at N = 32, published at 64; "
                       "large error: see docs/x.md, section \"\"Why\"\"\"\n");
    has(sim_stdout(), "fidelity: 2 of 2 reference values compared");
    const char *rep = sim_read(in(out, "report.md"), NULL);
    has(rep, "| A | 32 | y | - | 100 | exact | 64 | -36.0% | text line L2 | reduced (--quick): measured at N = 32, "
             "published at 64; large error: see docs/x.md, section \"Why\" |");
    has(rep, "Errors beyond 25% and violated bounds are discussed in docs/x.md, section \"Why\".");
    ASSERT_EQ(sim_cli("show '%s'", out), 0);
    has(sim_stdout(), "\n  A       32  y          -        100         64   -36.00  L2    reduced");
    has(sim_stdout(), "reduced (--quick): measured at N = 32, published at 64; large error: see docs/x.md, section \"Why\"\n");
    /* without --quick the reference is compared at its own point, unlabelled */
    ASSERT_EQ(sim_cli("run '%s' --jobs 1 --out '%s'", cfg, out), 0);
    has(sim_read(in(out, "comparison.csv"), NULL), "\nt,A,64,y,,100,128,28.00,L2,,\"large error: see docs/x.md, section \"\"Why\"\"\"\n");
    /* a stand-in outside the quick subset is bad input */
    sim_write(cfg, sim_replace(refs_cfg(), "quick_x = 32;", "quick_x = 16;"));
    ASSERT_EQ(sim_cli("run '%s' --quick --out '%s'", cfg, out), 2);
    has(sim_stderr(), "quick_x = 16 is not a point of the sweep's quick subset");
}

/* A reference's own analysis replaces the scenario's beside its large
 * error; the other references keep the scenario's. */
TEST(sim_outputs, a_reference_may_name_its_own_analysis)
{
    const char *dir = sim_scratch("outputs_ref_analysis");
    const char *cfg = in(dir, "s.cfg"), *out = in(dir, "out");
    sim_write(cfg, sim_replace(refs_cfg(), "y = 64; measure = \"x_squared\";",
                               "y = 40; measure = \"x_squared\"; analysis = \"docs/y.md: why this one\";"));
    ASSERT_EQ(sim_cli("run '%s' --jobs 1 --out '%s'", cfg, out), 0);
    const char *cmp = sim_read(in(out, "comparison.csv"), NULL);
    has(cmp, "\nt,A,8,x_squared,,40,64,60.00,L1,p. 1,large error: see docs/y.md: why this one\n");
    has(cmp, "\nt,A,64,y,,100,128,28.00,L2,,\"large error: see docs/x.md, section \"\"Why\"\"\"\n");
}

TEST(sim_outputs, no_sweep_no_x_column_and_a_status_per_row)
{
    const char *dir = sim_scratch("outputs_status");
    const char *cfg = in(dir, "s.cfg"), *out = in(dir, "out");
    const char *text = sim_replace(sim_base_cfg, "sweep = { param = \"experiment.params.N\"; from = 4; to = 64; times = "
                                                 "2; quick = [8, 32]; };\n", "");
    text = sim_replace(text, "references = ( { series = \"A\"; x = 16; y = 30; source = \"L1\"; } );\n", "");
    text = sim_replace(text, "experiment = { offset = 100; };", "experiment = { offset = 100; mode = \"fail\"; };");
    text = sim_replace(text, "plots = ( { name = \"p\"; title = \"Test plot\"; y = \"y\"; xlabel = \"n\"; ylabel = "
                             "\"y (units)\"; logx = true; } );\n", "");
    sim_write(cfg, text);
    ASSERT_EQ(sim_cli("run '%s' --jobs 1 --out '%s'", cfg, out), 1);
    ASSERT_STR_EQ(sim_read(in(out, "a.csv"), NULL), "y,x_squared,status\n0,0,ok\n");
    ASSERT_STR_EQ(sim_read(in(out, "b.csv"), NULL), "y,x_squared,status\n,,failed\n");
    const char *rep = sim_read(in(out, "report.md"), NULL);
    has(rep, "| y | x_squared | status |\n|---|---|---|\n| 0 | 0 | ok |\n");
    has(rep, "| failed | failed | failed |\n");
    /* settings.csv: each series' settings, the series' own overrides laid over the file's */
    const char *st = sim_read(in(out, "settings.csv"), NULL);
    has(st, "series,setting,value\nA,cluster.host,none\n");
    has(st, "\nA,experiment.scale,2\n");
    has(st, "\nB,cluster.ni,lanai9\n");
    has(st, "\nB,experiment.mode,fail\n");
    ASSERT_TRUE(strstr(st, "\nA,experiment.mode,") == NULL);
}

/* Plots: every series its own colour, dash pattern and marker; the first
 * series wider underneath; published values drawn after every curve, as
 * the open form of their series' marker. */
TEST(sim_outputs, plot_styles_are_distinct_and_references_on_top)
{
    const char *dir = sim_scratch("outputs_plot");
    const char *cfg = in(dir, "s.cfg"), *out = in(dir, "out");
    sim_write(cfg, refs_cfg());
    ASSERT_EQ(sim_cli("run '%s' --jobs 1 --out '%s'", cfg, out), 0);
    const char *gp = sim_read(in(out, "p.gp"), NULL);
    const char *s0 = strstr(gp, "$s0 using 1:2 with linespoints lc rgb \"#0072B2\" dt 1 lw 3.50 pt 7 ps 1.70 title \"A\"");
    const char *s1 = strstr(gp, "$s1 using 1:2 with linespoints lc rgb \"#D55E00\" dt (8,4) lw 2.00 pt 5 ps 1.00 title \"B\"");
    const char *r0 = strstr(gp, "$r0 using 1:2 with points lc rgb \"#0072B2\" lw 2 pt 6 ps 2.6 title \"A (dissertation)\"");
    harness_note("%s", gp);
    ASSERT_TRUE(s0 && s1 && r0 && s0 < s1 && s1 < r0);
    ASSERT_TRUE(strstr(gp, " lt ") == NULL);   /* no default line types (one is yellow) */
}

/* A plot may draw some of the series (one panel of a figure); its styles
 * start afresh; a name that is not a series is bad input. */
TEST(sim_outputs, plot_draws_the_series_it_names)
{
    const char *dir = sim_scratch("outputs_plot_series");
    const char *cfg = in(dir, "s.cfg"), *out = in(dir, "out");
    sim_write(cfg, sim_replace(sim_base_cfg, "logx = true; }", "logx = true; series = [ \"B\" ]; }"));
    ASSERT_EQ(sim_cli("run '%s' --jobs 1 --out '%s'", cfg, out), 0);
    const char *gp = sim_read(in(out, "p.gp"), NULL);
    ASSERT_TRUE(strstr(gp, "$s0") == NULL && strstr(gp, "$r0") == NULL);
    ASSERT_TRUE(strstr(gp, "$s1 using 1:2 with linespoints lc rgb \"#0072B2\" dt 1 lw 3.50 pt 7") != NULL);
    sim_write(cfg, sim_replace(sim_base_cfg, "logx = true; }", "logx = true; series = [ \"C\" ]; }"));
    ASSERT_EQ(sim_cli("run '%s' --jobs 1 --out '%s'", cfg, out), 2);
    has(sim_stderr(), "s.cfg:8: plots[0].series[0]: no series named 'C'");
}
