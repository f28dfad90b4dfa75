/* Suite `found`: one test per defect the fuzzers, UBSan or issue 13 found,
 * each named for its input (tests/fuzz/crashes/<harness>/<name>). Scenario
 * inputs go through build/myrisim: a clear message naming file, line and
 * key, exit status 2, nothing written. The same files are replayed under
 * the sanitizers by the `fuzz` suite. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"
#include "../trace/json_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* myrisim run on a crash input must refuse it with `expect` in stderr. */
static void refused(const char *name, const char *expect)
{
    char cfg[1200], out[1200];
    snprintf(cfg, sizeof cfg, "tests/fuzz/crashes/scenario/%s", name);
    snprintf(out, sizeof out, "%s/out", sim_scratch("found"));
    int st = sim_cli("run '%s' --out '%s'", cfg, out);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_EQ(st, 2);
    char want[1500];
    snprintf(want, sizeof want, "%s:%s", cfg, expect);
    if (!strstr(sim_stderr(), want))
        harness_fail(__FILE__, __LINE__, "expected \"%s\" in stderr:\n%s", want, sim_stderr());
    ASSERT_TRUE(!sim_exists(out));
}

/* The heap overflow of issue 13: switches x ports overflowed int, the
 * cable-end table was allocated too small and written past its end. */
TEST(found, explicit_topology_switches_overflow)
{
    refused("explicit_topology_switches_overflow.cfg",
            "5: cluster.topology.switches: switches must be an integer 0..4096, not 1.67772e+07");
}

TEST(found, line_negative_switches)
{
    refused("line_negative_switches.cfg", "5: cluster.topology.switches: switches must be an integer 0..4096, not -5");
}

/* A swept double reached (int) unchecked: undefined out of int range. */
TEST(found, swept_nodes_out_of_int_range)
{
    refused("swept_nodes_out_of_int_range.cfg", "6: sweep: nodes must be 1..4096, not 1e+300");
}

/* width x height x ports was computed in int: 4096 x 4096 x 252 overflows.
 * Legal sizes; the check now runs in 64 bits and the scenario loads. */
TEST(found, grid_size_product_beyond_int)
{
    ASSERT_EQ(sim_cli("describe tests/fuzz/crashes/scenario/grid_size_product_beyond_int.cfg"), 0);
    ASSERT_TRUE(strstr(sim_stdout(), "4096 nodes") != NULL);
}

/* Found by fuzz_scenario: a swept parameter name longer than a run_param
 * holds was cut short, so its lookup failed and NULL was dereferenced. */
TEST(found, swept_param_name_longer_than_run_param)
{
    refused("swept_param_name_longer_than_run_param.cfg", "42: sweep.param: parameter name longer than 63 characters");
}

TEST(found, sweep_param_name_too_long)
{
    refused("sweep_param_name_too_long.cfg", "6: sweep.param: parameter name longer than 63 characters");
}

/* A value cut to 255 characters would have reached -DNAME=VALUE changed. */
TEST(found, param_value_too_long)
{
    refused("param_value_too_long.cfg", "4: experiment.params.S: value longer than 255 characters");
}

TEST(found, sweep_quick_longer_than_sweep)
{
    refused("sweep_quick_longer_than_sweep.cfg", "6: sweep.quick: the quick subset has 12 values, the sweep only 5 points");
}

TEST(found, firmware_max_cycles_out_of_range)
{
    refused("firmware_max_cycles_out_of_range.cfg", "5: experiment.max_cycles: max_cycles must be 1..1e+15, not 1e+30");
}

TEST(found, firmware_marks_out_of_range)
{
    refused("firmware_marks_out_of_range.cfg", "5: experiment.marks: marks are mark numbers 0..2147483647");
}

/* time_limit_us x 1e6 was cast to a uint64_t picosecond count. */
TEST(found, pingpong_time_limit_out_of_range)
{
    refused("pingpong_time_limit_out_of_range.cfg",
            "5: experiment.time_limit_us: time_limit_us must be 0..1e+12, not 1e+300");
}

