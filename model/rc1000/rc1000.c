/* The RC-1000 card (rc1000.h): banks, CPLD and the Verilated FPGA, one
 * event per FPGA clock; the CPLD steps with the FPGA clock. */
#include "rc1000.h"

#include "../../hw/shell/hw_fpga.h"
#include "rc1000_map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const rc1000_params rc1000_default_params = {
    .name = "rc1000.0",
    .clock_ps = 50000,               /* 20 MHz (section 7.5) */
    .grant_clocks = 8,               /* Table 7.3: "Acquire SRAM banks 0,3": 8 clocks */
    .config_ps = SIM_US(95114),      /* Table 7.1: reconfigure FPGA */
    .reset_ps = SIM_US(56813),       /* Table 7.1: reset FPGA (L2116: a 50 ms delay) */
    .timeout_clocks = 20000000,      /* 1 s at 20 MHz */
};

struct rc1000 {
    evq *q;
    rc1000_params p;
    char name[64];
    uint32_t *bank[4];
    rc_cpld cpld;
    hw_fpga *fpga;
    hw_fpga_out out;
    int running;                     /* configured and out of reset */
    ev_id tick;
    uint64_t clocks, job_clocks;
    uint64_t ph[RC_PH_COUNT], fetch, store;
    char err[256];
    char ext_name[64];               /* the circuit in the external slot 4 */
};

rc1000 *rc1000_new(evq *q, const rc1000_params *p, char *err, size_t n)
{
    if (!p->clock_ps) {
        snprintf(err, n, "%s: FPGA clock period 0", p->name ? p->name : "rc1000");
        return NULL;
    }
    rc1000 *c = calloc(1, sizeof *c);
    c->q = q;
    c->p = *p;
    snprintf(c->name, sizeof c->name, "%s", p->name ? p->name : "rc1000");
    c->p.name = c->name;
    for (int k = 0; k < 4; k++) c->bank[k] = calloc(RC_BANK_WORDS, 4);
    rc_cpld_init(&c->cpld, p->grant_clocks);
    c->fpga = hw_fpga_new(c->bank);
    return c;
}

void rc1000_attach_circuit(rc1000 *c, hw_circuit_edge_fn fn, void *ctx, const char *name)
{
    hw_fpga_attach(c->fpga, fn, ctx);
    snprintf(c->ext_name, sizeof c->ext_name, "%s", fn && name ? name : "");
}

void rc1000_free(rc1000 *c)
{
    if (!c) return;
    evq_cancel(c->q, c->tick);
    hw_fpga_free(c->fpga);
    for (int k = 0; k < 4; k++) free(c->bank[k]);
    free(c);
}

uint32_t *rc1000_bank(rc1000 *c, unsigned k) { return k < 4 ? c->bank[k] : NULL; }
rc_cpld *rc1000_cpld(rc1000 *c) { return &c->cpld; }
uint8_t rc1000_status(const rc1000 *c) { return (uint8_t)c->out.status; }
void rc1000_write_ctrl(rc1000 *c, uint8_t v) { hw_fpga_ctrl(c->fpga, v); }
const char *rc1000_error(const rc1000 *c) { return c->err[0] ? c->err : NULL; }
uint64_t rc1000_clocks(const rc1000 *c) { return c->clocks; }
unsigned rc1000_phase(const rc1000 *c) { return c->out.phase; }
void rc1000_set_clock(rc1000 *c, sim_time period_ps) { if (period_ps) c->p.clock_ps = period_ps; }

void rc1000_take_phase_clocks(rc1000 *c, uint64_t out[], unsigned n)
{
    for (unsigned i = 0; i < n && i < RC_PH_COUNT; i++) out[i] = c->ph[i];
    memset(c->ph, 0, sizeof c->ph);
}

void rc1000_take_data_clocks(rc1000 *c, uint64_t *fetch, uint64_t *store)
{
    *fetch = c->fetch;
    *store = c->store;
    c->fetch = c->store = 0;
}

static void stop(rc1000 *c, const char *what)
{
    char t[32];
    snprintf(c->err, sizeof c->err, "%s: %s (at %s)", c->name, what,
             sim_time_us(evq_now(c->q), t, sizeof t));
    c->running = 0;
}

static void clock_once(void *arg)
{
    rc1000 *c = arg;
    c->tick = 0;
    if (!c->running) return;
    rc_cpld_clock(&c->cpld);
    hw_fpga_clock(c->fpga, rc_cpld_grant_fpga(&c->cpld), &c->out);
    rc_cpld_write_fpga(&c->cpld, (uint8_t)c->out.req);
    c->clocks++;
    if (c->out.phase < RC_PH_COUNT) c->ph[c->out.phase]++;
    c->fetch += c->out.fetch;
    c->store += c->out.store;
    unsigned bank;
    uint32_t addr;
    if (hw_fpga_bad_accesses(c->fpga, &bank, &addr)) {
        char w[128];
        snprintf(w, sizeof w, "the FPGA accessed bank %u word 0x%05x without its grant", bank, addr);
        stop(c, w);
        return;
    }
    /* a circuit is running while job_new is up: polling is not progress */
    c->job_clocks = c->out.job_new ? c->job_clocks + 1 : 0;
    if (c->p.timeout_clocks && c->job_clocks > c->p.timeout_clocks) {
        static const char *const names[RC_SLOTS] = RC_SLOT_NAMES;
        char w[160];
        unsigned s = c->out.sel;
        snprintf(w, sizeof w, "circuit '%s' (slot %u) ran %llu clocks without job_done; stopped",
                 s == RC_SLOT_EXTERNAL && c->ext_name[0] ? c->ext_name
                 : s < RC_SLOTS && names[s][0] ? names[s] : "?", s,
                 (unsigned long long)c->p.timeout_clocks);
        stop(c, w);
        return;
    }
    c->tick = evq_after(c->q, c->p.clock_ps, clock_once, c);
}

static void out_of_reset(void *arg)
{
    rc1000 *c = arg;
    c->tick = 0;
    if (c->err[0]) return;
    hw_fpga_reset(c->fpga, 1);
    hw_fpga_clock(c->fpga, 0, &c->out);
    hw_fpga_clock(c->fpga, 0, &c->out);
    hw_fpga_reset(c->fpga, 0);
    c->running = 1;
    c->job_clocks = 0;
    c->tick = evq_after(c->q, c->p.clock_ps, clock_once, c);
}

sim_time rc1000_configure(rc1000 *c)
{
    evq_cancel(c->q, c->tick);
    c->running = 0;
    rc_cpld_write_fpga(&c->cpld, 0);
    sim_time at = evq_now(c->q) + c->p.config_ps + c->p.reset_ps;
    c->tick = evq_at(c->q, at, out_of_reset, c);
    return at;
}

void rc1000_set_config_times(rc1000 *c, sim_time config_ps, sim_time reset_ps)
{
    c->p.config_ps = config_ps;
    c->p.reset_ps = reset_ps;
}

int rc1000_pci_bank_ok(rc1000 *c, unsigned k, uint32_t word, int write)
{
    if (k < 4 && rc_cpld_grant_pci(&c->cpld) >> k & 1) return 0;
    if (!c->err[0]) {
        char w[128];
        snprintf(w, sizeof w, "a PCI-side %s of bank %u word 0x%05x without its grant",
                 write ? "write" : "read", k, word);
        stop(c, w);
    }
    return -1;
}
