/* `myrisim report`: REPORT.md from several comparison.csv files, with the
 * counts worked out by hand for a small made-up set, a stable order, and
 * errors for bad inputs. */
#include "../harness/harness.h"
#include "sim_util.h"

#include "../../sim/fidelity/fidelity.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CMP_HEADER "figure,series,bytes,measure,unit,reference,simulated,error_pct,source,location,note\n"
#define REF_HEADER "figure,series,x,x_unit,metric,value,unit,kind,location,source,quote\n"

typedef struct fixture {
    char root[1100], ref[1200], a[1200], b[1200];
} fixture;

static void write_in(const char *dir, const char *name, const char *text)
{
    char path[1400], cmd[1500];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
    ASSERT_EQ(system(cmd), 0);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    sim_write(path, text);
}

/* Errors worked out by hand: exact 3%, 20%, -40%, 2.63% (recomputed from
 * 19.5 vs 19); approx 7%; one row without a value; bounds: one satisfied
 * (3 <= 4), one violated (1 >= 2 fails). */
static void make_fixture(fixture *f, const char *name)
{
    snprintf(f->root, sizeof f->root, "%s", sim_scratch(name));
    snprintf(f->ref, sizeof f->ref, "%s/ref", f->root);
    snprintf(f->a, sizeof f->a, "%s/res/a", f->root);
    snprintf(f->b, sizeof f->b, "%s/res/b", f->root);
    write_in(f->ref, "fig4_6.csv", REF_HEADER "Figure 4.6,x,,,m_ge,5000,messages,bound,here,L1258,q\n"
                                              "Figure 4.6,y,,,m,1,us,exact,here,L1258,q\n");
    write_in(f->ref, "fig4_10.csv", REF_HEADER "Figure 4.10,LANai 4,1,channels,scan_time,1,us,exact,here,L1323,q\n");
    write_in(f->ref, "fig5_14.csv", REF_HEADER);
    write_in(f->ref, "table5_1.csv", REF_HEADER "Table 5.1,LANai 4,,,m,2.5,us,exact,here,L1562,q\n");
    write_in(f->a, "comparison.csv",
             CMP_HEADER "Figure 4.10,L4,1,t,us,10,10.3,3.00,L1,Fig 4.10 text,\n"
                        "Figure 4.10,L4,8,t,us,~10,10.7,7.00,L1,,\n"
                        "Table 5.1,L4,,t,us,2,,,L2,,\n"
                        "Figure 5.10,\"S, with comma\",,k,KB,<=4,3,,L3,,\n");
    write_in(f->b, "comparison.csv",
             CMP_HEADER "Figure 4.10,L9,1,t,us,10,12,20.00,L1,,\n"
                        "Figure 4.10,L9,8,t,us,10,6,-40.00,L1,,large error: see notes\n"
                        "Figure 5.10,S,,k,KB,>=2,1,,L3,,\n"
                        "Appendix A,LANai 4,65536,bw,MB/s,19,19.5,,L2492,,\n");
}

static const char *report(const fixture *f, const char *out, const char *dirs)
{
    int st = sim_cli("report --reference '%s' --out '%s' %s", f->ref, out, dirs);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_EQ(st, 0);
    return sim_read(out, NULL);
}

static void has(const char *text, const char *want)
{
    if (!strstr(text, want))
        harness_fail(__FILE__, __LINE__, "expected \"%s\" in:\n%s", want, text);
}

TEST(sim_fidelity, counts_and_groups)
{
    fixture f;
    make_fixture(&f, "fidelity_counts");
    char out[1300], dirs[2600];
    snprintf(out, sizeof out, "%s/REPORT.md", f.root);
    snprintf(dirs, sizeof dirs, "'%s' '%s'", f.a, f.b);
    const char *r = report(&f, out, dirs);
    has(r, "| exact | 4 | 2 | 2 | 3 |\n");
    has(r, "| approx | 1 | 0 | 1 | 1 |\n");
    has(r, "| **all** | 5 | 2 | 3 | 4 |\n");
    has(r, "Bounds: 1 of 2 satisfied, 1 violated.");
    has(r, "Reference values without a simulated value (the run failed): 1.");
    has(r, "Figures and tables with a simulated result: 3 of 6.");
    has(r, "published values in `");
    has(r, "`: 4 in 4 files.");
    /* not yet simulated, in natural order, with what the reference directory holds */
    has(r, "## Figures with no simulated result yet\n\n"
           "- Figure 4.6: 2 published values\n"
           "- Figure 5.14: no published values");
    has(r, "- Table 5.1: 1 published value; 1 comparison without a simulated value\n");
    /* sections for every figure with comparisons, in natural order, rows by
     * directory; Figure 4.6 has none */
    const char *s410 = strstr(r, "## Figure 4.10"), *s510 = strstr(r, "## Figure 5.10"), *st = strstr(r, "## Table 5.1"),
               *sa = strstr(r, "## Appendix A");
    ASSERT_TRUE(s410 && s510 && st && sa && s410 < s510 && s510 < st && st < sa);
    ASSERT_TRUE(strstr(r, "## Figure 4.6") == NULL);
    has(st, "| L4 | - | t | us | 2 | exact | no value | - | text line L2 |");
    has(s410, "4 comparisons (1 published value): 4 compared, within 5%: 1, 10%: 2, 25%: 3.");
    char row[8192];
    snprintf(row, sizeof row,
             "| L4 | bytes = 1 | t | us | 10 | exact | 10.3 | +3.00%% | Fig 4.10 text; text line L1 |  | %s |\n"
             "| L4 | bytes = 8 | t | us | ~10 | approx | 10.7 | +7.00%% | text line L1 |  | %s |\n"
             "| L9 | bytes = 1 | t | us | 10 | exact | 12 | +20.00%% | text line L1 |  | %s |\n"
             "| L9 | bytes = 8 | t | us | 10 | exact | 6 | -40.00%% | text line L1 | large error: see notes | %s |",
             f.a, f.a, f.b, f.b);
    has(s410, row);
    has(s510, "; bounds: 1 of 2 satisfied.");
    has(s510, "| S, with comma | - | k | KB | <=4 | bound | 3 | satisfied | text line L3 |");
    has(s510, "| S | - | k | KB | >=2 | bound | 1 | violated | text line L3 |");
    has(sa, "| LANai 4 | bytes = 65536 | bw | MB/s | 19 | exact | 19.5 | +2.63% | text line L2492 |");
    /* the two directories never compare the same value differently */
    has(r, "## Same published value, different simulated results\n\nNone:");
    has(sim_stdout(), "8 comparisons from 2 result directories, 4 published values");
}