TEST(found, pingpong_watchdog_out_of_range)
{
    refused("pingpong_watchdog_out_of_range.cfg", "5: experiment.watchdog_us: watchdog_us must be 0..1e+12, not 1e+19");
}

/* BYTES went through (long) before any range check. */
TEST(found, pingpong_bytes_out_of_long_range)
{
    refused("pingpong_bytes_out_of_long_range.cfg", "5: experiment.params.BYTES: BYTES must be a positive multiple of 4");
}

TEST(found, too_many_runs)
{
    refused("too_many_runs.cfg", "6: sweep: 101 series x 1000 points is more than 100000 runs");
}

/* Explicit value lists had no count limit (ranges had); generated here
 * rather than committed (60 KB). */
TEST(found, sweep_more_values_than_allowed)
{
    const char *dir = sim_scratch("found_values");
    char cfg[1200];
    snprintf(cfg, sizeof cfg, "%s/s.cfg", dir);
    size_t cap = 80000;
    char *text = malloc(cap);
    int n = snprintf(text, cap, "name = \"t\";\ntitle = \"T\";\nmeasurements = [ \"y\" ];\n"
                                "experiment = { kind = \"selftest\"; };\ncluster = { ni = \"lanai4\"; };\n"
                                "sweep = { param = \"experiment.params.N\"; values = [ 1");
    for (int i = 2; i <= 10001; i++)
        n += snprintf(text + n, cap - (size_t)n, ", %d", i);
    snprintf(text + n, cap - (size_t)n, " ]; };\n");
    sim_write(cfg, text);
    free(text);
    ASSERT_EQ(sim_cli("describe '%s'", cfg), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "s.cfg:6: sweep.values: more than 10000 points") != NULL);
}

TEST(found, too_many_series)
{
    const char *dir = sim_scratch("found_series");
    char cfg[1200];
    snprintf(cfg, sizeof cfg, "%s/s.cfg", dir);
    size_t cap = 40000;
    char *text = malloc(cap);
    int n = snprintf(text, cap, "name = \"t\";\ntitle = \"T\";\nmeasurements = [ \"y\" ];\n"
                                "experiment = { kind = \"selftest\"; };\ncluster = { ni = \"lanai4\"; };\nseries = ( ");
    for (int i = 0; i <= 1000; i++)
        n += snprintf(text + n, cap - (size_t)n, "%s{ name = \"s%d\"; }", i ? ", " : "", i);
    snprintf(text + n, cap - (size_t)n, " );\n");
    sim_write(cfg, text);
    free(text);
    ASSERT_EQ(sim_cli("describe '%s'", cfg), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "s.cfg:6: series: 1001 series, at most 1000") != NULL);
}

/* Found by fuzz_trace: a 17-digit microsecond time overflowed int64 ps. */
TEST(found, us_to_ps_overflow)
{
    char *text = harness_read_file("tests/fuzz/crashes/trace/us_to_ps_overflow.json");
    ASSERT_TRUE(text != NULL);
    char err[200];
    jv *v = jv_parse(text, strlen(text), err, sizeof err);
    ASSERT_TRUE(v != NULL);
    ASSERT_EQ(jv_us_to_ps(v), -1);
    jv_free(v);
    /* the bound keeps any six decimals safe: whole us up to (INT64_MAX - 999999) / 1e6 */
    jv *ok = jv_parse("9223372036853.5", 15, err, sizeof err);
    ASSERT_EQ(jv_us_to_ps(ok), INT64_C(9223372036853500000));
    jv_free(ok);
    free(text);
}

/* Found by fuzz_trace: a backslash as the last byte stepped the reader past
 * the end of the text, and the error position was counted beyond it. */
TEST(found, backslash_at_end_of_text)
{
    size_t len = 0;
    char *text = harness_read_file("tests/fuzz/crashes/trace/backslash_at_end_of_text.json");
    ASSERT_TRUE(text != NULL);
    len = strlen(text);
    ASSERT_EQ(text[len - 1], '\\');
    char err[200];
    ASSERT_TRUE(jv_parse(text, len, err, sizeof err) == NULL);
    harness_note("%s", err);
    ASSERT_TRUE(strstr(err, "line 1 col 10:") != NULL);
    free(text);
}
