/* PCI-to-PCI bridge: posted upstream writes through a few buffers,
 * non-posted reads and downstream writes, interrupt and fault forwarding. */
#include "p2p.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct post_ent {
    pci_txn t;
    pci_p2p *br;
    uint64_t seq;              /* its place among the posted writes (1, 2, ...) */
    struct post_ent *next;
    uint8_t buf[];
} post_ent;

struct pci_p2p {
    const pci_p2p_params *p;
    char name[48];
    pci_bus *pri, *sec;
    pci_master *up;            /* the bridge as a master on the primary bus */
    post_ent *head, *tail;     /* posted upstream writes not yet done, oldest first */
    uint32_t inflight;
    uint64_t posted, gone;     /* posted writes accepted / done on the primary bus, in order */
    int read_latched;          /* a downstream read is being retried: it completes once */
    uint64_t read_after;       /* ... the writes posted up to here have gone */
    int irq_line;
    uint64_t win_base, win_size;
    int window_open;
    int planned_held;          /* the last upstream write planned waited for a buffer */
    pci_p2p_stats st;
};

static void *xcalloc(size_t n, size_t s)
{
    void *p = calloc(n, s);
    if (!p) {
        fprintf(stderr, "myrisim: out of memory in a PCI-to-PCI bridge\n");
        exit(3);
    }
    return p;
}

/* ---- when the posted writes will have gone ---------------------------- */

/* Bus time of an upstream transaction of n bytes once it owns the primary
 * bus: arbitration, the bridge's gap, address, data, turnaround. The far
 * target's wait states are not known here, so this is a lower bound. */
static sim_time up_tenure(const pci_p2p *br, uint64_t addr, uint32_t n)
{
    const pci_bus_params *bp = pci_bus_params_of(br->pri);
    uint32_t w = br->p->width < bp->width ? br->p->width : bp->width;
    uint64_t cyc = bp->arb_cycles + br->p->fwd_gap + 1 + pci_phases(addr, n, w) + bp->turnaround;
    return (sim_time)cyc * bp->clock_ps;
}

/* Estimated time the posted entry e (and every one before it) is done. */
static sim_time est_done(const pci_p2p *br, const post_ent *e, sim_time now)
{
    sim_time t = now;
    for (const post_ent *x = br->head; x; x = x->next) {
        const pci_txn *tx = &x->t;
        if (tx->in_burst && tx->done + tx->burst_bytes >= tx->len)
            t = tx->burst_t1 > t ? tx->burst_t1 : t;
        else
            t += up_tenure(br, tx->addr + tx->done, tx->len - tx->done - (tx->in_burst ? tx->burst_bytes : 0));
        if (x == e) break;
    }
    return t;
}

/* Wait states that hold a burst's first data phase until time `until`. */
static uint32_t hold_until(const pci_burst *b, sim_time until)
{
    return until > b->t_data0 ? (uint32_t)((until - b->t_data0 + b->clk - 1) / b->clk) : 0;
}

/* ---- the far side of a posted write ----------------------------------- */

static void up_done(pci_txn *t, void *ctx)
{
    (void)t;
    post_ent *e = ctx;
    pci_p2p *br = e->br;
    /* entries finish in order (one master, one queue); an error was already
     * reported by the primary bus (its master or target abort) */
    br->head = e->next;
    if (!br->head) br->tail = NULL;
    br->inflight--;
    br->gone = e->seq;
    free(e);
}

/* ---- target faces ------------------------------------------------------ */

static void plan_np(pci_p2p *br, const pci_burst *b, pci_plan *out, int after_posted)
{
    uint32_t wait = br->p->fwd_wait;
    if (after_posted && br->tail) {
        /* PCI ordering: a read, and a read's completion, do not pass
         * upstream posted writes */
        uint32_t h = hold_until(b, est_done(br, br->tail, b->t_data0));
        if (h > wait) wait = h;
    }
    pci_plan_simple(b, wait, 0, br->p->fwd_boundary, out);
}

