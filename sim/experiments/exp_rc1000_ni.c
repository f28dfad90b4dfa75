/* Kind "rc1000_stage" with injector = "ni": the NI injects instead of the
 * host (Table 6.1's NI rows, Table 7.3's NI column). One P3-550 node whose
 * LANai 4 sits on the RC-1000's PMC site, behind the card's PCI-to-PCI
 * bridge (model/pci/p2p.c); the RC-1000 itself is on the host's bus. The
 * firmware firmware/bench/rc1000_ni.c, on the ISS, acquires bank 0 through
 * the CPLD registers, moves the message (left in its SRAM) into the frame's
 * NI queue and releases the bank, all by peer-to-peer DMA; its cycle
 * counts are the measurements. The run then checks end to end that the
 * Verilated frame took the message and produced its payload in bank 3. */
#include "exp_rc1000_ni.h"
#include "exp_ni.h"
#include "fwbuild.h"

#include "../../hostlib/platform.h"
#include "../../model/host/host.h"
#include "../../model/node/hosts.h"
#include "../../model/pci/p2p.h"
#include "../../model/rc1000/pci.h"
#include "../../model/rc1000/rc1000_map.h"
#include "../../model/switch/link.h"
#include "../scenario/cluster.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RC_BAR 0xA0000000u         /* the card's BAR on the host bus (the NI's is at COSIM_BAR_BASE) */
#define MSG_SRAM 0x80000u          /* where the message waits in the NI's SRAM */
#define FIRMWARE "firmware/bench/rc1000_ni.c"
#define MERGE_FIRMWARE "firmware/bench/rc1000_merge.c"
#define MB 0x70000u                /* the merge firmware's mailbox in SRAM */
#define QUIT 0xFFFFFFu

static void put_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

/* The host process of the host-through-NI arbitration: a request into the
 * NI's mailbox by PIO, polls of the acknowledgement by PIO (both through the
 * card's bridge), once to acquire bank 0 and once to release it. */
typedef struct {
    rc1000 *c;
    sim_time acquire, release;
    char why[160];
} via_arg;

static int via_main(platform *p, void *arg)
{
    via_arg *a = arg;
    uint32_t base = plat_card_layout(p)->sram.off + MB, v = 0;
    static const uint32_t reqs[2] = {1u << 8 | 1u, 2u << 8};    /* seq 1: bank 0; seq 2: nothing */
    sim_time t[3];
    t[0] = plat_now(p);
    for (int i = 0; i < 2; i++) {
        if (plat_pio_write32(p, base, reqs[i])) return -1;
        do {
            if (plat_pio_read32(p, base + 4, &v)) return -1;
        } while (v != reqs[i]);
        t[i + 1] = plat_now(p);
        int held = rc_cpld_grant_pci(rc1000_cpld(a->c)) & 1;
        if (held != (i == 0)) {
            snprintf(a->why, sizeof a->why, "bank 0 is %sgranted to the PCI side after the NI acknowledged the %s "
                     "(ack 0x%x, grants pci 0x%x fpga 0x%x)",
                     held ? "" : "not ", i == 0 ? "acquire" : "release", v, rc_cpld_grant_pci(rc1000_cpld(a->c)),
                     rc_cpld_grant_fpga(rc1000_cpld(a->c)));
            return -1;
        }
    }
    a->acquire = t[1] - t[0];
    a->release = t[2] - t[1];
    return plat_pio_write32(p, base, QUIT << 8);
}

