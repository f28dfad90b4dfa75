/* A user's circuit named in a scenario, Verilated at run time into a cache
 * (sim/experiments/hwbuild.h, hw/user/user_shell.cpp, model/rc1000/userc.h):
 * built once, then found; it runs in the canvas's external slot and its
 * results come back through the frame; the card's timeout names it when it
 * never finishes; a circuit whose ports do not match
 * appendix B.3, or that Verilator refuses, stops the load naming file and
 * line (exit status 2). Needs build/myrisim and verilator. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"
#include "../../sim/experiments/hwbuild.h"
#include "../../model/rc1000/rc1000_map.h"
#include "../../model/rc1000/userc.h"

#include <glob.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CIRCUIT "scenarios/teaching/rc1000/circ_addsub.v"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* A root of its own (hw/ linked from the repository) so that the first
 * build is a miss whatever the repository's cache holds; Verilator's
 * runtime archive is linked in when the repository has one. */
static const char *scratch_root(void)
{
    const char *dir = sim_scratch("userc_root");
    char cmd[8192], top[4096];
    ASSERT_TRUE(realpath(harness_root(), top) != NULL);
    snprintf(cmd, sizeof cmd, "ln -s '%s/hw' '%s/hw' && mkdir -p '%s/build/scenarios/hw'", top, dir, dir);
    ASSERT_EQ(system(cmd), 0);
    char pat[4200];
    snprintf(pat, sizeof pat, "%s/build/scenarios/hw/verilated-*.a", top);
    glob_t g;
    if (glob(pat, 0, NULL, &g) == 0) {
        for (size_t i = 0; i < g.gl_pathc; i++) {
            const char *b = strrchr(g.gl_pathv[i], '/');
            snprintf(cmd, sizeof cmd, "ln -s '%s' '%s/build/scenarios/hw%s'", g.gl_pathv[i], dir, b);
            ASSERT_EQ(system(cmd), 0);
        }
        globfree(&g);
    }
    return dir;
}

TEST(userc, a_named_circuit_is_verilated_once_then_found_in_the_cache)
{
    const char *root = scratch_root();
    char file[2048], so[2400], so2[2400], err[8192];
    snprintf(file, sizeof file, "%s/" CIRCUIT, harness_root());
    int c0 = hw_circuit_cached(root, file, "circ_addsub", so, sizeof so, err, sizeof err);
    if (c0) harness_note("%s", err);
    ASSERT_EQ(c0, 0);
    int built = -1;
    double t0 = now_s();
    int st = hw_circuit_build(root, file, "circ_addsub", so, sizeof so, &built, err, sizeof err);
    double t1 = now_s();
    if (st) harness_note("%s", err);
    ASSERT_EQ(st, 0);
    ASSERT_EQ(built, 1);
    ASSERT_TRUE(access(so, R_OK) == 0);
    ASSERT_EQ(hw_circuit_cached(root, file, "circ_addsub", so2, sizeof so2, err, sizeof err), 1);
    ASSERT_EQ(hw_circuit_build(root, file, "circ_addsub", so2, sizeof so2, &built, err, sizeof err), 0);
    double t2 = now_s();
    ASSERT_EQ(built, 0);
    ASSERT_STR_EQ(so, so2);
    harness_note("first run Verilated and compiled circ_addsub in %.1f s; the second found it in %.3f s", t1 - t0,
                 t2 - t1);
}

/* The 32-bit sum of the stage's test payload (exp_rc1000.c: word i is
 * i * 2654435761) with k added to each word. */
static uint32_t payload_sum(uint32_t k)
{
    uint32_t s = 0;
    for (uint32_t i = 0; i < 1024; i++) s += i * 2654435761u + k;
    return s;
}

static double col(const char *path, int idx)
{
    char *row = sim_csv_row(path, 0);
    for (int i = 0; i < idx && row; i++) {
        row = strchr(row, ',');
        if (row) row++;
    }
    return row ? atof(row) : -1;
}

TEST(userc, the_teaching_stage_runs_the_students_circuit_through_the_frame)
{
    const char *dir = sim_scratch("userc_teach");
    ASSERT_EQ(sim_cli("run scenarios/teaching/rc1000_stage.cfg --jobs 2 --out '%s'", dir), 0);
    char pass[512], s0[512], s5[512];
    snprintf(pass, sizeof pass, "%s/pass-shipped-slot-0.csv", dir);
    snprintf(s0, sizeof s0, "%s/student-sub-op-0.csv", dir);
    snprintf(s5, sizeof s5, "%s/student-sub-op-5.csv", dir);
    /* columns: out_sum, out_words, fpga_us, fetch clocks, store clocks */
    ASSERT_EQ((uint32_t)col(pass, 0), payload_sum(0));
    ASSERT_EQ((uint32_t)col(s0, 0), payload_sum(0));
    ASSERT_EQ((uint32_t)col(s5, 0), payload_sum(5));
    ASSERT_EQ((int)col(s5, 1), 1024);
    ASSERT_EQ((int)col(s5, 3), 1024);
    ASSERT_EQ((int)col(s5, 4), 3072);
    harness_note("pass and sub-op 0: sum %u; sub-op 5: %u (1,024 x 5 more); fpga %.3f us", payload_sum(0),
                 payload_sum(5), col(s5, 2));
}

