/* Helpers for the ISS tests: assemble snippets with llvm-mc-14 (no
 * relocations: branch targets are absolute numbers), load them into a
 * core, run them to completion. */
#ifndef MYRISIM_TESTS_ISS_UTIL_H
#define MYRISIM_TESTS_ISS_UTIL_H

#include "../../model/lanai/lanai.h"

#include <stddef.h>
#include <stdint.h>

/* Simulator-services addresses as 16-bit negative offsets from %r0. */
#define SVC_CYCLE_LO "-544[%r0]"
#define SVC_CYCLE_HI "-540[%r0]"
#define SVC_INSN_LO "-536[%r0]"
#define SVC_INSN_HI "-532[%r0]"
#define SVC_PUTCHAR "-528[%r0]"
#define SVC_EXIT "-524[%r0]"
#define SVC_ASSERT "-520[%r0]"
#define SVC_MARK "-516[%r0]"

/* Assemble src (Lanai assembly, one instruction per line) into words;
 * fails the current test on any assembler error or relocation. */
size_t iss_asm(const char *src, uint32_t *out, size_t max);
/* Store words big-endian at addr and tell the core. */
void iss_put(lanai_core *c, uint32_t addr, const uint32_t *w, size_t n);
void iss_put_word(lanai_core *c, uint32_t addr, uint32_t w);
uint32_t iss_get_word(lanai_core *c, uint32_t addr);
/* New core for a chip ("lanai4"/"lanai9"), console discarded. */
lanai_core *iss_core(const char *chip);
/* Assemble src at address 0 of a fresh lanai9 core and run it until it
 * halts or faults (at most max_cycles). The caller frees the core. */
lanai_core *iss_run_src(const char *src, uint64_t max_cycles);
/* printf into a static buffer (for building assembly text). */
const char *iss_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
