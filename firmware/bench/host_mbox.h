/* The mailbox between a host program (hostlib/apps) and the NI firmware of
 * the host experiments (firmware/bench/host_dma.c), and the SRAM areas they
 * share. Plain constants, included by both the firmware (Lanai) and the
 * host programs (native C).
 *
 * The mailbox is HMB_WORDS big-endian words at HMB_ADDR. The host writes the
 * arguments and then, last, the command word (PIO writes reach the card in
 * order); the firmware polls the command word, clears it, does the work,
 * writes the status and the results, counts the command in HMB_SEQ and
 * raises HOST_SIG, so the host sleeps on the card's interrupt meanwhile and
 * leaves the bus to what is measured. */
#ifndef MYRISIM_BENCH_HOST_MBOX_H
#define MYRISIM_BENCH_HOST_MBOX_H

#define HMB_ADDR      0x00008000u   /* the mailbox (the firmware image must end below it) */
#define HMB_SCRATCH   0x00008100u   /* 64 bytes for TPIL's LANai 9 descriptors */
#define HMB_DESC      0x00008200u   /* the firmware's own LANai 9 descriptors */
#define HMB_DATA      0x00010000u   /* data: host injections land here, NI DMAs start here */
#define HMB_DATA_MAX  0x00080000u   /* 512 KB */

/* word indexes */
#define HMB_CMD       0u            /* 0 = idle; the host writes it last */
#define HMB_ARG0      1u
#define HMB_ARG1      2u
#define HMB_ARG2      3u
#define HMB_ARG3      4u
#define HMB_STATUS    5u            /* HMB_OK or an HMB_E_* code */
#define HMB_RES0      6u
#define HMB_RES1      7u
#define HMB_RES2      8u
#define HMB_SEQ       9u            /* commands completed */
#define HMB_WORDS     16u

/* commands (arguments -> results) */
#define HMB_CMD_CHECK    1u  /* arg0 SRAM address, arg1 bytes -> res0 16-bit ones-complement sum */
#define HMB_CMD_TO_HOST  2u  /* arg0 SRAM address, arg1 bytes, arg2 host bus address: one DMA
                                -> res0 cycles from the start to the completion bit */
#define HMB_CMD_DMA_BENCH 3u /* as TO_HOST, arg3 times -> res0 fewest cycles, res1 sum of cycles */
#define HMB_CMD_IRQ      4u  /* wait arg0 cycles, then raise HOST_SIG -> res0/res1 the cycle
                                count (low, high word) read just before the store that raises it */
#define HMB_CMD_FILL     5u  /* arg0 SRAM address, arg1 bytes, arg2 seed: write hmb_pattern */
#define HMB_CMD_QUIT     6u  /* exit with code arg0 (no reply) */

#define HMB_OK        0u
#define HMB_E_CMD     1u            /* unknown command */
#define HMB_E_RANGE   2u            /* an SRAM range outside the data area */

/* The fill pattern: byte i of a fill with seed s. */
#define hmb_pattern(i, s) ((unsigned char)((i) * 7u + (s) + ((i) >> 8)))

#endif
