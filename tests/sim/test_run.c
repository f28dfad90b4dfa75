/* End to end: real runs through build/myrisim, their files, failure handling
 * and determinism. */
#include "../harness/harness.h"
#include "sim_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* dir/name in one of eight rotating buffers: keep long-lived paths in
 * locals (see keep()). */
static const char *path_in(const char *dir, const char *name)
{
    static char buf[8][1200];
    static int next;
    size_t ld = strlen(dir), ln = strlen(name);
    if (ld + ln + 2 > sizeof buf[0])
        harness_fail(__FILE__, __LINE__, "path too long: %s/%s", dir, name);
    char tmp[sizeof buf[0]];
    memcpy(tmp, dir, ld);
    tmp[ld] = '/';
    memcpy(tmp + ld + 1, name, ln + 1);
    next = (next + 1) % 8;
    memcpy(buf[next], tmp, sizeof tmp);
    return buf[next];
}

#define keep(var, expr)                                                                                            \
    char var[1200];                                                                                                \
    snprintf(var, sizeof var, "%s", (expr))

/* The simulated value of a comparison.csv row whose series starts with prefix. */
static double simulated(const char *csv, const char *prefix)
{
    char want[128];
    snprintf(want, sizeof want, "\nAppendix A,%s", prefix);
    const char *row = strstr(csv, want);
    if (!row)
        return NAN;
    /* figure,series,bytes,measure,unit,reference,simulated,... : skip six
     * commas (the series has none) */
    const char *p = row + 1;
    for (int commas = 0; *p && commas < 6; p++)
        if (*p == ',')
            commas++;
    return atof(p);
}

