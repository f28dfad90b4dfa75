/* The contract between the host library (hostlib/lfc/lfb.c) and the NI
 * firmware (firmware/lfc/basic.c) of seed 002's basic protocol (§2.1,
 * Fig 2.1): SRAM layout, descriptor formats, the host buffer's flag word.
 * Plain constants, included by both the firmware (Lanai, big-endian) and
 * the host (native C; it reaches SRAM with plat_pio_write32/read32, which
 * carry values as the LANai sees them).
 *
 *   send ring    LFB_SEND_N descriptors in NI memory: the host fills dest,
 *                size, offset (of the packet in its DMA area) and sets the
 *                DescriptorReady flag last; the NI DMAs the payload in,
 *                prepends route and header, sends, and when the network
 *                DMA is done clears the flag (DescriptorFree).
 *   receive ring LFB_RECV_N descriptors: offsets of free host buffers in the
 *                DMA area, each with its flag; the NI takes the next one for
 *                an arriving packet (drops the packet if there is none) and
 *                DMAs the payload and the flag word in one transfer that
 *                ends at the buffer's flag (offset LFB_FLAG_OFF): the
 *                payload lies right-aligned before it, at LFB_FLAG_OFF -
 *                round4(size); flag = LFB_FULL | source << 16 | size.
 * The host's DMA area is physically contiguous (the driver's contiguous
 * memory), so an offset is all the NI needs (L861). */
#ifndef MYRISIM_LFC_BASIC_ABI_H
#define MYRISIM_LFC_BASIC_ABI_H

#define LFB_MAX_PAYLOAD 1024u          /* largest payload the firmware accepts (the host sets the used max) */
#define LFB_BUF_BYTES   (LFB_MAX_PAYLOAD + 32u)   /* one host buffer: payload, then the flag word */
#define LFB_FLAG_OFF    LFB_MAX_PAYLOAD
#define LFB_FULL        0x80000000u

/* control block (words) */
#define LFB_CTRL        0x00008000u
#define LFB_C_MAGIC     0x00u          /* the firmware writes LFB_MAGIC when ready for GO */
#define LFB_C_GO        0x04u          /* the host writes 1 after DMA_PHYS */
#define LFB_C_QUIT      0x08u          /* the host writes 1: the firmware exits */
#define LFB_C_NODE      0x0Cu          /* this NI's id (firmware) */
#define LFB_C_NODES     0x10u          /* NIs in the cluster (firmware) */
#define LFB_C_DMA_PHYS  0x14u          /* host: bus address of the DMA area */
#define LFB_C_MAXPAY    0x18u          /* host: the largest payload it will send (<= LFB_MAX_PAYLOAD) */
#define LFB_C_SENT      0x20u          /* counters (firmware) */
#define LFB_C_RECEIVED  0x24u
#define LFB_C_DROPPED   0x28u          /* no free host buffer: dropped (the basic protocol's loss) */
#define LFB_C_ERRORS    0x2Cu          /* a descriptor the firmware refused (bad size or destination) */
#define LFB_MAGIC       0x4C464231u    /* "LFB1" */

/* send ring: 16-byte descriptors */
#define LFB_SEND_RING   0x00009000u
#define LFB_SEND_N      32u
#define LFB_SD_FLAG     0x0u           /* 0 free, 1 ready */
#define LFB_SD_DEST     0x4u
#define LFB_SD_SIZE     0x8u
#define LFB_SD_OFFSET   0xCu

/* receive ring: 8-byte descriptors */
#define LFB_RECV_RING   0x0000A000u
#define LFB_RECV_N      64u
#define LFB_RD_FLAG     0x0u           /* 1: the buffer at OFFSET is free for the NI */
#define LFB_RD_OFFSET   0x4u

/* the packet on the wire after the route: this header, then the payload */
#define LFB_HDR_BYTES   8u             /* word 0: source NI << 16 | size; word 1: packet number from that source */

#endif
