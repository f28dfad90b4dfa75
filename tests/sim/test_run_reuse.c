/* Runs with the same settings are simulated once per call (sim/runner/
 * run_key.h): the outputs must be byte-identical to simulating every run,
 * runs that differ in any setting must not be merged, and a run whose twin
 * failed must run itself. */
#include "../harness/harness.h"
#include "sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* sim_base_cfg under another name and presentation, sweeping 8..128 (four
 * points shared with it), series "same" equal to its series A, series "C"
 * differing only in a series override. */
static const char *const twin_cfg =
    "name = \"u\";\n"
    "title = \"U, another figure\";\n"
    "cluster = { ni = \"lanai4\"; };\n"
    "experiment = { kind = \"selftest\"; scale = 2.0; params = { A = 1; }; };\n"
    "sweep = { param = \"experiment.params.N\"; from = 8; to = 128; times = 2; };\n"
    "series = ( { name = \"same\"; }, { name = \"C\"; experiment = { offset = 5; }; } );\n"
    "measurements = [ \"y\" ];\n"
    "plots = ( { name = \"q\"; title = \"Another plot\"; y = \"y\"; xlabel = \"n\"; ylabel = \"y (units)\"; } );\n";

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
        n++;
    return n;
}

static void same_tree(const char *a, const char *b)
{
    char cmd[3000];
    snprintf(cmd, sizeof cmd, "diff -r '%s' '%s' >/dev/null", a, b);
    if (system(cmd) != 0)
        harness_fail(__FILE__, __LINE__, "%s and %s differ (diff -r)", a, b);
}

TEST(sim_run_reuse, same_settings_run_once_with_identical_outputs)
{
    char dir[1200], a[1300], b[1300], o1[1300], o2[1300], t1[1400], t2[1400];
    snprintf(dir, sizeof dir, "%s", sim_scratch("run_reuse"));
    snprintf(a, sizeof a, "%s/t.cfg", dir);
    snprintf(b, sizeof b, "%s/u.cfg", dir);
    snprintf(o1, sizeof o1, "%s/reused", dir);
    snprintf(o2, sizeof o2, "%s/every", dir);
    sim_write(a, sim_base_cfg);
    sim_write(b, twin_cfg);

    SIM_RUN_OK("run '%s' '%s' --jobs 2 --out '%s'", a, b, o1);
    /* t: A and B at 4..64 (10 runs); u: same and C at 8..128 (10 runs);
     * u's "same" at 8, 16, 32, 64 are t's A there */
    ASSERT_TRUE(strstr(sim_stderr(), "4 of 20 runs had the same settings as an earlier one") != NULL);
    ASSERT_EQ(count(sim_stderr(), "not run again"), 4);
    ASSERT_TRUE(strstr(sim_stderr(), "series 'same', N=8 (the same run as t series 'A', N=8, not run again)") !=
                NULL);

    setenv("MYRISIM_RUN_REUSE", "0", 1);
    int st = sim_cli("run '%s' '%s' --jobs 2 --out '%s'", a, b, o2);
    unsetenv("MYRISIM_RUN_REUSE");
    ASSERT_EQ(st, 0);
    ASSERT_TRUE(strstr(sim_stderr(), "had the same settings") == NULL);
    ASSERT_EQ(count(sim_stderr(), "not run again"), 0);

    snprintf(t1, sizeof t1, "%s/t", o1);
    snprintf(t2, sizeof t2, "%s/t", o2);
    same_tree(t1, t2);
    snprintf(t1, sizeof t1, "%s/u", o1);
    snprintf(t2, sizeof t2, "%s/u", o2);
    same_tree(t1, t2);
    /* C differs from "same" only by its series' offset: its own values */
    ASSERT_TRUE(sim_csv_col_in(t1, "c.csv", "y") == 2.0 * 8 + 5);
    ASSERT_TRUE(sim_csv_col_in(t1, "same.csv", "y") == 2.0 * 8);
}

TEST(sim_run_reuse, a_type_or_a_presentation_key_decides_as_it_should)
{
    char dir[1200], a[1300], b[1300], c[1300], o[1300];
    snprintf(dir, sizeof dir, "%s", sim_scratch("run_reuse_keys"));
    snprintf(a, sizeof a, "%s/t.cfg", dir);
    snprintf(b, sizeof b, "%s/v.cfg", dir);
    snprintf(c, sizeof c, "%s/w.cfg", dir);
    sim_write(a, sim_base_cfg);
    /* scale 2 (an int) is not 2.0 to a typed read: never merged */
    char *v = sim_replace(sim_base_cfg, "scale = 2.0;", "scale = 2;");
    v = sim_replace(v, "name = \"t\";", "name = \"v\";");
    sim_write(b, v);
    /* a description, references and another title change no run */
    char *w = sim_replace(sim_base_cfg, "title = \"T\";", "title = \"W\"; description = \"words\";");
    w = sim_replace(w, "name = \"t\";", "name = \"w\";");
    w = sim_replace(w, "references = ( { series = \"A\"; x = 16; y = 30; source = \"L1\"; } );", "");
    sim_write(c, w);
    snprintf(o, sizeof o, "%s/o", dir);
    SIM_RUN_OK("run '%s' '%s' '%s' --jobs 2 --out '%s'", a, b, c, o);
    ASSERT_TRUE(strstr(sim_stderr(), "10 of 30 runs had the same settings as an earlier one") != NULL);
    ASSERT_EQ(count(sim_stderr(), "(the same run as t series"), 10);
    ASSERT_EQ(count(sim_stderr(), "(the same run as v series"), 0);
}

TEST(sim_run_reuse, a_run_whose_twin_failed_runs_itself)
{
    char dir[1200], a[1300], b[1300], o[1300];
    snprintf(dir, sizeof dir, "%s", sim_scratch("run_reuse_fail"));
    snprintf(a, sizeof a, "%s/t.cfg", dir);
    snprintf(b, sizeof b, "%s/u.cfg", dir);
    const char *failing = "experiment = { kind = \"selftest\"; scale = 2.0; mode = \"fail\"; at = 16; params = { A = 1; }; };";
    char *t = sim_replace(sim_base_cfg, "experiment = { kind = \"selftest\"; scale = 2.0; params = { A = 1; }; };",
                          failing);
    sim_write(a, t);
    char *u = sim_replace(t, "name = \"t\";", "name = \"u\";");
    sim_write(b, u);
    snprintf(o, sizeof o, "%s/o", dir);
    ASSERT_EQ(sim_cli("run '%s' '%s' --jobs 1 --out '%s'", a, b, o), 1);
    /* 20 runs, 4 fail (A and B at 16, in each file); the 8 good runs of u are
     * reused, its 2 failed ones ran again and name u's own series */
    ASSERT_TRUE(strstr(sim_stderr(), "8 of 20 runs had the same settings as an earlier one") != NULL);
    ASSERT_EQ(count(sim_stderr(), "selftest: asked to fail"), 4);
}
