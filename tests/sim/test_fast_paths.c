/* The fast paths of the co-simulation's stepping loop (model/node: caches
 * of what a scan over every node and host process would find) change
 * nothing observable: random all-to-all traffic on random topologies, run
 * with them (the default) and without (MYRISIM_SLOW_PATHS=1), must give the
 * same regression baseline -- measurements, the fingerprint of every
 * observable record (docs/regress.md) and each NI's firmware profile --
 * byte for byte. The slow run also turns quiet events off (model/event:
 * the LANai 9's receive pace events that the cores need not stop at);
 * cases 4..7 are LANai 9 on every topology with messages of several
 * packets, and the fast run of each must have run quiet events, so the
 * comparison covers them. Every topology has switches, so every fast run
 * must also have run events ahead (model/switch: arrivals at a switch
 * input, routing, flow control, which the cores pass by up to the
 * lookahead), and no slow run any. Every fast run must also have let its
 * cores lag behind the queue (model/node/lag.c: the per-node horizon; host
 * processes on every node), and no slow run, and none of its core runs may
 * be for an event of unknown place (an NI's arrivals are its own). */
#include "../harness/harness.h"
#include "sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

TEST(sim_fast_paths, random_traffic_and_topologies_same_baseline_fast_and_slow)
{
    static const char *const topo[] = {
        "kind = \"switch\";",
        "kind = \"das\";",
        "kind = \"clos\"; leaves = 2; spines = 2; ports = 8;",
        "kind = \"line\"; switches = 3;",
    };
    uint64_t seed = 0x5eed2026u;
    for (int k = 0; k < 8; k++) {
        int nodes = 3 + (int)(next(&seed) % 8u);
        int l9 = (int)(next(&seed) & 1u);
        unsigned bytes = 64u + (unsigned)(next(&seed) % 3000u);
        if (k >= 4) {
            l9 = 1;
            bytes += 4096u + (unsigned)(next(&seed) % 12000u);
        }
        char name[40], cfg[1600], path[600];
        snprintf(name, sizeof name, "fast_paths_%d", k);
        const char *dir = sim_scratch(name);
        snprintf(cfg, sizeof cfg,
                 "name = \"fastpaths\"; title = \"fast and slow paths\"; description = \"random all-to-all\";\n"
                 "cluster = { nodes = %d; ni = \"%s\"; host = \"p3-550\"; topology = { %s }; };\n"
                 "experiment = { kind = \"host\"; program = \"grim_alltoall\"; elf = \"build/fw/grim/grim.%s.elf\";\n"
                 "  params = { BYTES = %u; }; time_limit_us = 2e5; };\n"
                 "measurements = [ \"completion_us\", \"sim_us\", \"events\" ];\n",
                 nodes, l9 ? "lanai9" : "lanai4", topo[k % 4], l9 ? "l9" : "l4", bytes);
        snprintf(path, sizeof path, "%s/fp.cfg", dir);
        sim_write(path, cfg);
        char out[2][700];
        for (int slow = 0; slow < 2; slow++) {
            snprintf(out[slow], sizeof out[slow], "%s/%s/fp.txt", dir, slow ? "slow" : "fast");
            if (slow) setenv("MYRISIM_SLOW_PATHS", "1", 1);
            setenv("MYRISIM_COSIM_STATS", "1", 1);
            int rc = sim_cli("baseline %s --out %s/%s", path, dir, slow ? "slow" : "fast");
            unsetenv("MYRISIM_SLOW_PATHS");
            unsetenv("MYRISIM_COSIM_STATS");
            if (rc != 0) harness_fail(__FILE__, __LINE__, "case %d: baseline exit %d: %s", k, rc, sim_stderr());
            unsigned long long quiet = 0, ahead = 0, lagged = 0;
            const char *lg = strstr(sim_stderr(), " core runs (");
            ASSERT_TRUE(lg != NULL);
            ASSERT_TRUE(sscanf(lg, " core runs (%*u parked, %llu lagged)", &lagged) == 1);
            if (slow) ASSERT_TRUE(lagged == 0);
            else ASSERT_TRUE(lagged > 0);
            const char *st = strstr(sim_stderr(), " events (");
            ASSERT_TRUE(st != NULL);
            ASSERT_TRUE(sscanf(st, " events (%llu quiet, %llu ahead)", &quiet, &ahead) == 2);
            if (slow) ASSERT_TRUE(quiet == 0 && ahead == 0);
            if (!slow && k >= 4) ASSERT_TRUE(quiet > 0);
            if (!slow) ASSERT_TRUE(ahead > 0);
            /* every event is placed: an NI's arrivals are its own (the link
             * knows its sink is an NI, ep_set_rx_sink keeps that), so no
             * core catches up for an event of unknown place */
            unsigned long long unknown = 0;
            const char *hz = strstr(sim_stderr(), " by the lookahead, ");
            if (!slow) {
                ASSERT_TRUE(hz != NULL);
                ASSERT_TRUE(sscanf(hz, " by the lookahead, %llu for events of unknown place", &unknown) == 1);
                ASSERT_TRUE(unknown == 0);
            }
            harness_note("case %d: %s: %llu quiet events, %llu ahead, %llu lagged core runs, %llu for unknown places",
                         k, slow ? "slow" : "fast", quiet, ahead, lagged, unknown);
        }
        harness_note("case %d: %d nodes, %s, %s, %u bytes", k, nodes, l9 ? "lanai9" : "lanai4", topo[k % 4], bytes);
        char *a = sim_read(out[0], NULL);
        ASSERT_TRUE(strstr(a, "\nfingerprint ") != NULL);
        ASSERT_TRUE(strstr(a, "\nfingerprint none") == NULL);
        ASSERT_TRUE(strstr(a, "failed") == NULL);
        ASSERT_TRUE(sim_same_file(out[0], out[1]));
    }
}
