/* Bad input: every case must stop before running anything, with exit status
 * 2 and a message naming the file, the line and the key. */
#include "../harness/harness.h"
#include "sim_util.h"

#include <stdio.h>
#include <string.h>

typedef struct bad_case {
    const char *from, *to;     /* edit of the base scenario (NULL: none) */
    const char *args;          /* extra command-line arguments */
    const char *expect;        /* substring of stderr; "%F" = the file */
} bad_case;

static void check_case(const char *name, const bad_case *c)
{
    const char *dir = sim_scratch(name);
    char cfg[1200], out[1200], expect[2600];
    snprintf(cfg, sizeof cfg, "%s/s.cfg", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    sim_write(cfg, c->from ? sim_replace(sim_base_cfg, c->from, c->to) : sim_base_cfg);
    int st = sim_cli("run '%s' --out '%s' %s", cfg, out, c->args ? c->args : "");
    const char *pct = strstr(c->expect, "%F");
    if (pct)
        snprintf(expect, sizeof expect, "%.*s%s%s", (int)(pct - c->expect), c->expect, cfg, pct + 2);
    else
        snprintf(expect, sizeof expect, "%s", c->expect);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_EQ(st, 2);
    if (!strstr(sim_stderr(), expect))
        harness_fail(__FILE__, __LINE__, "expected \"%s\" in stderr:\n%s", expect, sim_stderr());
    ASSERT_TRUE(!sim_exists(out));      /* nothing ran, nothing written */
}

TEST(sim_loader, base_scenario_is_valid)
{
    const char *dir = sim_scratch("loader_base");
    char cfg[1200];
    snprintf(cfg, sizeof cfg, "%s/s.cfg", dir);
    sim_write(cfg, sim_base_cfg);
    ASSERT_EQ(sim_cli("describe '%s'", cfg), 0);
    ASSERT_TRUE(strstr(sim_stdout(), "runs: 10 (2 series x 5 points)") != NULL);
}

TEST(sim_loader, syntax_error_names_line)
{
    bad_case c = {"title = \"T\";", "title = ;", NULL, "%F:2: syntax error"};
    check_case("loader_syntax", &c);
}

TEST(sim_loader, unknown_key_with_suggestion)
{
    bad_case c = {"ni = \"lanai4\"", "nii = \"lanai4\"", NULL, "%F:3: cluster.nii: unknown key (did you mean 'ni'?)"};
    check_case("loader_unknown_key", &c);
}

TEST(sim_loader, unknown_key_in_series)
{
    bad_case c = {"offset = 100;", "ofset = 100;", NULL, "%F:6: series[1].experiment.ofset: unknown key"};
    check_case("loader_unknown_series_key", &c);
}

TEST(sim_loader, wrong_type)
{
    bad_case c = {"title = \"T\";", "title = 5;", NULL, "%F:2: title: must be a string, not an integer"};
    check_case("loader_type", &c);
}

TEST(sim_loader, wrong_type_in_sweep)
{
    bad_case c = {"times = 2;", "times = \"2\";", NULL, "%F:5: sweep.times: must be a number, not a string"};
    check_case("loader_type_sweep", &c);
}

TEST(sim_loader, missing_required_key)
{
    bad_case c = {"title = \"T\";\n", "", NULL, "%F: missing required key 'title'"};
    check_case("loader_missing", &c);
}

TEST(sim_loader, missing_key_in_group)
{
    bad_case c = {"cluster = { ni = \"lanai4\"; };", "cluster = { nodes = 1; };", NULL,
                  "%F:3: cluster: missing required key 'ni'"};
    check_case("loader_missing_group", &c);
}

TEST(sim_loader, unknown_chip)
{
    bad_case c = {"ni = \"lanai4\"", "ni = \"lanai5\"", NULL,
                  "%F:3: cluster.ni: unknown NI chip 'lanai5' (expected lanai4 or lanai9)"};
    check_case("loader_chip", &c);
}

TEST(sim_loader, unknown_link)
{
    bad_case c = {"ni = \"lanai4\";", "ni = \"lanai4\"; link = \"gige\";", NULL,
                  "%F:3: cluster.link: unknown link kind 'gige' (expected san1280 or myrinet2000)"};
    check_case("loader_link", &c);
}

TEST(sim_loader, lanai4_has_no_myrinet2000_port)
{
    bad_case c = {"ni = \"lanai4\";", "ni = \"lanai4\"; link = \"myrinet2000\";", NULL,
                  "%F:3: cluster.link: the LANai 4 has a SAN-1280 interface only"};
    check_case("loader_link_chip", &c);
}

TEST(sim_loader, unknown_kind)
{
    bad_case c = {"kind = \"selftest\"", "kind = \"pingpong\"", NULL,
                  "%F:4: experiment.kind: unknown experiment kind 'pingpong' (known: firmware, ni_pingpong, host, rc1000_stage, selftest)"};
    check_case("loader_kind", &c);
}

TEST(sim_loader, set_unknown_path)
{
    bad_case c = {NULL, NULL, "--set cluster.chip=lanai9", "--set cluster.chip: no such setting 'chip'"};
    check_case("loader_set_path", &c);
}

TEST(sim_loader, set_bad_value)
{
    bad_case c = {NULL, NULL, "--set cluster.nodes=two", "--set cluster.nodes: cannot read value 'two'"};
    check_case("loader_set_value", &c);
}

TEST(sim_loader, set_wrong_type)
{
    bad_case c = {NULL, NULL, "--set cluster.nodes=1.5", "--set cluster.nodes: value '1.5' is a number, but nodes must be an integer"};
    check_case("loader_set_type", &c);
}

TEST(sim_loader, set_unknown_choice)
{
    bad_case c = {NULL, NULL, "--set cluster.ni=lanai7", "%F: --set cluster.ni: unknown NI chip 'lanai7'"};
    check_case("loader_set_choice", &c);
}

TEST(sim_loader, set_missing_list_element)
{
    bad_case c = {NULL, NULL, "--set series.5.name=x", "--set series.5.name: no element 5 in 'series'"};
    check_case("loader_set_elem", &c);
}

TEST(sim_loader, reference_x_not_in_sweep)
{
    bad_case c = {"x = 16;", "x = 17;", NULL, "%F:9: references[0].x: reference x = 17 is not a point of the sweep"};
    check_case("loader_ref_x", &c);
}

TEST(sim_loader, reference_needs_line_source)
{
    bad_case c = {"source = \"L1\";", "source = \"p. 12\";", NULL,
                  "%F:9: references[0].source: 'p. 12' is not a dissertation line reference"};
    check_case("loader_ref_source", &c);
}

TEST(sim_loader, reference_unknown_series)
{
    bad_case c = {"series = \"A\"; x", "series = \"C\"; x", NULL, "%F:9: references[0].series: no series named 'C'"};
    check_case("loader_ref_series", &c);
}

TEST(sim_loader, quick_not_in_sweep)
{
    bad_case c = {"quick = [8, 32]", "quick = [8, 33]", NULL, "%F:5: sweep.quick: quick value 33 is not a point of the sweep"};
    check_case("loader_quick", &c);
}

TEST(sim_loader, plot_of_unknown_measurement)
{
    bad_case c = {"y = \"y\"; xlabel", "y = \"z\"; xlabel", NULL, "%F:8: plots[0].y: 'z' is not one of the measurements"};
    check_case("loader_plot_y", &c);
}

TEST(sim_loader, duplicate_series)
{
    bad_case c = {"name = \"B\"", "name = \"A\"", NULL, "%F:6: series[1]: series name 'A' is used twice"};
    check_case("loader_dup_series", &c);
}

TEST(sim_loader, sweep_values_and_range)
{
    bad_case c = {"times = 2;", "times = 2; values = [1, 2];", NULL, "%F:5: sweep.values: give either values or a range"};
    check_case("loader_sweep_both", &c);
}

TEST(sim_loader, missing_file_and_usage)
{
    ASSERT_EQ(sim_cli("run build/tests/sim/does-not-exist.cfg"), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "does-not-exist.cfg: cannot read the scenario file") != NULL);
    ASSERT_EQ(sim_cli("run"), 2);
    ASSERT_EQ(sim_cli("frobnicate"), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "unknown command 'frobnicate'") != NULL);
    ASSERT_EQ(sim_cli("run scenarios/thesis/appendix_a_copy.cfg --jobs 0"), 2);
    ASSERT_EQ(sim_cli("--help"), 0);
    ASSERT_TRUE(strstr(sim_stdout(), "firmware") != NULL);
}

TEST(sim_loader, shipped_scenarios_are_valid)
{
    /* Every scenario under scenarios/ must load (list finds them). */
    ASSERT_EQ(sim_cli("list"), 0);
    char listing[16384];
    snprintf(listing, sizeof listing, "%s", sim_stdout());
    int n = 0;
    for (char *line = strtok(listing, "\n"); line; line = strtok(NULL, "\n")) {
        char path[512];
        if (sscanf(line, "%511s", path) != 1)
            continue;
        harness_note("%s", path);
        if (sim_cli("describe '%s'", path) != 0)
            harness_fail(__FILE__, __LINE__, "%s does not load:\n%s", path, sim_stderr());
        n++;
    }
    ASSERT_TRUE(n >= 2);
}
