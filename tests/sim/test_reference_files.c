/* The shipped reference files (results/reference/): they load, every figure
 * the simulator reproduces has a file, the hidden validation set holds no
 * values, and every value's quote is on its cited line of the dissertation
 * text and contains the value. */
#include "../harness/harness.h"
#include "sim_util.h"

#include "../../sim/fidelity/refdata.h"

#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THESIS_DEFAULT "/work/shared/seeds/000_23457e15d0e87a5a.txt"

static const char *const expected_files[] = {
    "fig4_6.csv",  "fig4_10.csv", "fig5_2.csv",   "fig5_3.csv",   "fig5_4.csv",   "fig5_5.csv",
    "fig5_6.csv",  "fig5_8.csv",  "fig5_10.csv",  "fig5_12.csv",  "fig5_13.csv",  "fig5_14.csv",
    "table5_1.csv", "table5_2.csv", "table5_3.csv", "table5_4.csv", "table5_6.csv", "appendix_a.csv",
    "table8_1.csv",
};
#define NFILES (int)(sizeof expected_files / sizeof *expected_files)

static void load(const char *file, ref_table *t)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/results/reference/%s", harness_root(), file);
    if (ref_table_load(path, file, stderr, t))
        harness_fail(__FILE__, __LINE__, "%s does not load (errors on stderr)", file);
}

TEST(sim_reffiles, every_file_loads_and_nothing_else_is_there)
{
    int total = 0;
    for (int i = 0; i < NFILES; i++) {
        ref_table t;
        load(expected_files[i], &t);
        harness_note("%s: %d values", expected_files[i], t.nrows);
        total += t.nrows;
        ref_table_free(&t);
    }
    ASSERT_TRUE(total > 100);
    char dir[1100];
    snprintf(dir, sizeof dir, "%s/results/reference", harness_root());
    DIR *d = opendir(dir);
    ASSERT_TRUE(d != NULL);
    struct dirent *e;
    int csvs = 0;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 4 || strcmp(e->d_name + l - 4, ".csv"))
            continue;
        int known = 0;
        for (int i = 0; i < NFILES; i++)
            known |= !strcmp(e->d_name, expected_files[i]);
        if (!known)
            harness_fail(__FILE__, __LINE__, "unexpected file results/reference/%s", e->d_name);
        csvs++;
    }
    closedir(d);
    ASSERT_EQ(csvs, NFILES);
}

TEST(sim_reffiles, hidden_validation_set_holds_no_values)
{
    ref_table t;
    load("fig5_14.csv", &t);
    ASSERT_EQ(t.nrows, 0);
    ref_table_free(&t);
    /* Tables 5.4 and 5.6: P3 rows only (the P4 rows are predictions). */
    const char *tables[] = {"table5_4.csv", "table5_6.csv"};
    for (int i = 0; i < 2; i++) {
        load(tables[i], &t);
        ASSERT_TRUE(t.nrows > 0);
        for (int r = 0; r < t.nrows; r++)
            if (strstr(t.rows[r].series, "P4") || strstr(t.rows[r].quote, "P4") || strstr(t.rows[r].quote, "1.7"))
                harness_fail(__FILE__, __LINE__, "%s:%d is a P4 value", tables[i], t.rows[r].line);
        ref_table_free(&t);
    }
    char path[1200];
    snprintf(path, sizeof path, "%s/results/reference/README.md", harness_root());
    const char *readme = sim_read(path, NULL);
    const char *f14 = strstr(readme, "`fig5_14.csv`"), *f12 = strstr(readme, "`fig5_12.csv`");
    ASSERT_TRUE(f14 && strstr(f14, "prediction") && strstr(f14, "prediction") < strstr(f14, "\n"));
    ASSERT_TRUE(f12 && strstr(f12, "no stated values") && strstr(f12, "no stated values") < strstr(f12, "\n"));
}

/* Collapse white space and write the two micro signs (U+03BC, U+00B5) the
 * extracted text mixes as one. */
static void normalise(const char *in, char *out, size_t len)
{
    size_t n = 0;
    int space = 0;
    for (; *in && n + 3 < len; in++) {
        if (isspace((unsigned char)*in)) {
            space = n > 0;
            continue;
        }
        if (space)
            out[n++] = ' ';
        space = 0;
        if ((unsigned char)in[0] == 0xce && (unsigned char)in[1] == 0xbc) {
            out[n++] = (char)0xc2;
            out[n++] = (char)0xb5;
            in++;
        } else {
            out[n++] = *in;
        }
    }
    out[n] = 0;
}

