/* The driver's BT848 capture program (layout in bt848_prog.h). */
#include "bt848_prog.h"

#include "bt848_risc.h"

uint32_t bt848_prog_insns_per_frame(uint32_t width, uint32_t height)
{
    (void)width;
    /* VRE, FM1, the odd field's lines, VRO; 480 lines add FM1 and the even field */
    return height > 240 ? 4 + height : 3 + height;
}

size_t bt848_prog_bytes(uint32_t width, uint32_t height, int nbuf)
{
    return ((size_t)bt848_prog_insns_per_frame(width, height) * (size_t)nbuf + 1) * 8;
}

size_t bt848_prog_build(uint8_t *dst, size_t cap, uint64_t pa, uint32_t width, uint32_t height,
                        const uint64_t *buf, int nbuf, int irq)
{
    if (nbuf < 1 || cap < bt848_prog_bytes(width, height, nbuf)) return 0;
    uint32_t bpl = width * 2, fields = height > 240 ? 2 : 1, lines = height / fields;
    uint8_t *p = dst;
    for (int b = 0; b < nbuf; b++) {
        bt848_risc_put(p, BT848_RISC_OP(BT848_OP_SYNC) | BT848_RISC_RESYNC | BT848_ST_VRE, 0), p += 8;
        for (uint32_t f = 0; f < fields; f++) {
            if (f) bt848_risc_put(p, BT848_RISC_OP(BT848_OP_SYNC) | BT848_RISC_RESYNC | BT848_ST_VRO, 0), p += 8;
            bt848_risc_put(p, BT848_RISC_OP(BT848_OP_SYNC) | BT848_ST_FM1, 0), p += 8;
            for (uint32_t i = 0; i < lines; i++) {
                uint32_t row = fields * i + f, last = irq && f == fields - 1 && i == lines - 1;
                bt848_risc_put(p, BT848_RISC_OP(BT848_OP_WRITE) | BT848_RISC_SOL | BT848_RISC_EOL |
                                      (last ? BT848_RISC_IRQ : 0) | bpl,
                               (uint32_t)(buf[b] + (uint64_t)row * bpl));
                p += 8;
            }
        }
        if (fields == 1) bt848_risc_put(p, BT848_RISC_OP(BT848_OP_SYNC) | BT848_RISC_RESYNC | BT848_ST_VRO, 0), p += 8;
    }
    bt848_risc_put(p, BT848_RISC_OP(BT848_OP_JUMP), (uint32_t)pa), p += 8;
    return (size_t)(p - dst);
}
