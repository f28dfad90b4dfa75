/* PCI bus: arbitration, tenures, latency timer, faults, interrupt lines. */
#include "bus.h"

#include "../trace/hooks.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_MASTERS 16
#define MAX_TARGETS 16
#define MAX_IRQ 16

struct pci_master {
    pci_bus *bus;
    char name[40];
    uint32_t width, latency_timer, max_burst, gap;
    pci_txn *head, *tail;
    sim_time req_since;          /* when its current request went up */
    pci_master_stats st;
};

typedef struct target {
    uint64_t base, size;
    uint32_t width;
    const pci_target_ops *ops;
    void *ctx;
    char name[40];
} target;

struct pci_bus {
    evq *q;
    pci_bus_params p;
    char name[40];
    pci_master *m[MAX_MASTERS];
    int nm, rr;
    target t[MAX_TARGETS];
    int nt;

    /* the tenure in flight */
    pci_master *cur;
    target *cur_tgt;             /* NULL for a master abort */
    pci_burst burst;
    pci_plan plan;
    sim_time t_addr;
    int lt_limited;              /* planned with a t_stop already */
    ev_id end_ev;
    ev_id arb_ev;
    int arb_pending;
    sim_time free_at;            /* bus idle (after turnaround) from here */

    sim_time busy_ps;
    uint64_t tenures;

    pci_fault_fn fault_fn;
    void *fault_ctx;
    char fault[320];
    int nfaults;

    pci_irq_fn irq_fn;
    void *irq_ctx;
    int irq[MAX_IRQ];
    int nirq;
    int irq_out;
};

static void *xcalloc(size_t n, size_t s)
{
    void *p = calloc(n, s);
    if (!p) {
        fprintf(stderr, "myrisim: out of memory in the PCI model\n");
        exit(3);
    }
    return p;
}

const char *pci_resp_name(pci_resp r)
{
    switch (r) {
    case PCI_RESP_INCOMPLETE: return "incomplete";
    case PCI_RESP_OK: return "ok";
    case PCI_RESP_ADDRESS_ERROR: return "master abort";
    case PCI_RESP_TARGET_ABORT: return "target abort";
    }
    return "?";
}

const char *pci_cmd_name(pci_cmd c) { return c == PCI_READ ? "read" : "write"; }

uint32_t pci_txn_progress(const pci_txn *t, sim_time at)
{
    uint32_t d = t->done;
    if (t->in_burst && at > t->burst_t0 && t->burst_t1 > t->burst_t0) {
        if (at >= t->burst_t1) return d + t->burst_bytes;
        d += (uint32_t)((double)t->burst_bytes * (double)(at - t->burst_t0) /
                        (double)(t->burst_t1 - t->burst_t0));
    }
    return d;
}

/* ---- burst arithmetic ------------------------------------------------- */

uint32_t pci_phases(uint64_t addr, uint32_t n, uint32_t w)
{
    if (n == 0) return 0;
    return (uint32_t)((addr + n + w - 1) / w - addr / w);
}

void pci_plan_simple(const pci_burst *b, uint32_t init_wait, uint32_t phase_wait,
                     uint32_t boundary, pci_plan *out)
{
    uint32_t max = b->max_bytes;
    if (boundary) {
        uint64_t room = boundary - (b->addr % boundary);
        if (room < max) max = (uint32_t)room;
    }
    uint32_t nph = pci_phases(b->addr, max, b->width);
    /* phase 0 begins at t_data0 and lasts 1+init_wait cycles; later phases
     * 1+phase_wait. Phases that would begin at or after t_stop are dropped. */
    uint32_t k = nph;
    if (b->t_stop != SIM_TIME_NEVER && nph > 1) {
        sim_time t1 = b->t_data0 + (1 + init_wait) * b->clk;   /* phase 1 begins */
        if (t1 >= b->t_stop) k = 1;
        else {
            sim_time per = (1 + phase_wait) * b->clk;
            uint64_t more = (b->t_stop - t1 + per - 1) / per;  /* phases 1.. that begin before t_stop */
            if (more < nph - 1) k = 1 + (uint32_t)more;
        }
    }
    uint32_t bytes = pci_phase_bytes(b->addr, k, b->width);
    if (bytes > max) bytes = max;
    out->bytes = bytes;
    out->t_end = b->t_data0 + (1 + init_wait) * b->clk + (sim_time)(k - 1) * (1 + phase_wait) * b->clk;
    out->retry = 0;
}

/* ---- construction ----------------------------------------------------- */

pci_bus *pci_bus_new(evq *q, const pci_bus_params *p, const char *name)
{
    pci_bus *b = xcalloc(1, sizeof *b);
    b->q = q;
    b->p = *p;
    snprintf(b->name, sizeof b->name, "%s", name ? name : p->name);
    return b;
}

