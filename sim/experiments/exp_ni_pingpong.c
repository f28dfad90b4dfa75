/* Experiment kind "ni_pingpong": the NI-to-NI measurements (Fig 5.5,
 * appendix A's SAN DMA time). Builds the cluster's network (exp_ni.h), one
 * firmware image for the cluster's NI chip (default
 * firmware/bench/ni_pingpong.c; parameters become -D defines), loads it on
 * every NI and runs the exact co-simulation driver (model/node/cosim.h) to
 * completion. NI 0's marks 1 and 2 bracket ITERS round trips:
 *   round_trip_us = (mark 2 - mark 1) / iters, one_way_us = half of it,
 *   bandwidth_mbs = bytes / one_way_us (MB = 10^6 bytes, as the thesis),
 *   min_round_trip_us = the smallest single round trip (the firmware
 *   prints min_rtt_cycles), min_one_way_us = half of it.
 * bytes and iters come from the firmware's "measure NAME VALUE" lines (what
 * it really did); every such line becomes a measurement. A fault, a
 * deadlock (the watchdog), a node exiting non-zero or the time limit fails
 * the run with the driver's report and the consoles' last lines. */
#define _GNU_SOURCE
#include "experiments.h"
#include "exp_util.h"

#include "../../model/node/cosim.h"
#include "../../model/trace/trace_cosim.h"
#include "../scenario/cluster.h"
#include "exp_ni.h"
#include "../scenario/runspec.h"
#include "../outputs/textfmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_FIRMWARE "firmware/bench/ni_pingpong.c"

static const char *const opt_names[] = {"O0", "O1", "O2", "O3", "Os", "Oz", NULL};

static const key_spec ni_keys[] = {
    {"firmware", KT_STRING, 0, NULL, NULL, NULL, "elf", "C source of the image (default " DEFAULT_FIRMWARE ")"},
    {"elf", KT_STRING, 0, NULL, NULL, NULL, "firmware", "a prebuilt image instead of firmware"},
    {"opt", KT_STRING, 0, NULL, opt_names, "optimisation level", NULL, "O0, O1, O2 (default), O3, Os or Oz"},
    {"cflags", KT_STRINGS, 0, NULL, NULL, NULL, NULL, "extra compiler flags"},
    {"marks", KT_NUMBERS, 0, NULL, NULL, NULL, NULL, "[start, end] mark ids on NI 0 (default [1, 2])"},
    {"time_limit_us", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "simulated time limit (default 1e6 us = 1 s)"},
    {"watchdog_us", KT_NUMBER, 0, NULL, NULL, NULL, NULL,
     "deadlock watchdog: no progress for this long fails the run (default 1e5 us; 0 = off)"},
    {"idle_skip", KT_BOOL, 0, NULL, NULL, NULL, NULL, "idle-loop skipping in the cores (default true; never changes a result)"},
    {"cable_m", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "length of every cable in metres (default 2; the links' slack allows about 8 m at 160 MB/s, 5 m at 250)"},
    {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL},
};

static const char *const ni_measures[] = {
    "round_trip_us", "one_way_us", "bandwidth_mbs", "min_round_trip_us", "min_one_way_us", "bytes", "iters",
    "cycles", "insns", "events", "sim_us", NULL,
};

