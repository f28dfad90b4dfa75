/* LANai 9 (133 MHz, 2 MB SRAM): the only place its timing numbers live.
 * Structure from lanai-hardware.md §1.9 (LLVM sched model: load latency 2;
 * Myricom gcc table: 2 load delay slots on 9.x). Calibrated once against the
 * on-card word copy of appendix A, 66 MB/s = 8.06 cycles per word at
 * 133 MHz: the clang -O2 loop is 6 instructions plus one taken branch
 * (7 cycles, 76 MB/s) so one SRAM wait state per load remains, giving
 * 8 cycles = 66.5 MB/s. At 133 MHz the SRAM no longer answers loads in the
 * same cycle; stores are posted. See docs/calibration.md. */
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
    .load_wait = 1,             /* calibrated: copy loop, appendix A (66 MB/s) */
    .store_wait = 0,            /* stores are posted */
    .partword_store_wait = 1,   /* read-modify-write of the SRAM word */
    .mmio_wait = 4,             /* special registers at a fraction of the core clock */
    /* NI card (docs/network.md). PROVISIONAL until the NI ping-pong calibration:
     * appendix A's 1 us minimum SAN DMA time is end to end (firmware included). */
    .pkt_word = 8,              /* RMP advances in 8-byte units on LANai 7/9 (§4.7) */
    .dma_start_ns = 250,        /* provisional: register write -> engine moves bytes */
    .sram_bytes_per_cycle = 8,  /* proposed: one 64-bit SRAM access per core cycle */
};