void pci_bus_free(pci_bus *b)
{
    if (!b) return;
    if (b->end_ev) evq_cancel(b->q, b->end_ev);
    if (b->arb_ev) evq_cancel(b->q, b->arb_ev);
    for (int i = 0; i < b->nm; i++) free(b->m[i]);
    free(b);
}

const pci_bus_params *pci_bus_params_of(const pci_bus *b) { return &b->p; }
evq *pci_bus_evq(const pci_bus *b) { return b->q; }
const char *pci_bus_name(const pci_bus *b) { return b->name; }

pci_master *pci_master_new(pci_bus *b, const char *name, uint32_t width,
                           uint32_t latency_timer, uint32_t max_burst)
{
    if (b->nm == MAX_MASTERS) return NULL;
    pci_master *m = xcalloc(1, sizeof *m);
    m->bus = b;
    snprintf(m->name, sizeof m->name, "%s", name);
    m->width = width ? width : b->p.width;
    m->latency_timer = latency_timer;
    m->max_burst = max_burst;
    b->m[b->nm++] = m;
    return m;
}

void pci_master_set_gap(pci_master *m, uint32_t cycles) { m->gap = cycles; }
const char *pci_master_name(const pci_master *m) { return m->name; }
const pci_master_stats *pci_master_stats_of(const pci_master *m) { return &m->st; }
int pci_master_busy(const pci_master *m) { return m->head != NULL; }

int pci_bus_add_target(pci_bus *b, uint64_t base, uint64_t size, uint32_t width,
                       const pci_target_ops *ops, void *ctx, const char *name)
{
    if (b->nt == MAX_TARGETS || size == 0) return -1;
    for (int i = 0; i < b->nt; i++)
        if (base < b->t[i].base + b->t[i].size && b->t[i].base < base + size) return -1;
    target *t = &b->t[b->nt++];
    t->base = base;
    t->size = size;
    t->width = width ? width : b->p.width;
    t->ops = ops;
    t->ctx = ctx;
    snprintf(t->name, sizeof t->name, "%s", name);
    return 0;
}

static target *decode(pci_bus *b, uint64_t addr)
{
    for (int i = 0; i < b->nt; i++)
        if (addr >= b->t[i].base && addr - b->t[i].base < b->t[i].size) return &b->t[i];
    return NULL;
}

int pci_bus_decodes(const pci_bus *b, uint64_t addr)
{
    return decode((pci_bus *)b, addr) != NULL;
}

void pci_bus_set_fault(pci_bus *b, pci_fault_fn fn, void *ctx)
{
    b->fault_fn = fn;
    b->fault_ctx = ctx;
}

const char *pci_bus_fault_text(const pci_bus *b) { return b->fault; }
int pci_bus_faults(const pci_bus *b) { return b->nfaults; }
sim_time pci_bus_busy_ps(const pci_bus *b) { return b->busy_ps; }
uint64_t pci_bus_tenures(const pci_bus *b) { return b->tenures; }
int pci_bus_active(const pci_bus *b) { return b->cur != NULL || b->arb_pending; }

