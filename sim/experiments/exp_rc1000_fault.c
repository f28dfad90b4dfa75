/* Kind rc1000_stage, op "fault": the host's fault handlers for the RC-1000
 * endpoint (sections 7.2.3 and 7.4.2, Tables 7.1 and 7.2), end to end with
 * the Verilated frame. The host injects a message by PIO into the frame's
 * host queue and polls the status port; the frame faults, saves its state
 * in bank 0, releases its banks and suspends; the host's handler serves the
 * fault and the frame produces the message, which the run checks.
 *   fault = "function": the message names the pass circuit, which the
 *     configuration's function list lacks. Handler: acquire bank 0, read
 *     the fault record (process), load the configuration file and
 *     reconfigure the FPGA (serial PIO: inputs file_load_us and the card's
 *     config_ps), set the FPGA clock (input set_clock_us), write the
 *     function list (set function IDs), wait out the reset (the card's
 *     reset_ps, an input) and release; the frame restarts, reloads its
 *     state and takes the message again.
 *   fault = "page": the message's port A reads 256 words of scratchpad
 *     page 7 while frame 1 (bank 1) holds page 3. Handler: acquire banks
 *     0-2, read the fault record, unload page 3 by one-copy DMA, load page
 *     7 by zero-copy DMA, notify (page table and RESUME on the control
 *     port), release. */
#include "exp_rc1000_fault.h"
#include "exp_rc1000_xfer.h"

#include "../../hostlib/rc1000/rc1000_fault.h"
#include "../../model/rc1000/rc1000_map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BAR 0x80000000ull
#define H_PASS 0x40u               /* the pass circuit's handler id (canvas slot 0) */
#define PAGE_BYTES (2u << 20)

static double us(sim_time t) { return (double)t / 1e6; }

static int pio_words(rcx *x, uint32_t word, const uint32_t *v, uint32_t n)
{
    int f = 0;
    if (host_pio_write(x->h, 0, BAR + (uint64_t)word * 4, v, n * 4, HPIO_PLAIN, rcx_flag, &f)) return -1;
    return rcx_wait(x, &f);
}

static int read_words(rcx *x, uint32_t word, uint32_t *v, uint32_t n)
{
    int f = 0;
    if (host_pio_read(x->h, 0, BAR + (uint64_t)word * 4, v, n * 4, rcx_flag, &f)) return -1;
    return rcx_wait(x, &f);
}

/* Poll the status port until pred holds; the time it was seen, 0 if never. */
static sim_time poll_status(rcx *x, int kind, unsigned produced, sim_time limit)
{
    uint32_t st = 0;
    while (!rc1000_error(x->c) && evq_now(x->q) < limit) {
        if (rcx_reg_r(x, RC_REG_STATUS, &st)) return 0;
        if (kind >= 0 ? RC_ST_KIND(st) == (unsigned)kind : RC_ST_PRODUCED(st) >= produced) return evq_now(x->q);
    }
    return 0;
}

/* Host injection of one message (8-word header, payload) into queue 0. */
static int inject(rcx *x, const uint32_t *msg, uint32_t words)
{
    uint32_t *b0 = rc1000_bank(x->c, 0);
    if (rcx_acquire(x, 1)) return -1;
    uint32_t tail = b0[RC_Q0_BASE];
    uint32_t at = RC_Q0_BASE + RC_Q_RING + tail, nt = tail + 8 + words;
    if ((words && pio_words(x, at + 8, msg + 8, words)) || pio_words(x, at, msg, 8) ||
        pio_words(x, RC_Q0_BASE, &nt, 1))
        return -1;
    return rcx_reg_w(x, RC_REG_REQ, 0);
}

/* The handler's steps on the harness (rcf_ops). */
struct fx {
    rcx *x;
    sim_time clock_ps;
    uint8_t *page3, *page7;        /* page fault: the host's copies of pages 3 and 7 */
    uint8_t *bounce;               /* TPIL's one-copy buffer */
    uint64_t bpa;
    char why[256];
};
static int fx_acquire(void *c, uint32_t banks)
{
    rcx *x = ((struct fx *)c)->x;
    return banks ? rcx_acquire(x, banks) : rcx_reg_w(x, RC_REG_REQ, 0);
}
static int fx_read(void *c, uint32_t w, uint32_t *v, uint32_t n) { return read_words(((struct fx *)c)->x, w, v, n); }
static int fx_write(void *c, uint32_t w, const uint32_t *v, uint32_t n) { return pio_words(((struct fx *)c)->x, w, v, n); }
static int fx_cpu(void *c, sim_time d) { return rcx_cpu(((struct fx *)c)->x, d); }
static sim_time fx_now(void *c) { return evq_now(((struct fx *)c)->x->q); }
static sim_time fx_configure(void *c) { return rc1000_configure(((struct fx *)c)->x->c); }
static void fx_set_clock(void *c) { rc1000_set_clock(((struct fx *)c)->x->c, ((struct fx *)c)->clock_ps); }
static const char *fx_error(void *c) { return rcx_fail_text(((struct fx *)c)->x, ((struct fx *)c)->why); }
static uint8_t *fx_page(struct fx *f, uint32_t page) { return page == 3 ? f->page3 : page == 7 ? f->page7 : NULL; }
/* unload by one-copy DMA, load by zero-copy DMA (Table 7.2's two transfers) */
static int fx_page_out(void *c, unsigned frame, uint32_t page)
{
    struct fx *f = c;
    uint8_t *b = fx_page(f, page);
    if (!b) return snprintf(f->why, sizeof f->why, "no host copy of page %u", page), -1;
    return rcx_one_copy_out(f->x, b, PAGE_BYTES, frame << 21, f->bounce, f->bpa);
}
static int fx_page_in(void *c, unsigned frame, uint32_t page)
{
    struct fx *f = c;
    uint8_t *b = fx_page(f, page);
    if (!b) return snprintf(f->why, sizeof f->why, "no host copy of page %u", page), -1;
    return rcx_zero_copy(f->x, b, PAGE_BYTES, frame << 21, 0, f->why, sizeof f->why);
}
static int fx_resume(void *c) { return rcx_reg_w(((struct fx *)c)->x, RC_REG_CTRL, RC_CTL_RESUME); }

