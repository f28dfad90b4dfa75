/* The status port counts results mod 64 (L2567), so 64 results waiting in
 * the outgoing slots read as none. hostlib/rc1000's rch_inject keeps at
 * most 63 outstanding (program rc1000_outstanding): of 80 messages sent
 * without taking, 63 go in, the 64th is held back, the port says 63 and
 * all 63 are taken intact. With the bound lifted (GUARD = 0) 64 go in and
 * the port says 0 with 64 slots full: the ambiguity the bound prevents.
 * Messages naming an unset forwarding entry fail the run with an error
 * naming it.
 * Needs build/myrisim. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <string.h>

enum { INJ, HELD, READY, INTACT, LEFT, NV };

static void run_owed_with(int guard, const char *more, double v[NV])
{
    char d[1024], cfg[1100];
    snprintf(d, sizeof d, "%s", sim_scratch(more[0] ? "rc_owed_more" : guard ? "rc_owed" : "rc_owed0"));
    snprintf(cfg, sizeof cfg, "%s/owed.cfg", d);
    FILE *f = fopen(cfg, "w");
    ASSERT_TRUE(f != NULL);
    fprintf(f,
            "name = \"owed\"; title = \"outstanding results\"; description = \"tests/rc1000/test_outstanding.c\";\n"
            "cluster = { nodes = 2; ni = \"lanai4\"; host = \"p3-550\"; pci = \"pci32-33\"; topology = { kind = \"switch\"; }; };\n"
            "experiment = { kind = \"host\"; program = \"rc1000_outstanding\"; elf = \"build/fw/grim/grim.l4.elf\";\n"
            "  rc1000_node = 0; time_limit_us = 1e6; params = { MESSAGES = 80; GUARD = %d; %s }; };\n"
            "series = ( { name = \"owed\"; } );\n"
            "measurements = [ \"injected\", \"held_back\", \"ready_seen\", \"taken_intact\", \"left_in_slots\" ];\n",
            guard, more);
    fclose(f);
    if (v == NULL) {               /* a run that must fail */
        ASSERT_TRUE(sim_cli("run %s --jobs 1 --out %s/out", cfg, d) != 0);
        return;
    }
    ASSERT_EQ(sim_cli("run %s --jobs 1 --out %s/out", cfg, d), 0);
    char out[1100];
    snprintf(out, sizeof out, "%s/out", d);
    ASSERT_EQ(sim_csv_nums_in(out, "owed.csv", v, NV), 0);
    harness_note("GUARD %d: %g injected, %g held back, the port says %g ready, %g taken intact, %g slots left full", guard,
                 v[INJ], v[HELD], v[READY], v[INTACT], v[LEFT]);
}

static void run_owed(int guard, double v[NV]) { run_owed_with(guard, "", v); }

/* the frame's bad request for an unset forwarding entry reaches the host
 * as an error naming the entry (hostlib/rc1000's rch_badreq) */
TEST(rc1000_owed, an_unset_forwarding_entry_is_reported_by_number)
{
    run_owed_with(1, "ENTRY = 7;", NULL);
    harness_note("%s", sim_stderr());
    ASSERT_TRUE(strstr(sim_stderr(), "forwarding entry 7 is not set") != NULL);
}

TEST(rc1000_owed, at_most_63_results_are_outstanding_and_the_port_counts_them_all)
{
    double v[NV];
    run_owed(1, v);
    ASSERT_EQ((long)v[INJ], 63);
    ASSERT_EQ((long)v[HELD], 1);
    ASSERT_EQ((long)v[READY], 63);
    ASSERT_EQ((long)v[INTACT], 63);
    ASSERT_EQ((long)v[LEFT], 0);
}

TEST(rc1000_owed, without_the_bound_64_waiting_results_read_as_none)
{
    double v[NV];
    run_owed(0, v);
    ASSERT_EQ((long)v[INJ], 64);
    ASSERT_EQ((long)v[READY], 0);
    ASSERT_EQ((long)v[LEFT], 64);
}
