/* LANai 4 (33 MHz, 1 MB SRAM): the only place its timing numbers live.
 * Structure from lanai-hardware.md §1.9 (LLVM sched model; Myricom gcc
 * table: 1 load delay slot on 4.x). Calibrated once against the on-card
 * word copy of appendix A, 19 MB/s = 6.95 cycles per word at 33 MHz: the
 * clang -O2 loop (firmware/bench/copy.c) is 6 instructions per word plus one
 * taken branch = 7 cycles = 18.9 MB/s, so SRAM needs no wait states at this
 * clock. See docs/calibration.md. */
#include "lanai.h"

const lanai_profile lanai4_profile = {
    .name = "lanai4",
    .id = CHIP_LANAI4,
    .clock_hz = 33000000,       /* dissertation's LANai 4 cards (thesis-targets §1.1) */
    .sram_size = 1u << 20,      /* 1 MB */
    .sreg_base = 0xFFFFFF00u,   /* special registers (lanai-hardware §4) */
    .cpi_base = 1,              /* single-issue pipeline: one instruction per cycle */
    .load_use_stall = 1,        /* 1 load delay slot on LANai 4.x -> 1 interlock cycle */
    .taken_branch = 1,          /* refetch bubble when control transfers */
    .pc_load = 1,               /* a return (load into pc) waits for the loaded target */
    .load_wait = 0,             /* SRAM answers within the cycle */
    .store_wait = 0,
    .partword_store_wait = 1,   /* byte/half store = read-modify-write of the SRAM word */
    .mmio_wait = 2,             /* special registers sit on a slower internal bus */
    /* NI card (docs/network.md). Packet DMA start-up calibrated once with the
     * NI ping-pong (firmware/bench/ni_pingpong.c -O2): appendix A's minimum
     * SAN DMA time, 3 us, read as the smallest NI-to-NI round trip (4-byte
     * message, cable): two start-ups + wire + the firmware's own cycles give
     * 102 cycles = 3.09 us for any value in about 725..875 ns (the polling
     * loops quantise the round trip); 800 is the middle. docs/calibration.md. */
    .pkt_word = 4,              /* RMP advances in 4-byte units on LANai 4.x (§4.7) */
    .dma_start_ns = 800,        /* calibrated: register write -> engine moves bytes (26.4 cycles) */
    .sram_bytes_per_cycle = 8,  /* proposed: two 4-byte SRAM accesses per core cycle */
    .pkt_dma_bytes_per_kcycle = 4000, /* one 32-bit word per core cycle = 132 MB/s: Fig 5.5's
                                         LANai 4 peak is exactly 33 MHz x 4 B (docs/calibration.md) */
};