TEST(sim_run, copy_scenario_quick_outputs)
{
    keep(dir, sim_scratch("run_copy"));
    keep(out, path_in(dir, "out"));
    int st = sim_cli("run scenarios/thesis/appendix_a_copy.cfg --quick --jobs 2 --out '%s'", out);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_EQ(st, 0);
    const char *files[] = {"lanai-4-33-mhz.csv", "lanai-9-133-mhz.csv", "comparison.csv", "report.md",
                           "copy_bw.gp", "copy_bw.png", "copy_bw.svg"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        if (!sim_exists(path_in(out, files[i])))
            harness_fail(__FILE__, __LINE__, "missing %s", files[i]);
    char *cmp = sim_read(path_in(out, "comparison.csv"), NULL);
    ASSERT_STR_EQ(strtok(strdup(cmp), "\n"),
                  "figure,series,bytes,measure,unit,reference,simulated,error_pct,source,location,note");
    /* Appendix A (L2492): 19 and 66 MB/s; the calibrated model is within 5%. */
    double l4 = simulated(cmp, "LANai 4"), l9 = simulated(cmp, "LANai 9");
    harness_note("simulated %.3f and %.3f MB/s", l4, l9);
    ASSERT_TRUE(fabs(l4 - 19.0) / 19.0 < 0.05);
    ASSERT_TRUE(fabs(l9 - 66.0) / 66.0 < 0.05);
    ASSERT_TRUE(strstr(cmp, ",bandwidth_mbs,MB/s,19,") != NULL);
    ASSERT_TRUE(strstr(cmp, ",L2492,\"Appendix A (Summary of Myrinet NI performance characteristics), table row "
                            "\"\"On-card memory copy bandwidth (Max)\"\", column \"\"LANai 4\"\"\",\n") != NULL);
    /* quick: one point per series, the 64 KB one */
    char *csv = sim_read(path_in(out, "lanai-4-33-mhz.csv"), NULL);
    ASSERT_TRUE(!strncmp(csv, "bytes,bandwidth_mbs,time_us,cycles,insns,status\n65536,", 54));
    ASSERT_TRUE(strchr(csv + 49, '\n') == csv + strlen(csv) - 1);
    ASSERT_TRUE(strstr(csv, ",ok\n") != NULL);
    char *rep = sim_read(path_in(out, "report.md"), NULL);
    ASSERT_TRUE(strstr(rep, "# Appendix A: on-card memory copy bandwidth") != NULL);
    ASSERT_TRUE(strstr(rep, "text line L2492 (results/reference/appendix_a.csv:12) |") != NULL);
    ASSERT_TRUE(strstr(rep, "| LANai 4 (33 MHz) | 65536 | bandwidth_mbs | MB/s | 19 | exact |") != NULL);
    ASSERT_TRUE(strstr(rep, "![Appendix A: on-card memory copy bandwidth](copy_bw.png)") != NULL);
    size_t n;
    char *png = sim_read(path_in(out, "copy_bw.png"), &n);
    ASSERT_TRUE(n > 1000 && !memcmp(png, "\x89PNG", 4));
    char *svg = sim_read(path_in(out, "copy_bw.svg"), NULL);
    ASSERT_TRUE(strstr(svg, "<svg") != NULL);
    ASSERT_TRUE(strstr(sim_stdout(), "within 5%: 2") != NULL);
}

TEST(sim_run, firmware_fault_is_reported_with_the_run)
{
    keep(dir, sim_scratch("run_fault"));
    keep(cfg, path_in(dir, "fault.cfg"));
    keep(out, path_in(dir, "out"));
    sim_write(cfg,
              "name = \"fault_demo\";\ntitle = \"A run that faults\";\n"
              "cluster = { ni = \"lanai4\"; };\n"
              "experiment = { kind = \"firmware\"; firmware = \"tests/sim/fixtures/fault.c\"; bytes = \"BYTES\"; };\n"
              "sweep = { param = \"experiment.params.BYTES\"; label = \"bytes\"; values = [256, 512]; };\n"
              "series = ( { name = \"LANai 4\"; } );\n"
              "measurements = [ \"cycles\" ];\n");
    int st = sim_cli("run '%s' --out '%s'", cfg, out);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_EQ(st, 1);
    ASSERT_TRUE(strstr(sim_stderr(), "run failed: scenario fault_demo, series 'LANai 4', bytes=512:") != NULL);
    ASSERT_TRUE(strstr(sim_stderr(), "firmware fault on lanai4") != NULL);
    ASSERT_TRUE(strstr(sim_stderr(), "bytes=256") != NULL);
    /* the parent finished: the good point has its value, the bad one is empty */
    char *csv = sim_read(path_in(out, "lanai-4.csv"), NULL);
    ASSERT_TRUE(strstr(csv, "\n256,") != NULL && strstr(csv, "\n256,,ok\n") == NULL && strstr(csv, ",ok\n"));
    ASSERT_TRUE(strstr(csv, "\n512,,failed\n") != NULL);
    ASSERT_TRUE(strstr(sim_read(path_in(out, "report.md"), NULL), "## Failed runs (1)") != NULL);
}

TEST(sim_run, crashing_run_does_not_take_the_parent_down)
{
    keep(dir, sim_scratch("run_crash"));
    keep(cfg, path_in(dir, "s.cfg"));
    keep(out, path_in(dir, "out"));
    sim_write(cfg, sim_base_cfg);
    int st = sim_cli("run '%s' --out '%s' --jobs 2 --set experiment.mode=crash --set experiment.at=16", cfg, out);
    ASSERT_EQ(st, 1);
    ASSERT_TRUE(strstr(sim_stderr(), "run failed: scenario t, series 'A', N=16:\n  run crashed: ") != NULL);
    ASSERT_TRUE(strstr(sim_stderr(), "run failed: scenario t, series 'B', N=16:") != NULL);
    char *csv = sim_read(path_in(out, "b.csv"), NULL);
    /* B: y = 2x + 100 at the points that ran */
    ASSERT_STR_EQ(csv, "N,y,x_squared,status\n4,108,16,ok\n8,116,64,ok\n16,,,failed\n32,164,1024,ok\n64,228,4096,ok\n");
    ASSERT_TRUE(strstr(sim_stdout(), "10 runs, 2 failed") != NULL);
}

TEST(sim_run, hanging_run_is_stopped_by_the_guard)
{
    keep(dir, sim_scratch("run_hang"));
    keep(cfg, path_in(dir, "s.cfg"));
    keep(out, path_in(dir, "out"));
    sim_write(cfg, sim_base_cfg);
    /* Series A hangs at x = 8; B overrides the mode and finishes. */
    setenv("MYRISIM_RUN_GUARD", "1", 1);
    int st = sim_cli("run '%s' --out '%s' --quick --jobs 2 --set experiment.mode=hang --set experiment.at=8 "
                     "--set 'series.1.experiment.mode=\"ok\"'",
                     cfg, out);
    unsetenv("MYRISIM_RUN_GUARD");
    harness_note("stderr: %s", sim_stderr());
    ASSERT_EQ(st, 1);
    ASSERT_TRUE(strstr(sim_stderr(), "run failed: scenario t, series 'A', N=8:\n  run killed: still running after "
                                     "1 s without using the CPU") != NULL);
    ASSERT_TRUE(strstr(sim_stdout(), "4 runs, 1 failed") != NULL);
    ASSERT_STR_EQ(sim_read(path_in(out, "b.csv"), NULL), "N,y,x_squared,status\n8,116,64,ok\n32,164,1024,ok\n");
}

/* A run that computes forever is stopped by the guard's CPU time (a run
 * that only waits is stopped by its wall time, above). */
TEST(sim_run, spinning_run_is_stopped_by_the_cpu_time_guard)
{
    keep(dir, sim_scratch("run_spin"));
    keep(cfg, path_in(dir, "s.cfg"));
    keep(out, path_in(dir, "out"));
    sim_write(cfg, sim_base_cfg);
    setenv("MYRISIM_RUN_GUARD", "1", 1);
    int st = sim_cli("run '%s' --out '%s' --quick --jobs 2 --set experiment.mode=spin --set experiment.at=8 "
                     "--set 'series.1.experiment.mode=\"ok\"'",
                     cfg, out);
    unsetenv("MYRISIM_RUN_GUARD");
    harness_note("stderr: %s", sim_stderr());
    ASSERT_EQ(st, 1);
    ASSERT_TRUE(strstr(sim_stderr(), "run failed: scenario t, series 'A', N=8:\n  run killed: used more than the 1 s "
                                     "CPU-time guard") != NULL);
    ASSERT_TRUE(strstr(sim_stdout(), "4 runs, 1 failed") != NULL);
}

TEST(sim_run, deterministic_outputs)
{
    keep(dir, sim_scratch("run_determinism"));
    keep(a, path_in(dir, "a"));
    keep(b, path_in(dir, "b"));
    keep(c, path_in(dir, "c"));
    const char *sw = "--set 'sweep.values=[1024,4096,65536]'";
    ASSERT_EQ(sim_cli("run scenarios/thesis/appendix_a_copy.cfg %s --jobs 1 --out '%s'", sw, a), 0);
    ASSERT_EQ(sim_cli("run scenarios/thesis/appendix_a_copy.cfg %s --jobs 1 --out '%s'", sw, b), 0);
    ASSERT_EQ(sim_cli("run scenarios/thesis/appendix_a_copy.cfg %s --jobs 2 --out '%s'", sw, c), 0);
    const char *files[] = {"lanai-4-33-mhz.csv", "lanai-9-133-mhz.csv", "comparison.csv", "settings.csv",
                           "report.md", "copy_bw.gp", "copy_bw.png", "copy_bw.svg"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char pa[1300], pb[1300], pc[1300];
        snprintf(pa, sizeof pa, "%s/%s", a, files[i]);
        snprintf(pb, sizeof pb, "%s/%s", b, files[i]);
        snprintf(pc, sizeof pc, "%s/%s", c, files[i]);
        if (!sim_same_file(pa, pb) || !sim_same_file(pa, pc))
            harness_fail(__FILE__, __LINE__, "%s differs between runs", files[i]);
    }
    /* three points per series, in sweep order */
    char *csv = sim_read(path_in(a, "lanai-9-133-mhz.csv"), NULL);
    const char *p1 = strstr(csv, "\n1024,"), *p2 = strstr(csv, "\n4096,"), *p3 = strstr(csv, "\n65536,");
    ASSERT_TRUE(p1 && p2 && p3 && p1 < p2 && p2 < p3);
}

TEST(sim_run, regress_scenario_series_differ)
{
    keep(dir, sim_scratch("run_regress"));
    int st = sim_cli("run scenarios/regress/copy_series.cfg --quick --out '%s'", dir);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_EQ(st, 0);
    /* The same copy is faster on the LANai 9 and slower without optimisation. */
    double bw[3];
    const char *names[] = {"lanai-4-o2.csv", "lanai-9-o2.csv", "lanai-9-o0.csv"};
    for (int i = 0; i < 3; i++) {
        char *csv = sim_read(path_in(dir, names[i]), NULL);
        const char *row = strstr(csv, "\n1024,");
        ASSERT_TRUE(row != NULL);
        bw[i] = atof(row + 6);
    }
    harness_note("bandwidth %.2f %.2f %.2f MB/s", bw[0], bw[1], bw[2]);
    ASSERT_TRUE(bw[1] > 2 * bw[0]);
    ASSERT_TRUE(bw[2] < bw[1]);
}

TEST(sim_run, trace_is_noted_as_unsupported)
{
    keep(dir, sim_scratch("run_trace"));
    keep(cfg, path_in(dir, "s.cfg"));
    keep(out, path_in(dir, "out"));
    sim_write(cfg, sim_base_cfg);
    ASSERT_EQ(sim_cli("run '%s' --quick --trace '%s' --out '%s'", cfg, path_in(dir, "t.trace"), out), 0);
    ASSERT_TRUE(strstr(sim_stderr(), "--trace is not yet supported for experiment kind 'selftest'") != NULL);
}

TEST(sim_run, deadlocked_run_exits_with_status_3)
{
    keep(dir, sim_scratch("run_deadlock"));
    keep(cfg, path_in(dir, "deadlock.cfg"));
    keep(out, path_in(dir, "out"));
    sim_write(cfg,
              "name = \"deadlock_demo\";\ntitle = \"Two NIs that never receive\";\n"
              "cluster = { ni = \"lanai9\"; nodes = 2; topology = { kind = \"cable\"; }; };\n"
              "experiment = { kind = \"ni_pingpong\"; firmware = \"tests/sim/fixtures/deadlock.c\"; watchdog_us = 50; };\n"
              "series = ( { name = \"LANai 9\"; } );\n"
              "measurements = [ \"one_way_us\" ];\n");
    int st = sim_cli("run '%s' --out '%s'", cfg, out);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_EQ(st, 3);
    ASSERT_TRUE(strstr(sim_stderr(), "deadlock") != NULL);
}

TEST(sim_run, list_shows_every_scenario)
{
    ASSERT_EQ(sim_cli("list"), 0);
    ASSERT_TRUE(strstr(sim_stdout(), "scenarios/thesis/appendix_a_copy.cfg") != NULL);
    ASSERT_TRUE(strstr(sim_stdout(), "Appendix A: on-card memory copy bandwidth, LANai 4 and LANai 9") != NULL);
    ASSERT_TRUE(strstr(sim_stdout(), "scenarios/regress/copy_series.cfg") != NULL);
}

TEST(sim_run, missing_measurement_fails_the_run)
{
    keep(dir, sim_scratch("run_missing_measure"));
    int st = sim_cli("run scenarios/thesis/appendix_a_copy.cfg --quick --out '%s' "
                     "--set 'measurements=[\"bandwidth_mbs\",\"no_such\"]'",
                     dir);
    ASSERT_EQ(st, 1);
    ASSERT_TRUE(strstr(sim_stderr(), "did not report measurement 'no_such' (kind firmware)") != NULL);
    /* a kind without firmware-defined measurements rejects the name before running */
    keep(cfg, path_in(dir, "s.cfg"));
    sim_write(cfg, sim_base_cfg);
    ASSERT_EQ(sim_cli("run '%s' --out '%s' --set 'measurements=[\"y\",\"z\"]'", cfg, path_in(dir, "o2")), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "measurements: kind 'selftest' does not measure 'z'") != NULL);
}
