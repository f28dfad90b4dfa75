/* Experiment kind "host": a host program (hostlib/apps) on simulated nodes,
 * each a host (cluster.host, its card in the cluster.pci slot) with the NI
 * card and its LANai running real firmware (default
 * firmware/bench/host_dma.c, the NI side of every host program) on the ISS:
 * the full model. Figs 5.2-5.4 (TPIL injection), 5.6 (NI->host DMA) and
 * appendix A's PCI DMA and interrupt service times come from here.
 *
 * Every node runs the program as a host process: SystemC threads beside
 * the cores in build/myrisim (sim/systemc), or, where the SystemC shell is
 * not linked in (the C test runner) or with backend = "c", on the plain-C
 * backend, which runs one process; both give the same results (tested).
 * experiment.params go to the program by name (not to the firmware, which
 * is the same image for every point). compare_pci adds a node whose card
 * sits in the other slot; a program that compares slots (tpil_summary)
 * reports how they compare. Node 0's measurements are the run's, plus
 * sim_us (its process's simulated time at the end) and events (and, when the
 * scenario lists them, link_util_max and link_util_mean). A failed
 * program, a fault (e.g. DMA into unpinned memory), a deadlock or the time
 * limit fails the run with the program's error, the driver's report and
 * the consoles' last lines. */
#define _GNU_SOURCE
#include "experiments.h"
#include "exp_ni.h"
#include "exp_util.h"

#include "../../hostlib/apps/happ.h"
#include "../../hostlib/apps/happ_limits.h"
#include "../../model/node/hosts.h"
#include "../../model/pci/p2p.h"
#include "../../model/trace/trace_cosim.h"
#include "../scenario/cluster.h"
#include "exp_drops.h"
#include "exp_nodes.h"
#include "exp_video.h"
#include "exp_rc1000_node.h"
#include "fwbuild.h"
#include "../scenario/runspec.h"
#include "../outputs/textfmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The SystemC shell (sim/systemc/cosim_sc.cpp) is linked into build/myrisim
 * but not into the C test runner: a weak reference, NULL where absent. */
extern cosim_status cosim_run_systemc_hosts(cosim *s, cosim_proc *procs, int n, sim_time until)
    __attribute__((weak));

#define DEFAULT_FIRMWARE "firmware/bench/host_dma.c"
#define MAX_NODES 4096     /* the cluster block's own limit */
#define MAX_PARAMS 48

static const char *const opt_names[] = {"O0", "O1", "O2", "O3", "Os", "Oz", NULL};
static const char *const slot_names[] = {"pci32-33", "pci64-66", NULL};
static const char *const backend_names[] = {"systemc", "c", NULL};
static const char *const site_names[] = {"slot", "rc1000-pmc", NULL};
static const char *const video_names[] = {"none", "320x240", "640x480", NULL};

