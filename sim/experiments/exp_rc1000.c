/* Experiment kind "rc1000_stage": the RC-1000 as a pipeline stage (section
 * 7.5, Table 7.3) on one P3-550 host: the host acquires bank 0 through the
 * CPLD (PIO write of the request register, polls of the grant register),
 * injects a message of BYTES payload into queue 0 by PIO and releases; the
 * Verilated frame passes the payload into an outgoing slot; the host polls
 * the status port, acquires bank 3, moves the message to host memory with
 * the card's DMA engine and releases. Each step is timed in simulated time;
 * the frame's clocks come from its state machine. With `circuit` the
 * message goes to a user's circuit instead of the pass circuit: Verilated at
 * run time into a cache (hwbuild.h) and attached to the canvas's external
 * slot 4; its ports are checked at load time (file:line errors, exit 2). */
#include "experiments.h"

#include "../../model/host/host.h"
#include "../../model/host/host_profile.h"
#include "../../model/host/hostmem.h"
#include "../../model/rc1000/pci.h"
#include "../../model/rc1000/rc1000_map.h"
#include "../../model/rc1000/userc.h"
#include "../scenario/runspec.h"
#include "exp_rc1000_ni.h"
#include "exp_rc1000_xfer.h"
#include "exp_rc1000_fault.h"
#include "exp_rc1000_node.h"
#include "exp_util.h"
#include "hwbuild.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BAR 0x80000000ull

static const char *const pio_names[] = {"plain", "mmx", "sse", NULL};
static const char *const injector_names[] = {"host", "ni", "host_via_ni", NULL};
static const char *const op_names[] = {"stage", "inject", "page", "fault", NULL};
static const char *const fault_names[] = {"function", "page", NULL};
static const char *const how_names[] = {"plain", "mmx", "sse", "dma", NULL};

static const key_spec rc_keys[] = {
    {"host", KT_STRING, 0, NULL, NULL, "host profile", NULL, "host profile (default p3-550)"},
    {"bytes", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "payload bytes, a multiple of 4 up to 4096 (default 4096)"},
    {"clock_mhz", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "FPGA clock in MHz (an input; default 20)"},
    {"pio", KT_STRING, 0, NULL, pio_names, "PIO mode", NULL, "host PIO loop for the injection (default sse)"},
    {"op", KT_STRING, 0, NULL, op_names, "operation", NULL,
     "stage (default: Table 7.3's pipeline stage), inject (Figure 6.8: bytes into bank 1 by `how`; measures "
     "bandwidth_mbs, time_us) or page (Table 7.2: a 2 MB page unloaded by one-copy and loaded by zero-copy DMA; "
     "measures unload_us, load_us) or fault (the host's fault handler end to end: `fault`)"},
    {"fault", KT_STRING, 0, NULL, fault_names, "fault", NULL,
     "op fault: function (Table 7.1: reconfigure, set function IDs; measures detect_us, acquire_us, process_us, "
     "reconfigure_us, set_ids_us, reset_wait_us, release_us, handler_us, resume_us, fpga_fault_clocks, "
     "fpga_reload_clocks) or page (Table 7.2: unload and load a 2 MB page; detect_us, acquire_us, process_us, "
     "unload_us, load_us, notify_us, release_us, handler_us, resume_us)"},
    {"file_load_us", KT_NUMBER, 0, NULL, NULL, NULL, NULL,
     "op fault, function: host time to load the configuration file (an input; default 10,205, Table 7.1)"},
    {"set_clock_us", KT_NUMBER, 0, NULL, NULL, NULL, NULL,
     "op fault, function: host time to set the FPGA clock (an input; default 2,405, Table 7.1)"},
    {"how", KT_STRING, 0, NULL, how_names, "injection mechanism", NULL,
     "op inject: plain, mmx or sse PIO, or dma (zero-copy: a chained descriptor per 4 KB page; default sse)"},
    {"circuit", KT_STRING, 0, NULL, NULL, NULL, NULL,
     "op stage: a Verilog file holding a user's circuit (appendix B.3's interface), Verilated at run time into "
     "build/scenarios/hw/ and run in canvas slot 4 in place of the pass circuit; measures out_sum, out_words"},
    {"module", KT_STRING, 0, NULL, NULL, NULL, NULL, "the circuit's module in `circuit` (default: the file's name)"},
    {"subop", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "the message's sub-op (Table B.1, 0..15; default 0)"},
    {"injector", KT_STRING, 0, NULL, injector_names, "injector", NULL,
     "who acquires bank 0 and injects: the host by PIO (default) or the LANai 4 on the card's PMC site by "
     "peer-to-peer DMA through the card's bridge (ni: measures acquire0_us, inject_us, release0_us, "
     "bridge_posted_bytes), or the host asking the NI to arbitrate for it (host_via_ni: Figure 6.7's request queue in "
     "NI firmware; measures acquire0_us, release0_us)"},
    {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL},
};

