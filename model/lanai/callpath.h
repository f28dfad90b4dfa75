/* Call paths of LANai firmware compiled by clang, for the profiler
 * (pcprof.c). The LANai has no call instruction; clang-14 emits every call
 * as
 *     A:    add %pc, 16, %rca     (0x07880010: link = A + 16)
 *     A+4:  st %rca, [--%sp]
 *     A+8:  bt f | mov %rN, %pc   (direct or indirect)
 *     A+12: delay slot
 * and every return as `ld -4[%fp], %pc` (two delay slots), landing on the
 * saved link A + 16. So: a call starts when the `add %pc,16,%rca` at A runs
 * and the pc then leaves A..A+12; the frame ends when the pc reaches A + 16
 * again (also after a longjmp-like unwind to an outer frame's link). The
 * tree of paths (root function -> callee -> ...) carries exclusive cycles. */
#ifndef MYRISIM_LANAI_CALLPATH_H
#define MYRISIM_LANAI_CALLPATH_H

#include <stdint.h>

#define LANAI_CALL_LINK_INSN 0x07880010u   /* add %pc, 16, %rca */
#define CALLPATH_DEPTH 128

typedef struct cp_node {
    uint32_t parent;          /* node index; the root is its own parent */
    uint32_t entry;           /* the callee's first instruction */
    uint64_t cycles, calls;   /* exclusive cycles; times entered */
} cp_node;

typedef struct callpath {
    cp_node *node;
    uint32_t nnode, cap;
    uint32_t *hash;           /* (parent, entry) -> node + 1; 0 empty */
    uint32_t hcap;
    uint32_t ret[CALLPATH_DEPTH], caller[CALLPATH_DEPTH];
    int depth, overflow;      /* frames deeper than CALLPATH_DEPTH stay in the deepest */
    uint32_t cur;             /* the node running now */
    uint32_t site;            /* pc of a pending call's link instruction */
    int pending, started;
} callpath;

int callpath_init(callpath *p);          /* 0, or -1 out of memory */
void callpath_reset(callpath *p);
void callpath_free(callpath *p);
/* Before the instruction at pc (word insn) runs; the cycles since the
 * previous call belong to the node that ran it. */
void callpath_step(callpath *p, uint32_t pc, uint32_t insn, uint64_t cycles);

#endif
