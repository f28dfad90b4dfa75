/* The LANai core: an instruction-set simulator for the Lanai ISA exactly as
 * LLVM 14 emits it, with a per-chip cycle model. Plain C, no SystemC: the
 * SystemC shell (sim/) drives it through lanai_run() and the mmio hooks.
 *
 * Time: the core keeps its own local cycle count. lanai_run() executes until
 * the count reaches a limit, the core halts or faults. Accesses outside SRAM
 * and the simulator-services window go to the mmio hooks, which get the local
 * cycle so device registers can be computed as pure functions of time; a hook
 * may block (e.g. SystemC wait()) to synchronise before a side effect. */
#ifndef MYRISIM_LANAI_H
#define MYRISIM_LANAI_H

#include <stdint.h>
#include <stdio.h>

typedef enum { CHIP_LANAI4 = 4, CHIP_LANAI9 = 9 } lanai_chip_id;

/* Per-chip constants and cycle-model parameters. One profile per chip lives
 * in model/lanai/profile_<chip>.c; these are calibrated once (docs). */
typedef struct lanai_profile {
    const char *name;          /* "lanai4", "lanai9" */
    lanai_chip_id id;
    uint64_t clock_hz;         /* core clock */
    uint32_t sram_size;        /* bytes, SRAM at address 0 */
    uint32_t sreg_base;        /* special-register window base */
    /* cycle model (all in core cycles) */
    uint32_t cpi_base;         /* every instruction */
    uint32_t load_use_stall;   /* next instruction reads a just-loaded register */
    uint32_t taken_branch;     /* extra cycles when a branch/jump is taken */
    uint32_t pc_load;          /* extra cycles for a load into pc (return) */
    uint32_t load_wait;        /* SRAM wait states on a load */
    uint32_t store_wait;       /* SRAM wait states on a word store */
    uint32_t partword_store_wait; /* SRAM wait states on a byte/half store (read-modify-write) */
    uint32_t mmio_wait;        /* extra cycles for a special-register access */
    /* NI card (model/card): packet interface and SRAM arbitration */
    uint32_t pkt_word;         /* bytes per packet-interface word: RMP steps, SMP alignment */
    uint32_t dma_start_ns;     /* send/receive DMA start-up latency (provisional, docs/network.md) */
    uint32_t sram_bytes_per_cycle; /* SRAM bandwidth per core cycle shared with the DMA engines */
    uint32_t pkt_dma_bytes_per_kcycle; /* packet receive DMA rate into SRAM, bytes per 1000 core
                                          cycles; 0 = only the link limits it (docs/calibration.md) */
} lanai_profile;

const lanai_profile *lanai_profile_get(const char *name); /* NULL if unknown */
extern const lanai_profile lanai4_profile, lanai9_profile;

typedef enum {
    LANAI_RUNNING = 0,  /* stopped at the cycle limit, can continue */
    LANAI_HALTED,       /* firmware wrote SIMSVC_EXIT */
    LANAI_FAULTED,      /* see lanai_core.fault */
} lanai_state;

typedef enum {
    FAULT_NONE = 0,
    FAULT_ILLEGAL,      /* encoding not accepted by LLVM 14's decoder */
    FAULT_BUS,          /* access outside SRAM and any mapped window */
    FAULT_MISALIGNED,   /* word/half access not naturally aligned */
    FAULT_FETCH,        /* pc outside SRAM or not word-aligned */
    FAULT_ASSERT,       /* firmware assertion (SIMSVC_ASSERT) */
    FAULT_DEVICE,       /* an mmio hook refused the access */
    FAULT_STACK,        /* sp moved below the stack limit (into .bss/.data) */
    FAULT_WRITE_TEXT,   /* a store into .text/.rodata (only with lanai_set_write_check) */
} lanai_fault_cause;

typedef struct lanai_fault {
    lanai_fault_cause cause;
    uint32_t pc, insn, addr;
    char msg[160];      /* assertion text or device message */
} lanai_fault;

/* Device hooks for addresses outside SRAM and the services window.
 * size is 1, 2 or 4; return 0 on success, -1 if nothing is mapped there
 * (FAULT_BUS); any other nonzero value means the device refuses the access
 * (FAULT_DEVICE). */
typedef struct lanai_mmio {
    void *ctx;
    int (*read)(void *ctx, uint32_t addr, int size, uint64_t cycle, uint32_t *val);
    int (*write)(void *ctx, uint32_t addr, int size, uint64_t cycle, uint32_t val);
} lanai_mmio;

