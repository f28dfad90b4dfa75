/* A whole run with host processes on every node (the SystemC shell, the
 * per-node horizon) under MYRISIM_LAG_CHECK=1, where every refresh of the
 * agent cache compares the agents' heap and waiting sets with a scan of
 * every agent (model/node/hosts.c) and aborts on a difference: the run
 * must finish, and give what the same run without the check gives. */
#include "../harness/harness.h"
#include "sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TEST(sim_agents_check, alltoall_with_every_refresh_checked_against_a_scan)
{
    const char *dir = sim_scratch("agents_check");
    char cfg[1200], path[600], out[2][700];
    snprintf(cfg, sizeof cfg,
             "name = \"agentscheck\"; title = \"agents checked\"; description = \"all-to-all\";\n"
             "cluster = { nodes = 9; ni = \"lanai4\"; host = \"p3-550\"; topology = { kind = \"das\"; }; };\n"
             "experiment = { kind = \"host\"; program = \"grim_alltoall\"; elf = \"build/fw/grim/grim.l4.elf\";\n"
             "  params = { BYTES = 700; }; time_limit_us = 2e5; };\n"
             "measurements = [ \"completion_us\", \"sim_us\", \"events\" ];\n");
    snprintf(path, sizeof path, "%s/ac.cfg", dir);
    sim_write(path, cfg);
    for (int chk = 0; chk < 2; chk++) {
        snprintf(out[chk], sizeof out[chk], "%s/%s/ac.txt", dir, chk ? "checked" : "plain");
        if (chk) setenv("MYRISIM_LAG_CHECK", "1", 1);
        int rc = sim_cli("baseline %s --out %s/%s", path, dir, chk ? "checked" : "plain");
        unsetenv("MYRISIM_LAG_CHECK");
        if (rc != 0) harness_fail(__FILE__, __LINE__, "%s: baseline exit %d: %s", chk ? "checked" : "plain", rc, sim_stderr());
    }
    char *a = sim_read(out[0], NULL);
    ASSERT_TRUE(strstr(a, "\nfingerprint none") == NULL);
    ASSERT_TRUE(strstr(a, "failed") == NULL);
    free(a);
    ASSERT_TRUE(sim_same_file(out[0], out[1]));
}
