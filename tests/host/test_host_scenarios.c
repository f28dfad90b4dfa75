/* The scenario kind "host" through build/myrisim: its runs give the same
 * numbers with host processes as SystemC threads and on the plain-C
 * backend; bad set-ups are refused at load time with file, line and key;
 * a DMA into unpinned memory fails the run with the address, not a crash. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <string.h>

TEST(host_scenarios, systemc_and_c_backends_write_the_same_files)
{
    const char *a = sim_scratch("host_sc"), *b = sim_scratch("host_c");
    static const char *const files[] = {"p3-550-lanai-4.csv", "p3-550-lanai-9.csv", "p4-1-7-lanai-4-32b-pci.csv",
                                        "p4-1-7-lanai-9-64b-pci.csv", "comparison.csv"};
    ASSERT_EQ(sim_cli("run scenarios/thesis/fig5_6.cfg --quick --out %s", a), 0);
    ASSERT_EQ(sim_cli("run scenarios/thesis/fig5_6.cfg --quick --set experiment.backend=c --out %s", b), 0);
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char pa[600], pb[600];
        snprintf(pa, sizeof pa, "%s/%s", a, files[i]);
        snprintf(pb, sizeof pb, "%s/%s", b, files[i]);
        ASSERT_TRUE(sim_exists(pa));
        if (!sim_same_file(pa, pb)) harness_note("%s differs", files[i]);
        ASSERT_TRUE(sim_same_file(pa, pb));
    }
    a = sim_scratch("host_sc2");
    b = sim_scratch("host_c2");
    ASSERT_EQ(sim_cli("run scenarios/thesis/fig5_2_lanai9.cfg --quick --out %s", a), 0);
    ASSERT_EQ(sim_cli("run scenarios/thesis/fig5_2_lanai9.cfg --quick --set experiment.backend=c --out %s", b), 0);
    char pa[600], pb[600];
    snprintf(pa, sizeof pa, "%s/dma-zero-copy.csv", a);
    snprintf(pb, sizeof pb, "%s/dma-zero-copy.csv", b);
    ASSERT_TRUE(sim_same_file(pa, pb));
}

TEST(host_scenarios, dma_into_unpinned_memory_fails_the_run_naming_the_address)
{
    const char *d = sim_scratch("host_unpinned");
    int st = sim_cli("run tests/host/fixtures/dma_unpinned.cfg --out %s", d);
    harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 1);
    const char *e = sim_stderr();
    ASSERT_TRUE(strstr(e, "scenario dma_unpinned") != NULL);
    ASSERT_TRUE(strstr(e, "DMA to unpinned memory: physical 0x") != NULL);
    ASSERT_TRUE(strstr(e, "host DMA stopped") != NULL);
    ASSERT_TRUE(strstr(e, "LANai 9 host DMA channel 0") != NULL);
}

static void refused(const char *edit_from, const char *edit_to, const char *what)
{
    const char *d = sim_scratch("host_bad");
    char path[600];
    snprintf(path, sizeof path, "%s/bad.cfg", d);
    size_t len;
    char *base = sim_read("scenarios/thesis/fig5_6.cfg", &len);
    char *bad = sim_replace(base, edit_from, edit_to);
    sim_write(path, bad);
    int st = sim_cli("run %s --quick --out %s/out", path, d);
    harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 2);
    ASSERT_TRUE(strstr(sim_stderr(), what) != NULL);
    ASSERT_TRUE(strstr(sim_stderr(), "bad.cfg:") != NULL);
}

TEST(host_scenarios, bad_set_ups_are_refused_with_file_line_and_key)
{
    refused("program = \"ni2host\";", "program = \"ni2hots\";", "unknown host program 'ni2hots'");
    refused("{ ni = \"lanai9\"; host = \"p3-550\"; pci = \"pci32-33\"; }",
            "{ ni = \"lanai9\"; host = \"p3-550\"; pci = \"pci64-66\"; }", "host p3-550 has no pci64-66 slot");
    refused("{ ni = \"lanai4\"; host = \"p3-550\"; pci = \"pci32-33\"; }",
            "{ ni = \"lanai4\"; host = \"none\"; pci = \"pci32-33\"; }", "needs a host");
    refused("program = \"ni2host\";", "program = \"ni2host\"; compare_pci = \"pci32-33\";",
            "does not compare PCI slots");
    refused("program = \"ni2host\";", "program = \"ni2host\"; cflags = [\"-g\", \"o\"];",
            "'o' is not a usable compiler flag");
    refused("program = \"ni2host\";",
            "program = \"ni2host\"; cflags = [\"-g\", \"-g\", \"-g\", \"-g\", \"-g\", \"-g\", \"-g\", "
            "\"-g\", \"-g\", \"-g\", \"-g\", \"-g\", \"-g\", \"-g\", \"-g\", \"-g\", \"-g\"];",
            "at most 16 cflags, not 17");
}

/* experiment.params: a name the program does not declare is refused with
 * the program's parameter list, wherever it comes from (--set, a series,
 * the sweep), and a declared one is accepted. */
TEST(host_scenarios, unknown_program_parameters_are_errors_that_list_the_valid_names)
{
    int st = sim_cli("describe scenarios/teaching/slow_receiver.cfg --set experiment.params.HANDLER=5");
    harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 2);
    const char *e = sim_stderr();
    ASSERT_TRUE(strstr(e, "--set experiment.params.HANDLER: host program grim_stream has no parameter 'HANDLER'") != NULL);
    ASSERT_TRUE(strstr(e, "(its parameters: COUNT, BYTES, HANDLER_US,") != NULL);
    ASSERT_EQ(sim_cli("describe scenarios/teaching/slow_receiver.cfg --set experiment.params.HANDLER_US=5"), 0);

    /* in one series only: named once, at its line */
    const char *d = sim_scratch("host_badparam");
    char path[600];
    snprintf(path, sizeof path, "%s/bad.cfg", d);
    size_t len;
    char *base = sim_read("scenarios/teaching/slow_receiver.cfg", &len);
    sim_write(path, sim_replace(base, "params = { HANDLER_US = 60; }", "params = { HANDLER_US = 60; HANDLR = 1; }"));
    st = sim_cli("run %s --out %s/out", path, d);
    harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 2);
    e = sim_stderr();
    ASSERT_TRUE(strstr(e, "bad.cfg:") != NULL);
    const char *first = strstr(e, "has no parameter 'HANDLR'");
    ASSERT_TRUE(first != NULL);
    ASSERT_TRUE(strstr(first + 1, "has no parameter 'HANDLR'") == NULL);
    char csv[700];
    snprintf(csv, sizeof csv, "%s/out/fast-receiver.csv", d);
    ASSERT_TRUE(!sim_exists(csv));   /* refused before anything ran */

    /* a swept parameter */
    snprintf(path, sizeof path, "%s/sweep.cfg", d);
    base = sim_read("scenarios/thesis/fig5_6.cfg", &len);
    sim_write(path, sim_replace(base, "param = \"experiment.params.BYTES\"", "param = \"experiment.params.BYTS\""));
    ASSERT_EQ(sim_cli("describe %s", path), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "host program ni2host has no parameter 'BYTS' (its parameters: BYTES, ITERS, WARMUP)") !=
                NULL);
}
