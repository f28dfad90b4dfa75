/* myrisim given what a user gets wrong: missing files, directories, empty
 * files, binary garbage, huge and negative counts, an output path that is
 * an input. Every case: exit status 2, a message naming the file or option,
 * and no file destroyed. */
#include "../harness/harness.h"
#include "sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char dir[1024], good[1200], empty[1200], garbage[1200], sub[1200];

/* The scratch directory with a valid scenario, an empty file, 4 KB of
 * pseudo-random bytes (a fixed LCG: the same bytes every run) and a
 * directory named like a scenario. */
static void setup(const char *name)
{
    snprintf(dir, sizeof dir, "%s", sim_scratch(name));
    snprintf(good, sizeof good, "%s/good.cfg", dir);
    snprintf(empty, sizeof empty, "%s/empty.cfg", dir);
    snprintf(garbage, sizeof garbage, "%s/garbage.cfg", dir);
    snprintf(sub, sizeof sub, "%s/dir.cfg", dir);
    sim_write(good, sim_base_cfg);
    sim_write(empty, "");
    FILE *f = fopen(garbage, "wb");
    ASSERT_TRUE(f != NULL);
    unsigned x = 12345;
    for (int i = 0; i < 4096; i++) {
        x = x * 1103515245u + 12345u;
        fputc((int)(x >> 16) & 255, f);
    }
    fclose(f);
    ASSERT_EQ(mkdir(sub, 0777), 0);
}

/* myrisim ARGS must exit 2 with want in stderr. */
static void bad(const char *want, const char *fmt, const char *a, const char *b)
{
    char args[4000];
    snprintf(args, sizeof args, fmt, a, b);
    int st = sim_cli("%s", args);
    harness_note("myrisim %s -> %d: %s", args, st, sim_stderr());
    if (st != 2 || !strstr(sim_stderr(), want))
        harness_fail(__FILE__, __LINE__, "myrisim %s: status %d, expected 2 and \"%s\" in:\n%s", args, st, want,
                     sim_stderr());
}

TEST(sim_cli_bad, missing_directory_empty_and_garbage_scenarios)
{
    setup("cli_bad_files");
    char want[1400];
    bad("nowhere.cfg: cannot read the scenario file: No such file or directory (`myrisim list` shows every scenario)",
        "run %s/nowhere.cfg%s", dir, "");
    snprintf(want, sizeof want, "%s: cannot read the scenario file: Is a directory", sub);
    bad(want, "run '%s'%s", sub, "");
    bad(want, "describe '%s'%s", sub, "");
    snprintf(want, sizeof want, "%s: missing required key 'name'", empty);
    bad(want, "run '%s'%s", empty, "");
    snprintf(want, sizeof want, "%s:1: syntax error", garbage);
    bad(want, "run '%s'%s", garbage, "");
    bad(want, "describe '%s'%s", garbage, "");
    bad("is not a result directory", "show '%s'%s", garbage, "");
    bad("is not a directory", "list '%s'%s", garbage, "");
    bad("comparison.csv: cannot read", "report --out '%s/r.md' '%s'", dir, sub);
    ASSERT_TRUE(!sim_exists(sim_replace(good, "good.cfg", "r.md")));
}

TEST(sim_cli_bad, huge_and_negative_counts)
{
    setup("cli_bad_counts");
    bad("--jobs wants a number from 1 to 64, not '99999999999999'", "run '%s' --jobs 99999999999999%s", good, "");
    bad("--jobs wants a number from 1 to 64, not '-1'", "run '%s' --jobs -1%s", good, "");
    bad("--trace-max-events wants a number >= 1, not '-5'", "run '%s' --trace-max-events -5 --trace %s/t.json", good,
        dir);
    bad("--set cluster.nodes: value '99999999999999999999' is beyond the 64-bit integer range",
        "run '%s' --set cluster.nodes=99999999999999999999%s", good, "");
    bad("--set cluster.nodes: nodes must be 1..4096, not -3", "run '%s' --set cluster.nodes=-3%s", good, "");
    bad("--set sweep.step: a linear range needs step > 0", "run '%s' --set sweep.step=-2%s", good, "");
    bad("--set sweep.values: the sweep has no values", "run '%s' --set sweep.values=[]%s", good, "");
}

TEST(sim_cli_bad, output_equal_to_an_input_destroys_nothing)
{
    setup("cli_bad_outputs");
    char want[2600], out[1200];
    snprintf(want, sizeof want, "--out %s exists and is not a directory", good);
    bad(want, "run '%s' --out '%s'", good, good);
    snprintf(want, sizeof want, "--trace %s is the scenario file", good);
    bad(want, "run '%s' --trace '%s'", good, good);
    bad("is a directory (name the trace file)", "run '%s' --trace '%s'", good, sub);
    ASSERT_STR_EQ(sim_read(good, NULL), sim_base_cfg);
    /* a report written over the comparison it reads */
    snprintf(out, sizeof out, "%s/res", dir);
    ASSERT_EQ(sim_cli("run '%s' --quick --out '%s'", good, out), 0);
    char cmp[1300];
    snprintf(cmp, sizeof cmp, "%s/comparison.csv", out);
    char *before = strdup(sim_read(cmp, NULL));
    snprintf(want, sizeof want, "--out %s is one of the inputs", cmp);
    bad(want, "report --out '%s' '%s'", cmp, out);
    bad("is a directory (name the report file)", "report --out '%s' '%s'", out, out);
    ASSERT_STR_EQ(sim_read(cmp, NULL), before);
    free(before);
}
