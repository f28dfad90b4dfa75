/* Zero-copy and one-copy transfers over the RC-1000's DMA channel
 * (rc1000_dma.h). */
#include "rc1000_dma.h"

#include "../../model/rc1000/pci.h"

#include <stdlib.h>

/* TPIL's wait (hostlib/tpil/tpil_dma.c, tpil_dma_wait) on the 9080's status
 * register: polls take the bus away from the DMA they wait for, so spin
 * first; learn from the last poll that missed, or, if the first poll saw it
 * done, from a shorter spin (never from the overshoot). */
int rcd_wait(rcd *d, sim_time t0, uint32_t bytes)
{
    const rcd_ops *o = &d->o;
    double ppb = d->dma_ps_per_byte > 0 ? d->dma_ps_per_byte * 0.97 : o->bus_ps_per_byte;
    sim_time earliest = t0 + (sim_time)((double)bytes * ppb), last_miss = 0;
    if (earliest > o->now(o->ctx) && o->cpu(o->ctx, earliest - o->now(o->ctx))) return -1;
    sim_time spun = o->now(o->ctx) - t0;
    uint32_t csr = 0;
    for (;;) {
        if (o->reg_r(o->ctx, RC_REG_DMACSR, &csr)) return -1;
        if (csr & RC_CSR_DONE) break;
        last_miss = o->now(o->ctx) - t0;
    }
    if (bytes >= RCD_PIECE) d->dma_ps_per_byte = (double)(last_miss ? last_miss : spun - spun / 8) / bytes;
    return 0;
}

static int start(rcd *d, uint32_t bytes)
{
    sim_time t0 = d->o.now(d->o.ctx);
    d->dmas++;
    if (d->o.reg_w(d->o.ctx, RC_REG_DMACSR, RC_CSR_ENABLE | RC_CSR_START)) return -1;
    return rcd_wait(d, t0, bytes);
}

size_t rcd_chain_bytes(uint32_t bytes) { return ((size_t)bytes / RCD_PIECE + 2) * 16; }

static void put_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

int rcd_zero_copy(rcd *d, const uint8_t *ubuf, uint32_t bytes, uint32_t ladr, int to_pci, uint8_t *desc,
                  uint64_t dpa)
{
    const rcd_ops *o = &d->o;
    uint8_t *chain = malloc(rcd_chain_bytes(bytes));   /* what the CPU writes, copied into desc below */
    if (!chain) return -1;
    uint32_t k = 0;
    int rc = 0;
    for (uint32_t off = 0; off < bytes && !rc; k++) {
        uint64_t pa;
        if ((rc = o->phys(o->ctx, ubuf + off, &pa))) break;
        uint32_t len = RCD_PIECE - (uint32_t)(pa % RCD_PIECE);
        if (len > bytes - off) len = bytes - off;
        int last = off + len == bytes;
        put_le(chain + 16 * k, (uint32_t)pa);
        put_le(chain + 16 * k + 4, ladr + off);
        put_le(chain + 16 * k + 8, len);
        put_le(chain + 16 * k + 12, (last ? RC_DPR_EOC : (uint32_t)dpa + 16 * (k + 1)) | (to_pci ? RC_DPR_TO_PCI : 0));
        off += len;
    }
    rc = rc || o->copy(o->ctx, desc, chain, (size_t)k * 16) || o->reg_w(o->ctx, RC_REG_DMAMODE, RC_DMAMODE_CHAIN) ||
         o->reg_w(o->ctx, RC_REG_DMADPR, (uint32_t)dpa) || start(d, bytes);
    free(chain);
    return rc ? -1 : 0;
}

int rcd_one_copy_out(rcd *d, uint8_t *dst, uint32_t bytes, uint32_t ladr, const uint8_t *bounce, uint64_t bpa)
{
    const rcd_ops *o = &d->o;
    for (uint32_t off = 0; off < bytes; off += RCD_BOUNCE) {
        uint32_t n = bytes - off < RCD_BOUNCE ? bytes - off : RCD_BOUNCE;
        if (o->reg_w(o->ctx, RC_REG_DMAMODE, 0) || o->reg_w(o->ctx, RC_REG_DMAPADR, (uint32_t)bpa) ||
            o->reg_w(o->ctx, RC_REG_DMALADR, ladr + off) || o->reg_w(o->ctx, RC_REG_DMASIZ, n) ||
            o->reg_w(o->ctx, RC_REG_DMADPR, RC_DPR_TO_PCI) || start(d, n) ||
            o->copy(o->ctx, dst + off, bounce, n))   /* bounce buffer -> the user's memory */
            return -1;
    }
    return 0;
}
