/* A per-PC cycle profile of one LANai core: which instructions the firmware
 * spent its cycles on. A measuring aid for firmware authors; it changes no
 * result (it rides on the traced interpreter loop, which keeps timing exact,
 * and only reads the core's cycle counter).
 *
 *   lanai_pcprof_enable(c)       start counting (again from zero)
 *   lanai_pcprof_write(c, out)   per function, then per instruction
 *
 * With MYRISIM_LANAI_PROF=PREFIX in the environment every core counts from
 * lanai_new on and writes PREFIX.<chip>.<k>.prof when it is freed (k: the
 * first number whose file does not exist yet, so cores freed in order --
 * NI 0, NI 1, ... of a run -- get 0, 1, ...). */
#ifndef MYRISIM_LANAI_PCPROF_H
#define MYRISIM_LANAI_PCPROF_H

#include "lanai.h"

#include <stdint.h>
#include <stdio.h>

int lanai_pcprof_enable(lanai_core *c);            /* 0, or -1 out of memory */
int lanai_pcprof_on(const lanai_core *c);
/* Cycles and executions charged to the instruction at pc so far. */
void lanai_pcprof_get(const lanai_core *c, uint32_t pc, uint64_t *cycles, uint64_t *count);
int lanai_pcprof_write(const lanai_core *c, FILE *out);

/* For core.c and the interpreter (core_internal.h declares the field). */
void lanai_pcprof_env(lanai_core *c);              /* lanai_new: MYRISIM_LANAI_PROF */
void lanai_pcprof_tick(lanai_core *c, uint32_t pc);    /* before each instruction */
void lanai_pcprof_free(lanai_core *c);             /* lanai_free: write the env file, release */

#endif
