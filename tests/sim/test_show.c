/* myrisim show: a comparison.csv as a table grouped by figure, then the
 * plots; a directory without one is a usage error naming it. */
#include "../harness/harness.h"
#include "sim_util.h"

#include <stdio.h>
#include <string.h>

TEST(sim_show, table_grouped_by_figure_with_plots)
{
    const char *dir = sim_scratch("show");
    char p[512];
    snprintf(p, sizeof p, "%s/comparison.csv", dir);
    sim_write(p, "figure,series,x,reference,simulated,error_pct,source\n"
                 "Table 5.4,\"P3, AM latency\",,16,15.2,-5.00,L1746\n"
                 "Figure 5.13,\"AM\",4,>=1,3,,L1735\n"
                 "Table 5.4,\"P3, AM bandwidth\",,87,90,3.45,L1746\n");
    snprintf(p, sizeof p, "%s/b.png", dir);
    sim_write(p, "x");
    snprintf(p, sizeof p, "%s/a.svg", dir);
    sim_write(p, "x");
    ASSERT_EQ(sim_cli("show '%s'", dir), 0);
    const char *o = sim_stdout();
    harness_note("%s", o);
    const char *t = strstr(o, "Table 5.4\n"), *bw = strstr(o, "P3, AM bandwidth"), *f = strstr(o, "Figure 5.13\n");
    ASSERT_TRUE(t && bw && f);
    ASSERT_TRUE(t < bw && bw < f);               /* both Table 5.4 rows before the next figure */
    ASSERT_TRUE(strstr(o, "-5.00") && strstr(o, "L1746"));
    const char *a = strstr(o, "a.svg"), *b = strstr(o, "b.png");
    ASSERT_TRUE(a && b && a < b);                /* plots sorted */
}

TEST(sim_show, missing_directory_is_named)
{
    ASSERT_EQ(sim_cli("show build/tests/sim/no-such-result"), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "no-such-result is not a result directory") != NULL);
}
