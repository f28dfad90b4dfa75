/* Hosts in the full model: a host process (native C through platform.h, on
 * the plain-C backend) with the real card and real firmware on the ISS. */
#include "../harness/harness.h"
#include "node_fixture.h"
#include "../tpil/calib.h"

#include <stdio.h>

#include <string.h>

TEST(hostnode, tpil_echo_every_mechanism_checked_by_the_firmware)
{
    const char *chips[2] = {"lanai4", "lanai9"};
    for (int c = 0; c < 2; c++) {
        nf_result r;
        nf_run(chips[c], &host_p3_550, 0, "tpil_echo", NULL, 1, &r);
        harness_note("%s: rc %d %s, status %s", chips[c], r.rc, r.err, cosim_status_name(r.st));
        ASSERT_EQ(r.rc, 0);
        ASSERT_EQ(r.st, COSIM_DONE);                 /* the firmware exited when told to */
        ASSERT_EQ(nf_get(&r, "checks"), 6 * 8);      /* six mechanisms, eight sizes */
        harness_note("  %.0f bytes, TPIL %.1f us, DMA %.0f cycles, end %.1f us", nf_get(&r, "bytes"),
                     nf_get(&r, "h2c_us"), nf_get(&r, "dma_cycles"), nf_get(&r, "end_us"));
        nf_free(&r);
    }
}

/* Idle-loop skipping in the core never changes a result, with a host
 * driving the card: the whole record (host measures to the last digit, the
 * process's end time, every core counter and the console) is identical. */
TEST(hostnode, idle_skipping_changes_nothing)
{
    const char *chips[2] = {"lanai4", "lanai9"};
    nf_param few[] = {{"SIZES", "5"}, {NULL, NULL}};
    nf_param dma[] = {{"BYTES", "4096"}, {"ITERS", "2"}, {NULL, NULL}};
    for (int c = 0; c < 2; c++) {
        for (int k = 0; k < 3; k++) {
            const char *app = k == 0 ? "tpil_echo" : k == 1 ? "ni2host" : "irq_service";
            nf_result on, off;
            nf_run(chips[c], &host_p3_550, 0, app, k == 0 ? few : k == 1 ? dma : NULL, 1, &on);
            nf_run(chips[c], &host_p3_550, 0, app, k == 0 ? few : k == 1 ? dma : NULL, 0, &off);
            ASSERT_EQ(on.rc, 0);
            if (strcmp(on.record, off.record)) harness_note("skipping:\n%s\nnot skipping:\n%s", on.record, off.record);
            ASSERT_STR_EQ(on.record, off.record);
            nf_free(&on);
            nf_free(&off);
        }
    }
}

/* Exactness: a 1 ns lookahead (cores stepped in tiny slices) gives the
 * same record as the computed one, with a host driving the card. */
TEST(hostnode, the_lookahead_changes_nothing)
{
    nf_param few[] = {{"SIZES", "5"}, {NULL, NULL}};
    const char *chips[2] = {"lanai4", "lanai9"};
    for (int c = 0; c < 2; c++) {
        node_spec sp = {chips[c], &host_p4_1700, 0, 1, 1, NULL, 0, 0};
        nf_result a, b;
        nf_run_spec(&sp, "tpil_echo", few, &a);
        sp.lookahead = SIM_NS(1);
        nf_run_spec(&sp, "tpil_echo", few, &b);
        ASSERT_EQ(a.rc, 0);
        if (strcmp(a.record, b.record)) harness_note("computed:\n%s\n1 ns:\n%s", a.record, b.record);
        ASSERT_STR_EQ(a.record, b.record);
        nf_free(&a);
        nf_free(&b);
    }
}

/* The firmware DMAs into a page the host never pinned: the run stops with
 * a fault report naming the card, the physical address and the cause. */
TEST(hostnode, dma_into_unpinned_memory_stops_the_run_with_a_clear_error)
{
    nf_result r;
    nf_run("lanai9", &host_p3_550, 0, "dma_unpinned", NULL, 1, &r);
    harness_note("%s", r.err);
    ASSERT_EQ(r.st, COSIM_FAULT);
    ASSERT_TRUE(r.rc != 0);
    ASSERT_TRUE(strstr(r.err, "unpinned") != NULL);
    ASSERT_TRUE(strstr(r.err, "host DMA stopped") != NULL);
    ASSERT_TRUE(strstr(r.err, "0x") != NULL);
    nf_free(&r);
}

/* A point of the curve scenarios (tpil_point, full model: the firmware runs
 * on the ISS, and each run is a fresh process) is exactly that cell of
 * TPIL's whole benchmark run on the card alone (tests/tpil's fixture):
 * the firmware does not change host-side timing, and tpil_point reaches the
 * cell the way the benchmark does. */
TEST(hostnode, a_curve_point_is_the_benchmark_cell)
{
    tpil_bench b;
    char err[400];
    if (calib_tpil(&calib_p4_l9_64, &b, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
    static const char *const mech[TPIL_NMECH] = {"plain", "mmx", "sse", "onecopy", "double", "zerocopy"};
    const size_t sizes[] = {1024, 6144, 131072};
    for (size_t k = 0; k < 3; k++) {
        int i = 0;
        while (b.size[i] != sizes[k]) i++;
        char bytes[16];
        snprintf(bytes, sizeof bytes, "%zu", sizes[k]);
        nf_param prm[] = {{"BYTES", bytes}, {"MECH", "all"}, {NULL, NULL}};
        nf_result r;
        nf_run("lanai9", &host_p4_1700, 1, "tpil_point", prm, 1, &r);
        for (int m = 0; m < TPIL_NMECH; m++) {
            char name[32];
            snprintf(name, sizeof name, "mbs_%s", mech[m]);
            double v = nf_get(&r, name);
            if (v != b.mbps[m][i]) harness_note("%zu B %s: point %.6f, benchmark %.6f", sizes[k], mech[m], v, b.mbps[m][i]);
            ASSERT_TRUE(v == b.mbps[m][i]);
        }
        nf_free(&r);
    }
}
