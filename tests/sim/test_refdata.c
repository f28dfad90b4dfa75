/* Reference files (results/reference/, one CSV per figure): a good file loads with every
 * column decoded, and every kind of bad input is an error naming the file
 * and the line. Calls the loader directly. */
#define _GNU_SOURCE
#include "../harness/harness.h"
#include "sim_util.h"

#include "../../sim/fidelity/csvread.h"
#include "../../sim/fidelity/refdata.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEADER "figure,series,x,x_unit,metric,value,unit,kind,location,source,quote\n"

static char err_text[8192];

/* Write text as <scratch>/<file> and load it; returns the error count and
 * leaves the messages in err_text (with the scratch path replaced by "@"). */
static int load(const char *scratch, const char *file, const char *text, ref_table *t)
{
    const char *dir = sim_scratch(scratch);
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    sim_write(path, text);
    char *buf = NULL;
    size_t n = 0;
    FILE *err = open_memstream(&buf, &n);
    int errors = ref_table_load(path, file, err, t);
    fclose(err);
    snprintf(err_text, sizeof err_text, "%s", buf ? buf : "");
    free(buf);
    harness_note("errors: %s", err_text);
    return errors;
}

static void expect_error(const char *scratch, const char *file, const char *text, const char *msg)
{
    ref_table t;
    int errors = load(scratch, file, text, &t);
    ASSERT_TRUE(errors > 0);
    ASSERT_EQ(t.nrows, 0);
    if (!strstr(err_text, msg))
        harness_fail(__FILE__, __LINE__, "expected \"%s\" in:\n%s", msg, err_text);
}

TEST(sim_refdata, good_file_decodes_every_column)
{
    ref_table t;
    int errors = load("refdata_good", "fig5_5.csv",
                      HEADER
                      "Figure 5.5,\"LANai 4, SAN-1280\",,,max_bandwidth,132,MB/s,approx,here,L1549,"
                      "\"obtain \"\"approximately\"\" 132 MB/s, here\"\n"
                      "\n"
                      "Figure 5.5,LANai 9,256,B,half_bandwidth_size_le,256,B,bound,here,L1551,only 256 bytes\r\n"
                      "Figure 5.5,LANai 9,,,max_bandwidth,200,MB/s,exact,here,\"L1549, L1551\",200 MB/s",
                      &t);
    ASSERT_EQ(errors, 0);
    ASSERT_EQ(t.nrows, 3);
    const ref_row *a = &t.rows[0], *b = &t.rows[1], *c = &t.rows[2];
    ASSERT_STR_EQ(a->figure, "Figure 5.5");
    ASSERT_STR_EQ(a->series, "LANai 4, SAN-1280");
    ASSERT_STR_EQ(a->quote, "obtain \"approximately\" 132 MB/s, here");
    ASSERT_EQ(a->has_x, 0);
    ASSERT_TRUE(a->value == 132);
    ASSERT_EQ(a->kind, REF_APPROX);
    ASSERT_EQ(a->cmp, CMP_NONE);
    ASSERT_EQ(a->line, 2);
    /* the blank line is skipped but counted; CRLF is one line end */
    ASSERT_EQ(b->line, 4);
    ASSERT_EQ(b->has_x, 1);
    ASSERT_TRUE(b->x == 256);
    ASSERT_STR_EQ(b->x_unit, "B");
    ASSERT_EQ(b->kind, REF_BOUND);
    ASSERT_EQ(b->cmp, CMP_LE);
    ASSERT_STR_EQ(b->quote, "only 256 bytes");
    /* no newline at the end of the file */
    ASSERT_EQ(c->line, 5);
    ASSERT_EQ(c->kind, REF_EXACT);
    ASSERT_STR_EQ(c->source, "L1549, L1551");
    ASSERT_STR_EQ(c->quote, "200 MB/s");
    ref_table_free(&t);
}

TEST(sim_refdata, header_only_file_is_empty_not_an_error)
{
    ref_table t;
    ASSERT_EQ(load("refdata_empty", "fig5_14.csv", HEADER, &t), 0);
    ASSERT_EQ(t.nrows, 0);
    ref_table_free(&t);
}

