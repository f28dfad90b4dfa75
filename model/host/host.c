/* Host machine: buses, bridges, memory port, CPU operations, interrupts. */
#include "host.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct host {
    evq *q;
    const host_profile *hp;
    hostmem *mem;
    int nb;
    pci_bus *bus[HOST_MAX_BUSES];
    pci_bridge *br[HOST_MAX_BUSES];
    int irq_level[HOST_MAX_BUSES];
    void (*irq_fn)(void *);
    void *irq_ctx;
    struct { sim_time t0, t1; } kspan[HOST_KERNEL_SPANS];   /* t1 SIM_TIME_NEVER while open */
    int knext, kdepth;
    int kused;                 /* spans ever written (at most HOST_KERNEL_SPANS): none on most hosts */
    void (*kend_fn)(void *);
    void *kend_ctx;
    host_watch_fn watch_fn[HOST_MAX_WATCHERS];
    void *watch_ctx[HOST_MAX_WATCHERS];
    char err[320];
    char fault[320];
    int nfaults;
};

static void herr(host *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void herr(host *h, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(h->err, sizeof h->err, fmt, ap);
    va_end(ap);
}

const char *host_pio_mode_name(host_pio_mode m)
{
    switch (m) {
    case HPIO_PLAIN: return "plain";
    case HPIO_MMX: return "mmx";
    case HPIO_SSE: return "sse";
    case HPIO_WC: return "wc";
    }
    return "?";
}

static void tell_watchers(void *ctx)
{
    host *h = ctx;
    for (int i = 0; i < HOST_MAX_WATCHERS; i++)
        if (h->watch_fn[i]) h->watch_fn[i](h->watch_ctx[i]);
}

static int mem_read(void *ctx, uint64_t pa, uint8_t *buf, uint32_t len, char *err, size_t n)
{
    return hm_phys_read(ctx, pa, buf, len, err, n);
}

/* Where bus-master writes land in host memory; hostmem tells the watchers
 * (so does any other device-side writer, e.g. a test's stand-in NI). */
static int mem_write(void *ctx, uint64_t pa, const uint8_t *buf, uint32_t len, char *err, size_t n)
{
    return hm_phys_write(ctx, pa, buf, len, err, n);
}

static void on_fault(void *ctx, const char *text)
{
    host *h = ctx;
    if (h->nfaults++ == 0) snprintf(h->fault, sizeof h->fault, "%s", text);
}

static void on_irq(void *ctx, int level, sim_time t);

host *host_new(evq *q, const host_profile *hp, uint32_t seed, char *err, size_t errlen)
{
    host *h = calloc(1, sizeof *h);
    if (!h) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    h->q = q;
    h->hp = hp;
    h->mem = hostmem_new(hp->ram_bytes, hp->contig_regions, seed, err, errlen);
    if (!h->mem) {
        free(h);
        return NULL;
    }
    hm_set_write_hook(h->mem, tell_watchers, h);
    h->nb = hp->nbuses;
    for (int i = 0; i < h->nb; i++) {
        const pci_chipset *cs = hp->bus[i];
        char name[48];
        snprintf(name, sizeof name, "%s bus %d (%s)", hp->name, i, cs->bus.name);
        h->bus[i] = pci_bus_new(q, &cs->bus, name);
        pci_mem_port port = {h->mem, 0, hp->ram_bytes, mem_read, mem_write};
        h->br[i] = pci_bridge_new(h->bus[i], cs, &port);
        if (!h->br[i]) {
            snprintf(err, errlen, "host %s: cannot build the bridge of bus %d", hp->name, i);
            host_free(h);
            return NULL;
        }
        pci_bus_set_fault(h->bus[i], on_fault, h);
        pci_bus_set_irq_handler(h->bus[i], on_irq, h);
    }
    return h;
}

void host_free(host *h)
{
    if (!h) return;
    for (int i = 0; i < h->nb; i++) {
        pci_bridge_free(h->br[i]);
        pci_bus_free(h->bus[i]);
    }
    hostmem_free(h->mem);
    free(h);
}

const host_profile *host_profile_of(const host *h) { return h->hp; }
evq *host_evq(host *h) { return h->q; }
hostmem *host_mem(host *h) { return h->mem; }
int host_nbuses(const host *h) { return h->nb; }
pci_bus *host_bus(host *h, int i) { return i >= 0 && i < h->nb ? h->bus[i] : NULL; }
pci_bridge *host_bridge(host *h, int i) { return i >= 0 && i < h->nb ? h->br[i] : NULL; }
const char *host_error(const host *h) { return h->err; }
const char *host_fault_text(const host *h) { return h->fault; }
int host_faults(const host *h) { return h->nfaults; }

/* ---- kernel work beside the program ---------------------------------- */

void host_kernel_begin(host *h)
{
    if (h->kdepth++) return;
    if (h->knext >= h->kused) h->kused = h->knext + 1;
    h->kspan[h->knext].t0 = evq_now(h->q);
    h->kspan[h->knext].t1 = SIM_TIME_NEVER;
}

void host_kernel_end(host *h)
{
    if (!h->kdepth || --h->kdepth) return;
    h->kspan[h->knext].t1 = evq_now(h->q);
    h->knext = (h->knext + 1) % HOST_KERNEL_SPANS;
    if (h->kend_fn) {
        void (*fn)(void *) = h->kend_fn;
        h->kend_fn = NULL;
        fn(h->kend_ctx);
    }
}

int host_kernel_busy(const host *h) { return h->kdepth > 0; }

void host_on_kernel_end(host *h, void (*fn)(void *), void *ctx)
{
    if (!h->kdepth) {
        fn(ctx);
        return;
    }
    h->kend_fn = fn;
    h->kend_ctx = ctx;
}

sim_time host_kernel_in(const host *h, sim_time t0, sim_time t1)
{
    sim_time sum = 0;
    for (int i = 0; i < h->kused; i++) {   /* the platform asks after all CPU work: most hosts have none */
        sim_time a = h->kspan[i].t0, b = h->kspan[i].t1;
        if (a < t0) a = t0;
        if (b > t1) b = t1;
        if (b > a) sum += b - a;
    }
    return sum;
}

/* ---- interrupts ------------------------------------------------------- */

int host_irq_level(const host *h)
{
    for (int i = 0; i < h->nb; i++)
        if (pci_bus_irq_level(h->bus[i])) return 1;
    return 0;
}

static void on_irq(void *ctx, int level, sim_time t)
{
    (void)t;
    host *h = ctx;
    if (level) tell_watchers(h);
    if (level && h->irq_fn) {
        void (*fn)(void *) = h->irq_fn;
        h->irq_fn = NULL;
        fn(h->irq_ctx);
    }
}

void host_on_irq(host *h, void (*fn)(void *), void *ctx)
{
    if (host_irq_level(h)) {
        fn(ctx);
        return;
    }
    h->irq_fn = fn;
    h->irq_ctx = ctx;
}

int host_watch(host *h, host_watch_fn fn, void *ctx)
{
    for (int i = 0; i < HOST_MAX_WATCHERS; i++)
        if (!h->watch_fn[i]) {
            h->watch_fn[i] = fn;
            h->watch_ctx[i] = ctx;
            return 0;
        }
    herr(h, "host %s: more than %d activity watchers", h->hp->name, HOST_MAX_WATCHERS);
    return -1;
}

void host_unwatch(host *h, host_watch_fn fn, void *ctx)
{
    for (int i = 0; i < HOST_MAX_WATCHERS; i++)
        if (h->watch_fn[i] == fn && h->watch_ctx[i] == ctx) {
            h->watch_fn[i] = NULL;
            h->watch_ctx[i] = NULL;
        }
}

/* ---- delays ------------------------------------------------------------ */

typedef struct delay_op { host_done_fn done; void *ctx; } delay_op;

static void delay_ev(void *arg)
{
    delay_op *d = arg;
    host_done_fn fn = d->done;
    void *c = d->ctx;
    free(d);
    if (fn) fn(c, 0);
}

int host_after(host *h, sim_time delay, host_done_fn done, void *ctx)
{
    delay_op *d = malloc(sizeof *d);
    if (!d) return -1;
    d->done = done;
    d->ctx = ctx;
    evq_after(h->q, delay, delay_ev, d);
    return 0;
}

sim_time host_memcpy_cost(const host *h, size_t n)
{
    return h->hp->memcpy_call_ps + (sim_time)((double)n / h->hp->memcpy_Bps * 1e12 + 0.5);
}

/* ---- PIO writes --------------------------------------------------------- */

typedef struct pio_wr {
    host *h;
    pci_bridge *br;
    uint64_t addr;
    const uint8_t *src;
    uint32_t left, group;
    host_pio_mode mode;
    host_done_fn done;
    void *ctx;
} pio_wr;

static int check_range(host *h, int bus, uint64_t addr, uint32_t len, const char *what)
{
    if (bus < 0 || bus >= h->nb) {
        herr(h, "PIO %s: host %s has no PCI bus %d", what, h->hp->name, bus);
        return -1;
    }
    if (len == 0) {
        herr(h, "PIO %s of 0 bytes", what);
        return -1;
    }
    if (!pci_bus_decodes(h->bus[bus], addr) || !pci_bus_decodes(h->bus[bus], addr + len - 1)) {
        herr(h, "PIO %s of %u bytes at bus address 0x%llx on %s: outside every device's BAR",
             what, len, (unsigned long long)addr, pci_bus_name(h->bus[bus]));
        return -1;
    }
    return 0;
}

/* Bytes of the next group the CPU hands to the bridge, and its CPU cost. */
static uint32_t group_len(const pio_wr *w)
{
    const host_profile *hp = w->h->hp;
    uint32_t unit;
    if (w->mode == HPIO_SSE || w->mode == HPIO_WC) unit = hp->wc_line;
    else unit = pci_bridge_chipset(w->br)->br.uc_merge;
    if (unit < 4) unit = 4;
    uint32_t cap = pci_bridge_chipset(w->br)->br.post_bytes;
    if (unit > cap) unit = cap;             /* a group must fit the posting buffer */
    uint32_t g = unit - (uint32_t)(w->addr % unit);
    return g < w->left ? g : w->left;
}

static sim_time group_cost(const pio_wr *w, uint32_t g)
{
    const host_profile *hp = w->h->hp;
    double src = (double)g / 32.0;
    switch (w->mode) {
    case HPIO_PLAIN: return (sim_time)((g + 3) / 4) * hp->uc_store_ps + (sim_time)(src * hp->src_line_ps);
    case HPIO_MMX: return (sim_time)((g + 7) / 8) * hp->uc_store_ps + (sim_time)(src * hp->src_line_ps);
    case HPIO_WC:
        return (sim_time)((g + 3) / 4) * hp->wc_store_ps + (sim_time)((double)g / hp->wc_line * hp->wc_line_ps) +
               (sim_time)(src * hp->src_line_ps);
    case HPIO_SSE:
        return (sim_time)((double)g / hp->wc_line * hp->wc_line_ps) + (sim_time)(src * hp->src_line_pf_ps);
    }
    return 0;
}

static void wr_post(void *arg);

static void wr_next(pio_wr *w, sim_time extra)
{
    w->group = group_len(w);
    evq_after(w->h->q, extra + group_cost(w, w->group), wr_post, w);
}

static void wr_post(void *arg)
{
    pio_wr *w = arg;
    if (pci_bridge_room(w->br) < w->group) {
        pci_bridge_on_room(w->br, wr_post, w);      /* the store stalls */
        return;
    }
    pci_bridge_post(w->br, w->addr, w->src, w->group, (w->mode == HPIO_SSE || w->mode == HPIO_WC) ? PIO_WC : PIO_UC);
    w->addr += w->group;
    w->src += w->group;
    w->left -= w->group;
    if (w->left) {
        wr_next(w, 0);
        return;
    }
    host_done_fn fn = w->done;
    void *c = w->ctx;
    free(w);
    if (fn) fn(c, 0);
}

int host_pio_write(host *h, int bus, uint64_t addr, const void *src, uint32_t len,
                   host_pio_mode mode, host_done_fn done, void *ctx)
{
    if (check_range(h, bus, addr, len, "write")) return -1;
    if ((mode == HPIO_MMX && !h->hp->has_mmx) || (mode == HPIO_SSE && !h->hp->has_sse) ||
        (mode == HPIO_WC && !h->hp->has_wc)) {
        herr(h, "PIO write: host %s has no %s", h->hp->name,
             mode == HPIO_MMX ? "MMX unit" : mode == HPIO_SSE ? "SSE unit" : "write-combining");
        return -1;
    }
    pio_wr *w = calloc(1, sizeof *w);
    if (!w) return -1;
    w->h = h;
    w->br = h->br[bus];
    w->addr = addr;
    w->src = src;
    w->left = len;
    w->mode = mode;
    w->done = done;
    w->ctx = ctx;
    wr_next(w, h->hp->pio_call_ps);
    return 0;
}

/* ---- PIO reads ---------------------------------------------------------- */

typedef struct pio_rd {
    host *h;
    int bus;
    uint64_t addr;
    uint8_t *dst;
    uint32_t left, cur;
    int status;
    host_done_fn done;
    void *ctx;
} pio_rd;

static void rd_issue(void *arg);

static void rd_back(void *arg)
{
    pio_rd *r = arg;
    r->addr += r->cur;
    r->dst += r->cur;
    r->left -= r->cur;
    if (r->left && r->status == 0) {
        rd_issue(r);
        return;
    }
    host_done_fn fn = r->done;
    void *c = r->ctx;
    int st = r->status;
    free(r);
    if (fn) fn(c, st);
}

static void rd_done(void *ctx, pci_resp resp)
{
    pio_rd *r = ctx;
    if (resp != PCI_RESP_OK) {
        herr(r->h, "PIO read at bus address 0x%llx failed: %s (%s)", (unsigned long long)r->addr,
             pci_resp_name(resp), pci_bus_fault_text(r->h->bus[r->bus]));
        r->status = -1;
    }
    /* the data still has to travel back through the bridge to the CPU */
    evq_after(r->h->q, pci_bridge_chipset(r->h->br[r->bus])->br.pio_rd_host_ps, rd_back, r);
}

static void rd_issue(void *arg)
{
    pio_rd *r = arg;
    uint32_t n = 4 - (uint32_t)(r->addr & 3);
    if (n > r->left) n = r->left;
    r->cur = n;
    pci_bridge_read(r->h->br[r->bus], r->addr, r->dst, n, rd_done, r);
}

int host_pio_read(host *h, int bus, uint64_t addr, void *dst, uint32_t len,
                  host_done_fn done, void *ctx)
{
    if (check_range(h, bus, addr, len, "read")) return -1;
    pio_rd *r = calloc(1, sizeof *r);
    if (!r) return -1;
    r->h = h;
    r->bus = bus;
    r->addr = addr;
    r->dst = dst;
    r->left = len;
    r->done = done;
    r->ctx = ctx;
    rd_issue(r);
    return 0;
}
