/* The NI behind the RC-1000's PCI-to-PCI bridge (experiment.site =
 * "rc1000-pmc", Figure 5.6's PMC series): the same DMA benchmark runs
 * through the device tree, is slower than from the host's slot but keeps
 * most of the bus, and the site is refused for a card it cannot be. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* bandwidth_mbs at x of a series' CSV, -1 if absent */
static double bw_at(const char *dir, const char *file, const char *x)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    size_t len;
    char *s = sim_read(path, &len);
    if (!s) return -1;
    char key[40];
    snprintf(key, sizeof key, "\n%s,", x);
    const char *p = strstr(s, key);
    double v = p ? atof(p + strlen(key)) : -1;
    return v;
}

TEST(pmc_site, the_bridge_costs_bandwidth_but_keeps_most_of_the_bus)
{
    const char *d = sim_scratch("pmc_site");
    ASSERT_EQ(sim_cli("run scenarios/thesis/fig5_6_pmc.cfg --set 'sweep.values=[256,65536]' --out %s", d), 0);
    double pmc = bw_at(d, "p3-550-lanai-4-pmc-on-rc-1000.csv", "65536");
    double slot = bw_at(d, "p3-550-lanai-4-slot.csv", "65536");
    harness_note("64 KB: PMC %.3f MB/s, slot %.3f MB/s", pmc, slot);
    ASSERT_TRUE(pmc > 0 && slot > 0);
    ASSERT_TRUE(pmc < slot);
    ASSERT_TRUE(pmc > 0.6 * slot);
    /* a short DMA is dominated by its start-up, not by the bridge */
    double pmc256 = bw_at(d, "p3-550-lanai-4-pmc-on-rc-1000.csv", "256");
    ASSERT_TRUE(pmc256 > 0 && pmc256 > pmc / 3);
}

TEST(pmc_site, the_pmc_site_takes_only_a_lanai4_in_a_32_bit_slot)
{
    const char *d = sim_scratch("pmc_bad");
    char path[600];
    snprintf(path, sizeof path, "%s/bad.cfg", d);
    size_t len;
    char *base = sim_read("scenarios/thesis/fig5_6.cfg", &len);
    char *bad = sim_replace(base, "program = \"ni2host\";", "program = \"ni2host\"; site = \"rc1000-pmc\";");
    sim_write(path, bad);
    int st = sim_cli("run %s --quick --out %s/out", path, d);
    harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 2);
    ASSERT_TRUE(strstr(sim_stderr(), "bad.cfg:") != NULL);
    ASSERT_TRUE(strstr(sim_stderr(), "the RC-1000's PMC card is a LANai 4 in a 32b/33MHz slot") != NULL);
}