static int ni_check(const run_spec *r, diag *d)
{
    int before = d->errors;
    const config_setting_t *exp = run_setting(r, "experiment");
    const char *src = run_string(r, "experiment.firmware", NULL);
    const char *elf = run_string(r, "experiment.elf", NULL);
    if (src && elf)
        diag_at(d, exp, "give at most one of firmware (a C source) and elf (a prebuilt image)");
    char path[2048];
    const char *file = elf ? elf : src ? src : DEFAULT_FIRMWARE;
    exp_path(r, file, path, sizeof path);
    if (access(path, R_OK) != 0)
        diag_at(d, run_setting(r, elf ? "experiment.elf" : src ? "experiment.firmware" : "experiment"),
                "cannot read %s", path);

    cluster_desc c;
    diag quiet = {d->file, 0};
    if (cluster_decode(r, &c, &quiet) == 0) {   /* the loader reports cluster errors itself */
        exp_check_elf_chip(r, c.ni, d);
        const config_setting_t *at = run_setting(r, "cluster.topology");
        if (!at)
            at = run_setting(r, "cluster");
        int known = 0;
        for (int i = 0; exp_ni_topologies[i]; i++)
            known |= !strcmp(c.topology, exp_ni_topologies[i]);
        if (c.nodes < 2)
            diag_at(d, run_setting(r, "cluster.nodes"), "ni_pingpong needs at least 2 nodes, not %d", c.nodes);
        else if (!known)
            diag_at(d, at, "topology '%s' is not supported by ni_pingpong (cable, switch, line, ring, grid, grid3d, das or clos)", c.topology);
        else if (strcmp(c.topology, "cable") && c.ports != 8 && c.ports != 16 && c.ports != 32)
            diag_at(d, at, "switches have 8, 16 or 32 ports, not %d", c.ports);
    }

    if (run_number(r, "experiment.time_limit_us", 1) <= 0)
        diag_at(d, run_setting(r, "experiment.time_limit_us"), "time_limit_us must be > 0");
    else
        exp_check_range(r, "experiment.time_limit_us", 1, 0, EXP_MAX_US, d);   /* x 1e6 ps must fit */
    if (run_number(r, "experiment.watchdog_us", 0) < 0)
        diag_at(d, run_setting(r, "experiment.watchdog_us"), "watchdog_us must be >= 0 (0 = off)");
    else
        exp_check_range(r, "experiment.watchdog_us", 0, 0, EXP_MAX_US, d);
    double len = run_number(r, "experiment.cable_m", 2);
    if (len < 0 || len > 100)
        diag_at(d, run_setting(r, "experiment.cable_m"), "cable_m must be 0..100 metres, not %g", len);
    exp_check_build(r, d);
    if (run_has(r, "experiment.params.BYTES")) {
        double b = run_number(r, "experiment.params.BYTES", 0);
        if (!(b >= 4 && b <= 1e9) || b != (double)(long)b || (long)b % 4)
            diag_at(d, run_setting(r, "experiment.params.BYTES"),
                    "BYTES must be a positive multiple of 4 (LANai 4 send limits name whole words), not %g", b);
    }
    return d->errors - before;
}

/* Every node's state, exit code and last console lines. */
static void fail_nodes(cosim *s, run_result *res)
{
    for (int i = 0; i < cosim_nodes(s); i++) {
        lanai_core *c = cosim_core(s, i);
        lanai_state st = lanai_state_of(c);
        char what[200], at[160];
        if (st == LANAI_HALTED)
            snprintf(what, sizeof what, "exited with code %d", lanai_exit_code(c));
        else
            snprintf(what, sizeof what, "%s at %s", st == LANAI_FAULTED ? "faulted" : "still running",
                     exp_where(c, at, sizeof at));
        const char *con = cosim_console(s, i);
        result_fail(res, "ni%d %s%s", i, what, con[0] ? "; its console ends:" : " (nothing on its console)");
        exp_fail_lines(res, con, 3);
    }
}

/* The marks' stretch on NI 0 and what follows from it. */
static void report(const run_spec *r, cosim *s, const lanai_profile *p, run_result *res)
{
    int start_id, end_id;
    const lanai_mark *m1, *m2;
    if (exp_marks(r, cosim_core(s, 0), &m1, &m2, &start_id, &end_id)) {
        result_fail(res, "NI 0 did not record mark %d and then mark %d (sim_mark)", start_id, end_id);
        return;
    }
    for (int i = 0; i < cosim_nodes(s); i++)
        exp_console_measures(cosim_console(s, i), res);
    double iters, bytes;
    if (result_get(res, "iters", &iters) != 0 || iters < 1) {
        result_fail(res, "the firmware did not print 'measure iters N' (N >= 1)");
        return;
    }
    if (result_get(res, "bytes", &bytes) != 0) {
        result_fail(res, "the firmware did not print 'measure bytes N'");
        return;
    }
    double mhz = (double)p->clock_hz / 1e6;
    double cycles = (double)(m2->cycle - m1->cycle);
    double rtt = cycles / iters / mhz;
    result_set(res, "cycles", cycles);
    result_set(res, "insns", (double)(m2->insns - m1->insns));
    result_set(res, "round_trip_us", rtt);
    result_set(res, "one_way_us", rtt / 2);
    if (rtt > 0)
        result_set(res, "bandwidth_mbs", bytes / (rtt / 2));
    double minc;
    if (result_get(res, "min_rtt_cycles", &minc) != 0) {
        result_fail(res, "the firmware did not print 'measure min_rtt_cycles N'");
        return;
    }
    result_set(res, "min_round_trip_us", minc / mhz);
    result_set(res, "min_one_way_us", minc / mhz / 2);
    result_set(res, "events", (double)cosim_get_stats(s)->events);
    sim_time end = 0;
    for (int i = 0; i < cosim_nodes(s); i++) {
        sim_time t = cosim_node_time(s, i);
        if (t > end)
            end = t;
    }
    result_set(res, "sim_us", (double)end / 1e6);
}