/* For idle-loop skipping (optional, called with the mmio ctx): the first
 * cycle after `since` at which a register the core read at or after `since`
 * could read differently without an event (a timer tick); UINT64_MAX if
 * none. Device reads must be pure functions of device state and the cycle.
 * Without this hook a loop that reads the device is never skipped. */
typedef uint64_t (*lanai_next_change_fn)(void *ctx, uint64_t since);

typedef struct lanai_mark { uint32_t id; uint64_t cycle, insns; } lanai_mark;

typedef struct lanai_symtab lanai_symtab;   /* ELF symbols, for reports and traces */

typedef struct lanai_core lanai_core;        /* opaque; see core.c */

lanai_core *lanai_new(const lanai_profile *p);
void lanai_free(lanai_core *c);
void lanai_reset(lanai_core *c);             /* registers, pc = 0, counters = 0 */

/* Load an ELF executable from lanai-ld into SRAM (and keep its symbols).
 * On error returns -1 and writes a message naming the file to err. */
int lanai_load_elf(lanai_core *c, const char *path, char *err, size_t errlen);
/* Load firmware onto an NI of the core's chip: as lanai_load_elf, but an
 * image whose chip marker (__lanai_chip, linked by lanai-cc --chip) names the
 * other chip is refused, SRAM untouched, with "FILE: firmware built for
 * lanai4, but the NI is a lanai9 (rebuild with --chip lanai9)". Images
 * without a marker load as before. lanai_load_elf ignores the marker (bare
 * cores run chip-neutral test programs on both chips). */
int lanai_load_firmware(lanai_core *c, const char *path, char *err, size_t errlen);
/* The image's chip marker: *chip = 4 or 9, or 0 if it has none. -1 (message
 * naming the file in err) if it is not a Lanai executable or the marker is
 * malformed. */
int lanai_elf_chip(const char *path, int *chip, char *err, size_t errlen);
/* For checks before any core exists: 1 if path is marked for a chip other
 * than p's (the refusal text in err), 0 if it suits p, -1 if unreadable. */
int lanai_elf_check_chip(const char *path, const lanai_profile *p, char *err, size_t errlen);

uint8_t *lanai_sram(lanai_core *c);          /* big-endian memory image */
/* Added: anyone writing SRAM behind the core's back (DMA engines, a test
 * patching code) after the core has run must report the range, because the
 * core caches decoded instructions. Stores by the core itself need not. */
void lanai_sram_written(lanai_core *c, uint32_t addr, uint32_t len);
uint32_t lanai_sram_size(const lanai_core *c);
void lanai_set_mmio(lanai_core *c, const lanai_mmio *m);
void lanai_set_next_change(lanai_core *c, lanai_next_change_fn fn);
void lanai_set_console(lanai_core *c, FILE *out);   /* default stdout; NULL = discard */
/* Also hand every console byte to fn, when it is written (lanai_cycles(c) is
 * its cycle): a trace puts each line on the core's track. NULL = none. */
typedef void (*lanai_console_hook)(void *ctx, const lanai_core *c, int ch);
void lanai_set_console_hook(lanai_core *c, lanai_console_hook fn, void *ctx);
void lanai_set_trace(lanai_core *c, FILE *out);     /* NULL = off; one line per instruction */

/* Execute until local cycles >= cycle_limit, halt or fault, or until an
 * mmio hook asked for a stop (then it returns LANAI_RUNNING with cycles
 * below the limit, right after the instruction that asked). */
lanai_state lanai_run(lanai_core *c, uint64_t cycle_limit);
/* lanai_run, and what a co-simulation driver reads after every run, in one
 * call (it runs a core per node per round: the calls add up). */
typedef struct {
    lanai_state state;
    int parked;                /* lanai_idle_parked */
    uint64_t parked_until;     /* ... and its *until */
    uint64_t cycles;           /* lanai_cycles */
} lanai_run_result;
void lanai_run_report(lanai_core *c, uint64_t cycle_limit, lanai_run_result *r);

/* For mmio hooks: stop lanai_run after the current instruction (a write
 * scheduled an event the caller must run before the core goes on). */
void lanai_request_stop(lanai_core *c);
/* For mmio hooks about to refuse an access: the text for the FAULT_DEVICE
 * report (e.g. which register, why). */
