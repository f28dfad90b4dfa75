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
    /* NI card (docs/network.md). Packet DMA start-up calibrated once with the
     * NI ping-pong (firmware/bench/ni_pingpong.c -O2): appendix A's minimum
     * SAN DMA time, 1 us, read as the smallest NI-to-NI round trip (4-byte
     * message, cable): 138 cycles = 1.04 us for any value in about 222..257 ns
     * (the polling loops quantise the round trip); 240 is the middle.
     * docs/calibration.md. */
    .pkt_word = 8,              /* RMP advances in 8-byte units on LANai 7/9 (§4.7) */
    .dma_start_ns = 240,        /* calibrated: register write -> engine moves bytes (32 cycles) */
    .sram_bytes_per_cycle = 8,  /* proposed: one 64-bit SRAM access per core cycle */
    .pkt_dma_bytes_per_kcycle = 1500, /* calibrated: 1.5 B/cycle = 199.5 MB/s, Fig 5.5's LANai 9
                                         Myrinet-2000 peak of 200 MB/s (docs/calibration.md) */
};