static const char *const rc_measures[] = {
    "acquire0_us", "inject_us", "release0_us", "fpga_us", "fpga_fetch_clocks", "fpga_store_clocks",
    "acquire3_us", "dma_us", "release3_us", "bridge_posted_bytes", "bandwidth_mbs", "time_us", "unload_us",
    "load_us", "detect_us", "acquire_us", "process_us", "reconfigure_us", "set_ids_us", "reset_wait_us", "release_us",
    "handler_us", "resume_us", "notify_us", "fpga_fault_clocks", "fpga_reload_clocks", "out_sum", "out_words", NULL,
};

typedef struct {
    evq *q;
    host *h;
    rc1000 *c;
    rc1000_pci *rp;
    int failed;
} stage;

static void flag(void *ctx, int st) { *(int *)ctx = st == 0 ? 1 : -1; }

static int wait_flag(stage *s, int *f)
{
    while (!*f && evq_pending(s->q) && !rc1000_error(s->c)) evq_step(s->q);
    return *f == 1 ? 0 : -1;
}

static int pio_w(stage *s, uint64_t off, const void *src, uint32_t len, host_pio_mode m)
{
    int f = 0;
    if (host_pio_write(s->h, 0, BAR + off, src, len, m, flag, &f)) return -1;
    return wait_flag(s, &f);
}

static int reg_w(stage *s, uint32_t reg, uint32_t v) { return pio_w(s, RC_BAR_REGS + reg, &v, 4, HPIO_PLAIN); }

static int reg_r(stage *s, uint32_t reg, uint32_t *v)
{
    int f = 0;
    if (host_pio_read(s->h, 0, BAR + RC_BAR_REGS + reg, v, 4, flag, &f)) return -1;
    return wait_flag(s, &f);
}

/* Acquire: write the request register, poll the grant register. */
static int acquire(stage *s, uint32_t banks)
{
    uint32_t g = 0;
    if (reg_w(s, RC_REG_REQ, banks)) return -1;
    for (int i = 0; i < 100000; i++) {
        if (reg_r(s, RC_REG_GRANT, &g)) return -1;
        if ((g & banks) == banks) return 0;
    }
    return -1;
}

static double us(sim_time t) { return (double)t / 1e6; }

/* Load time: a named circuit must fit appendix B.3 and pass Verilator's
 * lint, unless its library is already cached (then it did). */
static int rc_check(const run_spec *r, diag *d)
{
    int before = d->errors;
    exp_check_range(r, "experiment.subop", 0, 0, 15, d);
    const config_setting_t *at = run_setting(r, "experiment.circuit");
    if (!at) return d->errors - before;
    if (strcmp(run_string(r, "experiment.op", "stage"), "stage") ||
        strcmp(run_string(r, "experiment.injector", "host"), "host")) {
        diag_at(d, at, "a circuit runs in op stage with the host as injector");
        return d->errors - before;
    }
    exp_circuit_check(r, "experiment.circuit", "experiment.module", d);
    return d->errors - before;
}

