/* BT848 RISC instruction decoding (see bt848_risc.h for the layout). */
#include "bt848_risc.h"

#include <stdio.h>

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

void bt848_risc_put(uint8_t *p, uint32_t w0, uint32_t w1)
{
    for (int i = 0; i < 4; i++) {
        p[i] = (uint8_t)(w0 >> 8 * i);
        p[4 + i] = (uint8_t)(w1 >> 8 * i);
    }
}

const char *bt848_risc_op_name(uint32_t op)
{
    switch (op) {
    case BT848_OP_WRITE: return "WRITE";
    case BT848_OP_SKIP: return "SKIP";
    case BT848_OP_WRITEC: return "WRITEC";
    case BT848_OP_JUMP: return "JUMP";
    case BT848_OP_SYNC: return "SYNC";
    case BT848_OP_WRITE123: return "WRITE123";
    case BT848_OP_SKIP123: return "SKIP123";
    case BT848_OP_WRITE1S23: return "WRITE1S23";
    default: return "reserved";
    }
}

const char *bt848_risc_status_name(uint32_t st)
{
    switch (st) {
    case BT848_ST_PXV: return "PXV";
    case BT848_ST_EOL4: return "EOL4";
    case BT848_ST_SOL: return "SOL";
    case BT848_ST_VRE: return "VRE";
    case BT848_ST_EOL1: return "EOL1";
    case BT848_ST_FM1: return "FM1";
    case BT848_ST_EOL2: return "EOL2";
    case BT848_ST_VRO: return "VRO";
    case BT848_ST_EOL3: return "EOL3";
    case BT848_ST_FM3: return "FM3";
    default: return "reserved";
    }
}

int bt848_risc_decode(const uint8_t *p, bt848_insn *o, char *err, size_t n)
{
    uint32_t w0 = le32(p);
    *o = (bt848_insn){.op = w0 >> 28, .w0 = w0, .dwords = 2};
    switch (o->op) {
    case BT848_OP_WRITE:
        o->count = w0 & BT848_RISC_COUNT;
        o->addr = le32(p + 4);
        return 0;
    case BT848_OP_SKIP:
    case BT848_OP_WRITEC:
        o->count = w0 & BT848_RISC_COUNT;
        o->dwords = 1;
        return 0;
    case BT848_OP_JUMP:
        o->addr = le32(p + 4);
        return 0;
    case BT848_OP_SYNC:
        o->status = w0 & 0xf;
        if (bt848_risc_status_name(o->status)[0] == 'r') {
            snprintf(err, n, "reserved SYNC status 0x%x", o->status);
            return -1;
        }
        return 0;
    case BT848_OP_WRITE123:
    case BT848_OP_SKIP123:
    case BT848_OP_WRITE1S23:
        snprintf(err, n, "planar-mode opcode 0x%x (%s): the model captures packed 4:2:2 only", o->op,
                 bt848_risc_op_name(o->op));
        return -1;
    default:
        snprintf(err, n, "reserved opcode 0x%x", o->op);
        return -1;
    }
}
