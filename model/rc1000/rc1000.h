/* The Celoxica RC-1000 FPGA card (section 6.3.2): four single-ported 2 MB
 * SRAM banks, the CPLD arbiter (cpld.h), the Verilated FPGA (hw/: the frame
 * and its circuits) clocked from the event queue, the 8-bit control/status
 * port, a settable FPGA clock, configuration load and reset delay (inputs),
 * and a per-card timeout that stops a circuit that never finishes. */
#ifndef MYRISIM_RC1000_H
#define MYRISIM_RC1000_H

#include "../event/evq.h"
#include "../../hw/shell/hw_circuit.h"
#include "cpld.h"

#include <stddef.h>
#include <stdint.h>

typedef struct rc1000_params {
    const char *name;            /* names the card in every error, e.g. "rc1000.0" */
    sim_time clock_ps;           /* FPGA clock period (settable; input): 50,000 = 20 MHz */
    unsigned grant_clocks;       /* CPLD: FPGA clocks from a request to its grant (input) */
    sim_time config_ps;          /* configuration load by serial PIO (input; Table 7.1: 95,114 us) */
    sim_time reset_ps;           /* reset delay (input; L2116: 50 ms, Table 7.1: 56,813 us) */
    uint64_t timeout_clocks;     /* a circuit running longer is stopped (0: no limit) */
} rc1000_params;

/* The inputs as published (Table 7.1, L2116) for a 20 MHz Virtex-1000. */
extern const rc1000_params rc1000_default_params;

typedef struct rc1000 rc1000;

/* NULL with a message in err when the parameters are unusable. */
rc1000 *rc1000_new(evq *q, const rc1000_params *p, char *err, size_t n);
void rc1000_free(rc1000 *c);
uint32_t *rc1000_bank(rc1000 *c, unsigned k);   /* RC_BANK_WORDS words */
rc_cpld *rc1000_cpld(rc1000 *c);
/* Load the configuration and reset the FPGA: it is held until now +
 * config_ps + reset_ps, then starts clocking. Returns that time. */
sim_time rc1000_configure(rc1000 *c);
/* The configuration and reset delays of the next rc1000_configure (a card
 * configured at once before a run, then reconfigured with the published
 * inputs during it). */
void rc1000_set_config_times(rc1000 *c, sim_time config_ps, sim_time reset_ps);
/* Put a circuit outside the Verilated FPGA (a user's, Verilated at run
 * time: model/rc1000/userc.h) into the canvas's external slot 4; `name`
 * names it in errors. fn NULL empties the slot. */
void rc1000_attach_circuit(rc1000 *c, hw_circuit_edge_fn fn, void *ctx, const char *name);
/* The settable clock: a new period from the next clock on. */
void rc1000_set_clock(rc1000 *c, sim_time period_ps);
uint8_t rc1000_status(const rc1000 *c);
void rc1000_write_ctrl(rc1000 *c, uint8_t v);
/* A PCI-side access to bank k is allowed only while the CPLD grants it to
 * the PCI side; a refused access is recorded (rc1000_error) and returns -1. */
int rc1000_pci_bank_ok(rc1000 *c, unsigned k, uint32_t word, int write);
/* The first error (timeout, ungranted access) naming the card; NULL if none.
 * After an error the card stops clocking. */
const char *rc1000_error(const rc1000 *c);
uint64_t rc1000_clocks(const rc1000 *c);
/* The FPGA's frame state (RC_PH_*) and circuit slot after the last clock. */
unsigned rc1000_phase(const rc1000 *c);
/* FPGA clocks the frame spent in each state since the last call (cleared). */
void rc1000_take_phase_clocks(rc1000 *c, uint64_t out[], unsigned n);
/* FPGA clocks with a payload read for port A, and with the store engine
 * busy, since the last call (cleared). */
void rc1000_take_data_clocks(rc1000 *c, uint64_t *fetch, uint64_t *store);

#endif
