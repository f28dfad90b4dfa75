/* Scenario references taken from reference files: how selected rows map to
 * a series, an x and a measurement, and the errors for every way a
 * selection can go wrong. The good cases call the loader directly; the bad
 * ones run `myrisim describe` for its exit status and message. */
#include "../harness/harness.h"
#include "sim_util.h"

#include "../../sim/scenario/scenario.h"

#include <stdio.h>
#include <string.h>

/* Line 1 is the header, so a row's line is its index + 2. */
static const char *const fixture =
    "figure,series,x,x_unit,metric,value,unit,kind,location,source,quote\n"
    "Figure 9.1,curve,8,B,y_at,16,units,exact,here,L10,y is 16 at 8\n"           /* 2 */
    "Figure 9.1,curve,16,B,y_at,33,units,approx,here,L11,about 33 at 16\n"       /* 3 */
    "Figure 9.1,curve,,,peak,1.5,K,exact,here,L12,peak 1.5 K\n"                  /* 4 */
    "Figure 9.1,curve,,,peak_lt,140,units,bound,here,L13,less than 140\n"        /* 5 */
    "Figure 9.1,other,,,peak,7,units,exact,here,L14,seven\n"                     /* 6 */
    "Figure 9.1,curve,12,B,z_at,1,units,exact,here,L15,one at 12\n"              /* 7 */
    "Figure 9.1,dup,,,m,1,units,exact,here,L16,one\n"                            /* 8 */
    "Figure 9.1,dup,,,m,2,units,exact,here,L17,two\n";                           /* 9 */

static const char *const base_refs = "references = ( { series = \"A\"; x = 16; y = 30; source = \"L1\"; } );\n";

/* The base selftest scenario with its references replaced; the fixture is
 * fig9_1.csv beside it. Returns the scenario path. */
static const char *write_case(const char *name, const char *refs)
{
    static char cfg[1200];
    const char *dir = sim_scratch(name);
    char csv[1200];
    snprintf(csv, sizeof csv, "%s/fig9_1.csv", dir);
    sim_write(csv, fixture);
    snprintf(cfg, sizeof cfg, "%s/s.cfg", dir);
    sim_write(cfg, sim_replace(sim_base_cfg, base_refs, refs));
    return cfg;
}

static void load_ok(scenario *sc, const char *name, const char *refs)
{
    const char *cfg = write_case(name, refs);
    ASSERT_EQ(scenario_load(sc, cfg, harness_root(), NULL, 0), 0);
}

static void expect_error(const char *name, const char *refs, const char *msg)
{
    const char *cfg = write_case(name, refs);
    int st = sim_cli("describe '%s'", cfg);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_EQ(st, 2);
    if (!strstr(sim_stderr(), msg))
        harness_fail(__FILE__, __LINE__, "expected \"%s\" in stderr:\n%s", msg, sim_stderr());
}

TEST(sim_refselect, rows_with_x_become_points_of_a_curve)
{
    scenario sc;
    load_ok(&sc, "refsel_curve",
            "references = ( { series = \"B\"; measure = \"x_squared\"; file = \"./fig9_1.csv\";\n"
            "                 select = { series = \"curve\"; metric = \"y_at\"; }; } );\n");
    ASSERT_EQ(sc.nrefs, 2);
    const sim_ref *a = &sc.refs[0], *b = &sc.refs[1];
    ASSERT_EQ(a->series, 1);
    ASSERT_STR_EQ(a->measure, "x_squared");
    ASSERT_TRUE(a->x == 8 && a->y == 16);
    ASSERT_EQ(a->kind, REF_EXACT);
    ASSERT_STR_EQ(a->source, "L10");
    ASSERT_STR_EQ(a->figure, "Figure 9.1");
    ASSERT_STR_EQ(a->note, "y is 16 at 8");           /* the quote, when no note is given */
    ASSERT_STR_EQ(a->file, "./fig9_1.csv");
    ASSERT_EQ(a->file_line, 2);
    ASSERT_TRUE(a->in_sweep);
    ASSERT_TRUE(b->x == 16 && b->y == 33);
    ASSERT_EQ(b->kind, REF_APPROX);
    ASSERT_EQ(b->file_line, 3);
    scenario_free(&sc);
}