TEST(sim_refdata, columns_in_another_order)
{
    ref_table t;
    ASSERT_EQ(load("refdata_order", "x.csv",
                   "quote,source,location,kind,unit,value,metric,x_unit,x,series,figure\n"
                   "three times,L1323,Figure 4.10 text,approx,x,3,speedup,,,LANai 9,Figure 4.10\n",
                   &t),
              0);
    ASSERT_EQ(t.nrows, 1);
    ASSERT_STR_EQ(t.rows[0].series, "LANai 9");
    ASSERT_TRUE(t.rows[0].value == 3);
    ref_table_free(&t);
}

TEST(sim_refdata, missing_file)
{
    ref_table t;
    char *buf = NULL;
    size_t n = 0;
    FILE *err = open_memstream(&buf, &n);
    int errors = ref_table_load("build/tests/sim/no/such.csv", "no/such.csv", err, &t);
    fclose(err);
    ASSERT_TRUE(errors > 0);
    ASSERT_TRUE(strstr(buf, "no/such.csv: cannot read: No such file or directory") != NULL);
    free(buf);
}

TEST(sim_refdata, empty_file)
{
    expect_error("refdata_empty_file", "a.csv", "", "a.csv:1: empty file (expected a header line)");
}

TEST(sim_refdata, unknown_column)
{
    expect_error("refdata_unknown_col", "a.csv", "figure,series,x,x_unit,metric,value,units,kind,location,source,quote\n",
                 "a.csv:1: unknown column 'units'");
}

TEST(sim_refdata, missing_column)
{
    expect_error("refdata_missing_col", "a.csv", "figure,series,x,x_unit,metric,value,unit,kind,location,source\n",
                 "a.csv:1: missing column 'quote'");
    expect_error("refdata_missing_loc", "a.csv", "figure,series,x,x_unit,metric,value,unit,kind,source,quote\n",
                 "a.csv:1: missing column 'location'");
}

TEST(sim_refdata, duplicate_column)
{
    expect_error("refdata_dup_col", "a.csv", "figure,series,x,x_unit,metric,value,unit,kind,location,source,quote,kind\n",
                 "a.csv:1: column 'kind' appears twice");
}

TEST(sim_refdata, wrong_field_count)
{
    expect_error("refdata_fields", "a.csv", HEADER "Figure 5.5,LANai 4, SAN-1280,,,max_bandwidth,132,MB/s,approx,here,L1549,q\n",
                 "a.csv:2: 12 fields, but the header has 11");
}

TEST(sim_refdata, value_not_a_number)
{
    expect_error("refdata_value", "a.csv", HEADER "Figure 5.5,A,,,max_bandwidth,132 MB/s,MB/s,exact,here,L1549,q\n",
                 "a.csv:2: value '132 MB/s' is not a number");
}

TEST(sim_refdata, x_not_a_number_and_units)
{
    expect_error("refdata_x", "a.csv", HEADER "Figure 5.5,A,64KB,B,m,1,us,exact,here,L1,q\n",
                 "a.csv:2: x '64KB' is not a number");
    expect_error("refdata_xunit", "a.csv", HEADER "Figure 5.5,A,,B,m,1,us,exact,here,L1,q\n",
                 "a.csv:2: x_unit 'B' is given but x is empty");
}

TEST(sim_refdata, unknown_kind)
{
    expect_error("refdata_kind", "a.csv", HEADER "Figure 5.5,A,,,m,1,us,roughly,here,L1,q\n",
                 "a.csv:2: kind 'roughly' is not exact, approx or bound");
}

TEST(sim_refdata, bound_needs_comparison_suffix_and_only_bounds_have_one)
{
    expect_error("refdata_bound", "a.csv", HEADER "Figure 5.5,A,,,half_size,256,B,bound,here,L1,q\n",
                 "a.csv:2: a bound's metric must end in _lt, _le, _gt or _ge");
    expect_error("refdata_notbound", "a.csv", HEADER "Figure 5.5,A,,,half_size_le,256,B,exact,here,L1,q\n",
                 "a.csv:2: metric 'half_size_le' ends like a bound");
}

