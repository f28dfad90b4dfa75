/* The interpreter loop: threaded dispatch (computed goto) over pre-decoded
 * records, one per SRAM word. Hot state lives in locals; everything rare
 * (writes to pc, odd addressing forms, device accesses, faults) leaves the
 * loop through lanai_exec_generic() or the memory slow path with the state
 * synchronised first.
 *
 * Cycle accounting per instruction: the record's static cost (cpi_base +
 * SRAM wait states), + load_use_stall when it reads a register loaded by the
 * previous instruction, + taken_branch when control transfers, + pc_load for
 * a load into pc; device accesses replace the SRAM wait by mmio_wait. */
#include "core_internal.h"

#define TRACING 0
#define RUN_LOOP run_plain
#include "exec_loop.inc"
#undef TRACING
#undef RUN_LOOP
#define TRACING 1
#define RUN_LOOP run_traced
#include "exec_loop.inc"
#undef TRACING
#undef RUN_LOOP

lanai_state lanai_run(lanai_core *c, uint64_t cycle_limit)
{
    if (c->state != LANAI_RUNNING) return c->state;
    if (c->trace) return run_traced(c, cycle_limit);
    return run_plain(c, cycle_limit);
}
