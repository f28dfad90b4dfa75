/* The ni_pingpong kind's failure paths and the benchmark's own checks: a
 * corrupted echo, CRC errors on the wire, a fault, a deadlock, the time
 * limit and bad scenarios each fail the run with a report that says what
 * happened; deterministic and idle-skipping-independent numbers. */
#define _GNU_SOURCE
#include "../harness/harness.h"
#include "../../model/node/cosim.h"
#include "ni_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CABLE "kind = \"cable\";"

static void expect_failure(const run_result *r, const char *a, const char *b)
{
    harness_note("%s", r->error);
    ASSERT_TRUE(!r->ok);
    ASSERT_TRUE(strstr(r->error, a) != NULL);
    if (b)
        ASSERT_TRUE(strstr(r->error, b) != NULL);
}

/* NI 1 flips a word of the last echo: a middle word escapes the per-packet
 * checks (the CRC covers what NI 1 sends) and is caught by NI 0's final
 * check. A flipped stamp in an early echo is caught in the loop. */
TEST(ni_bench, corrupted_echo_is_caught_by_the_data_check)
{
    run_result r = ni_run("corrupt_mid", ni_cfg("lanai9", "san1280", CABLE, "",
                                                "BYTES = 256; ITERS = 2; PP_CORRUPT_WORD = 20;"));
    expect_failure(&r, "FAIL data (20,", "exited with code 6");
}

TEST(ni_bench, corrupted_stamp_is_caught_at_once)
{
    run_result r = ni_run("corrupt_stamp", ni_cfg("lanai4", "san1280", CABLE, "",
                                                  "BYTES = 64; ITERS = 2; PP_CORRUPT_WORD = 0; PP_CORRUPT_AT = 0;"));
    expect_failure(&r, "FAIL stamp", "ni0 exited with code 5");
    ASSERT_TRUE(strstr(r.error, "a node exited with a non-zero code (the others then waited for it: deadlock)"));
}

/* Every chunk on the wire corrupted: NI 1 starts the echo before it checks
 * (to keep the check off the measured path), so both NIs see a bad CRC and
 * stop with exit code 3. */
TEST(ni_bench, crc_errors_on_the_wire_are_caught)
{
    const char *defs[] = {"-DBYTES=64", "-DITERS=2", NULL};
    const char *elf = ni_image("lanai9", defs);
    topo t;
    topo_init(&t);
    topo_opts to;
    topo_opts_default(&to);
    char err[1024];
    ASSERT_EQ(topo_build_cable(&t, &to, err, sizeof err), 0);
    cosim_opts o;
    cosim_opts_default(&o);
    o.chip = "lanai9";
    o.fab.link.corrupt_prob = 1.0;
    o.watchdog = SIM_US(50);
    cosim *s = cosim_new(&t, &o, err, sizeof err);
    ASSERT_TRUE(s != NULL);
    for (int i = 0; i < 2; i++)
        ASSERT_EQ(cosim_load(s, i, elf, err, sizeof err), 0);
    cosim_status st = cosim_run(s, SIM_US(10000));
    harness_note("status %s; ni0 console: %s; ni1 console: %s", cosim_status_name(st), cosim_console(s, 0),
                 cosim_console(s, 1));
    ASSERT_EQ(st, COSIM_DONE);
    for (int i = 0; i < 2; i++) {
        ASSERT_EQ(lanai_exit_code(cosim_core(s, i)), 3);
        ASSERT_TRUE(strstr(cosim_console(s, i), "FAIL crc") != NULL);
    }
    cosim_free(s);
    topo_free(&t);
}

TEST(ni_bench, fault_is_reported_with_the_function)
{
    char extra[512];
    snprintf(extra, sizeof extra, "firmware = \"%s/tests/ni_bench/fixtures/fault.c\";", ni_root());
    run_result r = ni_run("fault", ni_cfg("lanai4", "san1280", CABLE, extra, "BYTES = 4;"));
    expect_failure(&r, "fault:", "poke_outside_sram");
}

TEST(ni_bench, deadlock_is_reported_by_the_watchdog)
{
    char extra[512];
    snprintf(extra, sizeof extra, "firmware = \"%s/tests/ni_bench/fixtures/silent.c\"; watchdog_us = 20;",
             ni_root());
    run_result r = ni_run("deadlock", ni_cfg("lanai9", "san1280", CABLE, extra, "BYTES = 4;"));
    expect_failure(&r, "DEADLOCK: nothing moves, and no cycle of waiting NIs or links was found", "ni1: core at pc");
    ASSERT_TRUE(strstr(r.error, "ni0 still running at pc 0x") != NULL);
    ASSERT_TRUE(strstr(r.error, "(nothing on its console)") != NULL);
}

