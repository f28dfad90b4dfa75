/* Internal state of the LANai core, shared by core.c, the executors and the
 * services window. Not part of the public API (lanai.h). */
#ifndef MYRISIM_LANAI_CORE_INTERNAL_H
#define MYRISIM_LANAI_CORE_INTERNAL_H

#include "lanai.h"
#include "decode.h"

#include <stdint.h>
#include <string.h>

#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

/* Writes to r0 and r1 go to this extra slot, so handlers never test for them. */
#define LREG_SINK 32

/* Flag bits in lanai_core.flags; the 4-bit value indexes cond_table. */
enum { FL_C = 1, FL_V = 2, FL_N = 4, FL_Z = 8 };

/* A pre-decoded instruction: one per SRAM word, filled lazily on first
 * execution and reset to H_DECODE when a store hits the word. */
typedef struct lanai_dec {
    uint8_t h;        /* handler (lanai_handler) */
    uint8_t rd, rs1, rs2;  /* rd is LREG_SINK for r0/r1 destinations */
    uint8_t cc;       /* condition (DDDI) */
    uint8_t cost;     /* static cycles: cpi_base + SRAM wait states */
    uint8_t x, y;     /* handler-specific: ALU op, flags, real handler ... */
    uint32_t imm;     /* operand / displacement / target */
    uint32_t src;     /* bit mask of registers read (load-use interlock) */
} lanai_dec;

typedef enum {
    H_DECODE = 0, H_ILLEGAL, H_FETCHFAULT, H_READPC, H_GENERIC,
    /* RI, no flags, rd not pc */
    H_MOVI, H_ADDI, H_SUBI, H_ANDI, H_ORI, H_XORI, H_SHLI, H_SHRI, H_SARI, H_ALUI,
    /* RI with .f */
    H_SUBFI, H_ALUFI,
    /* RR, condition always true, no flags */
    H_ADDR, H_SUBR, H_ANDR, H_ORR, H_XORR, H_SHR, H_SHAR, H_ALUR,
    /* RR with .f or a predicate */
    H_SUBFR, H_ALURX,
    /* sub into sp: the stack guard (lanai_set_stack_limit) */
    H_SPSUBI, H_SPSUBR,
    H_SEL, H_SCC, H_POPC, H_LEADZ, H_TRAILZ,
    /* memory: D = rs1 + imm (no writeback), RR = rs1 + rs2, ABS = SLS */
    H_LDW_D, H_STW_D, H_STW_PRE, H_LDW_POST, H_LDW_RR, H_STW_RR, H_LDW_ABS, H_STW_ABS,
    H_LDH_D, H_LDB_D, H_STH_D, H_STB_D,
    /* control */
    H_BT, H_BCC, H_RET,
    H_COUNT
} lanai_handler;

struct lanai_symtab;
typedef struct lanai_pcprof lanai_pcprof;   /* pcprof.c */

/* idle.c: the architectural state right after a backward taken branch,
 * and one such branch as an idle check saw it. */
typedef struct {
    uint32_t R[32], flags, pc, q1, q2, q3, ldpend;
    int pend;
} lanai_arch_state;
#define IDLE_HEADS 8                /* distinct backward branches in one period, at most */
typedef struct {
    uint32_t pc;
    lanai_arch_state s;
    uint64_t cycles, insns;
    uint32_t dev_reads;         /* device reads before it, in this check */
} lanai_idle_head;