static void function_fault(const run_spec *r, run_result *res, const host_profile *hp)
{
    rcx x;
    char err[256] = "";
    sim_time file_load = (sim_time)(run_number(r, "experiment.file_load_us", 10205) * 1e6);
    sim_time set_clock = (sim_time)(run_number(r, "experiment.set_clock_us", 2405) * 1e6);
    rc1000_params cp = rc1000_default_params;          /* published configuration and reset inputs */
    if (rcx_open(&x, hp, &cp, err, sizeof err)) goto bad;
    static uint32_t msg[8 + 256];
    uint32_t words = 256;
    memset(msg, 0, sizeof msg);
    msg[2] = words << 16;
    msg[3] = H_PASS;
    msg[4] = RC_ARG0(0, 0, 0, 1, 0, words);
    msg[7] = RC_ARG3_QUEUE;
    for (uint32_t i = 0; i < words; i++) msg[8 + i] = 0x5EED0000u + i * 77u;
    /* the configuration in the card has no pass circuit in its list */
    uint32_t *b0 = rc1000_bank(x.c, 0);
    rc_fwd_plain(b0, 0, 0);   /* the message's forwarding entry (an unset one is a bad request) */
    if (inject(&x, msg, words)) goto bad;
    sim_time t0 = evq_now(x.q);
    sim_time seen = poll_status(&x, RC_ST_FFAULT, 0, t0 + SIM_US(100000));
    if (!seen) goto bad;
    uint64_t ph[RC_PH_COUNT];
    rc1000_take_phase_clocks(x.c, ph, RC_PH_COUNT);
    uint64_t fault_clocks = ph[RC_PH_FAULT_WR];
    /* the handler (hostlib/rc1000/rc1000_fault.c, shared with the GRIM node's process) */
    struct fx fx = {&x, cp.clock_ps, NULL, NULL, NULL, 0, "failed"};
    const rcf_ops ops = {&fx,      fx_acquire, fx_read, fx_write, fx_cpu, fx_now, fx_configure, fx_set_clock, fx_error,
                         NULL,     NULL,       NULL};
    rcf_function fn = {file_load, cp.config_ps, set_clock, {H_PASS, 0, 0, 0, 0, 0, 0, 0, 0}};
    rcf_times tm;
    if (rcf_function_fault(&ops, &fn, &tm, err, sizeof err)) goto bad;
    if ((tm.record[0] & 0xFFFu) != H_PASS) {
        result_fail(res, "rc1000_stage (fault): the fault record says 0x%08x, not a function fault for 0x%x",
                    tm.record[0], H_PASS);
        rcx_close(&x);
        return;
    }
    sim_time a0 = tm.t[0], a1 = tm.t[1], a2 = tm.t[2], a3 = tm.t[3], a4 = tm.t[4], a5 = tm.t[5], a6 = tm.t[6];
    sim_time done = poll_status(&x, -1, 1, a6 + SIM_US(100000));
    if (!done) goto bad;
    rc1000_take_phase_clocks(x.c, ph, RC_PH_COUNT);
    if (rcx_acquire(&x, 8)) goto bad;
    if (memcmp(rc1000_bank(x.c, 3) + 8, msg + 8, words * 4) || b0[RC_CTL_FUNCS] != H_PASS) {
        result_fail(res, "rc1000_stage (fault): the message produced after the reconfiguration differs");
        rcx_close(&x);
        return;
    }
    result_set(res, "detect_us", us(seen - t0));
    result_set(res, "acquire_us", us(a1 - a0));
    result_set(res, "process_us", us(a2 - a1));
    result_set(res, "reconfigure_us", us(a3 - a2));
    result_set(res, "set_ids_us", us(a4 - a3));
    result_set(res, "reset_wait_us", us(a5 - a4));
    result_set(res, "release_us", us(a6 - a5));
    result_set(res, "handler_us", us(a6 - a0));
    result_set(res, "resume_us", us(done - a6));
    result_set(res, "fpga_fault_clocks", (double)fault_clocks);
    result_set(res, "fpga_reload_clocks", (double)(ph[RC_PH_INIT_ACQ] + ph[RC_PH_INIT_RD]));
    rcx_close(&x);
    return;
bad:
    result_fail(res, "rc1000_stage (fault): %s", rcx_fail_text(&x, err));
    rcx_close(&x);
}