static const key_spec host_keys[] = {
    {"program", KT_STRING, 0, NULL, NULL, NULL, NULL,
     "the host program (hostlib/apps): tpil_point, tpil_summary, ni2host, irq_service, tpil_echo, dma_unpinned"},
    {"firmware", KT_STRING, 0, NULL, NULL, NULL, "elf", "C source of the NI image (default " DEFAULT_FIRMWARE ")"},
    {"elf", KT_STRING, 0, NULL, NULL, NULL, "firmware", "a prebuilt NI image instead of firmware"},
    {"opt", KT_STRING, 0, NULL, opt_names, "optimisation level", NULL, "O0, O1, O2 (default), O3, Os or Oz"},
    {"cflags", KT_STRINGS, 0, NULL, NULL, NULL, NULL, "extra compiler flags for the NI image"},
    {"time_limit_us", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "simulated time limit (default 2e6 us = 2 s)"},
    {"idle_skip", KT_BOOL, 0, NULL, NULL, NULL, NULL, "idle-loop skipping in the cores (default true; never changes a result)"},
    {"watchdog_us", KT_NUMBER, 0, NULL, NULL, NULL, NULL,
     "deadlock watchdog: nothing moved on links, DMA engines or card registers (firmware or host PIO writes) for this "
     "long fails the run with exit status 3 (default 1e6 us = 1 s; 0 = off; host computation alone is not progress)"},
    {"link_corrupt_prob", KT_NUMBER, 0, NULL, NULL, NULL, NULL,
     "per chunk of symbols on every link, the probability that one byte gets a bit flipped (default 0; the CRC "
     "catches it and the protocol must recover)"},
    {"link_loss_prob", KT_NUMBER, 0, NULL, NULL, NULL, NULL,
     "per chunk of symbols on every link, the probability that its data bytes vanish (default 0)"},
    {"livelock_us", KT_NUMBER, 0, NULL, NULL, NULL, NULL,
     "livelock detection for firmware that exports fw_waits (GRIM multicast, LFC): links busy in every eighth of this "
     "period while no NI delivered a message fails the run with a LIVELOCK report and exit status 3 (default 1e6 us "
     "= 1 s; 0 = off)"},
    {"compare_pci", KT_STRING, 0, NULL, slot_names, "PCI bus", NULL,
     "one more node whose card sits in this slot; the program compares the two (tpil_summary)"},
    {"site", KT_STRING, 0, NULL, site_names, "card site", NULL,
     "where node 0's NI sits: in the cluster.pci slot (slot, the default) or as the LANai 4 PMC card on an RC-1000 "
     "in that slot, behind the card's PCI-to-PCI bridge (rc1000-pmc: Figure 5.6's PMC series, L1580-L1589)"},
    {"video", KT_STRING, 0, NULL, video_names, "video size", NULL,
     "a BT848 capture card on node 0's bus streams this size at 30 frames/s into host memory beside the program "
     "(none, the default, 320x240 or 640x480; measures video_frames, video_frames_dropped, video_mbs, video_pci_pct, "
     "video_bus_busy_pct, video_frames_marked, video_isr_us)"},
    {"rc1000_node", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "an RC-1000 FPGA card on this node's bus beside its NI, for its host program (plat_dev_*: grim_rc1000_stage); rc1000_circuit: a user's circuit file for canvas slot 4, rc1000_module its module (measures card_fpga_clocks)"},
    {"rc1000_circuit", KT_STRING, 0, NULL, NULL, NULL, NULL, "with rc1000_node: a Verilog file holding a circuit (appendix B.3), Verilated at run time into canvas slot 4"},
    {"rc1000_config", KT_STRING, 0, NULL, NULL, NULL, NULL, "with rc1000_node: the configuration file the host's function-fault handler loads (lines \"SLOT HANDLER\": the new function list)"},
    {"rc1000_elf", KT_STRING, 0, NULL, NULL, NULL, NULL, "with rc1000_node: the NI image of the card's node (default: elf), e.g. build/fw/grim/grim_rc1000.l4.elf, whose firmware serves the card itself (firmware/grim/card_*.c)"},
    {"card_procs", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "with rc1000_node: this many more processes of the program on the card's node (0-3, default 0; happ_env.proc 1.., a shared block happ_env.shm): host processes sharing the NI's merge of bank requests (Figure 6.7)"},
    {"rc1000_module", KT_STRING, 0, NULL, NULL, NULL, NULL, "the module in rc1000_circuit (default: the file's name)"},
    {"video_frames", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "frames the BT848 captures (default 30: one second)"},
    {"video_trigger", KT_NUMBER, 0, NULL, NULL, NULL, NULL,
     "the BT848's FIFO trigger point in DWORDs as its driver sets it (GPIO_DMA_CTL's PKTP: 4, 8, 16 or 32; default 32, "
     "what bttv sets): a line goes to memory in bursts of this size"},
    {"backend", KT_STRING, 0, NULL, backend_names, "backend", NULL,
     "host processes as SystemC threads (systemc, the default where linked in) or on the plain-C backend (c)"},
    {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL},
};

static const char *const host_measures[] = {"sim_us", "events", NULL};

/* Scenario host names -> model/host profiles. */
static const host_profile *profile_of(const char *name)
{
    if (!strcmp(name, "ppro-200")) return &host_ppro200;
    if (!strcmp(name, "p3-550")) return &host_p3_550;
    if (!strcmp(name, "p4-1.7")) return &host_p4_1700;
    if (!strcmp(name, "das-ppro-200")) return &host_das_ppro200;   /* seed 002 DAS node */
    return NULL;
}