struct lanai_core {
    /* The first two 64-byte lines (lanai_new aligns the core to 64) hold
     * what every run reads: a co-simulation runs each core for about one
     * instruction per round, so the lines a run touches are its cost. */
    lanai_state state;
    int stop_req;               /* an mmio hook asked lanai_run to return */
    int parked;                 /* the last run ended inside a verified idle loop */
    int idle_on;                /* idle-loop skipping (exec.c, idle.c) */
    uint32_t idle_wait;         /* run slices until the next check */
    int chk_on;                 /* an idle check is under way (below) */
    uint32_t steal;             /* SRAM cycles still owed to the DMA engines */
    int pend;                   /* a control transfer is in flight */
    uint64_t cycles;
    uint64_t steal_until;       /* ... the stolen cycles lapse at this cycle */
    int general;                /* every run takes the general path (lanai_run_mode) */
    /* the interpreter loop's state */
    uint64_t insns;
    uint8_t *sram;
    lanai_dec *dec;             /* sram_size/4 records + 1 fetch-fault sentinel */
    uint8_t *cpage;             /* per 4 KB page: holds decoded records */
    const lanai_profile *prof;
    uint32_t pc;                /* address of the next instruction */
    uint32_t ldpend;            /* register mask loaded by the previous insn */
    uint32_t flags;             /* FL_* */
    uint32_t sram_size;
    uint32_t q1, q2, q3;        /* next-pc queue (§1.8), valid when pend */
    uint32_t xfer_from;         /* pc of the last taken transfer: a fetch fault names it */
    uint32_t stack_limit;       /* lowest sp a prologue may set (0 = no guard) */
    uint32_t stall, taken;      /* prof->load_use_stall, prof->taken_branch */
    uint32_t R[LREG_SINK + 2];  /* r0 = 0 and r1 = ~0 are never written */
    uint64_t stolen;            /* total extra cycles paid to the DMA engines */
    uint64_t parked_until;      /* a parked core's loop cannot change before this cycle */
    uint32_t idle_backoff;      /* idle checks back off while they keep failing */

    FILE *trace;
    lanai_pcprof *pcprof;       /* per-PC cycle profile (pcprof.h); runs the traced loop */
    int slow_paths;             /* MYRISIM_SLOW_PATHS: no short-run fast path (exec.c) */
    int exit_code;
    lanai_fault fault;
    uint32_t ncpage;

    lanai_mmio mmio;
    int has_mmio;
    lanai_next_change_fn next_change;
    FILE *console;
    lanai_console_hook console_hook;
    void *console_ctx;

    lanai_mark *marks;
    int nmarks, capmarks;
    uint32_t cycle_hi_latch, insn_hi_latch;

    struct lanai_symtab *syms;
    uint32_t image_end;
    uint32_t ro_end;            /* end of the image's read-only segments */
    uint32_t waits_at;          /* address of the image's fw_waits record, 0 if none */
    int write_check;            /* CPAGE_RO pages fault on stores (opt-in) */

    char dev_msg[120];          /* lanai_device_error text for the next FAULT_DEVICE */

    /* idle-loop skipping (exec.c, idle.c) */
    int watching;               /* the watch loop runs one iteration */
    int watch_dirty;            /* ... and saw a store or a device write */
    int watch_timeread;         /* ... read a counter of the services window */
    uint32_t watch_dev_reads;   /* ... device reads (bounded by next_change) */
    int watch_end;              /* ... ended at a backward branch (1) */
    uint32_t watch_end_pc;
    lanai_idle_stats idle;
    /* an idle check spanning runs (lanai_idle_generation): only while the
     * driver's generation of everything the core can read stays the same */
    int gen_known;              /* the driver reports a generation */
    uint64_t gen;               /* ... the current one */
    uint64_t chk_gen;           /* ... a check (chk_on) begun under this generation */
    uint64_t chk_istart;        /* ... at this instruction count */
    uint32_t chk_reads;         /* ... device reads since */
    int chk_n;                  /* ... backward branches seen */
    lanai_idle_head chk_seen[IDLE_HEADS];
};

/* After a change of trace, pcprof or slow_paths: whether runs may take the
 * short-run fast path (exec.c) or must take the general one. */
static inline void lanai_run_mode(lanai_core *c)
{
    c->general = c->trace || c->pcprof || c->slow_paths;
}

