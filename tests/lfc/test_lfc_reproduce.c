/* `make reproduce` runs every .cfg file in scenarios/lfc and puts its results into
 * results/REPORT.md (mk/lfc.mk appends them to REPRODUCE_CFGS): the dry run
 * names each file and its results/<stem> directory, and no LFC scenario's
 * stem clashes with a thesis scenario's (they share results/). */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void stem(const char *path, char *out, size_t len)
{
    const char *b = strrchr(path, '/');
    snprintf(out, len, "%s", b ? b + 1 : path);
    char *dot = strrchr(out, '.');
    if (dot) *dot = 0;
}

TEST(lfc_reproduce, every_lfc_scenario_is_run_and_reported)
{
    const char *d = sim_scratch("lfc_reproduce");
    char out[600], cmd[900];
    snprintf(out, sizeof out, "%s/dry.txt", d);
    /* a dry run of this repository's make, not the suite's own make */
    snprintf(cmd, sizeof cmd, "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -n -s reproduce > %s 2>&1", out);
    ASSERT_EQ(system(cmd), 0);
    size_t len;
    const char *t = sim_read(out, &len);
    ASSERT_TRUE(t != NULL);
    const char *rep = strstr(t, "report --out results/REPORT.md");
    ASSERT_TRUE(rep != NULL);
    glob_t g;
    ASSERT_EQ(glob("scenarios/lfc/*.cfg", 0, NULL, &g), 0);
    ASSERT_TRUE(g.gl_pathc >= 5);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        char s[200], want[300], thesis[300];
        stem(g.gl_pathv[i], s, sizeof s);
        if (!strstr(t, g.gl_pathv[i])) harness_fail(__FILE__, __LINE__, "make reproduce does not run %s", g.gl_pathv[i]);
        snprintf(want, sizeof want, " results/%s ", s);
        char *line = strdup(rep);
        char *nl = strchr(line, '\n');
        if (nl) *nl = ' ';
        if (!strstr(line, want)) harness_fail(__FILE__, __LINE__, "REPORT.md does not read results/%s", s);
        free(line);
        snprintf(thesis, sizeof thesis, "scenarios/thesis/%s.cfg", s);
        if (sim_exists(thesis)) harness_fail(__FILE__, __LINE__, "%s and %s share results/%s", g.gl_pathv[i], thesis, s);
    }
    globfree(&g);
}
