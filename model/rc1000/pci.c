/* The RC-1000's PCI side (pci.h): BAR target for the SRAM window and
 * registers behind the PLX 9080's Direct Slave FIFOs and the card's local
 * bus, and the 9080's chained DMA channel as a bus master. Every SRAM
 * access from the PCI side is checked against the CPLD grant. */
#include "pci.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rc1000_pci {
    rc1000 *c;
    pci_bus *bus;
    pci_master *m;
    rc1000_pci_params p;
    uint64_t bar;
    uint32_t mode, padr, ladr, siz, dpr, csr;
    int busy;
    uint8_t desc[16];
    uint8_t *buf;                /* one transfer's data */
    pci_txn t;
    uint64_t descs, bytes;
    sim_time ds_drain;           /* the local bus has written all the write FIFO took */
    uint64_t ds_disc;
};

static uint32_t rd32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static void wr32(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24); }

/* Card SRAM bytes [la, la+n) to or from buf, bank by bank, each checked. */
static int sram_move(rc1000_pci *rp, uint32_t la, uint8_t *buf, uint32_t n, int write, char *err, size_t errlen)
{
    if ((la & 3) || (n & 3) || la + n > 4u * 2 * 1024 * 1024 || la + n < la) {
        snprintf(err, errlen, "SRAM range 0x%x+%u is not word-aligned inside the 8 MB", la, n);
        return -1;
    }
    for (uint32_t i = 0; i < n; i += 4) {
        uint32_t a = la + i, k = a >> 21, w = (a & 0x1FFFFF) >> 2;
        if (rc1000_pci_bank_ok(rp->c, k, w, write)) {
            snprintf(err, errlen, "%s", rc1000_error(rp->c));
            return -1;
        }
        uint32_t *word = rc1000_bank(rp->c, k) + w;
        if (write) *word = rd32(buf + i); else wr32(buf + i, *word);
    }
    return 0;
}

static void dma_next(rc1000_pci *rp);

static void dma_data_done(pci_txn *t, void *ctx)
{
    rc1000_pci *rp = ctx;
    char err[256];
    if (t->resp != PCI_RESP_OK) { rp->busy = 0; return; }   /* the bus reported the fault */
    if (!(rp->dpr & RC_DPR_TO_PCI) && sram_move(rp, rp->ladr, rp->buf, rp->siz, 1, err, sizeof err)) {
        rp->busy = 0;
        return;                                             /* the card recorded its error */
    }
    rp->bytes += rp->siz;
    rp->descs++;
    if (!(rp->mode & RC_DMAMODE_CHAIN) || (rp->dpr & RC_DPR_EOC)) {
        rp->busy = 0;
        rp->csr |= RC_CSR_DONE;
        return;
    }
    dma_next(rp);
}

/* Start the transfer described by padr/ladr/siz/dpr. */
static void dma_transfer(rc1000_pci *rp)
{
    char err[256];
    free(rp->buf);
    rp->buf = calloc(rp->siz ? rp->siz : 4, 1);
    int to_pci = (rp->dpr & RC_DPR_TO_PCI) != 0;
    if (to_pci && sram_move(rp, rp->ladr, rp->buf, rp->siz, 0, err, sizeof err)) { rp->busy = 0; return; }
    memset(&rp->t, 0, sizeof rp->t);
    rp->t.cmd = to_pci ? PCI_WRITE : PCI_READ;
    rp->t.addr = rp->padr;
    rp->t.data = rp->buf;
    rp->t.len = rp->siz;
    rp->t.on_done = dma_data_done;
    rp->t.ctx = rp;
    if (!rp->siz) { dma_data_done(&rp->t, rp); return; }
    pci_submit(rp->m, &rp->t);
}

static void desc_done(pci_txn *t, void *ctx)
{
    rc1000_pci *rp = ctx;
    if (t->resp != PCI_RESP_OK) { rp->busy = 0; return; }
    rp->padr = rd32(rp->desc);
    rp->ladr = rd32(rp->desc + 4);
    rp->siz = rd32(rp->desc + 8);
    rp->dpr = rd32(rp->desc + 12);
    dma_transfer(rp);
}

/* Fetch the descriptor at dpr (16 bytes: PCI address, local address, size, next | flags). */
static void dma_next(rc1000_pci *rp)
{
    memset(&rp->t, 0, sizeof rp->t);
    rp->t.cmd = PCI_READ;
    rp->t.addr = rp->dpr & ~15u;
    rp->t.data = rp->desc;
    rp->t.len = 16;
    rp->t.on_done = desc_done;
    rp->t.ctx = rp;
    pci_submit(rp->m, &rp->t);
}

