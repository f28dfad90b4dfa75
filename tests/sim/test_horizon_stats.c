/* The per-node horizon measurement (MYRISIM_COSIM_STATS=2 and 3,
 * model/node/horizon_stats.c) only observes: a run with it gives the
 * same regression baseline byte for byte, its events add up to the run's
 * (every event is placed: own, fabric or unknown), and the demand-driven
 * scheme it counts needs no more core runs than the run made (a core that
 * stops only before its own card's events and to keep within the
 * lookahead stops less often than at every event anywhere). It measures
 * today's rounds (MYRISIM_NODE_LAG=0); the scheme as built (lag.c) must
 * give the same baseline with the measurement on. */
#include "../harness/harness.h"
#include "sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TEST(sim_horizon_stats, measurement_changes_nothing_and_adds_up)
{
    const char *dir = sim_scratch("horizon_stats");
    char cfg[1200], path[600], out[3][700];
    snprintf(cfg, sizeof cfg,
             "name = \"hzstats\"; title = \"per-node horizon count\"; description = \"all-to-all\";\n"
             "cluster = { nodes = 8; ni = \"lanai4\"; host = \"p3-550\"; topology = { kind = \"das\"; }; };\n"
             "experiment = { kind = \"host\"; program = \"grim_alltoall\"; elf = \"build/fw/grim/grim.l4.elf\";\n"
             "  params = { BYTES = 1500; }; time_limit_us = 2e5; };\n"
             "measurements = [ \"completion_us\", \"sim_us\", \"events\" ];\n");
    snprintf(path, sizeof path, "%s/hz.cfg", dir);
    sim_write(path, cfg);
    static const char *const mode[3] = {"1", "2", "3"};
    unsigned long long runs = 0, events = 0, demand[3] = {0};
    setenv("MYRISIM_NODE_LAG", "0", 1);
    for (int m = 0; m < 3; m++) {
        snprintf(out[m], sizeof out[m], "%s/m%s/hz.txt", dir, mode[m]);
        setenv("MYRISIM_COSIM_STATS", mode[m], 1);
        int rc = sim_cli("baseline %s --out %s/m%s", path, dir, mode[m]);
        unsetenv("MYRISIM_COSIM_STATS");
        if (rc != 0) harness_fail(__FILE__, __LINE__, "mode %s: baseline exit %d: %s", mode[m], rc, sim_stderr());
        const char *e = sim_stderr();
        const char *a = strstr(e, " rounds, ");
        ASSERT_TRUE(a != NULL);
        ASSERT_TRUE(sscanf(a, " rounds, %llu core runs (%*u parked, %*u lagged), %llu events", &runs, &events) == 2);
        const char *h = strstr(e, "demand-driven: ");
        if (m == 0) {
            ASSERT_TRUE(h == NULL);
            continue;
        }
        ASSERT_TRUE(h != NULL);
        unsigned long long own, lag, wr, eo, ef, eu, stops;
        const char *f = strstr(e, "hop): ");
        ASSERT_TRUE(f != NULL && sscanf(f, "hop): %llu core stops", &stops) == 1);
        ASSERT_TRUE(sscanf(h, "demand-driven: %llu runs before own events + %llu lookahead catch-ups + %llu stops "
                              "after a write; events own %llu, fabric %llu, unknown %llu",
                           &own, &lag, &wr, &eo, &ef, &eu) == 6);
        harness_note("mode %s: %llu core runs, %llu events; demand %llu + %llu + %llu; fabric-distance %llu; "
                     "events %llu / %llu / %llu", mode[m], runs, events, own, lag, wr, stops, eo, ef, eu);
        ASSERT_TRUE(eo + ef + eu == events);
        ASSERT_TRUE(own > 0 && eo > 0 && ef > 0);
        ASSERT_TRUE(own + lag + wr < runs);
        if (m == 1) ASSERT_TRUE(stops > 0);
        else ASSERT_TRUE(stops == 0);   /* mode 3 skips that count */
        demand[m] = own + lag + wr;
    }
    unsetenv("MYRISIM_NODE_LAG");
    ASSERT_TRUE(demand[1] == demand[2]);
    ASSERT_TRUE(sim_same_file(out[0], out[1]));
    ASSERT_TRUE(sim_same_file(out[0], out[2]));
    /* the scheme itself, observed */
    char lagged[700];
    snprintf(lagged, sizeof lagged, "%s/lag/hz.txt", dir);
    setenv("MYRISIM_COSIM_STATS", "2", 1);
    int rc = sim_cli("baseline %s --out %s/lag", path, dir);
    unsetenv("MYRISIM_COSIM_STATS");
    ASSERT_TRUE(rc == 0);
    ASSERT_TRUE(sim_same_file(out[0], lagged));
}
