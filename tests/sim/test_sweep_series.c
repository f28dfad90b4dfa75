/* Sweeps expand as written; series override only what they name; the swept
 * value reaches the run through the layers. Calls the loader directly. */
#include "../harness/harness.h"
#include "sim_util.h"

#include "../../sim/scenario/runspec.h"
#include "../../sim/scenario/scenario.h"

#include <stdio.h>
#include <string.h>

static void load(scenario *sc, const char *name, const char *text, const char *const *sets, int nsets)
{
    const char *dir = sim_scratch(name);
    char cfg[1200];
    snprintf(cfg, sizeof cfg, "%s/s.cfg", dir);
    sim_write(cfg, text);
    ASSERT_EQ(scenario_load(sc, cfg, harness_root(), sets, nsets), 0);
}

TEST(sim_sweep, geometric_range)
{
    scenario sc;
    load(&sc, "sweep_geo", sim_replace(sim_base_cfg, "to = 64;", "to = 1048576;"), NULL, 0);
    ASSERT_EQ(sc.sweep.n, 19);                       /* 4, 8, ..., 2^20 */
    double expect = 4;
    for (int i = 0; i < sc.sweep.n; i++, expect *= 2)
        ASSERT_TRUE(sc.sweep.values[i] == expect);
    ASSERT_EQ(sc.sweep.nquick, 2);
    ASSERT_TRUE(sc.sweep.quick[0] == 8 && sc.sweep.quick[1] == 32);
    int n;
    const double *q = scenario_points(&sc, 1, &n);
    ASSERT_EQ(n, 2);
    ASSERT_TRUE(q[1] == 32);
    scenario_points(&sc, 0, &n);
    ASSERT_EQ(n, 19);
    scenario_free(&sc);
}

TEST(sim_sweep, range_end_not_on_the_grid)
{
    scenario sc;
    load(&sc, "sweep_geo_odd", sim_replace(sim_base_cfg, "to = 64;", "to = 100;"), NULL, 0);
    ASSERT_EQ(sc.sweep.n, 5);                        /* 4..64; 128 is past the end */
    ASSERT_TRUE(sc.sweep.values[4] == 64);
    scenario_free(&sc);
}

TEST(sim_sweep, explicit_values_keep_order)
{
    scenario sc;
    load(&sc, "sweep_explicit",
         sim_replace(sim_base_cfg, "from = 4; to = 64; times = 2; quick = [8, 32];", "values = [1500, 64, 16];"), NULL, 0);
    ASSERT_EQ(sc.sweep.n, 3);
    ASSERT_TRUE(sc.sweep.values[0] == 1500 && sc.sweep.values[1] == 64 && sc.sweep.values[2] == 16);
    /* no quick subset: --quick runs the whole sweep */
    ASSERT_EQ(sc.sweep.nquick, 3);
    scenario_free(&sc);
}

TEST(sim_sweep, linear_range)
{
    scenario sc;
    load(&sc, "sweep_linear",
         sim_replace(sim_replace(sim_base_cfg, "from = 4; to = 64; times = 2; quick = [8, 32];",
                                 "from = 1; to = 2; step = 0.25;"),
                     "x = 16;", "x = 1.5;"),
         NULL, 0);
    ASSERT_EQ(sc.sweep.n, 5);
    ASSERT_TRUE(sc.sweep.values[1] == 1.25 && sc.sweep.values[4] == 2);
    scenario_free(&sc);
}

TEST(sim_sweep, set_values_replaces_the_range)
{
    const char *sets[] = {"sweep.values=[16,128]"};
    scenario sc;
    load(&sc, "sweep_set", sim_base_cfg, sets, 1);
    ASSERT_EQ(sc.sweep.n, 2);
    ASSERT_TRUE(sc.sweep.values[0] == 16 && sc.sweep.values[1] == 128);
    ASSERT_EQ(sc.sweep.nquick, 2);                   /* the old quick subset went with the range */
    scenario_free(&sc);
}

TEST(sim_series, overrides_apply_per_series)
{
    scenario sc;
    load(&sc, "series_overrides", sim_base_cfg, NULL, 0);
    ASSERT_EQ(sc.nseries, 2);
    run_spec a = {&sc, 0, 0, 16, NULL}, b = {&sc, 1, 1, 16, NULL};
    ASSERT_STR_EQ(run_string(&a, "cluster.ni", "?"), "lanai4");
    ASSERT_STR_EQ(run_string(&b, "cluster.ni", "?"), "lanai9");
    /* B overrides only offset: scale still comes from the file */
    ASSERT_TRUE(run_number(&b, "experiment.scale", 0) == 2.0);
    ASSERT_TRUE(run_number(&b, "experiment.offset", 0) == 100.0);
    ASSERT_TRUE(run_number(&a, "experiment.offset", -1) == -1.0);
    /* the swept parameter wins over everything */
    ASSERT_TRUE(run_number(&a, "experiment.params.N", 0) == 16.0);
    scenario_free(&sc);
}

TEST(sim_series, params_merge_in_stable_order)
{
    scenario sc;
    load(&sc, "series_params",
         sim_replace(sim_base_cfg, "experiment = { offset = 100; };", "experiment = { params = { A = 7; B = \"fast\"; }; };"),
         NULL, 0);
    run_spec a = {&sc, 0, 0, 32, NULL}, b = {&sc, 1, 1, 8, NULL};
    run_param p[8];
    ASSERT_EQ(run_params(&a, p, 8), 2);
    ASSERT_STR_EQ(p[0].name, "A");
    ASSERT_STR_EQ(p[0].value, "1");
    ASSERT_STR_EQ(p[1].name, "N");
    ASSERT_STR_EQ(p[1].value, "32");
    ASSERT_EQ(run_params(&b, p, 8), 3);
    ASSERT_STR_EQ(p[0].value, "7");                  /* series value over the file's */
    ASSERT_STR_EQ(p[1].name, "B");
    ASSERT_STR_EQ(p[1].value, "fast");
    ASSERT_STR_EQ(p[2].value, "8");
    scenario_free(&sc);
}

TEST(sim_series, set_reaches_into_a_series)
{
    const char *sets[] = {"series.0.cluster.ni=lanai9", "series[1].name=\"Other\""};
    scenario sc;
    load(&sc, "series_set", sim_base_cfg, sets, 2);
    run_spec a = {&sc, 0, 0, 16, NULL};
    ASSERT_STR_EQ(run_string(&a, "cluster.ni", "?"), "lanai9");
    ASSERT_STR_EQ(sc.series[1].name, "Other");
    ASSERT_STR_EQ(sc.series[1].slug, "other");
    scenario_free(&sc);
}

TEST(sim_series, implicit_single_series)
{
    scenario sc;
    load(&sc, "series_none",
         sim_replace(sim_replace(sim_base_cfg,
                                 "series = ( { name = \"A\"; }, { name = \"B\"; cluster = { ni = \"lanai9\"; }; "
                                 "experiment = { offset = 100; }; } );\n",
                                 ""),
                     "series = \"A\"", "series = \"default\""),
         NULL, 0);
    ASSERT_EQ(sc.nseries, 1);
    ASSERT_STR_EQ(sc.series[0].name, "default");
    scenario_free(&sc);
}