static void dma_start(rc1000_pci *rp)
{
    rp->busy = 1;
    rp->csr &= ~RC_CSR_DONE;
    if (rp->mode & RC_DMAMODE_CHAIN) dma_next(rp);
    else dma_transfer(rp);
}

/* A write burst into the Direct Slave write FIFO. Each data phase takes
 * one Lword, which leaves on the local bus `ds_write_clocks` after the one
 * before (the first of a run after `ds_start_clocks`). A word occupies the
 * FIFO until the local bus has written it. With the FIFO full the first
 * data phase waits; a later one is not taken (disconnect). */
static void ds_write(const rc1000_pci *rp, const pci_burst *b, pci_plan *out, sim_time *drain_out, int *disc)
{
    const rc1000_pci_params *p = &rp->p;
    sim_time w = (sim_time)p->ds_write_clocks * p->local_clock_ps, start = (sim_time)p->ds_start_clocks * p->local_clock_ps;
    sim_time depth = p->ds_wfifo_lwords ? p->ds_wfifo_lwords : 1;
    sim_time drain = rp->ds_drain, t = b->t_data0, clk = b->clk;
    uint32_t nph = pci_phases(b->addr, b->max_bytes, b->width), k = 0;
    *disc = 0;
    for (uint32_t i = 0; i < nph; i++) {
        if (i > 0 && b->t_stop != SIM_TIME_NEVER && t >= b->t_stop) break;
        sim_time waits = i == 0 ? p->target_write_wait : 0;
        sim_time t_acc = t + (waits + 1) * clk;
        /* words still in the FIFO when this phase would complete */
        sim_time occ = drain > t_acc ? (drain - t_acc + w - 1) / w : 0;
        if (occ >= depth) {
            if (i > 0) { *disc = 1; break; }
            sim_time room = drain - (depth - 1) * w;             /* one word has left */
            t_acc = t + ((room - t + clk - 1) / clk) * clk;
            if (t_acc < t + (waits + 1) * clk) t_acc = t + (waits + 1) * clk;
        }
        drain = (drain > t_acc ? drain : t_acc + start) + w;
        t = t_acc;
        k++;
    }
    uint32_t bytes = pci_phase_bytes(b->addr, k, b->width);
    out->bytes = bytes > b->max_bytes ? b->max_bytes : bytes;
    out->t_end = t;
    *drain_out = drain;
}

static void plan(void *ctx, const pci_burst *b, pci_plan *out)
{
    rc1000_pci *rp = ctx;
    const rc1000_pci_params *p = &rp->p;
    if (b->cmd == PCI_WRITE) {
        sim_time d;
        int disc;
        ds_write(rp, b, out, &d, &disc);
        return;
    }
    /* A Direct Slave read: across the clock boundary, after the posted
     * writes ahead of it have left the FIFO, hold the local bus, one single
     * cycle per Lword, data back across the boundary. */
    sim_time clk = b->clk, lc = p->local_clock_ps;
    sim_time t_loc = b->t_data0 + p->ds_sync_pci_clocks * clk;
    if (rp->ds_drain > t_loc) t_loc = rp->ds_drain;
    t_loc += (sim_time)(p->ds_start_clocks + p->ds_read_clocks) * lc + p->ds_sync_pci_clocks * clk;
    uint32_t init = (uint32_t)((t_loc - b->t_data0 + clk - 1) / clk);
    uint32_t per = (uint32_t)(((sim_time)p->ds_read_clocks * lc + clk - 1) / clk);
    pci_plan_simple(b, init ? init - 1 : 0, per ? per - 1 : 0, 0, out);
}

/* The burst happened: the FIFO took exactly the planned words (the plan
 * may have been cut by the latency timer after this burst was first planned). */
static void commit(void *ctx, const pci_burst *b, const pci_plan *pl)
{
    rc1000_pci *rp = ctx;
    if (b->cmd != PCI_WRITE) return;
    pci_plan first, took;
    sim_time d;
    int disc;
    ds_write(rp, b, &first, &d, &disc);
    pci_burst bb = *b;
    bb.max_bytes = pl->bytes;
    bb.t_stop = SIM_TIME_NEVER;
    ds_write(rp, &bb, &took, &d, &disc);
    rp->ds_drain = d;
    if (first.bytes == pl->bytes && first.bytes < b->max_bytes) rp->ds_disc++;
}

