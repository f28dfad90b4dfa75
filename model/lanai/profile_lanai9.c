/* LANai 9 (133 MHz, 2 MB SRAM): the only place its timing numbers live.
 * Cycle values are PLACEHOLDERS chosen from lanai-hardware.md §1.9 (LLVM
 * sched model: load latency 2; Myricom gcc table: 2 load delay slots on
 * 9.x) until they are calibrated against the dissertation's on-card copy
 * rate (66 MB/s); docs/ will record the calibration. */
#include "lanai.h"

const lanai_profile lanai9_profile = {
    .name = "lanai9",
    .id = CHIP_LANAI9,
    .clock_hz = 133000000,      /* dissertation's LANai 9B cards (thesis-targets §1.3) */
    .sram_size = 2u << 20,      /* 2 MB */
    .sreg_base = 0xFFFFFE00u,
    .cpi_base = 1,              /* single-issue, one instruction per cycle */
    .load_use_stall = 2,        /* 2 load delay slots on LANai 9.x -> 2 interlock cycles */
    .taken_branch = 1,          /* refetch bubble when control transfers */
    .pc_load = 2,               /* return waits for the loaded target (2-cycle load) */
    .load_wait = 0,
    .store_wait = 0,
    .partword_store_wait = 1,   /* read-modify-write of the SRAM word */
    .mmio_wait = 4,             /* special registers at a fraction of the core clock */
};
