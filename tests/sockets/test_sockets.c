/* The sockets emulation end to end through build/myrisim: unmodified
 * sockets programs (tests/sockets/progs/sock_check.c, the examples) on
 * simulated hosts over GRIM and over the Ethernet + TCP model: stream
 * semantics, the same data on both networks, bit-identical reruns, and a
 * clear error for a program that is not there. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"
#include "sock_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const nets[] = {"grim", "tcp"};
static const char *const csvs[] = {"grim.csv", "tcp.csv"};

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = strstr(text, what); p; p = strstr(p + 1, what)) n++;
    return n;
}

TEST(sockets, stream_semantics_hold_over_grim_and_over_tcp)
{
    const char *d = sim_scratch("sock_check");
    int st = sim_cli("run tests/sockets/fixtures/check.cfg --jobs 2 --set experiment.params.OUTDIR=%s/out --out %s", d, d);
    if (st != 0) harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    for (int i = 0; i < 2; i++) {
        char path[700];
        ASSERT_EQ(sock_csv_value(d, csvs[i], "failures"), 0);
        ASSERT_EQ(sock_csv_value(d, csvs[i], "checks"), 6);
        snprintf(path, sizeof path, "%s/out/p3-550-%s-node1.out", d, nets[i]);
        const char *server = sim_read(path, NULL);
        ASSERT_TRUE(server != NULL);
        harness_note("%s server: %d ok, %d FAIL", nets[i], count(server, " ok\n"), count(server, "FAIL"));
        ASSERT_EQ(count(server, "FAIL"), 0);
        ASSERT_EQ(count(server, " ok\n"), 5);   /* multi, partial, eof_again, backpressure, inflight */
    }
}

TEST(sockets, the_echo_example_gives_the_same_data_on_both_networks_with_three_clients)
{
    const char *d = sim_scratch("sock_echo");
    int st = sim_cli("run tests/sockets/fixtures/echo.cfg --jobs 2 --set experiment.params.OUTDIR=%s/out --out %s", d, d);
    if (st != 0) harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    for (int n = 0; n < 4; n++) {
        char g[700], t[700];
        snprintf(g, sizeof g, "%s/out/p3-550-grim-node%d.out", d, n);
        snprintf(t, sizeof t, "%s/out/p3-550-tcp-node%d.out", d, n);
        const char *text = sim_read(g, NULL);
        ASSERT_TRUE(text != NULL);
        ASSERT_EQ(count(text, "BAD"), 0);
        ASSERT_TRUE(n == 3 ? strstr(text, "echoed to 3 clients") != NULL : count(text, " ok checksum") == 6);
        if (!sim_same_file(g, t)) harness_fail(__FILE__, __LINE__, "%s and %s differ", g, t);
    }
}

TEST(sockets, two_runs_of_a_scenario_are_bit_identical)
{
    const char *d = sim_scratch("sock_twice");
    char a[700], b[700];
    for (int k = 0; k < 2; k++) {
        int st = sim_cli("run tests/sockets/fixtures/check.cfg --jobs 2 --set experiment.params.OUTDIR=%s/o%d --out %s/r%d",
                         d, k, d, k);
        if (st != 0) harness_note("%s", sim_stderr());
        ASSERT_EQ(st, 0);
    }
    for (int i = 0; i < 2; i++) {
        snprintf(a, sizeof a, "%s/r0/%s", d, csvs[i]);
        snprintf(b, sizeof b, "%s/r1/%s", d, csvs[i]);
        if (!sim_same_file(a, b)) harness_fail(__FILE__, __LINE__, "%s and %s differ", a, b);
        char r0[700];
        snprintf(r0, sizeof r0, "%s/r0", d);
        double us = sock_csv_value(r0, csvs[i], "sim_us");
        harness_note("%s: %.3f us of simulated time, both runs", nets[i], us);
        ASSERT_TRUE(us > 0);
        for (int n = 0; n < 2; n++) {
            snprintf(a, sizeof a, "%s/o0/p3-550-%s-node%d.out", d, nets[i], n);
            snprintf(b, sizeof b, "%s/o1/p3-550-%s-node%d.out", d, nets[i], n);
            if (!sim_same_file(a, b)) harness_fail(__FILE__, __LINE__, "%s and %s differ", a, b);
        }
    }
}

TEST(sockets, a_missing_program_is_a_clear_error)
{
    const char *d = sim_scratch("sock_missing");
    int st = sim_cli("run tests/sockets/fixtures/check.cfg --jobs 2 --set experiment.params.PROGRAM=build/sockets/nope.so "
                     "--set experiment.params.OUTDIR=%s/out --out %s", d, d);
    ASSERT_TRUE(st != 0);
    ASSERT_TRUE(strstr(sim_stderr(), "build/sockets/nope.so") != NULL);
}

TEST(sockets, a_shared_object_not_built_by_msock_cc_is_refused)
{
    const char *d = sim_scratch("sock_notours");
    char so[700];
    snprintf(so, sizeof so, "%s/plain.so", d);
    char cmd[1600];
    snprintf(cmd, sizeof cmd, "printf 'int f(void){return 1;}\\n' > %s/plain.c && gcc -shared -fPIC -o %s %s/plain.c", d, so, d);
    ASSERT_EQ(system(cmd), 0);
    int st = sim_cli("run tests/sockets/fixtures/check.cfg --jobs 2 --set experiment.params.PROGRAM=%s "
                     "--set experiment.params.OUTDIR=%s/out --out %s/r", so, d, d);
    ASSERT_TRUE(st != 0);
    ASSERT_TRUE(strstr(sim_stderr(), "not built with tools/msock-cc") != NULL);
}