void rc1000_ni_run(const run_spec *r, run_result *res, const host_profile *hp, uint32_t bytes, sim_time clock_ps,
                   int via)
{
    char err[4096], elf[2048];
    uint32_t words = bytes / 4;
    topo t;
    topo_init(&t);
    cosim *s = NULL;
    rc1000 *c = NULL;
    rc1000_pci *rp = NULL;
    cluster_desc cd = {0};
    cd.nodes = 1;
    cd.ni = "lanai4";
    cd.link = "san1280";
    cd.routing = "updown";
    cd.topology = "switch";
    cd.ports = 16;
    if (exp_ni_topology(&cd, LK_DEFAULT_LENGTH, &t, err, sizeof err)) {
        result_fail(res, "rc1000_stage (ni): network: %s", err);
        goto out;
    }
    cosim_opts o;
    cosim_opts_default(&o);
    o.chip = "lanai4";
    o.watchdog = 0;                /* the frame's clock ticks for ever: nothing to watch */
    s = cosim_new(&t, &o, err, sizeof err);
    if (!s || cosim_add_host_behind(s, 0, hp, 0, &p2p_rc1000, err, sizeof err)) {
        result_fail(res, "rc1000_stage (ni): %s", err);
        goto out;
    }
    rc1000_params p = rc1000_default_params;
    p.clock_ps = clock_ps;
    p.config_ps = p.reset_ps = 0;  /* configured before the measurement */
    c = rc1000_new(cosim_evq(s), &p, err, sizeof err);
    rp = c ? rc1000_pci_attach(c, host_bus(cosim_host(s, 0), 0), RC_BAR, NULL, err, sizeof err) : NULL;
    if (!rp) {
        result_fail(res, "rc1000_stage (ni): %s", err);
        goto out;
    }
    uint32_t *b0 = rc1000_bank(c, 0);
    b0[RC_CTL_FUNCS + 0] = 0x40;   /* pass in slot 0 */
    b0[RC_CTL_PAGE] = b0[RC_CTL_PAGE + 1] = RC_PAGE_NONE;
    b0[RC_CTL_EP] = 0x0100;
    rc_fwd_plain(b0, 0, 0x0100);   /* the messages' forwarding entry (an unset one is a bad request) */
    rc1000_configure(c);

    if (via) {
        char d0[64], d1[32], opt2[] = "-O2";
        snprintf(d0, sizeof d0, "-DRC_BAR=0x%08xu", RC_BAR);
        snprintf(d1, sizeof d1, "-DMB=0x%xu", MB);
        const char *fl[3] = {opt2, d0, d1};
        char msrc[2048];
        snprintf(msrc, sizeof msrc, "%s/%s", r->sc->root, MERGE_FIRMWARE);
        if (fw_build(r->sc->root, msrc, "lanai4", fl, 3, elf, sizeof elf, err, sizeof err) ||
            cosim_load(s, 0, elf, err, sizeof err)) {
            result_fail(res, "rc1000_stage (host via ni): %s", err);
            goto out;
        }
        via_arg a = {.c = c};
        cosim_proc pr = {.ni = 0, .fn = via_main, .arg = &a};
        cosim_status st = cosim_run_host(s, &pr, SIM_US(200000));
        if (st != COSIM_DONE || !pr.finished || pr.rc || lanai_exit_code(cosim_core(s, 0)) != 0 || rc1000_error(c)) {
            result_fail(res, "rc1000_stage (host via ni): %s%s%s %s\n%s", cosim_status_name(st), a.why[0] ? ": " : "",
                        a.why, rc1000_error(c) ? rc1000_error(c) : pr.err, cosim_console(s, 0));
            goto out;
        }
        result_set(res, "acquire0_us", (double)a.acquire / 1e6);
        result_set(res, "release0_us", (double)a.release / 1e6);
        goto out;
    }
    uint32_t tail = b0[RC_Q1_BASE];
    uint32_t slot = RC_BAR + (RC_Q1_BASE + RC_Q_RING + tail) * 4u;
    char d[6][64], opt[] = "-O2";
    snprintf(d[0], sizeof d[0], "-DRC_BAR=0x%08xu", RC_BAR);
    snprintf(d[1], sizeof d[1], "-DQ_SLOT=0x%08xu", slot);
    snprintf(d[2], sizeof d[2], "-DQ_TAIL=0x%08xu", RC_BAR + RC_Q1_BASE * 4u);
    snprintf(d[3], sizeof d[3], "-DNEW_TAIL=%uu", tail + 8 + words);
    snprintf(d[4], sizeof d[4], "-DMSG_SRAM=0x%xu", MSG_SRAM);
    snprintf(d[5], sizeof d[5], "-DMSG_BYTES=%uu", bytes);
    const char *flags[7] = {opt, d[0], d[1], d[2], d[3], d[4], d[5]};
    char src[2048];
    snprintf(src, sizeof src, "%s/%s", r->sc->root, FIRMWARE);
    if (fw_build(r->sc->root, src, "lanai4", flags, 7, elf, sizeof elf, err, sizeof err) ||
        cosim_load(s, 0, elf, err, sizeof err)) {
        result_fail(res, "rc1000_stage (ni): %s", err);
        goto out;
    }
    /* the message in the NI's SRAM, in the bus's (little-endian) byte order */
    static uint32_t msg[8 + 1024];
    memset(msg, 0, sizeof msg);
    msg[2] = words << 16;
    msg[3] = 0x40;
    msg[4] = RC_ARG0(0, 0, 0, 1, 0, words & 1023);
    msg[7] = RC_ARG3_QUEUE;
    for (uint32_t i = 0; i < words; i++) msg[8 + i] = i * 2654435761u + 7;
    uint8_t *sram = lanai_sram(cosim_core(s, 0));
    for (uint32_t i = 0; i < 8 + words; i++) put_le(sram + MSG_SRAM + 4 * i, msg[i]);

    cosim_status st = cosim_run(s, SIM_US(200000));
    lanai_core *core = cosim_core(s, 0);
    if (st != COSIM_DONE || lanai_exit_code(core) != 0 || rc1000_error(c)) {
        result_fail(res, "rc1000_stage (ni): the NI did not finish (%s): %s%s", cosim_status_name(st),
                    rc1000_error(c) ? rc1000_error(c) : cosim_report(s), host_fault_text(cosim_host(s, 0)));
        goto out;
    }
    run_result cyc;
    result_init(&cyc);
    exp_console_measures(cosim_console(s, 0), &cyc);
    double hz = (double)lanai_profile_of(core)->clock_hz;
    static const char *const names[][2] = {
        {"acquire_cycles", "acquire0_us"}, {"inject_cycles", "inject_us"}, {"release_cycles", "release0_us"}};
    for (int i = 0; i < 3; i++) {
        double v;
        if (result_get(&cyc, names[i][0], &v)) {
            result_fail(res, "rc1000_stage (ni): the firmware did not print 'measure %s N'", names[i][0]);
            goto out;
        }
        result_set(res, names[i][1], v / hz * 1e6);
    }
    /* end to end: the frame polls its NI queue, passes the payload into an
     * outgoing slot of bank 3 and counts it on the status port */
    evq *q = cosim_evq(s);
    sim_time limit = evq_now(q) + SIM_US(100000);
    while (RC_ST_PRODUCED(rc1000_status(c)) < 1 && !rc1000_error(c) && evq_now(q) < limit && evq_pending(q))
        evq_step(q);
    if (RC_ST_PRODUCED(rc1000_status(c)) < 1 || memcmp(rc1000_bank(c, 3) + 8, msg + 8, bytes)) {
        result_fail(res, "rc1000_stage (ni): the frame did not produce the injected message%s%s",
                    rc1000_error(c) ? ": " : "", rc1000_error(c) ? rc1000_error(c) : "");
        goto out;
    }
    const pci_p2p_stats *ps = pci_p2p_stats_of(cosim_host_bridge(s, 0));
    result_set(res, "bridge_posted_bytes", (double)ps->up_bytes);
out:
    rc1000_pci_free(rp);
    rc1000_free(c);
    if (s) cosim_free(s);
    topo_free(&t);
}