TEST(sim_refselect, select_x_picks_one_row)
{
    scenario sc;
    load_ok(&sc, "refsel_x",
            "reference_file = \"./fig9_1.csv\";\n"
            "references = ( { series = \"A\"; select = { series = \"curve\"; metric = \"y_at\"; x = 16; }; } );\n");
    ASSERT_EQ(sc.nrefs, 1);
    ASSERT_TRUE(sc.refs[0].x == 16 && sc.refs[0].y == 33);
    ASSERT_STR_EQ(sc.refs[0].measure, "y");           /* default: the first measurement */
    scenario_free(&sc);
}

TEST(sim_refselect, row_without_x_takes_the_element_x_and_scale)
{
    scenario sc;
    load_ok(&sc, "refsel_scale",
            "reference_file = \"./fig9_1.csv\";\n"
            "references = ( { series = \"A\"; x = 64; scale = 1000; note = \"mine\";\n"
            "                 select = { series = \"curve\"; metric = \"peak\"; figure = \"Figure 9.1\"; }; },\n"
            "               { series = \"B\"; x = 32; y = 5; source = \"L2\"; kind = \"approx\"; },\n"
            "               { series = \"B\"; x = 64; y = 7; source = \"L3\"; kind = \"bound\"; cmp = \">=\"; } );\n");
    ASSERT_EQ(sc.nrefs, 3);
    ASSERT_TRUE(sc.refs[0].x == 64 && sc.refs[0].y == 1500);
    ASSERT_STR_EQ(sc.refs[0].note, "mine");
    ASSERT_EQ(sc.refs[0].file_line, 4);
    /* inline references keep working, with a kind and the scenario's figure */
    ASSERT_EQ(sc.refs[1].kind, REF_APPROX);
    ASSERT_TRUE(sc.refs[1].file == NULL);
    ASSERT_STR_EQ(sc.refs[1].figure, "t");            /* no figure key: the scenario name */
    ASSERT_EQ(sc.refs[2].kind, REF_BOUND);
    ASSERT_EQ(sc.refs[2].cmp, CMP_GE);
    scenario_free(&sc);
}

TEST(sim_refselect, bound_rows_keep_their_comparison)
{
    scenario sc;
    load_ok(&sc, "refsel_bound",
            "references = ( { series = \"A\"; x = 64; file = \"./fig9_1.csv\";\n"
            "                 select = { series = \"curve\"; metric = \"peak_lt\"; }; } );\n");
    ASSERT_EQ(sc.nrefs, 1);
    ASSERT_EQ(sc.refs[0].kind, REF_BOUND);
    ASSERT_EQ(sc.refs[0].cmp, CMP_LT);
    ASSERT_TRUE(sc.refs[0].y == 140);
    scenario_free(&sc);
}

TEST(sim_refselect, missing_file)
{
    expect_error("refsel_nofile",
                 "references = ( { series = \"A\"; x = 8; file = \"./nope.csv\"; select = { series = \"curve\"; "
                 "metric = \"y_at\"; }; } );\n",
                 "./nope.csv: cannot read: No such file or directory");
    ASSERT_TRUE(strstr(sim_stderr(), "s.cfg:9: references[0].file: cannot use the reference file ./nope.csv") != NULL);
}

TEST(sim_refselect, unknown_column_in_the_file)
{
    const char *cfg = write_case("refsel_badcol",
                                 "references = ( { series = \"A\"; x = 8; file = \"./bad.csv\"; select = { series = "
                                 "\"curve\"; metric = \"y_at\"; }; } );\n");
    char bad[1300];
    snprintf(bad, sizeof bad, "%.*s/bad.csv", (int)(strlen(cfg) - 6), cfg);
    sim_write(bad, "figure,series,x,x_unit,metric,value,unit,kind,source,quotation\n");
    ASSERT_EQ(sim_cli("describe '%s'", cfg), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "./bad.csv:1: unknown column 'quotation'") != NULL);
    ASSERT_TRUE(strstr(sim_stderr(), "references[0].file: cannot use the reference file ./bad.csv") != NULL);
}