TEST(sim_fidelity, output_does_not_depend_on_argument_order)
{
    fixture f;
    make_fixture(&f, "fidelity_order");
    char o1[1300], o2[1300], d1[2600], d2[2600];
    snprintf(o1, sizeof o1, "%s/one.md", f.root);
    snprintf(o2, sizeof o2, "%s/two.md", f.root);
    snprintf(d1, sizeof d1, "'%s' '%s'", f.a, f.b);
    snprintf(d2, sizeof d2, "'%s' '%s'", f.b, f.a);
    report(&f, o1, d1);
    report(&f, o2, d2);
    ASSERT_TRUE(sim_same_file(o1, o2));
}

TEST(sim_fidelity, no_result_directories_lists_every_figure)
{
    fixture f;
    make_fixture(&f, "fidelity_none");
    char out[1300];
    snprintf(out, sizeof out, "%s/R.md", f.root);
    const char *r = report(&f, out, "");
    has(r, "Figures and tables with a simulated result: 0 of 4.");
    has(r, "- Figure 4.10: 1 published value\n");
    has(r, "| **all** | 0 | 0 | 0 | 0 |");
}

static void bad_input(const char *name, const char *file, const char *text, const char *want)
{
    fixture f;
    make_fixture(&f, name);
    if (file)
        write_in(f.b, file, text);
    char out[1300];
    snprintf(out, sizeof out, "%s/R.md", f.root);
    int st = sim_cli("report --reference '%s' --out '%s' '%s' '%s'", f.ref, out, f.a, f.b);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_EQ(st, 2);
    has(sim_stderr(), want);
    has(sim_stderr(), "nothing written");
    ASSERT_TRUE(!sim_exists(out));
}

TEST(sim_fidelity, bad_comparison_files)
{
    bad_input("fidelity_header", "comparison.csv", "figure,series,x,reference,simulated,error_pct,source\n",
              "/res/b/comparison.csv:1: not a comparison.csv: the header must be "
              "figure,series,<the sweep's label>,measure,unit,reference,simulated,error_pct,source,location,note");
    bad_input("fidelity_reffield", "comparison.csv", CMP_HEADER "Figure 4.10,L4,1,t,us,about 10,10.3,3.00,L1,,\n",
              "/res/b/comparison.csv:2: reference 'about 10' is not a number");
    bad_input("fidelity_fields", "comparison.csv", CMP_HEADER "Figure 4.10,L4,1,t,us,10,10.3,L1,,\n",
              "/res/b/comparison.csv:2: 10 fields, expected 11");
    bad_input("fidelity_sim", "comparison.csv", CMP_HEADER "Figure 4.10,L4,1,t,us,10,fast,,L1,,\n",
              "/res/b/comparison.csv:2: simulated 'fast' is not a number");
    bad_input("fidelity_x", "comparison.csv", CMP_HEADER "Figure 4.10,L4,4 KB,t,us,10,10,,L1,,\n",
              "/res/b/comparison.csv:2: bytes '4 KB' is not a number");
    bad_input("fidelity_measure", "comparison.csv", CMP_HEADER "Figure 4.10,L4,1,,us,10,10,,L1,,\n",
              "/res/b/comparison.csv:2: figure, series, measure and source must not be empty");
    bad_input("fidelity_settings", "settings.csv", "series,key,value\n",
              "/res/b/settings.csv:1: not a settings.csv: the header must be series,setting,value");
}