/* idle.c: one idle check (seek a loop, verify one iteration, skip whole
 * iterations if it is idle). Runs the watching loop of exec.c. */
void lanai_idle_try(lanai_core *c, uint64_t limit);
/* Drop an idle check under way (its inputs changed); the next one starts
 * after the current back-off. */
static inline void lanai_idle_drop(lanai_core *c)
{
    if (c->chk_on) {
        c->chk_on = 0;
        c->idle_wait = c->idle_backoff;
    }
}
lanai_state lanai_run_watch(lanai_core *c, uint64_t limit);
#define IDLE_BACKOFF_MAX 64u        /* slices between checks of a busy core, at most */
#define IDLE_WATCH_INSNS 256u       /* longest stretch between backward branches considered */
#define IDLE_PERIOD_INSNS 4096u     /* longest idle period considered (all its branches) */
#define IDLE_SLICE 2048u            /* cycles of plain execution between check points */

#define CPAGE_SHIFT 12
/* cpage[] bits: the page holds decoded records (stores must invalidate
 * them) / lies in the read-only image under the write check. Stores test
 * the byte anyway, so the write check costs the plain loop nothing. */
#define CPAGE_DECODED 1u
#define CPAGE_RO 2u

/* Big-endian SRAM access. */
static inline uint32_t be32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return __builtin_bswap32(v);
}
static inline void put_be32(uint8_t *p, uint32_t v)
{
    v = __builtin_bswap32(v);
    memcpy(p, &v, 4);
}
static inline uint32_t be16(const uint8_t *p) { return ((uint32_t)p[0] << 8) | p[1]; }
static inline void put_be16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; }

/* cond_table[cc] bit f is set when condition cc holds for flag value f. */
extern const uint16_t lanai_cond_table[16];
static inline int cond_true(uint32_t flags, unsigned cc) { return (lanai_cond_table[cc] >> flags) & 1; }

static inline uint32_t nz_flags(uint32_t r) { return (r == 0 ? FL_Z : 0) | ((r >> 31) ? FL_N : 0); }

/* a + b + cin with Z N V C. */
static inline uint32_t add_flags(uint32_t a, uint32_t b, uint32_t cin, uint32_t *fl)
{
    uint64_t s = (uint64_t)a + b + cin;
    uint32_t r = (uint32_t)s;
    *fl = nz_flags(r) | ((uint32_t)(s >> 32) ? FL_C : 0) | (((~(a ^ b) & (a ^ r)) >> 31) ? FL_V : 0);
    return r;
}

/* Shift by a signed amount (+ left, - right); |amount| >= 32 shifts
 * everything out (PROPOSED in §1.5). *carry = last bit shifted out on a
 * left shift, 0 on a right shift or a zero shift. */
static inline uint32_t shift_val(uint32_t a, int32_t amt, int arith, uint32_t *carry)
{
    *carry = 0;
    if (amt >= 0) {
        if (amt == 0) return a;
        if (amt <= 32) *carry = (a >> (32 - amt)) & 1;
        return amt >= 32 ? 0 : a << amt;
    }
    uint32_t n = amt < -32 ? 32u : (uint32_t)-amt;
    if (arith) return n >= 32 ? (uint32_t)((int32_t)a >> 31) : (uint32_t)((int32_t)a >> n);
    return n >= 32 ? 0 : a >> n;
}

/* Full ALU with flag update; ri selects the RI rule for C on logical ops
 * (RI: cleared; RR: unchanged — §1.5 PROPOSED). */