static const char *stage_cfg(const char *circuit)
{
    static char text[2048];
    snprintf(text, sizeof text,
             "name = \"userc_bad\";\ntitle = \"t\";\ndescription = \"d\";\n"
             "cluster = { nodes = 1; ni = \"lanai4\"; host = \"p3-550\"; pci = \"pci32-33\"; };\n"
             "experiment = { kind = \"rc1000_stage\"; bytes = 64;\n    circuit = \"%s\"; };\n"
             "measurements = [ \"out_sum\" ];\n",
             circuit);
    return text;
}

TEST(userc, a_circuit_that_does_not_fit_stops_the_load_with_file_and_line)
{
    const char *dir = sim_scratch("userc_bad");
    char cfg[512];
    snprintf(cfg, sizeof cfg, "%s/bad.cfg", dir);
    sim_write(cfg, stage_cfg("tests/hw/fixtures/bad_width.v"));
    ASSERT_EQ(sim_cli("run '%s' --jobs 1 --out '%s/out'", cfg, dir), 2);
    harness_note("%s", sim_stderr());
    ASSERT_TRUE(strstr(sim_stderr(), "bad.cfg:6: experiment.circuit: circuit 'bad_width' does not fit the frame") != NULL);
    ASSERT_TRUE(strstr(sim_stderr(), "bad_width.v:12: port 'c_data' is 16 bits wide; the interface needs 32") != NULL);
    sim_write(cfg, stage_cfg("tests/hw/fixtures/no_build.v"));
    ASSERT_EQ(sim_cli("run '%s' --jobs 1 --out '%s/out'", cfg, dir), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "Verilator does not accept module 'no_build'") != NULL);
    ASSERT_TRUE(strstr(sim_stderr(), "no_build.v:14") != NULL);
    sim_write(cfg, stage_cfg("tests/hw/fixtures/missing.v"));
    ASSERT_EQ(sim_cli("run '%s' --jobs 1 --out '%s/out'", cfg, dir), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "missing.v: cannot read") != NULL);
}

/* The card itself with a run-time circuit in slot 4: the message goes
 * through it word for word; a circuit there that never finishes is stopped
 * by the card's timeout, which names it by its module. */
static rc1000 *card_with(evq *q, const char *file, const char *module, rc_userc **u)
{
    char so[2400], err[8192];
    int built;
    ASSERT_EQ(hw_circuit_build(harness_root(), file, module, so, sizeof so, &built, err, sizeof err), 0);
    rc1000_params p = rc1000_default_params;
    p.name = "rc1000.5";
    p.config_ps = p.reset_ps = 0;
    p.timeout_clocks = 5000;
    rc1000 *c = rc1000_new(q, &p, err, sizeof err);
    ASSERT_TRUE(c != NULL);
    *u = rc_userc_attach(c, so, module, err, sizeof err);
    ASSERT_TRUE(*u != NULL);
    uint32_t *b0 = rc1000_bank(c, 0);
    b0[RC_CTL_FUNCS + RC_SLOT_EXTERNAL] = 0x44;
    b0[RC_CTL_PAGE] = b0[RC_CTL_PAGE + 1] = RC_PAGE_NONE;
    rc_fwd_plain(b0, 0, 0);
    return c;
}

static void queue_message(rc1000 *c, unsigned subop, const uint32_t *pl, unsigned n)
{
    uint32_t *b0 = rc1000_bank(c, 0), tail = b0[RC_Q0_BASE];
    uint32_t *m = b0 + RC_Q0_BASE + RC_Q_RING + tail;
    memset(m, 0, 32);
    m[2] = n << 16;
    m[3] = 0x44;
    m[4] = RC_ARG0(0, 0, 0, 1, subop, n & 1023);
    m[7] = RC_ARG3_QUEUE;
    memcpy(m + 8, pl, n * 4u);
    b0[RC_Q0_BASE] = tail + 8 + n;
}

TEST(userc, the_card_streams_a_message_through_the_circuit_in_slot_4)
{
    static uint32_t pl[256];
    for (int i = 0; i < 256; i++) pl[i] = (uint32_t)i * 40503u;
    evq *q = evq_new();
    rc_userc *u;
    rc1000 *c = card_with(q, CIRCUIT, "circ_addsub", &u);
    rc1000_configure(c);
    evq_run_until(q, SIM_US(20));
    queue_message(c, 9, pl, 256);
    while (RC_ST_PRODUCED(rc1000_status(c)) < 1 && !rc1000_error(c) && evq_now(q) < SIM_US(2000)) evq_step(q);
    ASSERT_TRUE(rc1000_error(c) == NULL);
    ASSERT_EQ(RC_ST_PRODUCED(rc1000_status(c)), 1);
    const uint32_t *out = rc1000_bank(c, 3) + 8;
    for (int i = 0; i < 256; i++) ASSERT_EQ(out[i], pl[i] + 9);
    rc_userc_free(u);
    rc1000_free(c);
    evq_free(q);
}