static void ni_run(const run_spec *r, run_result *res)
{
    cluster_desc c;
    diag d = {r->sc->path, 0};
    if (cluster_decode(r, &c, &d)) {
        result_fail(res, "bad cluster (see above)");
        return;
    }
    const lanai_profile *p = lanai_profile_get(c.ni);
    if (!p) {
        result_fail(res, "no LANai profile '%s'", c.ni);
        return;
    }
    char elf[2048], err[4096];
    if (exp_image_for(r, DEFAULT_FIRMWARE, c.ni, 1, elf, sizeof elf, res))
        return;

    topo t;
    topo_init(&t);
    cosim *s = NULL;
    if (exp_ni_topology(&c, run_number(r, "experiment.cable_m", 2), &t, err, sizeof err)) {
        result_fail(res, "network: %s", err);
        goto out;
    }
    cosim_opts o;
    cosim_opts_default(&o);
    o.chip = c.ni;
    o.fab.algo = exp_ni_route_algo(c.routing);
    o.idle_skip = run_bool(r, "experiment.idle_skip", 1);
    o.watchdog = (sim_time)(run_number(r, "experiment.watchdog_us", 1e5) * 1e6);
    s = cosim_new(&t, &o, err, sizeof err);
    if (!s) {
        result_fail(res, "cluster: %s", err);
        goto out;
    }
    for (int i = 0; i < cosim_nodes(s); i++)
        if (cosim_load(s, i, elf, err, sizeof err)) {
            result_fail(res, "NI %d: %s", i, err);
            goto out;
        }
    double limit_us = run_number(r, "experiment.time_limit_us", 1e6);
    if (trace_cur)
        trace_cosim_begin(trace_cur, s);
    cosim_status st = cosim_run(s, (sim_time)(limit_us * 1e6));
    if (trace_cur)
        trace_cosim_end(trace_cur, s);
    /* A node that gave up (its own checks failed) is the cause even when the
     * others then wait for it until the watchdog or the time limit. */
    int bad = -1;
    for (int i = 0; i < cosim_nodes(s) && bad < 0; i++)
        if (lanai_state_of(cosim_core(s, i)) == LANAI_HALTED && lanai_exit_code(cosim_core(s, i)) != 0)
            bad = i;
    if (st == COSIM_DONE && bad < 0) {
        report(r, s, p, res);
    } else if (bad >= 0 && st != COSIM_FAULT) {
        result_fail(res, "a node exited with a non-zero code%s:",
                    st == COSIM_DEADLOCK ? " (the others then waited for it: deadlock)"
                    : st == COSIM_TIME  ? " (the others were still running at the time limit)"
                                        : "");
        fail_nodes(s, res);
    } else if (st == COSIM_TIME) {
        char b[NUM_BUF];
        result_fail(res, "not finished after %s us of simulated time (experiment.time_limit_us):",
                    fmt_num(limit_us, b));
        fail_nodes(s, res);
    } else {
        if (st == COSIM_DEADLOCK) {
            result_deadlock(res);
            exp_fail_report(res, cosim_report(s), 60);   /* its first line names the cycle */
        } else {
            result_fail(res, "fault:");
            exp_fail_lines(res, cosim_report(s), 60);
        }
        fail_nodes(s, res);
    }
out:
    cosim_free(s);
    topo_free(&t);
}

const experiment_kind ni_pingpong_kind = {
    .name = "ni_pingpong",
    .summary = "NI-to-NI ping-pong on a simulated cluster (exact co-simulation of every NI)",
    .keys = ni_keys,
    .measures = ni_measures,
    .custom_measures = 1,
    .supports_trace = 1,
    .check = ni_check,
    .run = ni_run,
};
