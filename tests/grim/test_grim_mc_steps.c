/* Figure 8.6's step costs (scenarios/teaching/fig8_6_steps.cfg, the
 * grim_mc_instr images) and the scenario-level limits of grim_mcast: the
 * in-NI copy grows with the message at about appendix A's copy rate
 * (LANai 4 ~19 MB/s, LANai 9 ~66 MB/s) while the fixed steps do not; a
 * group larger than a tree holds is refused before any run (exit 2, the
 * key named). Needs build/myrisim and the grim_mc images. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The row of x = bytes in a sweep CSV, its columns parsed (7 values). */
static int row_of(const char *csv, int bytes, double *v)
{
    char key[32];
    snprintf(key, sizeof key, "\n%d,", bytes);
    const char *r = strstr(csv, key);
    if (!r) return -1;
    return sscanf(r + strlen(key), "%lf,%lf,%lf,%lf,%lf,%lf,%lf", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6]) == 7 ? 0 : -1;
}

TEST(grim_mc_steps, the_copy_grows_with_the_message_at_the_chips_copy_rate)
{
    const char *dir = sim_scratch("mc_steps");
    ASSERT_EQ(sim_cli("run scenarios/teaching/fig8_6_steps.cfg --jobs 2 --out '%s'", dir), 0);
    static const char *const files[2] = {"lanai-4.csv", "lanai-9.csv"};
    static const double rate[2] = {19.0, 66.0};   /* MB/s, appendix A */
    for (int c = 0; c < 2; c++) {
        char path[700];
        size_t len;
        snprintf(path, sizeof path, "%s/%s", dir, files[c]);
        char *t = sim_read(path, &len);
        ASSERT_TRUE(t != NULL);
        harness_note("%s: %s", files[c], t);
        double a[7], b[7];
        ASSERT_EQ(row_of(t, 1024, a), 0);
        ASSERT_EQ(row_of(t, 16000, b), 0);
        for (int k = 2; k <= 4; k++) ASSERT_TRUE(a[k] > 0 && b[k] > 0);   /* rx, accept, deliver: measured */
        double mbs = (16000.0 - 1024.0) / (b[5] - a[5]);                  /* bytes per us = MB/s */
        ASSERT_TRUE(mbs > rate[c] * 0.7 && mbs < rate[c] * 1.3);
        ASSERT_TRUE(b[6] < a[6] * 1.2);                                   /* starting a copy: no data touched */
    }
}

TEST(grim_mc_steps, a_group_larger_than_a_tree_holds_is_refused_naming_the_key)
{
    const char *dir = sim_scratch("mc_limit");
    int st = sim_cli("run tests/grim/fixtures/mcast.cfg --set experiment.params.GROUP=65 --jobs 1 --out '%s'", dir);
    ASSERT_EQ(st, 2);
    const char *e = sim_stderr();
    ASSERT_TRUE(strstr(e, "experiment.params.GROUP = 65: a multicast tree holds that many member NIs (GRIM_MC_MAX_MEMBERS) (at most 64)") != NULL);
    ASSERT_TRUE(strstr(strstr(e, "GROUP = 65") + 1, "GROUP = 65") == NULL);   /* said once */
}