TEST(userc, a_run_time_circuit_that_never_finishes_is_stopped_naming_it)
{
    static uint32_t pl[8];
    evq *q = evq_new();
    rc_userc *u;
    rc1000 *c = card_with(q, "hw/circuits/circ_hang.v", "circ_hang", &u);
    rc1000_configure(c);
    evq_run_until(q, SIM_US(20));
    queue_message(c, 0, pl, 8);
    while (!rc1000_error(c) && evq_pending(q) && evq_now(q) < SIM_US(5000)) evq_step(q);
    const char *e = rc1000_error(c);
    ASSERT_TRUE(e != NULL);
    harness_note("%s", e);
    ASSERT_TRUE(strstr(e, "rc1000.5: circuit 'circ_hang' (slot 4) ran 5000 clocks without job_done") != NULL);
    rc_userc_free(u);
    rc1000_free(c);
    evq_free(q);
}

/* A circuit that includes another file (`include "inc_k.vh": the constant
 * it adds) is keyed by both: changing only the included file gives a new
 * cache entry, and the run then computes with the new constant; an include
 * that is not there stops the load naming file and line. */
TEST(userc, a_circuit_is_built_again_when_a_file_it_includes_changes)
{
    char root[1200], dir[1200], file[1300], vh[1300], cfg[1300], out[1300], so1[2400], so2[2400], err[8192];
    snprintf(root, sizeof root, "%s", scratch_root());   /* sim_scratch's buffer is reused below */
    snprintf(dir, sizeof dir, "%s", sim_scratch("userc_inc"));
    snprintf(file, sizeof file, "%s/circ_inc.v", dir);
    snprintf(vh, sizeof vh, "%s/inc_k.vh", dir);
    snprintf(cfg, sizeof cfg, "%s/inc.cfg", dir);
    /* the student's circuit, renamed, adding `INC_K as well as the sub-op */
    char src[2048];
    snprintf(src, sizeof src, "%s/" CIRCUIT, harness_root());
    size_t n;
    char *text = sim_read(src, &n);
    ASSERT_TRUE(text != NULL);
    static char v[16384];
    const char *mod = strstr(text, "module circ_addsub"), *add = strstr(text, "{28'd0, k}");
    ASSERT_TRUE(mod && add && mod < add);
    snprintf(v, sizeof v, "`include \"inc_k.vh\"\n%.*smodule circ_inc%.*s({28'd0, k} + `INC_K)%s", (int)(mod - text),
             text, (int)(add - mod - 18), mod + 18, add + 10);
    sim_write(file, v);
    sim_write(vh, "`define INC_K 32'd7\n");
    int c1 = hw_circuit_cached(root, file, "circ_inc", so1, sizeof so1, err, sizeof err);
    if (c1) harness_note("%s", err);
    ASSERT_EQ(c1, 0);
    sim_write(cfg, stage_cfg(file));
    snprintf(out, sizeof out, "%s/r7", dir);
    int st = sim_cli("run '%s' --set experiment.bytes=4096 --out '%s'", cfg, out);
    if (st) harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    snprintf(out, sizeof out, "%s/r7/default.csv", dir);
    ASSERT_EQ((uint32_t)col(out, 0), payload_sum(7));
    /* only the included file changes */
    sim_write(vh, "`define INC_K 32'd9\n");
    ASSERT_EQ(hw_circuit_cached(root, file, "circ_inc", so2, sizeof so2, err, sizeof err), 0);
    ASSERT_TRUE(strcmp(so1, so2) != 0);
    snprintf(out, sizeof out, "%s/r9", dir);
    ASSERT_EQ(sim_cli("run '%s' --set experiment.bytes=4096 --out '%s'", cfg, out), 0);
    snprintf(out, sizeof out, "%s/r9/default.csv", dir);
    ASSERT_EQ((uint32_t)col(out, 0), payload_sum(9));
    harness_note("INC_K 7: sum %u; after changing only inc_k.vh to 9: %u (a new entry)", payload_sum(7), payload_sum(9));
    /* an include that is not there */
    unlink(vh);
    ASSERT_EQ(hw_circuit_cached(root, file, "circ_inc", so2, sizeof so2, err, sizeof err), -1);
    harness_note("%s", err);
    ASSERT_TRUE(strstr(err, "circ_inc.v:1: `include \"inc_k.vh\": no such file beside it") != NULL);
    snprintf(out, sizeof out, "%s/rmissing", dir);
    ASSERT_EQ(sim_cli("run '%s' --out '%s'", cfg, out), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "`include \"inc_k.vh\": no such file beside it") != NULL);
}