/* The host's bus for a slot name: its first bus of that width. -1 if none. */
static int bus_of(const host_profile *hp, const char *slot)
{
    uint32_t width = !strcmp(slot, "pci64-66") ? 8 : 4;
    for (int i = 0; i < hp->nbuses; i++)
        if (hp->bus[i]->bus.width == width) return i;
    return -1;
}

/* Every experiment.params name (the scenario's, this series', the swept
 * one) must be a parameter the program declares: an unknown name would be
 * ignored and the program would run with its default. The scenario-wide
 * names are checked with series 0 only, so each error is said once. */
static void check_params(const run_spec *r, const happ *app, diag *d)
{
    char known[512];
    const sim_series *s = &r->sc->series[r->series];
    const config_setting_t *layers[2] = {
        r->series == 0 ? cfg_lookup(config_root_setting(&r->sc->cfg), "experiment.params") : NULL,
        s->set ? cfg_lookup(s->set, "experiment.params") : NULL,
    };
    for (int l = 0; l < 2; l++)
        for (int i = 0; layers[l] && i < config_setting_length(layers[l]); i++) {
            const config_setting_t *p = config_setting_get_elem(layers[l], (unsigned)i);
            if (!happ_declares(app, p->name))
                diag_at(d, p, "host program %s has no parameter '%s' (its parameters: %s)", app->name, p->name,
                        happ_param_list(app, known, sizeof known));
        }
    const char *pfx = "experiment.params.";
    if (r->series == 0 && r->sc->sweep.present && !strncmp(r->sc->sweep.param, pfx, strlen(pfx)) &&
        !happ_declares(app, r->sc->sweep.param + strlen(pfx)))
        diag_at(d, cfg_lookup(config_root_setting(&r->sc->cfg), "sweep.param"),
                "host program %s has no parameter '%s' (its parameters: %s)", app->name,
                r->sc->sweep.param + strlen(pfx), happ_param_list(app, known, sizeof known));
    for (const happ_limit *l = happ_limits; l->program; l++) {   /* what the firmware or library holds */
        char key[128];
        snprintf(key, sizeof key, "%s%s", pfx, l->param);
        const config_setting_t *at = run_origin(r, key);
        double v = run_number(r, key, 0);
        /* said once: a scenario-wide value with series 0, a series' own with its series */
        int mine = r->series == 0 || (s->set && at == cfg_lookup(s->set, key));
        if (!strcmp(l->program, app->name) && at && v > l->max && mine)
            diag_at(d, at, "%s = %g: %s (at most %g)", key, v, l->why, l->max);
    }
}