static void up_plan(void *ctx, const pci_burst *b, pci_plan *out)
{
    pci_p2p *br = (pci_p2p *)ctx;
    if (b->cmd == PCI_READ) {
        plan_np(br, b, out, 1);
        return;
    }
    pci_burst bb = *b;
    if (bb.max_bytes > br->p->post_buf_bytes) bb.max_bytes = br->p->post_buf_bytes;
    uint32_t wait = br->p->wr_wait;
    br->planned_held = 0;      /* only what commit reads back; planning again gives the same */
    if (br->inflight >= br->p->post_bufs) {
        uint32_t h = hold_until(b, est_done(br, br->head, b->t_data0));
        if (h > wait) wait = h;
        br->planned_held = 1;
    }
    pci_plan_simple(&bb, wait, 0, 0, out);
}

static void up_commit(void *ctx, const pci_burst *b, const pci_plan *p)
{
    pci_p2p *br = ctx;
    (void)p;
    if (b->cmd == PCI_WRITE && br->planned_held) br->st.held_bursts++;
}

static int np_access(pci_p2p *br, pci_bus *far, pci_cmd cmd, uint64_t addr, uint8_t *data, uint32_t len,
                     sim_time t, char *err, size_t errlen)
{
    char why[256];
    int r = pci_bus_access(far, cmd, addr, data, len, t, why, sizeof why);
    if (r < 0) {
        snprintf(err, errlen, "%s: nothing on %s decodes 0x%llx", br->name, pci_bus_name(far),
                 (unsigned long long)addr);
        return -1;
    }
    if (r > 0) {
        snprintf(err, errlen, "%s: %s", br->name, why);
        return -1;
    }
    br->st.fwd_bytes += len;
    br->st.fwd_bursts++;
    return 0;
}

static int up_access(void *ctx, pci_cmd cmd, uint64_t addr, uint8_t *data, uint32_t len, sim_time t,
                     char *err, size_t errlen)
{
    pci_p2p *br = ctx;
    if (cmd == PCI_READ) return np_access(br, br->pri, cmd, addr, data, len, t, err, errlen);
    if (!pci_bus_decodes(br->pri, addr)) {
        /* a real bridge would master-abort upstream and drop the data; say so here */
        snprintf(err, errlen, "%s: nothing on %s decodes 0x%llx", br->name, pci_bus_name(br->pri),
                 (unsigned long long)addr);
        return -1;
    }
    post_ent *e = xcalloc(1, sizeof *e + len);
    memcpy(e->buf, data, len);
    e->br = br;
    e->seq = ++br->posted;
    e->t = (pci_txn){.cmd = PCI_WRITE, .addr = addr, .data = e->buf, .len = len, .on_done = up_done, .ctx = e};
    if (br->tail) br->tail->next = e;
    else br->head = e;
    br->tail = e;
    br->inflight++;
    br->st.up_bytes += len;
    br->st.up_bursts++;
    pci_submit(br->up, &e->t);
    return 0;
}

/* A read from the primary side is a delayed transaction: its completion
 * may not pass the upstream writes posted before it (PCI ordering), and
 * those need the primary bus, so the bridge does not hold that bus with
 * wait states while they go (they never could: every read would last as
 * long as the whole queue, and a host polling through the bridge starves
 * the queue). It latches the read and retries the master until the writes
 * posted before it have gone; later ones may pass it. */
static void down_plan(void *ctx, const pci_burst *b, pci_plan *out)
{
    pci_p2p *br = ctx;
    if (b->cmd == PCI_READ) {
        if (!br->read_latched) {   /* (plan is asked again for the same burst: the first time latches) */
            br->read_latched = 1;
            br->read_after = br->posted;
        }
        if (br->gone < br->read_after) {
            out->bytes = 0;
            out->retry = 1;
            out->t_end = b->t_data0 + b->clk;
            return;
        }
    }
    plan_np(br, b, out, 0);
}