static void rc_run(const run_spec *r, run_result *res)
{
    char err[256];
    uint32_t bytes = (uint32_t)run_number(r, "experiment.bytes", 4096);
    double mhz = run_number(r, "experiment.clock_mhz", 20);
    const char *pio = run_string(r, "experiment.pio", "sse");
    host_pio_mode mode = !strcmp(pio, "plain") ? HPIO_PLAIN : !strcmp(pio, "mmx") ? HPIO_MMX : HPIO_SSE;
    const char *op = run_string(r, "experiment.op", "stage");
    const host_profile *hp = host_profile_get(run_string(r, "experiment.host", "p3-550"));
    if (!hp) {
        result_fail(res, "rc1000_stage: unknown host profile");
        return;
    }
    if (!strcmp(op, "fault")) {
        rc1000_fault_run(r, res, hp);
        return;
    }
    if (!strcmp(op, "page")) {
        rc1000_page_run(r, res, hp);
        return;
    }
    if (!strcmp(op, "inject")) {
        if (!bytes || bytes % 4 || bytes > (2u << 20)) {
            result_fail(res, "rc1000_stage (inject): bytes must be whole words, 4 up to the 2 MB of a bank");
            return;
        }
        rc1000_inject_run(r, res, hp, bytes, run_string(r, "experiment.how", "sse"));
        return;
    }
    if (!bytes || bytes > 4096 || bytes % 4 || mhz <= 0) {
        result_fail(res, "rc1000_stage: bytes must be 4..4096 in words and clock_mhz > 0");
        return;
    }
    const char *inj = run_string(r, "experiment.injector", "host");
    if (strcmp(inj, "host")) {
        rc1000_ni_run(r, res, hp, bytes, (sim_time)(1e6 / mhz + 0.5), !strcmp(inj, "host_via_ni"));
        return;
    }
    stage s = {0};
    hm_space *k = NULL;
    rc_userc *uc = NULL;
    char cfile[2048], cmod[256];
    int user = exp_circuit_of(r, "experiment.circuit", "experiment.module", cfile, sizeof cfile, cmod, sizeof cmod);
    unsigned slot = user ? RC_SLOT_EXTERNAL : 0, subop = (unsigned)run_number(r, "experiment.subop", 0);
    s.q = evq_new();
    s.h = host_new(s.q, hp, 1, err, sizeof err);
    rc1000_params p = rc1000_default_params;
    p.clock_ps = (sim_time)(1e6 / mhz + 0.5);
    p.config_ps = p.reset_ps = 0;        /* configured before the measurement */
    s.c = s.h ? rc1000_new(s.q, &p, err, sizeof err) : NULL;
    s.rp = s.c ? rc1000_pci_attach(s.c, host_bus(s.h, 0), BAR, NULL, err, sizeof err) : NULL;
    if (!s.rp) {
        result_fail(res, "rc1000_stage: %s", err);
        goto out;
    }
    if (user) {
        static char berr[8192];
        char so[2400];
        int built = 0;
        if (hw_circuit_build(r->sc->root, cfile, cmod, so, sizeof so, &built, berr, sizeof berr) ||
            !(uc = rc_userc_attach(s.c, so, cmod, berr, sizeof berr))) {
            result_fail(res, "rc1000_stage: %s", berr);
            goto out;
        }
    }
    uint32_t *b0 = rc1000_bank(s.c, 0), words = bytes / 4;
    b0[RC_CTL_FUNCS + slot] = 0x40;      /* pass in slot 0, or the user's circuit in slot 4 */
    b0[RC_CTL_PAGE] = b0[RC_CTL_PAGE + 1] = RC_PAGE_NONE;
    b0[RC_CTL_EP] = 0x0100;
    rc_fwd_plain(b0, 0, 0x0100);         /* the messages' forwarding entry (an unset one is a bad request) */
    rc1000_configure(s.c);
    evq_run_until(s.q, SIM_US(50));      /* booted, polling */

    /* the message: header (Table B.1 in the args) and payload */
    static uint32_t msg[8 + 1024];
    memset(msg, 0, sizeof msg);
    msg[2] = words << 16;
    msg[3] = 0x40;
    msg[4] = RC_ARG0(0, 0, 0, 1, subop & 15, words & 1023);
    msg[7] = RC_ARG3_QUEUE;
    for (uint32_t i = 0; i < words; i++) msg[8 + i] = i * 2654435761u;
    k = hm_space_new(host_mem(s.h), "kernel");
    uint64_t pa_buf;
    uint32_t *buf = hm_alloc_contig(k, 4096 + 64, &pa_buf);
    if (!buf) {
        result_fail(res, "rc1000_stage: no pinned host buffer: %s", hm_error(k));
        goto out;
    }

    sim_time t0 = evq_now(s.q);
    if (acquire(&s, 1)) goto bad;
    sim_time t1 = evq_now(s.q);
    /* payload first, then the header, then the tail: the append of GRIM's queues */
    uint32_t tail = b0[RC_Q0_BASE];
    uint64_t at = (uint64_t)(RC_Q0_BASE + RC_Q_RING + tail) * 4;
    if (pio_w(&s, at + 32, msg + 8, bytes, mode) || pio_w(&s, at, msg, 32, mode)) goto bad;
    uint32_t nt = tail + 8 + words;
    if (pio_w(&s, RC_Q0_BASE * 4, &nt, 4, HPIO_PLAIN)) goto bad;
    sim_time t2 = evq_now(s.q);
    if (reg_w(&s, RC_REG_REQ, 0)) goto bad;
    sim_time t3 = evq_now(s.q);
    uint64_t fetch, store;
    rc1000_take_data_clocks(s.c, &fetch, &store);
    /* the frame: from the release until the status port counts the message */
    uint32_t st = 0;
    sim_time t_seen = 0;
    while (!rc1000_error(s.c) && evq_now(s.q) < t3 + SIM_US(100000)) {
        if (reg_r(&s, RC_REG_STATUS, &st)) goto bad;
        if (RC_ST_PRODUCED(st) >= 1) { t_seen = evq_now(s.q); break; }
    }
    if (!t_seen) goto bad;
    rc1000_take_data_clocks(s.c, &fetch, &store);
    /* the host moves the slot (header and payload) to host memory */
    sim_time t4 = evq_now(s.q);
    if (acquire(&s, 8)) goto bad;
    sim_time t5 = evq_now(s.q);
    if (reg_w(&s, RC_REG_DMAMODE, 0) || reg_w(&s, RC_REG_DMAPADR, (uint32_t)pa_buf) ||
        reg_w(&s, RC_REG_DMALADR, 3u << 21) || reg_w(&s, RC_REG_DMASIZ, bytes + 32) ||
        reg_w(&s, RC_REG_DMADPR, RC_DPR_TO_PCI) || reg_w(&s, RC_REG_DMACSR, RC_CSR_ENABLE | RC_CSR_START))
        goto bad;
    uint32_t csr = 0;
    do {
        if (reg_r(&s, RC_REG_DMACSR, &csr)) goto bad;
    } while (!(csr & RC_CSR_DONE));
    sim_time t6 = evq_now(s.q);
    if (reg_w(&s, RC_REG_REQ, 0)) goto bad;
    sim_time t7 = evq_now(s.q);
    if (!user && memcmp(buf + 8, msg + 8, bytes)) {
        result_fail(res, "rc1000_stage: the payload came back changed");
        goto out;
    }
    uint32_t sum = 0;
    for (uint32_t i = 0; i < words; i++) sum += buf[8 + i];
    result_set(res, "out_sum", (double)sum);
    result_set(res, "out_words", (double)(buf[2] >> 16));
    result_set(res, "acquire0_us", us(t1 - t0));
    result_set(res, "inject_us", us(t2 - t1));
    result_set(res, "release0_us", us(t3 - t2));
    result_set(res, "fpga_us", us(t_seen - t3));
    result_set(res, "fpga_fetch_clocks", (double)fetch);
    result_set(res, "fpga_store_clocks", (double)store);
    result_set(res, "acquire3_us", us(t5 - t4));
    result_set(res, "dma_us", us(t6 - t5));
    result_set(res, "release3_us", us(t7 - t6));
    goto out;
bad:
    result_fail(res, "rc1000_stage: %s", rc1000_error(s.c) ? rc1000_error(s.c) : host_error(s.h) ? host_error(s.h) : "the host lost the card");
out:
    if (k) hm_space_free(k);
    rc_userc_free(uc);
    rc1000_pci_free(s.rp);
    rc1000_free(s.c);
    if (s.h) host_free(s.h);
    evq_free(s.q);
}

const experiment_kind rc1000_stage_kind = {
    .name = "rc1000_stage",
    .summary = "the RC-1000 FPGA card as a pipeline stage: host injection, the Verilated frame, DMA out (Table 7.3)",
    .keys = rc_keys,
    .measures = rc_measures,
    .custom_measures = 0,
    .supports_trace = 0,
    .check = rc_check,
    .run = rc_run,
};