TEST(sim_refselect, selection_matching_no_row)
{
    const char *sel = "references = ( { series = \"A\"; x = 8; file = \"./fig9_1.csv\"; select = { series = \"%s\"; "
                      "metric = \"%s\";%s }; } );\n";
    char refs[600];
    snprintf(refs, sizeof refs, sel, "nope", "y_at", "");
    expect_error("refsel_noseries", refs,
                 "s.cfg:9: references[0].select: no row of ./fig9_1.csv has series 'nope' (its series: 'curve', "
                 "'other', 'dup')");
    snprintf(refs, sizeof refs, sel, "curve", "peek", "");
    expect_error("refsel_nometric", refs,
                 "no row of ./fig9_1.csv has series 'curve' and metric 'peek' (its metrics: 'y_at', 'peak', "
                 "'peak_lt', 'z_at')");
    snprintf(refs, sizeof refs, sel, "curve", "y_at", " x = 4;");
    expect_error("refsel_nox", refs, "no row of ./fig9_1.csv has series 'curve', metric 'y_at' and x = 4");
}

TEST(sim_refselect, row_x_not_in_the_sweep)
{
    expect_error("refsel_sweep",
                 "references = ( { series = \"A\"; file = \"./fig9_1.csv\"; select = { series = \"curve\"; metric = "
                 "\"z_at\"; }; } );\n",
                 "s.cfg:9: references[0].select: reference x = 12 (./fig9_1.csv:7) is not a point of the sweep");
}

TEST(sim_refselect, element_x_only_for_rows_without_one)
{
    expect_error("refsel_twox",
                 "references = ( { series = \"A\"; x = 8; file = \"./fig9_1.csv\"; select = { series = \"curve\"; "
                 "metric = \"y_at\"; }; } );\n",
                 "references[0].x: ./fig9_1.csv:3 has its own x = 16; 'x' is for rows without one");
    expect_error("refsel_needx",
                 "references = ( { series = \"A\"; file = \"./fig9_1.csv\"; select = { series = \"curve\"; metric = "
                 "\"peak\"; }; } );\n",
                 "references[0]: ./fig9_1.csv:4 has no x: give the sweep point it is compared at with 'x'");
}

TEST(sim_refselect, several_rows_without_x_are_ambiguous)
{
    expect_error("refsel_dup",
                 "references = ( { series = \"A\"; x = 8; file = \"./fig9_1.csv\"; select = { series = \"dup\"; "
                 "metric = \"m\"; }; } );\n",
                 "matches several rows without an x in ./fig9_1.csv (lines 8 and 9)");
}

TEST(sim_refselect, file_values_are_not_restated)
{
    expect_error("refsel_y",
                 "references = ( { series = \"A\"; x = 8; y = 3; file = \"./fig9_1.csv\"; select = { series = "
                 "\"curve\"; metric = \"peak\"; }; } );\n",
                 "references[0].y: 'y' comes from the reference file when the reference has a 'select'");
    expect_error("refsel_fileonly", "references = ( { series = \"A\"; x = 8; y = 3; source = \"L1\"; file = \"./fig9_1.csv\"; } );\n",
                 "references[0].file: 'file' belongs to values read from a reference file, which need a 'select'");
    expect_error("refsel_nowhere",
                 "references = ( { series = \"A\"; x = 8; select = { series = \"curve\"; metric = \"peak\"; }; } );\n",
                 "references[0].select: no reference file: give 'file' here or 'reference_file' at the top level");
    expect_error("refsel_scale",
                 "references = ( { series = \"A\"; x = 8; scale = 0; file = \"./fig9_1.csv\"; select = { series = "
                 "\"curve\"; metric = \"peak\"; }; } );\n",
                 "references[0].scale: scale must be a positive number");
}

TEST(sim_refselect, inline_kinds_are_checked)
{
    expect_error("refsel_inline_bound",
                 "references = ( { series = \"A\"; x = 8; y = 3; source = \"L1\"; kind = \"bound\"; } );\n",
                 "references[0].kind: a bound needs 'cmp'");
    expect_error("refsel_inline_cmp",
                 "references = ( { series = \"A\"; x = 8; y = 3; source = \"L1\"; cmp = \"<\"; } );\n",
                 "references[0].cmp: 'cmp' is only for kind = \"bound\"");
    expect_error("refsel_inline_kind",
                 "references = ( { series = \"A\"; x = 8; y = 3; source = \"L1\"; kind = \"rough\"; } );\n",
                 "references[0].kind: unknown reference kind 'rough' (expected exact, approx or bound)");
    expect_error("refsel_inline_y", "references = ( { series = \"A\"; x = 8; source = \"L1\"; } );\n",
                 "references[0]: missing required key 'y'");
}