static int host_check(const run_spec *r, diag *d)
{
    int before = d->errors;
    const config_setting_t *exp = run_setting(r, "experiment");
    const char *prog = run_string(r, "experiment.program", NULL);
    const happ *app = prog ? happ_find(prog) : NULL;
    if (!prog) {
        diag_at(d, exp, "a host experiment needs program (one of hostlib/apps: tpil_point, tpil_summary, ni2host, "
                        "irq_service, tpil_echo, dma_unpinned)");
    } else if (!app) {
        char known[256] = "";
        for (const happ *const *a = happ_all(); *a; a++)
            snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", a == happ_all() ? "" : ", ", (*a)->name);
        diag_at(d, run_setting(r, "experiment.program"), "unknown host program '%s' (known: %s)", prog, known);
    } else {
        check_params(r, app, d);
    }
    const char *src = run_string(r, "experiment.firmware", NULL);
    const char *elf = run_string(r, "experiment.elf", NULL);
    if (src && elf)
        diag_at(d, exp, "give at most one of firmware (a C source) and elf (a prebuilt image)");
    char path[2048];
    exp_path(r, elf ? elf : src ? src : DEFAULT_FIRMWARE, path, sizeof path);
    if (access(path, R_OK) != 0)
        diag_at(d, run_setting(r, elf ? "experiment.elf" : src ? "experiment.firmware" : "experiment"), "cannot read %s",
                path);
    if (run_number(r, "experiment.watchdog_us", 0) < 0)
        diag_at(d, run_setting(r, "experiment.watchdog_us"), "watchdog_us must be >= 0 (0 = off)");
    else
        exp_check_range(r, "experiment.watchdog_us", 0, 0, EXP_MAX_US, d);   /* x 1e6 ps must fit */
    static const char *const probs[2] = {"experiment.link_corrupt_prob", "experiment.link_loss_prob"};
    for (int i = 0; i < 2; i++) {
        double v = run_number(r, probs[i], 0);
        if (!(v >= 0 && v <= 1)) diag_at(d, run_setting(r, probs[i]), "%s must be a probability, 0..1", probs[i] + 11);
    }
    if (run_number(r, "experiment.livelock_us", 0) < 0)
        diag_at(d, run_setting(r, "experiment.livelock_us"), "livelock_us must be >= 0 (0 = off)");
    else
        exp_check_range(r, "experiment.livelock_us", 0, 0, EXP_MAX_US, d);
    double trig = run_number(r, "experiment.video_trigger", 32);
    if (trig != 4 && trig != 8 && trig != 16 && trig != 32)
        diag_at(d, run_setting(r, "experiment.video_trigger"),
                "video_trigger must be 4, 8, 16 or 32 (DWORDs: the BT848's FIFO trigger points), not %g", trig);
    if (run_number(r, "experiment.time_limit_us", 1) <= 0)
        diag_at(d, run_setting(r, "experiment.time_limit_us"), "time_limit_us must be > 0");
    else
        exp_check_range(r, "experiment.time_limit_us", 1, 0, EXP_MAX_US, d);

    cluster_desc c;
    diag quiet = {d->file, 0};
    if (cluster_decode(r, &c, &quiet) == 0) {   /* the loader reports cluster errors itself */
        exp_check_elf_chip(r, c.ni, d);
        const host_profile *hp = profile_of(c.host);
        const char *cmp = run_string(r, "experiment.compare_pci", NULL);
        if (!hp)
            diag_at(d, run_setting(r, "cluster.host") ? run_setting(r, "cluster.host") : run_setting(r, "cluster"),
                    "a host experiment needs a host (cluster.host = ppro-200, p3-550, p4-1.7 or das-ppro-200)");
        else if (bus_of(hp, c.pci) < 0)
            diag_at(d, run_setting(r, "cluster.pci"), "host %s has no %s slot", c.host, c.pci);
        else if (cmp && bus_of(hp, cmp) < 0)
            diag_at(d, run_setting(r, "experiment.compare_pci"), "host %s has no %s slot", c.host, cmp);
        if (cmp && !strcmp(c.ni, "lanai4") && !strcmp(cmp, "pci64-66"))
            diag_at(d, run_setting(r, "experiment.compare_pci"),
                    "the LANai 4 has a 32b/33MHz PCI interface only (appendix A, L2476-L2499)");
        const char *site = run_string(r, "experiment.site", "slot");
        if (!strcmp(site, "rc1000-pmc") && (strcmp(c.ni, "lanai4") || strcmp(c.pci, "pci32-33")))
            diag_at(d, run_setting(r, "experiment.site"),
                    "the RC-1000's PMC card is a LANai 4 in a 32b/33MHz slot (L1580); this series has %s in %s", c.ni,
                    c.pci);
        if (cmp && app && !app->combine)
            diag_at(d, run_setting(r, "experiment.compare_pci"), "program %s does not compare PCI slots", prog);
        if (c.nodes + (cmp != NULL) > MAX_NODES)
            diag_at(d, run_setting(r, "cluster.nodes"), "at most %d nodes with hosts", MAX_NODES);
        int known = !strcmp(c.topology, "none");
        for (int i = 0; exp_ni_topologies[i]; i++)
            known |= !strcmp(c.topology, exp_ni_topologies[i]);
        if (!known)
            diag_at(d, run_setting(r, "cluster.topology"),
                    "topology '%s' is not supported by the host kind (cable, switch, line, ring, grid, grid3d, das "
                    "or clos)", c.topology);
        else if (!strcmp(c.topology, "cable") && cmp)
            diag_at(d, run_setting(r, "experiment.compare_pci"),
                    "compare_pci adds a node; the cable topology joins exactly two (use topology switch)");
    }
    exp_check_cflags(r, d);
    if (cluster_decode(r, &c, &quiet) == 0) exp_rc1000_node_check(r, c.nodes, d);
    if (run_setting(r, "experiment.card_procs")) {
        double v = run_number(r, "experiment.card_procs", 0);
        if (!run_setting(r, "experiment.rc1000_node"))
            diag_at(d, run_setting(r, "experiment.card_procs"), "card_procs needs a card: set experiment.rc1000_node");
        else if (v != (int)v || v < 0 || v > 3)
            diag_at(d, run_setting(r, "experiment.card_procs"), "card_procs must be 0..3 (the NI has 4 request queues)");
    }
    const char *rce = run_string(r, "experiment.rc1000_elf", NULL);
    if (rce) {
        exp_path(r, rce, path, sizeof path);
        if (!run_setting(r, "experiment.rc1000_node"))
            diag_at(d, run_setting(r, "experiment.rc1000_elf"), "rc1000_elf needs a card: set experiment.rc1000_node");
        else if (access(path, R_OK) != 0)
            diag_at(d, run_setting(r, "experiment.rc1000_elf"), "cannot read %s", path);
    }
    return d->errors - before;
}