void lanai_device_error(lanai_core *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Idle-loop skipping (on by default; never changes a result, only wall
 * time): when the core goes round a loop with no stores and no side effects
 * and finds its architectural state unchanged, it advances whole iterations
 * up to the cycle limit or the next device change (lanai_set_next_change). */
void lanai_set_idle_skip(lanai_core *c, int on);
typedef struct { uint64_t skips, cycles, insns, checks; } lanai_idle_stats;
void lanai_idle_stats_get(const lanai_core *c, lanai_idle_stats *s);
/* After lanai_run: 1 if it stopped inside a verified idle loop that keeps
 * repeating (no stores, no device writes) until the next event or until
 * cycle *until (UINT64_MAX: only an event can end it). A co-simulation
 * driver may then let other nodes run further ahead. */
int lanai_idle_parked(const lanai_core *c, uint64_t *until);
/* A driver that can tell when anything the core reads may have changed
 * (a co-simulation: its card's event count) reports that generation before
 * each lanai_run; an idle check may then span runs while it stays the same,
 * so loops longer than one run are found. Without it every check starts
 * and ends within one run. */
void lanai_idle_generation(lanai_core *c, uint64_t gen);

/* SRAM contention: DMA engines have priority. Until core cycle `until`,
 * each of the next n core loads/stores to SRAM waits one extra cycle (the
 * budget adds up; it lapses at `until`). */
void lanai_steal_cycles(lanai_core *c, uint32_t n, uint64_t until);
uint64_t lanai_stolen_cycles(const lanai_core *c);   /* total paid so far */

/* SRAM address of the loaded image's global `fw_waits` (the protocol-wait
 * record of firmware/hal/waits.h, for the watchdog), 0 if it has none. */
uint32_t lanai_fw_waits_at(const lanai_core *c);
/* End of the loaded image (highest PT_LOAD address + size), 0 before a load. */
uint32_t lanai_image_end(const lanai_core *c);

/* Stack guard (on for every image lanai-ld linked): an instruction that
 * lowers sp (sub into sp: prologues, alloca) from at or above the limit to
 * below it faults with FAULT_STACK, before it executes. The limit is
 * __end + 8 (the end of .bss plus the two words the next call pushes), or
 * __heap_end + 8 in an image with malloc's heap after .bss, read from the
 * image's symbols at load; 0 = no guard (set it by hand with
 * lanai_set_stack_limit). A stack that already lives below the limit (a
 * coroutine stack in .bss) is left alone. Costs one compare per prologue. */
void lanai_set_stack_limit(lanai_core *c, uint32_t limit);
uint32_t lanai_stack_limit(const lanai_core *c);
/* Opt-in: stores by the core into the read-only part of the image (.text,
 * .rodata: the PT_LOAD segments without PF_W) fault with FAULT_WRITE_TEXT
 * before they happen. Off by default: self-modifying code works. Applies
 * to the image loaded now and to later loads. The environment variable
 * MYRISIM_LANAI_CHECK_WRITES=1 turns it on for every core lanai_new makes
 * (so for scenarios and co-simulations too). */
void lanai_set_write_check(lanai_core *c, int on);

lanai_state lanai_state_of(const lanai_core *c);
uint64_t lanai_cycles(const lanai_core *c);
uint64_t lanai_insns(const lanai_core *c);
int lanai_exit_code(const lanai_core *c);
const lanai_fault *lanai_fault_info(const lanai_core *c);
const lanai_profile *lanai_profile_of(const lanai_core *c);
uint32_t lanai_reg(const lanai_core *c, int r);
uint32_t lanai_pc(const lanai_core *c);
/* Added for tests and debuggers: set a register (r0/r1 ignored; r2 = pc
 * restarts fetch there), and read the flags as Z<<3 | N<<2 | V<<1 | C. */
void lanai_set_reg(lanai_core *c, int r, uint32_t v);
uint32_t lanai_flags(const lanai_core *c);
enum { LANAI_FLAG_C = 1, LANAI_FLAG_V = 2, LANAI_FLAG_N = 4, LANAI_FLAG_Z = 8 };
const lanai_mark *lanai_marks(const lanai_core *c, int *n);

/* Write a human-readable fault report (chip, pc, function, instruction, cause). */
void lanai_report_fault(const lanai_core *c, FILE *out);

/* Disassemble one word at address pc into buf, LLVM-style syntax. */
void lanai_disasm(uint32_t word, uint32_t pc, char *buf, size_t len);
/* Name of the function containing addr ("?" if none) and the offset into it. */
const char *lanai_symbolize(const lanai_core *c, uint32_t addr, uint32_t *off);

#endif
