/* Host bridge: PIO posting and merging (master side), DMA write posting and
 * read prefetch (target side). */
#include "bridge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct post_ent {
    pci_txn t;
    pio_kind kind;
    uint32_t cap;
    struct post_ent *next;
    uint8_t buf[];
} post_ent;

typedef struct rd_ent {
    pci_txn t;
    void (*done)(void *ctx, pci_resp r);
    void *ctx;
} rd_ent;

struct pci_bridge {
    pci_bus *bus;
    const pci_chipset *cs;
    pci_mem_port mem;
    pci_master *m;
    /* posting */
    post_ent *ph, *pt;         /* posted entries, oldest first */
    uint32_t posted;           /* bytes in the buffer */
    int post_errors;
    void (*room_fn)(void *);
    void *room_ctx;
    void (*drain_fn)(void *);
    void *drain_ctx;
    /* inbound write buffer: `level` bytes at time wr_t, draining */
    double wr_level;
    sim_time wr_t;
    /* read prefetch */
    uint64_t rd_end;
    int rd_valid;
    int slow;                  /* MYRISIM_SLOW_PATHS: plan every phase one by one (steady_phases off) */
};

static void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (!p) {
        fprintf(stderr, "myrisim: out of memory in the host bridge\n");
        exit(3);
    }
    return p;
}

/* ---- target side: DMA into host memory -------------------------------- */

static double level_at(const pci_bridge *br, sim_time t)
{
    double r = br->cs->br.wr_drain_Bps * 1e-12;              /* bytes per ps */
    double l = br->wr_level - r * (double)(t > br->wr_t ? t - br->wr_t : 0);
    return l > 0 ? l : 0;
}

/* How many of the phases from the one beginning at t (not the first) can
 * be passed in one step, exactly as the loop below would: each is full
 * (width bytes, none capped: `left` bytes remain), begins before t_stop and
 * lasts one clock, and t is a whole number of ps that stays below 2^53, so
 * m additions of clk are one exact addition of m * clk. The caller has
 * checked that a full phase lasts one clock and leaves the write level as
 * it is (0). A 4 KB burst on 32-bit PCI is 1024 phases, and the 2-node
 * bench plans about ten million of them. */
static uint32_t steady_phases(double t, sim_time clk, sim_time t_stop, uint32_t left, uint32_t width)
{
    const uint64_t exact = UINT64_C(1) << 53;
    if (!(t >= 0 && t < (double)exact)) return 0;
    uint64_t T = (uint64_t)t;
    if ((double)T != t || clk == 0) return 0;
    uint64_t m = left / width;
    uint64_t room = (exact - 1 - T) / clk;              /* T + m * clk stays below 2^53 */
    if (room < m) m = room;
    if (t_stop != SIM_TIME_NEVER) {
        if (t_stop >= exact) return 0;                  /* (double)t_stop would round */
        if (T >= t_stop) return 0;
        uint64_t before = (t_stop - T + clk - 1) / clk; /* phases beginning before t_stop */
        if (before < m) m = before;
    }
    return (uint32_t)m;
}

/* Phase-by-phase pacing: a phase may not begin at or after t_stop (except
 * the first); a write phase waits until the inbound buffer has room for it;
 * a read phase cannot run faster than the memory stream. */