/* What one host process sees and reports. */
typedef struct {
    run_param *ps;
    int nps;
    run_result *out;           /* node 0's measures go to the run's result */
    run_result mine;
} proc_io;

static const char *io_param(void *ctx, const char *name)
{
    proc_io *io = ctx;
    for (int i = 0; i < io->nps; i++)
        if (!strcmp(io->ps[i].name, name)) return io->ps[i].value;
    return NULL;
}

static void io_measure(void *ctx, const char *name, double v)
{
    proc_io *io = ctx;
    result_set(io->out ? io->out : &io->mine, name, v);
}

/* Does the scenario list measurement m? */
static int wants(const run_spec *r, const char *m)
{
    for (int i = 0; i < r->sc->nmeasures; i++)
        if (!strcmp(r->sc->measures[i], m)) return 1;
    return 0;
}

/* Busy fraction of every link direction over [0, end]: the bytes it
 * delivered at its rate, over the time (control symbols cost no wire time). */
static void link_utilisation(cosim *s, const topo *t, sim_time end, run_result *res)
{
    fabric *f = cosim_fabric(s);
    double max = 0, sum = 0;
    int n = 0;
    for (int c = 0; c < t->ncable && end > 0; c++)
        for (int dir = 0; dir < 2; dir++) {
            const lk_dir *d = fabric_link(f, c, dir);
            double u = (double)lk_dir_stats(d)->syms / (double)lk_dir_params(d)->rate / ((double)end * 1e-12);
            max = u > max ? u : max;
            sum += u;
            n++;
        }
    result_set(res, "link_util_max", max);
    result_set(res, "link_util_mean", n ? sum / n : 0);
}

/* A program's error when the run stopped under it is "label: " plus the
 * stop's own text (said above), or plus nothing (the library had no more to
 * say). How much of e, up to `len` (-1: the whole of it must be an empty
 * detail), names where it was: "poll: poll" reads as "poll". -1 when e says
 * more than where it was. */
static int stopped_label(const char *e, int len)
{
    int k = len < 0 ? (int)strlen(e) : len;
    if (len < 0 && (k < 2 || e[k - 1] != ' ' || e[k - 2] != ':')) return -1;
    while (k > 0 && (e[k - 1] == ' ' || e[k - 1] == ':')) k--;
    if (len < 0 && memchr(e, ':', (size_t)k)) return -1;   /* "a: b: " says more than where */
    for (int h = 1; 2 * h + 2 <= k; h++)                   /* "poll: poll" */
        if (2 * h + 2 == k && e[h] == ':' && e[h + 1] == ' ' && !memcmp(e, e + h + 2, (size_t)h)) return h;
    return k;
}

