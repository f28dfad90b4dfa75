/* The BT848's RISC instructions as the data sheet encodes them (packed
 * mode; Bt848/848A/849A data sheet "DMA Controller", the same encoding as
 * Linux bttv's bt848.h). Little-endian dwords in host memory.
 *
 * dword0: [31:28] opcode, [27] SOL, [26] EOL, [24] IRQ, [23:16] RISC
 * status set/reset, [15:12] byte enables (WRITE/SKIP) or [15] RESYNC
 * (SYNC), [11:0] byte count (WRITE/SKIP) or [3:0] status code (SYNC).
 * dword1 (WRITE, JUMP; reserved for SYNC): a 32-bit bus address.
 * SKIP and WRITEC are one dword. */
#ifndef MYRISIM_BT848_RISC_H
#define MYRISIM_BT848_RISC_H

#include <stddef.h>
#include <stdint.h>

enum {
    BT848_OP_WRITE = 0x1,
    BT848_OP_SKIP = 0x2,
    BT848_OP_WRITEC = 0x5,     /* WRITE continuing at the address counter */
    BT848_OP_JUMP = 0x7,
    BT848_OP_SYNC = 0x8,
    BT848_OP_WRITE123 = 0x9,   /* planar-mode instructions: decoded, not modelled */
    BT848_OP_SKIP123 = 0xa,
    BT848_OP_WRITE1S23 = 0xb,
};

#define BT848_RISC_SOL (1u << 27)
#define BT848_RISC_EOL (1u << 26)
#define BT848_RISC_IRQ (1u << 24)
#define BT848_RISC_RESYNC (1u << 15)
#define BT848_RISC_COUNT 0xfffu
#define BT848_RISC_OP(op) ((uint32_t)(op) << 28)

/* FIFO status codes a SYNC waits for. */
enum {
    BT848_ST_PXV = 0x0, BT848_ST_EOL4 = 0x1, BT848_ST_SOL = 0x2, BT848_ST_VRE = 0x4, BT848_ST_EOL1 = 0x5,
    BT848_ST_FM1 = 0x6, BT848_ST_EOL2 = 0x9, BT848_ST_VRO = 0xc, BT848_ST_EOL3 = 0xd, BT848_ST_FM3 = 0xe,
};

typedef struct bt848_insn {
    uint32_t op;               /* dword0 [31:28] */
    uint32_t w0;               /* dword0 as fetched */
    uint32_t count;            /* WRITE/SKIP/WRITEC: bytes */
    uint32_t status;           /* SYNC: status code */
    uint64_t addr;             /* WRITE: target; JUMP: next instruction */
    uint32_t dwords;           /* 1 or 2 */
} bt848_insn;

const char *bt848_risc_op_name(uint32_t op);        /* "WRITE", ..., "reserved" */
const char *bt848_risc_status_name(uint32_t st);    /* "FM1", ..., "reserved" */

/* Decode the instruction whose dwords are at p (8 bytes, little-endian).
 * 0, or -1 and the reason in err for a reserved opcode, a planar-mode one
 * (the model captures packed 4:2:2 only) or a reserved SYNC status (what
 * the card reports as OCERR). */
int bt848_risc_decode(const uint8_t *p, bt848_insn *out, char *err, size_t n);

/* The driver's side: encode one instruction into p (dwords 1 or 2). */
void bt848_risc_put(uint8_t *p, uint32_t w0, uint32_t w1);

#endif