static int reg_write(rc1000_pci *rp, uint32_t r, uint32_t v, char *err, size_t n)
{
    switch (r) {
    case RC_REG_REQ: rc_cpld_write_pci(rc1000_cpld(rp->c), (uint8_t)v); return 0;
    case RC_REG_CTRL: rc1000_write_ctrl(rp->c, (uint8_t)v); return 0;
    case RC_REG_CONFIG: rc1000_configure(rp->c); return 0;
    case RC_REG_DMAMODE: rp->mode = v; return 0;
    case RC_REG_DMAPADR: rp->padr = v; return 0;
    case RC_REG_DMALADR: rp->ladr = v; return 0;
    case RC_REG_DMASIZ: rp->siz = v; return 0;
    case RC_REG_DMADPR: rp->dpr = v; return 0;
    case RC_REG_DMACSR:
        rp->csr = (rp->csr & RC_CSR_DONE) | (v & RC_CSR_ENABLE);
        if ((v & RC_CSR_START) && (v & RC_CSR_ENABLE)) {
            if (rp->busy) { snprintf(err, n, "DMA start while the channel is busy"); return -1; }
            dma_start(rp);
        }
        return 0;
    default: snprintf(err, n, "write of register 0x%x", r); return -1;
    }
}

static int reg_read(rc1000_pci *rp, uint32_t r, uint32_t *v, char *err, size_t n)
{
    switch (r) {
    case RC_REG_GRANT: *v = rc_cpld_grant_pci(rc1000_cpld(rp->c)); return 0;
    case RC_REG_STATUS: *v = rc1000_status(rp->c); return 0;
    case RC_REG_DMAMODE: *v = rp->mode; return 0;
    case RC_REG_DMACSR: *v = rp->csr; return 0;
    default: snprintf(err, n, "read of register 0x%x", r); return -1;
    }
}

static int access(void *ctx, pci_cmd cmd, uint64_t addr, uint8_t *data, uint32_t len, sim_time t,
                  char *err, size_t errlen)
{
    rc1000_pci *rp = ctx;
    (void)t;
    uint64_t off = addr - rp->bar;
    if (off < RC_BAR_REGS)
        return sram_move(rp, (uint32_t)off, data, len, cmd == PCI_WRITE, err, errlen);
    if ((off & 3) || (len & 3)) {
        snprintf(err, errlen, "rc1000 register access at 0x%llx+%u not whole words", (unsigned long long)off, len);
        return -1;
    }
    for (uint32_t i = 0; i < len; i += 4) {
        uint32_t r = (uint32_t)(off - RC_BAR_REGS) + i, v;
        int st = cmd == PCI_WRITE ? reg_write(rp, r, rd32(data + i), err, errlen)
                                  : reg_read(rp, r, &v, err, errlen);
        if (st) return -1;
        if (cmd == PCI_READ) wr32(data + i, v);
    }
    return 0;
}

static const pci_target_ops ops = {.plan = plan, .commit = commit, .access = access};

rc1000_pci *rc1000_pci_attach(rc1000 *c, pci_bus *bus, uint64_t bar, const rc1000_pci_params *p,
                              char *err, size_t n)
{
    rc1000_pci *rp = calloc(1, sizeof *rp);
    rp->c = c;
    rp->bus = bus;
    rp->bar = bar;
    rp->p = p ? *p : rc1000_pci_default;
    if (pci_bus_add_target(bus, bar, RC_BAR_SIZE, 4, &ops, rp, "rc1000")) {
        snprintf(err, n, "rc1000: BAR 0x%llx+16 MB overlaps another device", (unsigned long long)bar);
        free(rp);
        return NULL;
    }
    rp->m = pci_master_new(bus, "rc1000 dma", 4, rp->p.latency_timer, rp->p.max_burst);
    pci_master_set_gap(rp->m, rp->p.dma_setup_cycles);
    return rp;
}

void rc1000_pci_free(rc1000_pci *rp)
{
    if (!rp) return;
    free(rp->buf);
    free(rp);
}

uint64_t rc1000_pci_dma_descs(const rc1000_pci *rp) { return rp->descs; }
uint64_t rc1000_pci_dma_bytes(const rc1000_pci *rp) { return rp->bytes; }
uint64_t rc1000_pci_ds_disconnects(const rc1000_pci *rp) { return rp->ds_disc; }
sim_time rc1000_pci_ds_drained(const rc1000_pci *rp) { return rp->ds_drain; }