static void plan_paced(const pci_bridge *br, const pci_burst *b, uint32_t init_wait,
                       uint32_t boundary, int is_write, pci_plan *out, double *level_out)
{
    const pci_bridge_params *p = &br->cs->br;
    uint32_t max = b->max_bytes;
    if (boundary) {
        uint64_t room = boundary - (b->addr % boundary);
        if (room < max) max = (uint32_t)room;
    }
    uint32_t nph = pci_phases(b->addr, max, b->width);
    double clk = (double)b->clk;
    double t = (double)b->t_data0 + clk * init_wait;        /* data cycle of phase 0 begins */
    double drain = p->wr_drain_Bps * 1e-12;
    double level = is_write ? level_at(br, (sim_time)t) : 0;
    double rd_pace = (!is_write && p->rd_Bps > 0) ? b->width / (p->rd_Bps * 1e-12) : 0;
    uint32_t bytes = 0;
    uint32_t k;
    /* in locals, so the division in pci_phase_bytes leaves the loop */
    const uint64_t addr = b->addr;
    const uint32_t width = b->width;
    /* does a full phase last one clock and keep the write level at 0? the
     * same expressions as in the loop, so the answer is the loop's */
    int steady;
    if (is_write && p->wr_buf) {
        double over = 0.0 + width - (double)p->wr_buf;
        double after = 0.0 + width - drain * clk;
        steady = !(over > 0 && drain > 0) && after <= 0;   /* not NaN either */
    } else {
        steady = !(rd_pace > clk);
    }
    for (k = 0; k < nph; k++) {
        if (k > 0 && steady && level == 0 && !br->slow) {   /* level is 0 for reads */
            uint32_t m = steady_phases(t, b->clk, b->t_stop, max - bytes, width);
            t += (double)(m * b->clk);                  /* exact: see steady_phases */
            bytes += m * width;
            k += m;
            if (k == nph) break;
        }
        double begin = k == 0 ? (double)b->t_data0 : t;
        if (k > 0 && b->t_stop != SIM_TIME_NEVER && begin >= (double)b->t_stop) break;
        uint32_t pb = pci_phase_bytes(addr, k + 1, width) - bytes;
        if (bytes + pb > max) pb = max - bytes;
        double dur = clk;
        if (is_write && p->wr_buf) {
            /* room needed for pb bytes; the buffer drains while we wait */
            double over = level + pb - (double)p->wr_buf;
            if (over > 0 && drain > 0) {
                double wait = over / drain;
                if (wait > dur) dur = wait;
            }
            level = level + pb - drain * dur;
            if (level < 0) level = 0;
        } else if (rd_pace > dur) {
            dur = rd_pace;
        }
        t += dur;
        bytes += pb;
    }
    if (k == 0) k = 1;
    out->bytes = bytes;
    sim_time end = (sim_time)(t + 0.999);
    out->t_end = (end + b->clk - 1) / b->clk * b->clk;
    if (level_out) *level_out = level;
}

static void tgt_plan(void *ctx, const pci_burst *b, pci_plan *out)
{
    pci_bridge *br = ctx;
    const pci_bridge_params *p = &br->cs->br;
    if (b->cmd == PCI_WRITE) {
        plan_paced(br, b, p->wr_wait, p->wr_boundary, 1, out, NULL);
    } else {
        uint32_t w = (br->rd_valid && b->addr == br->rd_end) ? p->rd_hit_wait : p->rd_miss_wait;
        plan_paced(br, b, w, p->rd_boundary, 0, out, NULL);
    }
}

static void tgt_commit(void *ctx, const pci_burst *b, const pci_plan *pl)
{
    pci_bridge *br = ctx;
    if (b->cmd == PCI_WRITE) {
        /* recompute the level at the end of the burst as planned */
        pci_burst bb = *b;
        bb.max_bytes = pl->bytes;
        bb.t_stop = SIM_TIME_NEVER;
        pci_plan tmp;
        double level;
        plan_paced(br, &bb, br->cs->br.wr_wait, br->cs->br.wr_boundary, 1, &tmp, &level);
        br->wr_level = level;
        br->wr_t = pl->t_end;
    } else {
        br->rd_end = b->addr + pl->bytes;
        br->rd_valid = 1;
    }
}

static int tgt_access(void *ctx, pci_cmd cmd, uint64_t addr, uint8_t *data, uint32_t len,
                      sim_time t, char *err, size_t errlen)
{
    (void)t;
    pci_bridge *br = ctx;
    if (cmd == PCI_WRITE) return br->mem.write(br->mem.ctx, addr, data, len, err, errlen);
    return br->mem.read(br->mem.ctx, addr, data, len, err, errlen);
}

static const pci_target_ops bridge_target_ops = {tgt_plan, tgt_commit, tgt_access};

/* ---- construction ----------------------------------------------------- */

pci_bridge *pci_bridge_new(pci_bus *bus, const pci_chipset *cs, const pci_mem_port *mem)
{
    pci_bridge *br = xmalloc(sizeof *br);
    memset(br, 0, sizeof *br);
    br->bus = bus;
    br->cs = cs;
    br->mem = *mem;
    br->slow = evq_slow_paths();
    br->m = pci_master_new(bus, "host-bridge", cs->bus.width, cs->br.latency_timer, 0);
    if (!br->m) {
        free(br);
        return NULL;
    }
    pci_master_set_gap(br->m, cs->br.pio_gap);
    if (mem->size && pci_bus_add_target(bus, mem->base, mem->size, cs->bus.width,
                                        &bridge_target_ops, br, "host memory") != 0) {
        free(br);
        return NULL;
    }
    return br;
}

void pci_bridge_free(pci_bridge *br)
{
    if (!br) return;
    post_ent *e = br->ph;
    while (e) {
        post_ent *n = e->next;
        free(e);
        e = n;
    }
    free(br);
}