static int down_access(void *ctx, pci_cmd cmd, uint64_t addr, uint8_t *data, uint32_t len, sim_time t,
                       char *err, size_t errlen)
{
    pci_p2p *br = ctx;
    if (cmd == PCI_READ) br->read_latched = 0;
    return np_access(br, br->sec, cmd, addr, data, len, t, err, errlen);
}

static const pci_target_ops up_ops = {up_plan, up_commit, up_access};
static const pci_target_ops down_ops = {down_plan, NULL, down_access};

/* ---- interrupts and faults -------------------------------------------- */

static void sec_irq(void *ctx, int level, sim_time t)
{
    (void)t;
    pci_p2p *br = ctx;
    pci_bus_irq_set(br->pri, br->irq_line, level);
}

static void sec_fault(void *ctx, const char *text)
{
    pci_p2p *br = ctx;
    pci_bus_fault(br->pri, text);
}

/* ---- construction ------------------------------------------------------ */

pci_p2p *pci_p2p_new(pci_bus *primary, const pci_p2p_params *p, const char *name, char *err, size_t errlen)
{
    if (!p->post_bufs || !p->post_buf_bytes || (p->width != 4 && p->width != 8)) {
        snprintf(err, errlen, "bridge %s: profile %s needs post_bufs, post_buf_bytes and a width of 4 or 8", name,
                 p->name);
        return NULL;
    }
    pci_p2p *br = xcalloc(1, sizeof *br);
    br->p = p;
    snprintf(br->name, sizeof br->name, "%s", name);
    br->pri = primary;
    br->sec = pci_bus_new(pci_bus_evq(primary), &p->sec, name);
    br->up = pci_master_new(primary, name, p->width, p->latency_timer, p->post_buf_bytes);
    pci_master_set_gap(br->up, p->fwd_gap);
    br->irq_line = pci_bus_irq_line_new(primary);
    pci_bus_set_irq_handler(br->sec, sec_irq, br);
    pci_bus_set_fault(br->sec, sec_fault, br);
    return br;
}

int pci_p2p_open_window(pci_p2p *br, uint64_t base, uint64_t size, char *err, size_t errlen)
{
    const uint64_t top = 1ull << 32;   /* every modelled host decodes 32 bits */
    if (br->window_open || !size || base + size > top) {
        snprintf(err, errlen, "bridge %s: window [0x%llx, +0x%llx) %s", br->name, (unsigned long long)base,
                 (unsigned long long)size, br->window_open ? "opened twice" : "is empty or beyond 4 GB");
        return -1;
    }
    if (pci_bus_add_target(br->pri, base, size, br->p->width, &down_ops, br, br->name)) {
        snprintf(err, errlen, "bridge %s: window 0x%llx..0x%llx overlaps a device on %s", br->name,
                 (unsigned long long)base, (unsigned long long)(base + size - 1), pci_bus_name(br->pri));
        return -1;
    }
    if ((base && pci_bus_add_target(br->sec, 0, base, br->p->width, &up_ops, br, br->name)) ||
        (base + size < top &&
         pci_bus_add_target(br->sec, base + size, top - base - size, br->p->width, &up_ops, br, br->name))) {
        snprintf(err, errlen, "bridge %s: a device on %s lies outside the window 0x%llx..0x%llx", br->name,
                 pci_bus_name(br->sec), (unsigned long long)base, (unsigned long long)(base + size - 1));
        return -1;
    }
    br->win_base = base;
    br->win_size = size;
    br->window_open = 1;
    return 0;
}

void pci_p2p_free(pci_p2p *br)
{
    if (!br) return;
    /* posted entries still queued belong to the primary bus's master queue,
     * which goes with the bus; free the buffers */
    for (post_ent *e = br->head, *n; e; e = n) {
        n = e->next;
        free(e);
    }
    pci_bus_free(br->sec);
    free(br);
}

pci_bus *pci_p2p_secondary(pci_p2p *br) { return br->sec; }
const pci_p2p_stats *pci_p2p_stats_of(const pci_p2p *br) { return &br->st; }
const pci_p2p_params *pci_p2p_params_of(const pci_p2p *br) { return br->p; }