/* Does the quote hold the value, as digits ("5,000", "1.0") or as a word? */
static int quote_has_value(const char *q, double v)
{
    static const char *const words[] = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"};
    for (const char *p = q; *p; p++) {
        if (!isdigit((unsigned char)*p) || (p > q && (isdigit((unsigned char)p[-1]) || p[-1] == '.')))
            continue;
        char num[64];
        size_t n = 0;
        const char *s = p;
        while (n + 1 < sizeof num && (isdigit((unsigned char)*s) ||
                                      (*s == ',' && isdigit((unsigned char)s[1]) && isdigit((unsigned char)s[2]) &&
                                       isdigit((unsigned char)s[3]) && !isdigit((unsigned char)s[4])) ||
                                      (*s == '.' && isdigit((unsigned char)s[1])))) {
            if (*s != ',')
                num[n++] = *s;
            s++;
        }
        num[n] = 0;
        if (fabs(atof(num) - v) < 1e-9)
            return 1;
    }
    for (int w = 0; w <= 10; w++) {
        size_t l = strlen(words[w]);
        for (const char *p = strstr(q, words[w]); p; p = strstr(p + 1, words[w]))
            if ((p == q || !isalpha((unsigned char)p[-1])) && !isalpha((unsigned char)p[l]) && v == w)
                return 1;
    }
    return 0;
}

TEST(sim_reffiles, quotes_are_on_their_lines_and_hold_the_values)
{
    const char *text_path = getenv("MYRISIM_THESIS_TEXT");
    if (!text_path)
        text_path = THESIS_DEFAULT;
    FILE *f = fopen(text_path, "r");
    if (!f) {
        harness_note("dissertation text %s not available: quotes not checked", text_path);
        return;
    }
    fclose(f);
    size_t len;
    char *text = sim_read(text_path, &len);
    char **lines = malloc((len + 2) * sizeof *lines);
    int nlines = 0;
    lines[nlines++] = NULL;   /* lines are 1-based */
    for (char *p = text, *nl; p; p = nl ? nl + 1 : NULL) {
        nl = strchr(p, '\n');
        if (nl)
            *nl = 0;
        lines[nlines++] = p;
    }
    int checked = 0;
    for (int i = 0; i < NFILES; i++) {
        ref_table t;
        load(expected_files[i], &t);
        for (int r = 0; r < t.nrows; r++) {
            const ref_row *row = &t.rows[r];
            char q[2048], l[16384];
            normalise(row->quote, q, sizeof q);
            int found = 0;
            /* every "L<n>" or "L<n>-L<m>" in the source */
            for (const char *s = row->source; (s = strchr(s, 'L'));) {
                int a = atoi(s + 1), b = a;
                s++;
                while (isdigit((unsigned char)*s))
                    s++;
                if (*s == '-')
                    b = atoi(s + (s[1] == 'L' ? 2 : 1));
                for (int n = a; n <= b && n < nlines && !found; n++) {
                    normalise(lines[n], l, sizeof l);
                    found = strstr(l, q) != NULL;
                }
            }
            if (!found)
                harness_fail(__FILE__, __LINE__, "%s:%d: quote \"%s\" is not on %s", expected_files[i], row->line,
                             row->quote, row->source);
            if (!quote_has_value(q, row->value))
                harness_fail(__FILE__, __LINE__, "%s:%d: quote \"%s\" does not give the value %g", expected_files[i],
                             row->line, row->quote, row->value);
            checked++;
        }
        ref_table_free(&t);
    }
    harness_note("%d quotes checked against %s", checked, text_path);
    free(lines);
}

TEST(sim_reffiles, report_counts_every_published_value)
{
    /* Count value lines independently of the loader: every non-empty line
     * after the header (no shipped field spans lines). */
    int lines = 0;
    for (int i = 0; i < NFILES; i++) {
        char path[1200];
        snprintf(path, sizeof path, "%s/results/reference/%s", harness_root(), expected_files[i]);
        const char *s = sim_read(path, NULL);
        for (const char *p = strchr(s, '\n'); p && p[1]; p = strchr(p + 1, '\n'))
            lines += p[1] != '\n';
    }
    const char *dir = sim_scratch("reffiles_report");
    char out[1200], want[200];
    snprintf(out, sizeof out, "%s/R.md", dir);
    ASSERT_EQ(sim_cli("report --out '%s'", out), 0);
    snprintf(want, sizeof want, "`results/reference`: %d in %d files.", lines, NFILES);
    const char *r = sim_read(out, NULL);
    if (!strstr(r, want))
        harness_fail(__FILE__, __LINE__, "expected \"%s\" in the report", want);
    ASSERT_TRUE(strstr(r, "- Figure 5.14: no published values") != NULL);
    ASSERT_TRUE(strstr(r, "- Figure 5.12: no published values") != NULL);
}

