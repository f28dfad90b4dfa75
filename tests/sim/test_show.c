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
    sim_write(p, "figure,series,bytes,measure,unit,reference,simulated,error_pct,source,location,note\n"
                 "Table 5.4,\"P3, AM\",4,latency_us,us,16,24.1,50.63,L1746,\"§5.6, Table 5.4\","
                 "\"large error: see docs/grim.md\"\n"
                 "Figure 5.13,\"AM\",4,latency_us,us,>=1,3,,L1735,,\n"
                 "Table 5.4,\"P3, AM\",2097152,bandwidth_mbs,MB/s,87,90,3.45,L1746,,\n");
    snprintf(p, sizeof p, "%s/b.png", dir);
    sim_write(p, "x");
    snprintf(p, sizeof p, "%s/a.svg", dir);
    sim_write(p, "x");
    ASSERT_EQ(sim_cli("show '%s'", dir), 0);
    const char *o = sim_stdout();
    harness_note("%s", o);
    const char *t = strstr(o, "Table 5.4\n"), *bw = strstr(o, "bandwidth_mbs"), *f = strstr(o, "Figure 5.13\n");
    ASSERT_TRUE(t && bw && f);
    ASSERT_TRUE(t < bw && bw < f);               /* both Table 5.4 rows before the next figure */
    /* the point's column is named after the sweep; every row has its measure
     * and unit; a large error carries its pointer, a plain row ends at its line */
    ASSERT_TRUE(strstr(o, "  series    bytes  measure        unit  thesis  simulated  error %  line\n") != NULL);
    ASSERT_TRUE(strstr(o, "  P3, AM        4  latency_us     us        16       24.1    50.63  L1746  "
                          "large error: see docs/grim.md\n") != NULL);
    ASSERT_TRUE(strstr(o, "  P3, AM  2097152  bandwidth_mbs  MB/s      87         90     3.45  L1746\n") != NULL);
    const char *a = strstr(o, "a.svg"), *b = strstr(o, "b.png");
    ASSERT_TRUE(a && b && a < b);                /* plots sorted */
}

TEST(sim_show, old_comparison_file_is_named)
{
    const char *dir = sim_scratch("show_old");
    char p[512];
    snprintf(p, sizeof p, "%s/comparison.csv", dir);
    sim_write(p, "figure,series,x,reference,simulated,error_pct,source\nTable 5.4,A,4,16,15,-6.25,L1746\n");
    ASSERT_EQ(sim_cli("show '%s'", dir), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "comparison.csv:1: no column 'measure' (written by an older myrisim?") != NULL);
}

TEST(sim_show, missing_directory_is_named)
{
    ASSERT_EQ(sim_cli("show build/tests/sim/no-such-result"), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "no-such-result is not a result directory") != NULL);
}
