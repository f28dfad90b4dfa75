/* Every topology kind a scenario can name reaches the experiment kinds:
 * ni_pingpong on DAS (128 NIs), a 3-D grid and a leaf/spine Clos. */
#include "../harness/harness.h"
#include "sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const pingpong_cfg =
    "name = \"topos\";\n"
    "title = \"T\";\n"
    "cluster = { nodes = 2; ni = \"lanai9\"; topology = { kind = \"switch\"; ports = 8; }; };\n"
    "experiment = { kind = \"ni_pingpong\"; firmware = \"firmware/bench/ni_pingpong.c\";\n"
    "               params = { BYTES = 64; ITERS = 2; WARMUP = 1; }; };\n"
    "sweep = { param = \"experiment.params.BYTES\"; values = [ 64 ]; };\n"
    "series = (\n"
    "  { name = \"switch\"; },\n"
    "  { name = \"das\"; cluster = { nodes = 128; topology = { kind = \"das\"; }; }; },\n"
    "  { name = \"grid3d\"; cluster = { nodes = 12;\n"
    "      topology = { kind = \"grid3d\"; width = 3; height = 2; depth = 2; ports = 8; }; }; },\n"
    "  { name = \"clos\"; cluster = { nodes = 6;\n"
    "      topology = { kind = \"clos\"; leaves = 6; spines = 2; ports = 8; }; }; }\n"
    ");\n"
    "measurements = [ \"one_way_us\" ];\n";

/* The one_way_us column of out/<series>.csv's only data row. */
static double one_way(const char *out, const char *series)
{
    char path[1400];
    snprintf(path, sizeof path, "%s/%s.csv", out, series);
    char *csv = sim_read(path, NULL);
    if (!csv) harness_fail(__FILE__, __LINE__, "no %s", path);
    char *nl = strchr(csv, '\n');
    int col = 0, at = 0;
    for (char *p = csv; p < nl; p++) {
        if (!strncmp(p, "one_way_us", 10) && (p == csv || p[-1] == ',')) col = at;
        if (*p == ',') at++;
    }
    char *v = nl + 1;
    for (int c = 0; c < col; c++) v = strchr(v, ',') + 1;
    return atof(v);
}

TEST(sim_topologies, das_grid3d_and_clos_run_ni_pingpong_with_the_same_cost_per_switch)
{
    char dir[1024], cfg[1100], out[1100];
    snprintf(dir, sizeof dir, "%s", sim_scratch("topologies"));
    snprintf(cfg, sizeof cfg, "%s/t.cfg", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    sim_write(cfg, pingpong_cfg);
    int st = sim_cli("run '%s' --jobs 2 --out '%s'", cfg, out);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_EQ(st, 0);
    double sw = one_way(out, "switch"), das = one_way(out, "das"), g3 = one_way(out, "grid3d"),
           clos = one_way(out, "clos");
    harness_note("one way: switch %g, das %g, grid3d %g, clos %g us", sw, das, g3, clos);
    /* NI 0 pings the last NI. Switches on the path: one; Clos leaf, spine,
     * leaf: 3; 3x2x2 grid, (0,0,0) to (2,1,1): 5; DAS 2x2x8, (0,0,0) to
     * (1,1,7): 10. Each extra switch costs the same (routing, cut-through,
     * one route byte, one cable), within 10%. */
    ASSERT_TRUE(sw > 0 && clos > sw && g3 > clos && das > g3);
    double hop = (clos - sw) / 2, hop_g3 = (g3 - sw) / 4, hop_das = (das - sw) / 9;
    harness_note("per switch: clos %g, grid3d %g, das %g us", hop, hop_g3, hop_das);
    ASSERT_TRUE(hop_g3 > hop * 0.9 && hop_g3 < hop * 1.1);
    ASSERT_TRUE(hop_das > hop * 0.9 && hop_das < hop * 1.1);
}

TEST(sim_topologies, shapes_that_do_not_fit_are_scenario_errors)
{
    char dir[1024], cfg[1100];
    snprintf(dir, sizeof dir, "%s", sim_scratch("topologies_bad"));
    snprintf(cfg, sizeof cfg, "%s/t.cfg", dir);
    char *bad = sim_replace(pingpong_cfg, "nodes = 128; topology = { kind = \"das\"; }",
                            "nodes = 129; topology = { kind = \"das\"; }");
    sim_write(cfg, bad);
    free(bad);
    ASSERT_EQ(sim_cli("run '%s' --out /dev/null/x", cfg), 2);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_TRUE(strstr(sim_stderr(), "at most 128 nodes") != NULL);
    bad = sim_replace(pingpong_cfg, "leaves = 6; spines = 2", "leaves = 6; spines = 0");
    sim_write(cfg, bad);
    free(bad);
    ASSERT_EQ(sim_cli("run '%s' --out /dev/null/x", cfg), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "a clos needs") != NULL);
}
