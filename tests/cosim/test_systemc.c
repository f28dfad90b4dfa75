/* The SystemC shell gives bit-identical results to the C driver: the same
 * cluster is run in-process with cosim_run and by build/sc-cosim-test under
 * SystemC (its own process: sc_start runs once per process), and the two
 * records must match byte for byte - for finished runs, with a 1 ns
 * lookahead, without idle skipping, and for a deadlock. Without host
 * processes the shell's stepper thread runs cosim_run itself, so this checks
 * the shell's plumbing (status, final time, report); the interleaving with
 * host processes is checked by test_hosts_systemc.c. */
#define _POSIX_C_SOURCE 200809L
#include "../harness/harness.h"
#include "cosim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void write_topo(const topo *t, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) harness_fail(__FILE__, __LINE__, "cannot write %s", path);
    for (int i = 0; i < t->nnode; i++) {
        if (t->node[i].kind == TOPO_NI) fprintf(f, "ni %s\n", t->node[i].name);
        else fprintf(f, "switch %s %u\n", t->node[i].name, t->node[i].nports);
    }
    for (int c = 0; c < t->ncable; c++) {
        const topo_cable *k = &t->cable[c];
        fprintf(f, "cable %s:%u %s:%u %s %.3f\n", t->node[k->a].name, k->pa, t->node[k->b].name, k->pb,
                lk_kind_name(k->kind), k->length_m);
    }
    fclose(f);
}

static void same_as_c(const char *chip, net_kind net, const char *fw, const cosim_opts *base, sim_time until,
                      const char *tag)
{
    cosim_opts o = *base;
    o.chip = chip;
    cosim_run_t r;
    cr_init(&r, net, &o);
    cr_load(&r, fw);
    cr_run(&r, until);
    char *want = cr_record(&r);
    const char *root = harness_root();
    char topo_path[512], out[512], elf[512], cmd[2048];
    snprintf(topo_path, sizeof topo_path, "%s/build/tests/sc_%s.topo", root, tag);
    snprintf(out, sizeof out, "%s/build/tests/sc_%s.rec", root, tag);
    snprintf(elf, sizeof elf, "%s/build/fw/ni/%s.%s.elf", root, fw, strcmp(chip, "lanai4") ? "l9" : "l4");
    write_topo(&r.t, topo_path);
    remove(out);
    snprintf(cmd, sizeof cmd,
             "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 timeout 300 %s/build/sc-cosim-test --topo %s --chip %s --fw %s --out %s "
             "--until %llu --lookahead %llu --watchdog %llu%s%s%s >/dev/null",
             root, topo_path, chip, elf, out, (unsigned long long)until, (unsigned long long)o.lookahead,
             (unsigned long long)o.watchdog, o.idle_skip ? "" : " --no-idle",
             o.fab.algo == ROUTE_SHORTEST ? " --shortest" : "", o.fab.sw.block_timeout ? "" : " --no-block-timeout");
    int rc = system(cmd);
    ASSERT_EQ(rc, 0);
    char *got = harness_read_file(out);
    ASSERT_TRUE(got != NULL);
    if (strcmp(got, want)) harness_note("C driver:\n%s\nSystemC (%s):\n%s", want, out, got);
    ASSERT_STR_EQ(got, want);
    free(got);
    free(want);
    cr_free(&r);
}

TEST(cosim_systemc, same_results_as_the_c_driver)
{
    cosim_opts o;
    cosim_opts_default(&o);
    same_as_c("lanai9", NET_CABLE, "pingpong", &o, SIM_US(100000), "pp9");
    same_as_c("lanai4", NET_LINE3, "pingpong", &o, SIM_US(100000), "pp4");
    same_as_c("lanai9", NET_SWITCH1, "probe", &o, SIM_US(100000), "probe9");
    same_as_c("lanai4", NET_CABLE, "probe", &o, SIM_US(100000), "probe4");
    same_as_c("lanai9", NET_SWITCH1, "backpressure", &o, SIM_US(100000), "bp9");
    o.lookahead = SIM_NS(1);
    same_as_c("lanai9", NET_CABLE, "probe", &o, SIM_US(100000), "probe9_1ns");
    o.lookahead = 0;
    o.idle_skip = 0;
    same_as_c("lanai9", NET_CABLE, "probe", &o, SIM_US(100000), "probe9_noidle");
}

TEST(cosim_systemc, time_limit_and_deadlock_stop_at_the_same_point)
{
    cosim_opts o;
    cosim_opts_default(&o);
    same_as_c("lanai9", NET_CABLE, "pingpong", &o, SIM_US(150), "pp9_limit");
    o.fab.algo = ROUTE_SHORTEST;
    o.fab.sw.block_timeout = 0;
    o.watchdog = SIM_US(500);
    same_as_c("lanai9", NET_RING4, "ring", &o, SIM_US(100000), "ring9");
}