/* A numbered section heading line: "5.6 Overall Performance". */
static int is_heading(const char *l)
{
    const char *p = l;
    int parts = 0;
    while (isdigit((unsigned char)*p)) {
        while (isdigit((unsigned char)*p))
            p++;
        parts++;
        if (*p != '.')
            break;
        p++;
    }
    return parts >= 2 && *p == ' ' && isupper((unsigned char)p[1]) && strlen(l) < 90 && !strchr(l, '\t');
}

/* Every value names its place as a reader with the PDF finds it: the
 * section, the figure or table (with its panel or its row and column), and,
 * where the dissertation text is available, the section named is the one
 * the cited line stands in (the last heading line before it). */
TEST(sim_reffiles, every_value_names_its_place_in_the_dissertation)
{
    const char *text_path = getenv("MYRISIM_THESIS_TEXT");
    if (!text_path)
        text_path = THESIS_DEFAULT;
    FILE *f = fopen(text_path, "r");
    char **lines = NULL;
    int nlines = 0;
    if (f) {
        fclose(f);
        size_t len;
        char *text = sim_read(text_path, &len);
        lines = malloc((len + 2) * sizeof *lines);
        lines[nlines++] = NULL;
        for (char *p = text, *nl; p; p = nl ? nl + 1 : NULL) {
            nl = strchr(p, '\n');
            if (nl)
                *nl = 0;
            lines[nlines++] = p;
        }
    } else {
        harness_note("dissertation text %s not available: sections not checked against it", text_path);
    }
    int checked = 0;
    for (int i = 0; i < NFILES; i++) {
        ref_table t;
        load(expected_files[i], &t);
        for (int r = 0; r < t.nrows; r++) {
            const ref_row *row = &t.rows[r];
            const char *loc = row->location;
            int table = !strncmp(row->figure, "Table", 5) || !strncmp(row->figure, "Appendix", 8);
            if (!strstr(loc, row->figure))
                harness_fail(__FILE__, __LINE__, "%s:%d: location \"%s\" does not name %s", expected_files[i],
                             row->line, loc, row->figure);
            if (table && !strstr(loc, "column") && !strstr(loc, "paragraph"))
                harness_fail(__FILE__, __LINE__, "%s:%d: location \"%s\" names no column", expected_files[i],
                             row->line, loc);
            if (!table && !strstr(loc, "curve"))
                harness_fail(__FILE__, __LINE__, "%s:%d: location \"%s\" names no curve", expected_files[i],
                             row->line, loc);
            if (strncmp(loc, "\xc2\xa7", 2) != 0) {   /* "§": Appendix A has no numbered section */
                if (strncmp(loc, "Appendix", 8))
                    harness_fail(__FILE__, __LINE__, "%s:%d: location \"%s\" names no section", expected_files[i],
                                 row->line, loc);
                checked++;
                continue;
            }
            if (!lines) {
                checked++;
                continue;
            }
            /* "§5.6 Overall Performance; ..." -> the heading "5.6 Overall Performance" */
            char head[200];
            const char *semi = strchr(loc, ';');
            snprintf(head, sizeof head, "%.*s", semi ? (int)(semi - loc - 2) : 0, loc + 2);
            int at = atoi(row->source + 1), found = 0;
            for (int n = at; n > 0 && !found; n--) {
                const char *l = lines[n];
                if (is_heading(l)) {
                    if (strcmp(l, head))
                        harness_fail(__FILE__, __LINE__, "%s:%d: %s stands in \"%s\", the location says \"%s\"",
                                     expected_files[i], row->line, row->source, l, head);
                    found = 1;
                }
            }
            ASSERT_TRUE(found);
            checked++;
        }
        ref_table_free(&t);
    }
    harness_note("%d locations checked", checked);
    ASSERT_TRUE(checked > 100);
}