pci_master *pci_bridge_master(pci_bridge *br) { return br->m; }
const pci_chipset *pci_bridge_chipset(const pci_bridge *br) { return br->cs; }
pci_bus *pci_bridge_bus(pci_bridge *br) { return br->bus; }

/* ---- master side: PIO -------------------------------------------------- */

uint32_t pci_bridge_room(const pci_bridge *br)
{
    uint32_t cap = br->cs->br.post_bytes;
    return br->posted >= cap ? 0 : cap - br->posted;
}

int pci_bridge_drained(const pci_bridge *br) { return br->ph == NULL; }
int pci_bridge_post_errors(const pci_bridge *br) { return br->post_errors; }

void pci_bridge_on_room(pci_bridge *br, void (*fn)(void *), void *ctx)
{
    br->room_fn = fn;
    br->room_ctx = ctx;
}

void pci_bridge_on_drained(pci_bridge *br, void (*fn)(void *), void *ctx)
{
    if (br->ph == NULL) {
        fn(ctx);
        return;
    }
    br->drain_fn = fn;
    br->drain_ctx = ctx;
}

static void post_done(pci_txn *t, void *ctx)
{
    pci_bridge *br = ctx;
    post_ent *e = (post_ent *)t;            /* t is the first member */
    if (t->resp != PCI_RESP_OK) br->post_errors++;
    /* entries complete in order */
    if (br->ph == e) {
        br->ph = e->next;
        if (!br->ph) br->pt = NULL;
    }
    br->posted -= t->len;
    free(e);
    if (br->room_fn) {
        void (*fn)(void *) = br->room_fn;
        br->room_fn = NULL;
        fn(br->room_ctx);
    }
    if (!br->ph && br->drain_fn) {
        void (*fn)(void *) = br->drain_fn;
        br->drain_fn = NULL;
        fn(br->drain_ctx);
    }
}

int pci_bridge_post(pci_bridge *br, uint64_t addr, const void *src, uint32_t len, pio_kind k)
{
    if (len == 0) return 0;
    if (len > pci_bridge_room(br)) return -1;
    const pci_bridge_params *p = &br->cs->br;
    uint32_t lim = k == PIO_WC ? p->wc_merge : p->uc_merge;
    if (lim == 0) lim = 4;
    const uint8_t *s = src;
    br->posted += len;
    while (len) {
        post_ent *tl = br->pt;
        if (tl && tl->kind == k && !tl->t.in_burst && tl->t.done == 0 && tl->t.bursts == 0 &&
            tl->t.addr + tl->t.len == addr && tl->t.len < tl->cap) {
            uint32_t n = tl->cap - tl->t.len;
            if (n > len) n = len;
            memcpy(tl->buf + tl->t.len, s, n);
            tl->t.len += n;
            addr += n;
            s += n;
            len -= n;
            continue;
        }
        uint32_t cap = lim > len ? lim : len;
        if (cap > lim) cap = lim;
        uint32_t n = len < cap ? len : cap;
        post_ent *e = xmalloc(sizeof *e + cap);
        memset(e, 0, sizeof *e);
        e->kind = k;
        e->cap = cap;
        memcpy(e->buf, s, n);
        e->t.cmd = PCI_WRITE;
        e->t.addr = addr;
        e->t.data = e->buf;
        e->t.len = n;
        e->t.on_done = post_done;
        e->t.ctx = br;
        if (br->pt) br->pt->next = e;
        else br->ph = e;
        br->pt = e;
        pci_submit(br->m, &e->t);
        addr += n;
        s += n;
        len -= n;
    }
    return 0;
}

static void read_done(pci_txn *t, void *ctx)
{
    (void)ctx;
    rd_ent *r = (rd_ent *)t;
    void (*fn)(void *, pci_resp) = r->done;
    void *c = r->ctx;
    pci_resp resp = t->resp;
    free(r);
    if (fn) fn(c, resp);
}

int pci_bridge_read(pci_bridge *br, uint64_t addr, void *dst, uint32_t len,
                    void (*done)(void *ctx, pci_resp r), void *ctx)
{
    if (len == 0) return -1;
    rd_ent *r = xmalloc(sizeof *r);
    memset(r, 0, sizeof *r);
    r->t.cmd = PCI_READ;
    r->t.addr = addr;
    r->t.data = dst;
    r->t.len = len;
    r->t.on_done = read_done;
    r->t.ctx = br;
    r->done = done;
    r->ctx = ctx;
    return pci_submit(br->m, &r->t);
}