TEST(sim_refdata, source_must_be_a_line)
{
    expect_error("refdata_source", "a.csv", HEADER "Figure 5.5,A,,,m,1,us,exact,here,p. 12,q\n",
                 "a.csv:2: source 'p. 12' is not a dissertation line reference");
}

TEST(sim_refdata, empty_quote_and_metric_case)
{
    expect_error("refdata_quote", "a.csv", HEADER "Figure 5.5,A,,,m,1,us,exact,here,L1,\n", "a.csv:2: column 'quote' is empty");
    /* every value says where a reader of the dissertation finds it */
    expect_error("refdata_location", "a.csv", HEADER "Figure 5.5,A,,,m,1,us,exact,,L1,q\n",
                 "a.csv:2: column 'location' is empty");
    expect_error("refdata_metric", "a.csv", HEADER "Figure 5.5,A,,,Max BW,1,us,exact,here,L1,q\n",
                 "a.csv:2: metric 'Max BW' must be lower-case");
}

TEST(sim_refdata, broken_quoting)
{
    expect_error("refdata_open_quote", "a.csv", HEADER "Figure 5.5,A,,,m,1,us,exact,here,L1,\"never closed\n",
                 "a.csv:2: quoted field is not closed before the end of the file");
    expect_error("refdata_stray_quote", "a.csv", HEADER "Figure 5.5,A,,,m,1,us,exact,here,L1,say \"x\"\n",
                 "a.csv:2: a quote inside an unquoted field");
    expect_error("refdata_after_quote", "a.csv", HEADER "Figure 5.5,A,,,m,1,us,exact,here,L1,\"x\"y\n",
                 "a.csv:2: text after the closing quote");
}

TEST(sim_refdata, figure_must_match_the_file_name)
{
    expect_error("refdata_figure", "fig5_6.csv", HEADER "Figure 5.5,A,,,m,1,us,exact,here,L1,q\n",
                 "fig5_6.csv:2: figure 'Figure 5.5' does not belong in this file (it holds Figure 5.6)");
}

TEST(sim_refdata, every_error_is_reported_not_just_the_first)
{
    ref_table t;
    int errors = load("refdata_many", "a.csv",
                      HEADER "Figure 5.5,A,,,m,x,us,exact,here,L1,q\nFigure 5.5,A,,,m,1,us,maybe,here,L1,q\n", &t);
    ASSERT_EQ(errors, 2);
    ASSERT_TRUE(strstr(err_text, "a.csv:2:") && strstr(err_text, "a.csv:3:"));
}

TEST(sim_refdata, figure_names_from_file_names)
{
    char b[64];
    ASSERT_STR_EQ(ref_figure_of_file("results/reference/fig5_10.csv", b, sizeof b), "Figure 5.10");
    ASSERT_STR_EQ(ref_figure_of_file("table5_4.csv", b, sizeof b), "Table 5.4");
    ASSERT_STR_EQ(ref_figure_of_file("/x/appendix_a.csv", b, sizeof b), "Appendix A");
    ASSERT_TRUE(ref_figure_of_file("fig5.csv", b, sizeof b) == NULL);
    ASSERT_TRUE(ref_figure_of_file("fig5_10a.csv", b, sizeof b) == NULL);
    ASSERT_TRUE(ref_figure_of_file("notes.csv", b, sizeof b) == NULL);
}

TEST(sim_refdata, csv_fields_span_lines_and_keep_the_start_line)
{
    const char *dir = sim_scratch("refdata_csv_multiline");
    char path[1200];
    snprintf(path, sizeof path, "%s/m.csv", dir);
    sim_write(path, "a,b\n\"one\ntwo\",3\nx,\"\"\n");
    csv_table t;
    ASSERT_EQ(csv_read(path, "m.csv", stderr, &t), 0);
    ASSERT_EQ(t.nrows, 3);
    ASSERT_STR_EQ(t.rows[1].fields[0], "one\ntwo");
    ASSERT_EQ(t.rows[1].line, 2);
    ASSERT_EQ(t.rows[2].line, 4);
    ASSERT_STR_EQ(t.rows[2].fields[1], "");
    ASSERT_EQ(csv_column(&t, "b"), 1);
    ASSERT_EQ(csv_column(&t, "c"), -1);
    csv_free(&t);
}