TEST(sim_fidelity, missing_inputs)
{
    fixture f;
    make_fixture(&f, "fidelity_missing");
    char out[1300];
    snprintf(out, sizeof out, "%s/R.md", f.root);
    ASSERT_EQ(sim_cli("report --reference '%s' --out '%s' '%s/res/c'", f.ref, out, f.root), 2);
    has(sim_stderr(), "/res/c/comparison.csv: cannot read: No such file or directory");
    ASSERT_EQ(sim_cli("report --reference '%s/nope' --out '%s' '%s'", f.root, out, f.a), 2);
    has(sim_stderr(), "/nope: cannot read the reference directory");
    ASSERT_EQ(sim_cli("report --reference '%s' --out '%s' '%s' '%s'", f.ref, out, f.a, f.a), 2);
    has(sim_stderr(), "/res/a: result directory named twice");
    ASSERT_EQ(sim_cli("report --frobnicate"), 2);
    has(sim_stderr(), "unknown option '--frobnicate'");
    ASSERT_TRUE(!sim_exists(out));
    /* a broken reference file is named with its line */
    write_in(f.ref, "fig5_5.csv", REF_HEADER "Figure 5.5,A,,,m,1,us,sometimes,here,L1,q\n");
    ASSERT_EQ(sim_cli("report --reference '%s' --out '%s' '%s'", f.ref, out, f.a), 2);
    has(sim_stderr(), "/ref/fig5_5.csv:2: kind 'sometimes' is not exact, approx or bound");
}

TEST(sim_fidelity, figure_order_is_natural)
{
    ASSERT_TRUE(fidelity_figure_cmp("Figure 4.6", "Figure 4.10") < 0);
    ASSERT_TRUE(fidelity_figure_cmp("Figure 5.2", "Figure 5.10") < 0);
    ASSERT_TRUE(fidelity_figure_cmp("Figure 5.14", "Table 5.1") < 0);
    ASSERT_TRUE(fidelity_figure_cmp("Table 5.6", "Appendix A") < 0);
    ASSERT_TRUE(fidelity_figure_cmp("Appendix A", "regress_copy") < 0);
    ASSERT_TRUE(fidelity_figure_cmp("Figure 5.10", "Figure 5.10") == 0);
    ASSERT_TRUE(fidelity_figure_cmp("Figure 10.1", "Figure 9.9") > 0);
}

/* Two directories compare the same published value (same series, measure,
 * unit and point) and disagree: the report names the settings that differ,
 * read from each directory's settings.csv; a swept setting reads as the
 * point compared, so it does not differ. */
TEST(sim_fidelity, same_value_different_result_names_the_settings)
{
    fixture f;
    make_fixture(&f, "fidelity_differ");
    char t54[1300], f513[1300], old[1300], out[1300], dirs[6000];
    snprintf(t54, sizeof t54, "%s/res/table5_4", f.root);
    snprintf(f513, sizeof f513, "%s/res/fig5_13", f.root);
    snprintf(old, sizeof old, "%s/res/old", f.root);
    snprintf(out, sizeof out, "%s/R.md", f.root);
    write_in(t54, "comparison.csv", CMP_HEADER "Table 5.4,\"P3, RM-P\",4,latency_us,us,9.5,9.85339,3.72,L1747,,\n");
    write_in(t54, "settings.csv", "series,setting,value\n\"P3, RM-P\",cluster.ni,lanai9\n"
                                  "\"P3, RM-P\",experiment.params.BYTES,(swept)\n"
                                  "\"P3, RM-P\",experiment.params.LAT_BYTES,4\n");
    write_in(f513, "comparison.csv", CMP_HEADER "Figure 5.13,\"P3, RM-P\",4,latency_us,us,9.5,10.0716,6.02,L1735,,\n");
    write_in(f513, "settings.csv", "series,setting,value\n\"P3, RM-P\",cluster.ni,lanai9\n"
                                   "\"P3, RM-P\",experiment.params.BYTES,4\n");
    /* the same value and result elsewhere, and a directory without settings */
    write_in(old, "comparison.csv", CMP_HEADER "Table 5.6,\"P3, RM-P\",4,latency_us,us,9.5,11,,L1787,,\n");
    snprintf(dirs, sizeof dirs, "'%s' '%s' '%s' '%s'", f.a, f.b, t54, f513);
    const char *r = report(&f, out, dirs);
    has(r, "## Same published value, different simulated results\n\n"
           "- `P3, RM-P`, `latency_us` at bytes = 4, published 9.5 us: 10.0716 in `");
    has(r, "/res/fig5_13` (Figure 5.13), 9.85339 in `");
    has(r, "/res/table5_4` (Table 5.4).\n  Settings that differ: `experiment.params.LAT_BYTES` not set in `");
    has(r, "/res/fig5_13`, `4` in `");
    ASSERT_TRUE(strstr(r, "`experiment.params.BYTES`") == NULL);
    ASSERT_TRUE(strstr(r, "`cluster.ni`") == NULL);
    snprintf(dirs, sizeof dirs, "'%s' '%s'", t54, old);
    r = report(&f, out, dirs);
    has(r, "Settings that differ: settings not recorded (a directory without settings.csv).");
}
