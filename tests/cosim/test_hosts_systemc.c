/* Host processes as SystemC threads give the same results as the plain-C
 * backend: build/sc-host-test runs a host program under SystemC (its own
 * process: sc_start runs once per process) and writes the run's record
 * (every measure to the last digit, the process's end time, every core's
 * counters and console); the same run in-process on the C backend must
 * produce the same text byte for byte. With two nodes, each its own host
 * process, every node's record equals that of a node run alone. */
#define _POSIX_C_SOURCE 200809L
#include "../harness/harness.h"
#include "../host/node_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The record of `nodes` nodes run under SystemC by build/sc-host-test. */
static char *systemc_record(const char *chip, const char *host, int bus, int nodes, const char *program,
                            const char *params, const char *tag)
{
    const char *root = harness_root();
    char out[512], cmd[2048];
    snprintf(out, sizeof out, "%s/build/tests/sch_%s.rec", root, tag);
    remove(out);
    snprintf(cmd, sizeof cmd,
             "cd %s && SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 timeout 300 build/sc-host-test --chip %s --host %s --bus %d "
             "--nodes %d --program %s %s --out %s >/dev/null",
             root, chip, host, bus, nodes, program, params, out);
    if (system(cmd) != 0) harness_fail(__FILE__, __LINE__, "%s failed", cmd);
    char *rec = harness_read_file(out);
    if (!rec) harness_fail(__FILE__, __LINE__, "no record from %s", cmd);
    return rec;
}

/* The two backends' records must match; the SystemC one comes back (free it). */
static char *same_until(const char *chip, const host_profile *hp, int bus, const char *program, const nf_param *prm,
                        const char *params, const char *tag, sim_time until)
{
    node_spec sp = {chip, hp, bus, 1, 1, NULL, 0, until};
    nf_result r;
    char err[600];
    if (node_run(harness_root(), &sp, program, prm, &r, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
    char *got = systemc_record(chip, hp->name, bus, 1, program, params, tag);
    if (strcmp(got, r.record)) harness_note("C backend:\n%s\nSystemC:\n%s", r.record, got);
    ASSERT_STR_EQ(got, r.record);
    nf_free(&r);
    return got;
}

static void same(const char *chip, const host_profile *hp, int bus, const char *program, const nf_param *prm,
                 const char *params, const char *tag)
{
    free(same_until(chip, hp, bus, program, prm, params, tag, 0));
}

TEST(hosts_systemc, same_results_as_the_c_backend)
{
    nf_param few[] = {{"SIZES", "6"}, {NULL, NULL}};
    same("lanai4", &host_p3_550, 0, "tpil_echo", few, "--param SIZES=6", "echo4");
    same("lanai9", &host_p4_1700, 1, "tpil_echo", few, "--param SIZES=6", "echo9");
    nf_param dma[] = {{"BYTES", "65536"}, {NULL, NULL}};
    same("lanai9", &host_p4_1700, 1, "ni2host", dma, "--param BYTES=65536", "dma9");
    same("lanai4", &host_p3_550, 0, "irq_service", NULL, "", "irq4");
    nf_param all[] = {{"BYTES", "20000"}, {"MECH", "all"}, {NULL, NULL}};
    same("lanai9", &host_ppro200, 0, "tpil_point", all, "--param BYTES=20000 --param MECH=all", "point9");
}

TEST(hosts_systemc, a_fault_stops_both_the_same_way)
{
    same("lanai9", &host_p3_550, 0, "dma_unpinned", NULL, "", "unpinned9");
}

/* The process is still echoing at the time limit: both backends stop it at
 * the same moment, with the same words. */
TEST(hosts_systemc, a_time_limit_stops_both_the_same_way)
{
    nf_param few[] = {{"SIZES", "6"}, {NULL, NULL}};
    char *rec =
        same_until("lanai9", &host_p3_550, 0, "tpil_echo", few, "--param SIZES=6 --until-us 40", "limit9", SIM_US(40));
    if (!strstr(rec, "time limit")) harness_note("%s", rec);
    ASSERT_TRUE(strstr(rec, "time limit") != NULL);
    free(rec);
}

/* Keep the lines of node k (renamed to node 0), or of NI k (renamed ni0). */
static char *lines_of(const char *rec, int k)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    char node[16], ni[16];
    snprintf(node, sizeof node, "node %d ", k);
    snprintf(ni, sizeof ni, "ni%d ", k);
    int in_console = 0;
    for (const char *p = rec; *p;) {
        const char *nl = strchr(p, '\n');
        size_t l = nl ? (size_t)(nl - p) + 1 : strlen(p);
        if (!strncmp(p, "ni", 2) && strstr(p, " console:") && (size_t)(strstr(p, " console:") - p) < l)
            in_console = !strncmp(p, ni, strlen(ni) - 1) && p[strlen(ni) - 1] == ' ';
        if (!strncmp(p, node, strlen(node))) fprintf(f, "node 0 %.*s", (int)(l - strlen(node)), p + strlen(node));
        else if (!strncmp(p, ni, strlen(ni))) fprintf(f, "ni0 %.*s", (int)(l - strlen(ni)), p + strlen(ni));
        else if (in_console && strncmp(p, "ni", 2)) fprintf(f, "%.*s", (int)l, p);
        p += l;
    }
    fclose(f);
    return out;
}

TEST(hosts_systemc, two_hosts_at_once_each_as_if_alone)
{
    node_spec sp = {"lanai9", &host_p3_550, 0, 1, 1, NULL, 0, 0};
    nf_param few[] = {{"SIZES", "5"}, {NULL, NULL}};
    nf_result r;
    char err[600];
    if (node_run(harness_root(), &sp, "tpil_echo", few, &r, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
    char *two = systemc_record("lanai9", "p3-550", 0, 2, "tpil_echo", "--param SIZES=5", "two9");
    char *alone = lines_of(r.record, 0);
    ASSERT_TRUE(strstr(alone, "node 0 measure checks 30") != NULL && strstr(alone, "ni0 state 1 exit 0") != NULL);
    for (int k = 0; k < 2; k++) {
        char *mine = lines_of(two, k);
        if (strcmp(mine, alone)) harness_note("node %d of two:\n%s\nalone:\n%s", k, mine, alone);
        ASSERT_STR_EQ(mine, alone);
        free(mine);
    }
    ASSERT_TRUE(strstr(two, "status done") != NULL);
    free(alone);
    free(two);
    nf_free(&r);
}