static void page_fault(const run_spec *r, run_result *res, const host_profile *hp)
{
    (void)r;
    rcx x;
    char err[256] = "";
    if (rcx_open(&x, hp, NULL, err, sizeof err)) goto bad;
    uint32_t *b0 = rc1000_bank(x.c, 0), *b1 = rc1000_bank(x.c, 1);
    /* frame 1 holds page 3; the host keeps page 7 in memory */
    for (uint32_t i = 0; i < RC_BANK_WORDS; i++) b1[i] = 0x03000000u + i;
    uint8_t *swap3 = hm_alloc(x.u, PAGE_BYTES), *page7 = hm_alloc(x.u, PAGE_BYTES);
    uint64_t bpa;
    uint8_t *bounce = hm_alloc_contig(x.k, BOUNCE, &bpa);
    if (!swap3 || !page7 || !bounce) goto bad;
    for (uint32_t i = 0; i < PAGE_BYTES / 4; i++) {
        uint32_t v = 0x07000000u + i * 3u;
        memcpy(page7 + 4 * i, &v, 4);   /* the host's (little-endian) words, as the bus carries them */
    }
    /* tell the frame (bank 0 holds its state; it reloads page ids on RESUME) */
    b0[RC_CTL_FUNCS] = H_PASS;
    b0[RC_CTL_PAGE] = 3;
    b0[RC_CTL_PAGE + 1] = RC_PAGE_NONE;
    rc_fwd_plain(b0, 0, 0);   /* the message's forwarding entry */
    rc1000_configure(x.c);
    evq_run_until(x.q, evq_now(x.q) + SIM_US(50));
    static uint32_t msg[8];
    memset(msg, 0, sizeof msg);
    msg[3] = H_PASS;
    msg[4] = RC_ARG0(0, 1, 0, 1, 0, 256);
    msg[5] = RC_VA(7, 100);
    msg[7] = RC_ARG3_QUEUE;
    if (inject(&x, msg, 0)) goto bad;
    sim_time t0 = evq_now(x.q);
    sim_time seen = poll_status(&x, RC_ST_PFAULT, 0, t0 + SIM_US(100000));
    if (!seen) goto bad;
    /* the handler (hostlib/rc1000/rc1000_fault.c, shared with the GRIM node's process) */
    struct fx fx = {&x, 0, swap3, page7, bounce, bpa, "failed"};
    const rcf_ops ops = {&fx, fx_acquire, fx_read, fx_write, fx_cpu, fx_now, NULL, NULL, fx_error,
                         fx_page_out, fx_page_in, fx_resume};
    rcf_times tm;
    if (rcf_page_fault(&ops, &tm, err, sizeof err)) goto bad;
    if (tm.record[1] != 7 || tm.pages[0] != 3 || tm.unloads != 1 || tm.loads != 1) {
        result_fail(res, "rc1000_stage (fault): the fault record says 0x%08x page %u (frame 1 holds %u), not page 7",
                    tm.record[0], tm.record[1], tm.pages[0]);
        rcx_close(&x);
        return;
    }
    sim_time a0 = tm.t[0], a1 = tm.t[1], a2 = tm.t[2], a3 = tm.t[3], a4 = tm.t[4], a5 = tm.t[5], a6 = tm.t[6];
    sim_time done = poll_status(&x, -1, 1, a6 + SIM_US(100000));
    if (!done) goto bad;
    uint32_t got;
    memcpy(&got, swap3 + 4 * 12345, 4);
    int ok = got == 0x03000000u + 12345u;
    for (uint32_t i = 0; ok && i < 256; i++) ok = rc1000_bank(x.c, 3)[8 + i] == 0x07000000u + (100 + i) * 3u;
    if (!ok) {
        result_fail(res, "rc1000_stage (fault): page 3 came out changed or page 7's words were not produced");
        rcx_close(&x);
        return;
    }
    result_set(res, "detect_us", us(seen - t0));
    result_set(res, "acquire_us", us(a1 - a0));
    result_set(res, "process_us", us(a2 - a1));
    result_set(res, "unload_us", us(a3 - a2));
    result_set(res, "load_us", us(a4 - a3));
    result_set(res, "notify_us", us(a5 - a4));
    result_set(res, "release_us", us(a6 - a5));
    result_set(res, "handler_us", us(a6 - a0));
    result_set(res, "resume_us", us(done - a6));
    rcx_close(&x);
    return;
bad:
    result_fail(res, "rc1000_stage (fault): %s", rcx_fail_text(&x, err));
    rcx_close(&x);
}

void rc1000_fault_run(const run_spec *r, run_result *res, const host_profile *hp)
{
    if (!strcmp(run_string(r, "experiment.fault", "function"), "page")) page_fault(r, res, hp);
    else function_fault(r, res, hp);
}
