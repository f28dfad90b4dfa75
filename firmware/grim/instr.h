/* Instrumentation (-DGRIM_INSTR only): core-cycle stamps around the steps
 * of Tables 5.1-5.3 (enum grim_step), kept as last / sum / count at
 * GRIM_STATS + step * 16. In the performance build every macro here is
 * empty, so that build executes none of it. */
#ifndef MYRISIM_GRIM_INSTR_H
#define MYRISIM_GRIM_INSTR_H

#include "grim_abi.h"
#include "sim.h"

#ifdef GRIM_INSTR
static inline unsigned instr_now(void) { return SIM_REG(SIMSVC_CYCLE_LO); }
void instr_add(unsigned step, unsigned cycles);
#define I_VAR(v)          unsigned v = instr_now()
#define I_SET(v)          ((v) = instr_now())
#define I_STEP(step, t0)  instr_add((step), instr_now() - (t0))
#define I_ONLY(x)         x
#else
#define I_VAR(v)          do {} while (0)
#define I_SET(v)          do {} while (0)
#define I_STEP(step, t0)  do {} while (0)
#define I_ONLY(x)
#endif

#endif