static inline __attribute__((always_inline)) uint32_t alu_exec(uint32_t *flags, int op, uint32_t a, uint32_t b, int setf, int ri)
{
    uint32_t r, fl = 0, carry;
    switch (op) {
    case ALU_ADD: r = add_flags(a, b, 0, &fl); break;
    case ALU_ADDC: r = add_flags(a, b, *flags & FL_C, &fl); break;
    case ALU_SUB: r = add_flags(a, ~b, 1, &fl); break;
    case ALU_SUBB: r = add_flags(a, ~b, *flags & FL_C, &fl); break;
    case ALU_AND: r = a & b; fl = nz_flags(r) | (ri ? 0 : (*flags & FL_C)); break;
    case ALU_OR: r = a | b; fl = nz_flags(r) | (ri ? 0 : (*flags & FL_C)); break;
    case ALU_XOR: r = a ^ b; fl = nz_flags(r) | (ri ? 0 : (*flags & FL_C)); break;
    case ALU_SH: r = shift_val(a, (int32_t)b, 0, &carry); fl = nz_flags(r) | carry; break;
    default: r = shift_val(a, (int32_t)b, 1, &carry); fl = nz_flags(r) | carry; break;
    }
    if (setf) *flags = fl;
    return r;
}

/* predecode.c */
void lanai_predecode(const lanai_core *c, uint32_t word, lanai_dec *d);
void lanai_invalidate_all(lanai_core *c);

/* memory.c: accesses outside the SRAM fast path. Return 0 on success,
 * -1 when the core faulted (fault recorded). Writes may halt the core
 * (state becomes LANAI_HALTED, return 0). *extra gets added cycles. */
int lanai_mem_read_slow(lanai_core *c, uint32_t pc, uint32_t addr, int size, uint32_t *val);
int lanai_mem_write_slow(lanai_core *c, uint32_t pc, uint32_t addr, int size, uint32_t val);
/* Whole access (SRAM or slow path), used by the generic executor. */
int lanai_mem_read(lanai_core *c, uint32_t pc, uint32_t addr, int size, uint32_t *val);
int lanai_mem_write(lanai_core *c, uint32_t pc, uint32_t addr, int size, uint32_t val);

/* simsvc.c: the services window; same return convention. */
int lanai_simsvc_read(lanai_core *c, uint32_t pc, uint32_t addr, uint32_t *val);
int lanai_simsvc_write(lanai_core *c, uint32_t pc, uint32_t addr, uint32_t val);

/* fault.c */
void lanai_raise(lanai_core *c, lanai_fault_cause cause, uint32_t pc, uint32_t addr, const char *msg);
/* FAULT_STACK for an instruction at pc that would set sp from old to new. */
void lanai_stack_fault(lanai_core *c, uint32_t pc, uint32_t old, uint32_t new_sp);
/* FAULT_WRITE_TEXT for a store at pc to addr. */
void lanai_write_fault(lanai_core *c, uint32_t pc, uint32_t addr);
/* A store to addr in a page with cpage bits set: 0 after invalidating any
 * decoded record there, -1 when the write check refuses it (fault raised). */
static inline int lanai_store_page(lanai_core *c, uint32_t pc, uint32_t addr)
{
    if ((c->cpage[addr >> CPAGE_SHIFT] & CPAGE_RO) && addr < c->ro_end) {
        lanai_write_fault(c, pc, addr);
        return -1;
    }
    memset(&c->dec[addr >> 2], 0, sizeof(lanai_dec));
    return 0;
}
void lanai_trace_line(lanai_core *c, uint32_t pc);

/* exec_generic.c: one instruction with full semantics (rare forms, writes
 * to pc). The caller has charged the static cost. Returns 0, or -1 on fault. */
int lanai_exec_generic(lanai_core *c, uint32_t pc);

/* Queue a control transfer to target after `slots` delay slots (1 or 2). */
static inline void lanai_transfer(lanai_core *c, uint32_t pc, uint32_t target, int slots)
{
    if (!c->pend) {
        c->q1 = pc + 4; c->q2 = pc + 8; c->q3 = pc + 12;
        c->pend = 1;
    }
    if (slots == 1) { c->q2 = target; c->q3 = target + 4; }
    else c->q3 = target;
    c->xfer_from = pc;
    c->cycles += c->prof->taken_branch;
}

#endif