TEST(ni_bench, time_limit_fails_the_run)
{
    run_result r = ni_run("limit", ni_cfg("lanai4", "san1280", CABLE, "time_limit_us = 50;",
                                          "BYTES = 65536; ITERS = 2;"));
    expect_failure(&r, "not finished after 50 us", NULL);
}

TEST(ni_bench, a_node_exiting_non_zero_fails_the_run)
{
    /* buffers of 496 KB each do not fit below the LANai 4's route table */
    run_result r = ni_run("nofit", ni_cfg("lanai4", "san1280", CABLE, "", "BYTES = 507904;"));
    expect_failure(&r, "FAIL buffers do not fit", "ni1 exited with code 7");
}

/* Three NIs on one switch: NI 0 pings the last NI; NI 1 has nothing to do. */
TEST(ni_bench, three_nis_ping_between_the_ends)
{
    run_result r = ni_run("three", "name = \"t\"; title = \"t\";\n"
                                   "cluster = { nodes = 3; ni = \"lanai9\"; topology = { kind = \"switch\"; }; };\n"
                                   "experiment = { kind = \"ni_pingpong\"; params = { BYTES = 64; ITERS = 2; }; };\n"
                                   "measurements = [ \"one_way_us\" ];\n");
    double ow = ni_get(&r, "one_way_us");
    ASSERT_TRUE(ow > ni_route_latency_us());
}

static void same_numbers(const run_result *a, const run_result *b)
{
    ASSERT_EQ(a->n, b->n);
    for (int i = 0; i < a->n; i++) {
        ASSERT_STR_EQ(a->names[i], b->names[i]);
        if (a->values[i] != b->values[i])
            harness_fail(__FILE__, __LINE__, "%s: %.17g != %.17g", a->names[i], a->values[i], b->values[i]);
    }
}

TEST(ni_bench, same_run_twice_and_without_idle_skipping_gives_the_same_numbers)
{
    const char *p = "BYTES = 512; ITERS = 4;";
    run_result a = ni_run("det_a", ni_cfg("lanai9", "myrinet2000", "kind = \"switch\";", "", p));
    run_result b = ni_run("det_b", ni_cfg("lanai9", "myrinet2000", "kind = \"switch\";", "", p));
    run_result c = ni_run("det_c", ni_cfg("lanai9", "myrinet2000", "kind = \"switch\";", "idle_skip = false;", p));
    ni_get(&a, "one_way_us");
    same_numbers(&a, &b);
    same_numbers(&a, &c);
}

TEST(ni_bench, bad_scenarios_are_refused_with_file_line_and_key)
{
    const char *out;
    int st = ni_cli("bad_bytes", ni_cfg("lanai4", "san1280", CABLE, "", "BYTES = 6;"), &out);
    harness_note("%s", out);
    ASSERT_EQ(st, 2);
    ASSERT_TRUE(strstr(out, "bad_bytes.cfg:4: experiment.params.BYTES: BYTES must be a positive multiple of 4") != NULL);

    st = ni_cli("bad_topo", ni_cfg("lanai4", "san1280", "kind = \"tree\"; arity = 2;", "", "BYTES = 4;"), &out);
    harness_note("%s", out);
    ASSERT_EQ(st, 2);
    ASSERT_TRUE(strstr(out, "topology 'tree' is not supported by ni_pingpong") != NULL);

    st = ni_cli("bad_nodes", "name = \"t\"; title = \"t\";\n"
                             "cluster = { nodes = 1; ni = \"lanai9\"; topology = { kind = \"switch\"; }; };\n"
                             "experiment = { kind = \"ni_pingpong\"; };\n"
                             "measurements = [ \"one_way_us\" ];\n", &out);
    harness_note("%s", out);
    ASSERT_EQ(st, 2);
    ASSERT_TRUE(strstr(out, "ni_pingpong needs at least 2 nodes, not 1") != NULL);

    st = ni_cli("bad_file", ni_cfg("lanai4", "san1280", CABLE, "firmware = \"nope/missing.c\";", "BYTES = 4;"), &out);
    harness_note("%s", out);
    ASSERT_EQ(st, 2);
    ASSERT_TRUE(strstr(out, "bad_file.cfg:4: experiment.firmware: cannot read") != NULL);
}