static void report(pci_bus *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void report(pci_bus *b, const char *fmt, ...)
{
    char buf[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (b->nfaults++ == 0) snprintf(b->fault, sizeof b->fault, "%s", buf);
    if (b->fault_fn) b->fault_fn(b->fault_ctx, buf);
}

void pci_bus_fault(pci_bus *b, const char *text) { report(b, "%s", text); }

int pci_bus_access(pci_bus *b, pci_cmd cmd, uint64_t addr, uint8_t *data, uint32_t len, sim_time t,
                   char *err, size_t errlen)
{
    target *tg = decode(b, addr);
    if (!tg) return -1;
    char why[256] = "";
    if (!tg->ops->access(tg->ctx, cmd, addr, data, len, t, why, sizeof why)) return 0;
    snprintf(err, errlen, "%s: %s", tg->name, why[0] ? why : "refused");
    return 1;
}

/* ---- arbitration and tenures ----------------------------------------- */

static sim_time align_up(sim_time t, sim_time clk) { return (t + clk - 1) / clk * clk; }

static int others_waiting(const pci_bus *b, const pci_master *owner)
{
    for (int i = 0; i < b->nm; i++)
        if (b->m[i] != owner && b->m[i]->head) return 1;
    return 0;
}

static void arb_event(void *arg);
static void end_event(void *arg);

/* Schedule the next arbitration if the bus is idle and someone requests. */
static void kick(pci_bus *b)
{
    if (b->cur || b->arb_pending) return;
    sim_time earliest = SIM_TIME_NEVER;
    for (int i = 0; i < b->nm; i++)
        if (b->m[i]->head && b->m[i]->req_since < earliest) earliest = b->m[i]->req_since;
    if (earliest == SIM_TIME_NEVER) return;
    sim_time now = evq_now(b->q);
    sim_time t;
    if (earliest < b->free_at) t = b->free_at;              /* hidden arbitration */
    else t = align_up((earliest > now ? earliest : now), b->p.clock_ps) + b->p.arb_cycles * b->p.clock_ps;
    if (t < now) t = now;
    b->arb_pending = 1;
    b->arb_ev = evq_at(b->q, t, arb_event, b);
}

static void start_burst(pci_bus *b, pci_master *m, sim_time t_addr)
{
    pci_txn *x = m->head;
    const pci_bus_params *p = &b->p;
    if (x->bursts == 0 && x->done == 0) x->t_first = t_addr;
    m->st.wait_ps += t_addr > m->req_since ? t_addr - m->req_since : 0;
    b->cur = m;
    b->t_addr = t_addr;
    b->tenures++;
    uint64_t a = x->addr + x->done;
    target *tg = decode(b, a);
    b->cur_tgt = tg;
    pci_burst *bu = &b->burst;
    memset(bu, 0, sizeof *bu);
    bu->cmd = x->cmd;
    bu->addr = a;
    bu->clk = p->clock_ps;
    bu->t_data0 = t_addr + p->clock_ps;
    bu->master = m;
    uint32_t w = p->width;
    if (m->width < w) w = m->width;
    if (tg && tg->width < w) w = tg->width;
    bu->width = w;
    if (!tg) {                       /* nobody claims it: master abort after the DEVSEL timeout */
        b->plan.bytes = 0;
        b->plan.t_end = bu->t_data0 + p->abort_cycles * p->clock_ps;
        b->lt_limited = 1;
    } else {
        uint32_t max = x->len - x->done;
        if (m->max_burst && m->max_burst < max) max = m->max_burst;
        uint64_t left = tg->base + tg->size - a;
        if (left < max) max = (uint32_t)left;
        bu->max_bytes = max;
        b->lt_limited = others_waiting(b, m);
        bu->t_stop = b->lt_limited ? t_addr + (sim_time)m->latency_timer * p->clock_ps : SIM_TIME_NEVER;
        b->plan = (pci_plan){0};
        tg->ops->plan(tg->ctx, bu, &b->plan);
        /* a target must take at least one data phase and no more than offered,
         * unless it retries (no data) */
        uint32_t one = pci_phase_bytes(a, 1, w);
        if (b->plan.retry) b->plan.bytes = 0;
        else if (b->plan.bytes == 0) b->plan.bytes = one < max ? one : max;
        if (b->plan.bytes > max) b->plan.bytes = max;
        if (b->plan.t_end < bu->t_data0 + p->clock_ps) b->plan.t_end = bu->t_data0 + p->clock_ps;
        x->in_burst = 1;
        x->burst_t0 = bu->t_data0;
        x->burst_t1 = b->plan.t_end;
        x->burst_bytes = b->plan.bytes;
    }
    b->end_ev = evq_at(b->q, b->plan.t_end, end_event, b);
}

static void arb_event(void *arg)
{
    pci_bus *b = arg;
    b->arb_pending = 0;
    b->arb_ev = 0;
    if (b->cur) return;
    /* round robin from the master after the last owner */
    pci_master *pick = NULL;
    for (int k = 0; k < b->nm; k++) {
        pci_master *m = b->m[(b->rr + k) % b->nm];
        if (m->head) {
            pick = m;
            b->rr = (b->rr + k + 1) % b->nm;
            break;
        }
    }
    if (!pick) return;
    sim_time t = evq_now(b->q) + (sim_time)pick->gap * b->p.clock_ps;
    start_burst(b, pick, t);
}

static void complete(pci_txn *x, pci_resp r, sim_time t)
{
    x->resp = r;
    x->t_done = t;
    x->in_burst = 0;
    if (x->on_done) x->on_done(x, x->ctx);
}

static void end_event(void *arg)
{
    pci_bus *b = arg;
    pci_master *m = b->cur;
    pci_txn *x = m->head;
    sim_time t = b->plan.t_end;
    b->end_ev = 0;
    b->free_at = t + b->p.turnaround * b->p.clock_ps;
    b->busy_ps += b->free_at - b->t_addr;
    m->st.busy_ps += t - b->t_addr;
    m->st.bursts++;
    x->bursts++;
    x->in_burst = 0;
    pci_resp r = PCI_RESP_INCOMPLETE;
    if (!b->cur_tgt) {
        report(b, "PCI master abort on %s: %s %s of %u bytes at bus address 0x%llx: "
                  "no device decodes this address",
               b->name, m->name, pci_cmd_name(x->cmd), x->len - x->done,
               (unsigned long long)(x->addr + x->done));
        r = PCI_RESP_ADDRESS_ERROR;
    } else if (b->plan.retry) {
        m->st.retries++;                      /* no data: it asks again (below) */
    } else {
        target *tg = b->cur_tgt;
        if (tg->ops->commit) tg->ops->commit(tg->ctx, &b->burst, &b->plan);
        char err[256] = "";
        uint32_t n = b->plan.bytes;
        if (tg->ops->access(tg->ctx, x->cmd, b->burst.addr, x->data + x->done, n, t, err, sizeof err)) {
            report(b, "PCI target abort on %s: %s %s of %u bytes at bus address 0x%llx (%s): %s",
                   b->name, m->name, pci_cmd_name(x->cmd), n,
                   (unsigned long long)b->burst.addr, tg->name, err[0] ? err : "refused");
            r = PCI_RESP_TARGET_ABORT;
        } else {
            uint32_t off = x->done;
            x->done += n;
            m->st.bytes += n;
            if (x->on_burst) x->on_burst(x, x->ctx, off, n);
            if (x->done == x->len) r = PCI_RESP_OK;
        }
    }
    if (trace_cur)
        trace_pci_burst(b, m->name, x->cmd == PCI_WRITE, b->cur_tgt ? b->plan.bytes : 0, b->burst.addr, b->t_addr, t,
                        r != PCI_RESP_ADDRESS_ERROR && r != PCI_RESP_TARGET_ABORT);
    b->cur = NULL;
    b->cur_tgt = NULL;
    if (r != PCI_RESP_INCOMPLETE) {
        m->head = x->next;
        if (!m->head) m->tail = NULL;
        x->next = NULL;
        m->st.txns++;
        if (m->head) m->req_since = t;        /* its next request goes up now */
    } else {
        m->req_since = t;                     /* re-request for the rest */
    }
    kick(b);
    if (r != PCI_RESP_INCOMPLETE) complete(x, r, t);
}

/* A new request while someone else holds the bus: GNT goes away now; the
 * owner stops after the data phase in progress once its timer expires. */
static void preempt(pci_bus *b)
{
    if (!b->cur || b->lt_limited || !b->cur_tgt) return;
    b->lt_limited = 1;
    sim_time now = evq_now(b->q);
    sim_time expiry = b->t_addr + (sim_time)b->cur->latency_timer * b->p.clock_ps;
    pci_burst bu = b->burst;
    bu.t_stop = expiry > now ? expiry : now;
    pci_plan np = {0};
    b->cur_tgt->ops->plan(b->cur_tgt->ctx, &bu, &np);
    if (np.bytes == 0 || np.retry || b->plan.retry) return;   /* (a retry ends at once anyway) */
    if (np.bytes < b->plan.bytes && np.t_end < b->plan.t_end) {
        evq_cancel(b->q, b->end_ev);
        b->burst = bu;
        b->plan = np;
        pci_txn *x = b->cur->head;
        x->burst_t1 = np.t_end;
        x->burst_bytes = np.bytes;
        b->cur->st.preempted++;
        sim_time t = np.t_end > now ? np.t_end : now;
        b->plan.t_end = t;
        b->end_ev = evq_at(b->q, t, end_event, b);
    }
}

int pci_submit(pci_master *m, pci_txn *t)
{
    if (!t || t->len == 0 || !t->data) return -1;
    pci_bus *b = m->bus;
    t->resp = PCI_RESP_INCOMPLETE;
    t->done = 0;
    t->bursts = 0;
    t->in_burst = 0;
    t->t_issue = evq_now(b->q);
    t->next = NULL;
    int was_idle = m->head == NULL;
    if (m->tail) m->tail->next = t;
    else m->head = t;
    m->tail = t;
    if (was_idle) {
        m->req_since = t->t_issue;
        if (b->cur && b->cur != m) preempt(b);
    }
    kick(b);
    return 0;
}

/* ---- interrupt lines -------------------------------------------------- */

void pci_bus_set_irq_handler(pci_bus *b, pci_irq_fn fn, void *ctx)
{
    b->irq_fn = fn;
    b->irq_ctx = ctx;
}

int pci_bus_irq_line_new(pci_bus *b)
{
    if (b->nirq == MAX_IRQ) return -1;
    b->irq[b->nirq] = 0;
    return b->nirq++;
}

void pci_bus_irq_set(pci_bus *b, int line, int level)
{
    if (line < 0 || line >= b->nirq) return;
    b->irq[line] = level != 0;
    int out = 0;
    for (int i = 0; i < b->nirq; i++) out |= b->irq[i];
    if (out != b->irq_out) {
        b->irq_out = out;
        if (b->irq_fn) b->irq_fn(b->irq_ctx, out, evq_now(b->q));
    }
}

int pci_bus_irq_level(const pci_bus *b) { return b->irq_out; }
