/* The scale workload (scenarios/scale/alltoall_das.cfg) on a few nodes of
 * the DAS grid: every message arrives (the program checks the bytes), and
 * the reported figures agree with each other. */
#include "../harness/harness.h"
#include "sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TEST(sim_scale, alltoall_on_the_das_grid_delivers_and_reports_consistent_figures)
{
    char dir[1024], out[1100], csv[1200];
    snprintf(dir, sizeof dir, "%s", sim_scratch("scale"));
    snprintf(out, sizeof out, "%s/out", dir);
    int st = sim_cli("run scenarios/scale/alltoall_das.cfg --quick --set 'sweep.values=[12]' --set 'sweep.quick=[12]' --out '%s'", out);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_EQ(st, 0);
    snprintf(csv, sizeof csv, "%s/grim-lanai-4-das-grid.csv", out);
    char *text = sim_read(csv, NULL);
    ASSERT_TRUE(text != NULL);
    harness_note("%s", text);
    ASSERT_TRUE(strstr(text, "nodes,completion_us,aggregate_mbs,link_util_max,link_util_mean,") == text);
    double n, us, mbs, umax, umean;
    ASSERT_EQ(sscanf(strchr(text, '\n') + 1, "%lf,%lf,%lf,%lf,%lf", &n, &us, &mbs, &umax, &umean), 5);
    ASSERT_TRUE(n == 12 && us > 0);
    /* 12 x 11 messages of 4096 bytes in `us` microseconds */
    ASSERT_TRUE(mbs > 12 * 11 * 4096 / us * 0.999 && mbs < 12 * 11 * 4096 / us * 1.001);
    /* a link cannot be busier than its rate; the busiest is above the mean */
    ASSERT_TRUE(umax > 0 && umax <= 1 && umean > 0 && umean < umax);
}
