/* Firmware built for the other LANai: a scenario whose prebuilt image (its
 * chip marker, firmware/rt/chip_marker.S) does not match cluster.ni stops
 * before running anything, exit status 2, naming the scenario line and the
 * image; the NI loader under it (cosim_load) refuses the image too. */
#include "../harness/harness.h"
#include "../../model/node/cosim.h"
#include "sim_util.h"

#include <stdio.h>
#include <string.h>

#define MISMATCH_4_ON_9 "firmware built for lanai4, but the NI is a lanai9 (rebuild with --chip lanai9)"

/* Table 5.4's LANai 9 AM row at one 4-byte point, with image ELF. */
static const char *host_cfg(const char *elf)
{
    static char cfg[2048];
    snprintf(cfg, sizeof cfg,
             "name = \"chip\";\n"
             "title = \"T\";\n"
             "cluster = { nodes = 2; ni = \"lanai9\"; host = \"p3-550\"; pci = \"pci32-33\"; topology = { kind = \"switch\"; }; };\n"
             "experiment = { kind = \"host\"; program = \"grim_pingpong\"; elf = \"%s\";\n"
             "  params = { IF = \"am\"; LAT_BYTES = 4; BYTES = 4; ITERS = 3; WARMUP = 1; FRAG = 65536; SEG = 16384; };\n"
             "  time_limit_us = 4e6; };\n"
             "sweep = { param = \"experiment.params.BYTES\"; label = \"bytes\"; values = [ 4 ]; };\n"
             "measurements = [ \"latency_us\" ];\n",
             elf);
    return cfg;
}

/* Writes text as DIR/s.cfg, runs it; the exit status, the paths in cfg/out. */
static int run_cfg(const char *name, const char *text, char *cfg, char *out, size_t len)
{
    const char *dir = sim_scratch(name);
    snprintf(cfg, len, "%s/s.cfg", dir);
    snprintf(out, len, "%s/out", dir);
    sim_write(cfg, text);
    return sim_cli("run '%s' --out '%s'", cfg, out);
}

static void expect_in_stderr(const char *want)
{
    if (!strstr(sim_stderr(), want))
        harness_fail(__FILE__, __LINE__, "expected \"%s\" in stderr:\n%s", want, sim_stderr());
}

TEST(sim_chip, wrong_chip_scenario_fails_before_running)
{
    char cfg[1200], out[1200], want[2600];
    int st = run_cfg("chip_host", host_cfg("build/fw/grim/grim.l4.elf"), cfg, out, sizeof cfg);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_EQ(st, 2);
    snprintf(want, sizeof want, "%s:4: experiment.elf: /", cfg);   /* the image as an absolute path */
    expect_in_stderr(want);
    expect_in_stderr("/build/fw/grim/grim.l4.elf: " MISMATCH_4_ON_9 "\n");
    ASSERT_TRUE(!sim_exists(out));      /* nothing ran, nothing written */
}

/* The same scenario with the LANai 9 image passes the check (describe runs
 * every load-time check without running). */
TEST(sim_chip, own_chip_image_passes_the_check)
{
    const char *dir = sim_scratch("chip_host_ok");
    char cfg[1200];
    snprintf(cfg, sizeof cfg, "%s/s.cfg", dir);
    sim_write(cfg, host_cfg("build/fw/grim/grim.l9.elf"));
    int st = sim_cli("describe '%s'", cfg);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_EQ(st, 0);
}

/* The image in the file, the chip in one series: the message names it. */
TEST(sim_chip, names_the_series_whose_chip_differs)
{
    char text[4096], cfg[1200], out[1200];
    snprintf(text, sizeof text, "%s%s",
             sim_replace(host_cfg("build/fw/grim/grim.l4.elf"), "ni = \"lanai9\"", "ni = \"lanai4\""),
             "series = ( { name = \"L4\"; }, { name = \"L9\"; cluster = { ni = \"lanai9\"; }; } );\n");
    int st = run_cfg("chip_series", text, cfg, out, sizeof cfg);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_EQ(st, 2);
    expect_in_stderr("experiment.elf: series 'L9': ");
    expect_in_stderr("build/fw/grim/grim.l4.elf: " MISMATCH_4_ON_9);
    ASSERT_TRUE(strstr(sim_stderr(), "series 'L4'") == NULL);
    ASSERT_TRUE(!sim_exists(out));
}

/* The other kinds that take a prebuilt image check it the same way. */
TEST(sim_chip, firmware_and_ni_pingpong_kinds_check_too)
{
    static const char *const cfgs[][2] = {
        {"chip_fw",
         "name = \"f\";\ntitle = \"T\";\ncluster = { ni = \"lanai9\"; };\n"
         "experiment = { kind = \"firmware\"; elf = \"build/fw/bench/copy.elf\"; bytes = 1024; };\n"
         "measurements = [ \"cycles\" ];\n"},
        {"chip_nipp",
         "name = \"n\";\ntitle = \"T\";\n"
         "cluster = { nodes = 2; ni = \"lanai9\"; link = \"san1280\"; topology = { kind = \"cable\"; }; };\n"
         "experiment = { kind = \"ni_pingpong\"; elf = \"build/fw/ni/pingpong.l4.elf\"; params = { BYTES = 4; }; };\n"
         "measurements = [ \"round_trip_us\" ];\n"},
    };
    for (int i = 0; i < 2; i++) {
        char cfg[1200], out[1200], want[2600];
        harness_note("case %s", cfgs[i][0]);
        int st = run_cfg(cfgs[i][0], cfgs[i][1], cfg, out, sizeof cfg);
        harness_note("stderr: %s", sim_stderr());
        ASSERT_EQ(st, 2);
        snprintf(want, sizeof want, "%s:4: experiment.elf: /", cfg);
        expect_in_stderr(want);
        snprintf(want, sizeof want, "/build/fw/%s: " MISMATCH_4_ON_9 "\n", i == 0 ? "bench/copy.elf" : "ni/pingpong.l4.elf");
        expect_in_stderr(want);
        ASSERT_TRUE(!sim_exists(out));
    }
}

/* Under the scenario check: the NI loader itself refuses the image (any
 * caller of cosim_load, e.g. the SystemC shell or a test). */
TEST(sim_chip, cosim_load_refuses_the_other_chip)
{
    topo t;
    topo_init(&t);
    topo_opts to;
    topo_opts_default(&to);
    char err[1200], l4[1100], l9[1100], want[1400];
    ASSERT_EQ(topo_build_cable(&t, &to, err, sizeof err), 0);
    cosim_opts o;
    cosim_opts_default(&o);
    o.chip = "lanai9";
    cosim *s = cosim_new(&t, &o, err, sizeof err);
    ASSERT_TRUE(s != NULL);
    snprintf(l4, sizeof l4, "%s/build/fw/ni/pingpong.l4.elf", harness_root());
    snprintf(l9, sizeof l9, "%s/build/fw/ni/pingpong.l9.elf", harness_root());
    ASSERT_EQ(cosim_load(s, 0, l4, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: " MISMATCH_4_ON_9, l4);
    ASSERT_STR_EQ(err, want);
    ASSERT_EQ(cosim_load(s, 0, l9, err, sizeof err), 0);
    cosim_free(s);
    topo_free(&t);
}
