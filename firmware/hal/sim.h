/* Inline access to the simulator-services window (simsvc.h) for firmware
 * running on the simulated LANai. Each accessor is one volatile load or store
 * (a negative 16-bit displacement from r0, so no address setup). On real
 * hardware these addresses are unused and the accesses do nothing useful. */
#ifndef MYRISIM_HAL_SIM_H
#define MYRISIM_HAL_SIM_H

#include "simsvc.h"

#define SIM_REG(addr) (*(volatile unsigned int *)(addr))

/* Send one byte to the simulator console. */
static inline void sim_putchar(int c)
{
    SIM_REG(SIMSVC_PUTCHAR) = (unsigned char)c;
}

/* Halt this core with an exit code; never returns. */
static inline __attribute__((noreturn)) void sim_exit(int code)
{
    SIM_REG(SIMSVC_EXIT) = (unsigned int)code;
    for (;;) {}   /* the simulator stopped us; real hardware parks here */
}

/* Stop with an assertion fault carrying msg (a NUL-terminated string in SRAM). */
static inline __attribute__((noreturn)) void sim_assert_fail(const char *msg)
{
    SIM_REG(SIMSVC_ASSERT) = (unsigned int)(unsigned long)msg;
    for (;;) {}
}

/* Record (id, cycle, instruction count) in the simulator's mark log. */
static inline void sim_mark(unsigned int id)
{
    SIM_REG(SIMSVC_MARK) = id;
}

/* 64-bit counters: reading the low word latches the high word, so read LO first. */
static inline unsigned long long sim_cycles(void)
{
    unsigned int lo = SIM_REG(SIMSVC_CYCLE_LO);
    unsigned int hi = SIM_REG(SIMSVC_CYCLE_HI);
    return (unsigned long long)hi << 32 | lo;
}

static inline unsigned long long sim_insns(void)
{
    unsigned int lo = SIM_REG(SIMSVC_INSN_LO);
    unsigned int hi = SIM_REG(SIMSVC_INSN_HI);
    return (unsigned long long)hi << 32 | lo;
}

/* The message names file and line: "x.c:12: assertion failed: n > 0". */
#define SIM_STR_(x) #x
#define SIM_STR(x) SIM_STR_(x)
#define SIM_ASSERT(cond) \
    do { if (!(cond)) sim_assert_fail(__FILE__ ":" SIM_STR(__LINE__) ": assertion failed: " #cond); } while (0)

#endif
