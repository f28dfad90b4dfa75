/* C interface to the Verilated FPGA configuration (hw/frame/fpga.v: the
 * frame and the canvas). The caller owns the four SRAM banks; the shell
 * serves the FPGA's reads and writes to them each clock and refuses (and
 * counts) any access to a bank the CPLD has not granted to the FPGA. */
#ifndef MYRISIM_SHELL_HW_FPGA_H
#define MYRISIM_SHELL_HW_FPGA_H

#include <stdint.h>

#include "hw_circuit.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HW_FPGA_BANK_WORDS (512u * 1024u)   /* 2 MB of 32-bit words */

/* What the FPGA shows after a clock. */
typedef struct {
    unsigned req;          /* its CPLD request register (bit per bank) */
    unsigned status;       /* the 8-bit status port */
    unsigned phase;        /* the frame sequencer's state (hw/frame/frame.v S_*) */
    unsigned sel;          /* the circuit slot in use */
    unsigned job_new;      /* a circuit is running */
    unsigned fetch;        /* a payload word was read for port A this clock */
    unsigned store;        /* the store engine was busy this clock */
} hw_fpga_out;

typedef struct hw_fpga hw_fpga;

/* banks[k]: HW_FPGA_BANK_WORDS words each, kept by the caller. */
hw_fpga *hw_fpga_new(uint32_t *banks[4]);
void hw_fpga_free(hw_fpga *f);
/* Hold or release reset_h (takes effect at the next clock). */
void hw_fpga_reset(hw_fpga *f, int on);
/* Attach a circuit to the canvas's external slot 4 (NULL: none; the slot
 * is then absent from the frame's `present` bits). */
void hw_fpga_attach(hw_fpga *f, hw_circuit_edge_fn fn, void *ctx);
/* The host wrote the control port: the strobe is seen at the next clock. */
void hw_fpga_ctrl(hw_fpga *f, uint8_t v);
/* One FPGA clock with `gnt` the grant bits the CPLD holds for the FPGA. */
void hw_fpga_clock(hw_fpga *f, unsigned gnt, hw_fpga_out *out);
/* Accesses refused because the bank was not granted; the first one's bank
 * and word address in *bank, *addr (when non-NULL and the count is > 0). */
uint64_t hw_fpga_bad_accesses(const hw_fpga *f, unsigned *bank, uint32_t *addr);
uint64_t hw_fpga_clocks(const hw_fpga *f);

#ifdef __cplusplus
}
#endif
#endif