static void host_run(const run_spec *r, run_result *res)
{
    cluster_desc c;
    diag d = {r->sc->path, 0};
    if (cluster_decode(r, &c, &d)) {
        result_fail(res, "bad cluster (see above)");
        return;
    }
    const happ *app = happ_find(run_string(r, "experiment.program", ""));
    const host_profile *hp = profile_of(c.host);
    const char *cmp = run_string(r, "experiment.compare_pci", NULL);
    if (!app || !hp) {
        result_fail(res, "no host program or no host (the scenario check should have said so)");
        return;
    }
    int n = c.nodes + (cmp != NULL);
    /* experiment.card_procs: more processes on the card's node, after the n nodes' own */
    int cardn = (int)run_number(r, "experiment.rc1000_node", -1);
    int extra = cardn >= 0 ? (int)run_number(r, "experiment.card_procs", 0) : 0, nt = n + extra;
    void *shm = NULL;
    char elf[2048], err[4096];
    /* the same image for every sweep point: params go to the program */
    if (exp_image_for(r, DEFAULT_FIRMWARE, c.ni, 0, elf, sizeof elf, res))
        return;
    /* experiment.rc1000_elf: the card's node runs its own image */
    char rcelf[2048];
    int rcnode = run_string(r, "experiment.rc1000_elf", NULL) ? (int)run_number(r, "experiment.rc1000_node", -1) : -1;
    if (rcnode >= 0) exp_path(r, run_string(r, "experiment.rc1000_elf", ""), rcelf, sizeof rcelf);

    topo t;
    topo_init(&t);
    cosim *s = NULL;
    exp_video *video = NULL;   /* experiment.video: a BT848 beside the program */
    exp_rc1000_node *card = NULL;   /* experiment.rc1000_node: an RC-1000 beside a node's NI */
    proc_io *io = calloc((size_t)nt, sizeof *io);
    happ_call *call = calloc((size_t)nt, sizeof *call);
    cosim_proc *pr = calloc((size_t)nt, sizeof *pr);
    happ_env **envs = calloc((size_t)nt, sizeof *envs);
    run_param ps[MAX_PARAMS];
    int nps = run_params(r, ps, MAX_PARAMS);
    int ready = 0;                 /* processes set up */
    int damage = 0;                /* links damage traffic: report what the CRCs missed */
    cluster_desc net = c;          /* compare_pci's extra node joins the network too */
    net.nodes = n;
    if (!strcmp(net.topology, "none"))
        net.topology = "switch";
    if (!io || !call || !pr || !envs) {
        result_fail(res, "out of memory for %d host processes", n);
        goto out;
    }
    if (exp_ni_topology(&net, LK_DEFAULT_LENGTH, &t, err, sizeof err)) {
        result_fail(res, "network: %s", err);
        goto out;
    }
    cosim_opts o;
    cosim_opts_default(&o);
    o.chip = c.ni;
    o.idle_skip = run_bool(r, "experiment.idle_skip", 1);
    o.watchdog = (sim_time)(run_number(r, "experiment.watchdog_us", 1e6) * 1e6);
    o.livelock = (sim_time)(run_number(r, "experiment.livelock_us", 1e6) * 1e6);
    o.fab.link.corrupt_prob = run_number(r, "experiment.link_corrupt_prob", 0);
    o.fab.link.loss_prob = run_number(r, "experiment.link_loss_prob", 0);
    damage = o.fab.link.corrupt_prob > 0 || o.fab.link.loss_prob > 0;
    s = cosim_new(&t, &o, err, sizeof err);
    if (!s) {
        result_fail(res, "cluster: %s", err);
        goto out;
    }
    for (int i = 0; i < n; i++) {
        int bus = bus_of(hp, i < c.nodes ? c.pci : cmp);
        int pmc = i == 0 && !strcmp(run_string(r, "experiment.site", "slot"), "rc1000-pmc");
        if ((pmc ? cosim_add_host_behind(s, i, hp, bus, &p2p_rc1000, err, sizeof err)
                 : cosim_add_host(s, i, hp, bus, err, sizeof err)) ||
            cosim_load(s, i, i == rcnode ? rcelf : elf, err, sizeof err)) {
            result_fail(res, "node %d: %s", i, err);
            goto out;
        }
        io[i] = (proc_io){ps, nps, i == 0 ? res : NULL, {0}};
        result_init(&io[i].mine);
        call[i] = (happ_call){app, {.node = i, .nprocs = 1, .ni_clock_hz = lanai_profile_of(cosim_core(s, i))->clock_hz,
                                    .param = io_param, .ctx = &io[i], .measure = io_measure}, 0};
        pr[i] = (cosim_proc){.ni = i, .fn = happ_call_main, .arg = &call[i]};
        ready++;
    }
    for (int j = 0; j < extra; j++) {  /* the card's node's other processes: their measures are not the run's */
        int i = n + j;
        io[i] = (proc_io){ps, nps, NULL, {0}};
        result_init(&io[i].mine);
        call[i] = (happ_call){app, {.node = cardn, .proc = j + 1,
                                    .ni_clock_hz = lanai_profile_of(cosim_core(s, cardn))->clock_hz,
                                    .param = io_param, .ctx = &io[i], .measure = io_measure}, 0};
        pr[i] = (cosim_proc){.ni = cardn, .fn = happ_call_main, .arg = &call[i]};
        ready++;
    }

    int vfail = 0;
    video = exp_video_start(r, s, bus_of(hp, c.pci), res, &vfail);
    if (vfail) goto out;
    if (video) call[0].env.video = exp_video_latest, call[0].env.vctx = video;   /* node 0's program sees the frames */
    for (int i = 0; i < n; i++) envs[i] = &call[i].env;
    card = exp_rc1000_node_start(r, s, envs, n, res, &vfail);
    if (vfail) goto out;
    if (extra) {
        if (!(shm = calloc(1, HAPP_SHM_BYTES))) {
            result_fail(res, "out of memory");
            goto out;
        }
        call[cardn].env.shm = shm;
        call[cardn].env.nprocs = extra + 1;
        for (int i = n; i < nt; i++) {
            happ_env *e = &call[i].env, *c0 = &call[cardn].env;
            envs[i] = e;
            e->shm = shm;
            e->nprocs = extra + 1;
            e->dev_name = c0->dev_name, e->dev_base = c0->dev_base, e->dev_size = c0->dev_size;
            e->dev_config_file = c0->dev_config_file;
            memcpy(e->dev_config_funcs, c0->dev_config_funcs, sizeof e->dev_config_funcs);
        }
    }
    sim_time until = (sim_time)(run_number(r, "experiment.time_limit_us", 2e6) * 1e6);
    int systemc = cosim_run_systemc_hosts && strcmp(run_string(r, "experiment.backend", "systemc"), "c");
    if (!systemc && nt > 1) {
        result_fail(res, "%d host processes need the SystemC shell (build/myrisim; backend = \"systemc\"); "
                         "the plain-C backend runs one", nt);
        goto out;
    }
    if (trace_cur)
        trace_cosim_begin(trace_cur, s);
    cosim_status st = systemc ? cosim_run_systemc_hosts(s, pr, nt, until) : cosim_run_host(s, &pr[0], until);
    if (trace_cur)
        trace_cosim_end(trace_cur, s);

    /* Every process returned 0 and every NI halted with exit code 0: the run
     * is complete. (The SystemC shell can report its time limit when the
     * last NI halts in the same instant as the last process returns.) */
    int clean = 1;
    for (int i = 0; i < n; i++)
        clean &= pr[i].finished && pr[i].rc == 0 && lanai_state_of(cosim_core(s, i)) == LANAI_HALTED &&
                 lanai_exit_code(cosim_core(s, i)) == 0;
    for (int i = n; i < nt; i++)
        clean &= pr[i].finished && pr[i].rc == 0;
    int bad = !clean || (st != COSIM_DONE && st != COSIM_TIME);
    if (bad) {
        char b[NUM_BUF];
        /* The cause first: a deadlock report opens with the cycle, a fault
         * report with the NI and its fault. */
        if (st == COSIM_TIME)
            result_fail(res, "not finished after %s us of simulated time (experiment.time_limit_us)",
                        fmt_num((double)until / 1e6, b));
        if (st == COSIM_DEADLOCK) {
            result_deadlock(res);
            exp_fail_report(res, cosim_report(s), 40);
        } else if (st == COSIM_FAULT) {
            result_fail(res, "fault:");
            exp_fail_lines(res, cosim_report(s), 40);
        }
        /* Then what each node was doing. A program whose platform call
         * failed because the run stopped says where it was, without the
         * reason the lines above give already. */
        exp_switch_drops(cosim_fabric(s), res);   /* a lost packet explains many hangs */
        if (damage) {
            char dl[512];
            result_fail(res, "%s", exp_link_damage(s, res, dl, sizeof dl));
        }
        char why[512], stop[600];
        cosim_stop_text(s, st, until, why, sizeof why);
        snprintf(stop, sizeof stop, "the simulation stopped: %s", why);
        exp_nodes *lines = exp_nodes_new(n);
        if (!lines) {
            result_fail(res, "(no memory for the per-node lines)");
            goto out;
        }
        for (int i = 0; i < n; i++) {
            if (!pr[i].finished || pr[i].rc) {
                const char *e = call[i].env.err;
                size_t el = strlen(e), sl = strlen(stop);
                int keep;
                if (st != COSIM_DONE && (el >= sl && !strcmp(e + el - sl, stop) ? (keep = stopped_label(e, (int)(el - sl))) >= 0
                                                                                 : (keep = stopped_label(e, -1)) >= 0)) {
                    if (keep)
                        exp_nodes_host(lines, i, "host program %s was in %.*s when the simulation stopped", app->name,
                                       keep, e);
                    else
                        exp_nodes_host(lines, i, "host program %s was stopped", app->name);
                } else if (!pr[i].finished && !e[0] && !strcmp(pr[i].err, why)) {
                    exp_nodes_host(lines, i, "host program %s had not finished when the simulation stopped",
                                   app->name);
                } else {
                    /* said already: in the program's error, or the fault report above */
                    const char *more = strstr(e, pr[i].err) || (st == COSIM_FAULT && !strcmp(pr[i].err, why)) ? ""
                                                                                                              : pr[i].err;
                    exp_nodes_host(lines, i, "host program %s %s: %s%s%s", app->name,
                                   pr[i].finished ? "failed" : "did not finish", e, e[0] && more[0] ? " / " : "", more);
                }
            }
            lanai_core *core = cosim_core(s, i);
            lanai_state ls = lanai_state_of(core);
            if (ls == LANAI_HALTED && lanai_exit_code(core) == 0) continue;
            char at[160], state[200], group[200];
            uint32_t off;
            const char *what = ls == LANAI_FAULTED ? "faulted" : "is still running";
            if (ls == LANAI_HALTED) {
                snprintf(state, sizeof state, "exited non-zero");
                snprintf(group, sizeof group, "exited non-zero");
            } else {
                snprintf(state, sizeof state, "%s at %s", what, exp_where(core, at, sizeof at));
                snprintf(group, sizeof group, "%s in %s", what, lanai_symbolize(core, lanai_pc(core), &off));
            }
            /* a deadlock report shows every running core already */
            exp_nodes_ni(lines, i, state, group, cosim_console(s, i), st != COSIM_DEADLOCK || ls != LANAI_RUNNING);
        }
        for (int i = n; i < nt; i++)   /* the card's node's other processes */
            if (!pr[i].finished || pr[i].rc)
                result_fail(res, "host program %s, process %d on node %d, %s: %s", app->name, i - n + 1, cardn,
                            pr[i].finished ? "failed" : "did not finish",
                            call[i].env.err[0] ? call[i].env.err : pr[i].err);
        exp_nodes_emit(lines, res);
        exp_nodes_free(lines);
        goto out;
    }
    if (app->combine && n > 1) {
        for (int i = 0; i < n; i++)
            envs[i] = &call[i].env;
        happ_env out = {.param = io_param, .ctx = &io[0], .measure = io_measure};
        if (app->combine(envs, n, &out)) {
            result_fail(res, "comparing the nodes: %s", out.err);
            goto out;
        }
    }
    result_set(res, "sim_us", (double)pr[0].end / 1e6);
    if (damage) {   /* the statistics, and a line for whoever watches the run */
        char dl[512];
        fprintf(stderr, "%s\n", exp_link_damage(s, res, dl, sizeof dl));
    }
    result_set(res, "events", (double)cosim_get_stats(s)->events);
    if (wants(r, "link_util_max") || wants(r, "link_util_mean"))
        link_utilisation(s, &t, pr[0].end, res);
    exp_video_finish(video, s, res);
    video = NULL;
    exp_rc1000_node_finish(card, res);
    card = NULL;
out:
    exp_video_finish(video, NULL, NULL);
    exp_rc1000_node_finish(card, NULL);
    for (int i = 0; i < ready; i++)
        happ_env_done(&call[i].env);
    cosim_free(s);
    topo_free(&t);
    free(io);
    free(call);
    free(pr);
    free(envs);
    free(shm);
}

const experiment_kind host_kind = {
    .name = "host",
    .summary = "a host program on nodes with hosts, real NI cards and firmware on the ISS (the full model)",
    .keys = host_keys,
    .measures = host_measures,
    .custom_measures = 1,
    .supports_trace = 1,
    .check = host_check,
    .run = host_run,
};
