/* The platform core: blocking host-code calls on top of the asynchronous
 * host model, whatever backend runs the host thread. */
#include "platform.h"
#include "be32.h"
#include "../model/host/plat_backend.h"

#include "../model/trace/hooks.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct idle_waiter idle_waiter;
typedef struct idle_timer idle_timer;

struct platform {
    host *h;
    int bus;
    uint64_t bar_base;
    bar_layout lay;
    plat_backend be;
    hm_space *user;            /* the process */
    hm_space *kern;            /* the kernel (contiguous pinned memory lives here) */
    plat_isr_fn isr;
    void *isr_ctx;
    int in_isr;
    plat_signal_fn sig;        /* asynchronous signals (plat_set_signal), NULL: none */
    void *sig_ctx;
    int in_sig;
    idle_timer *timers;        /* pending idle-poll timer events */
    idle_waiter *idle;         /* the idle poll in progress, if any */
    const char *dev_name;      /* the second device on the bus (plat_dev_*), NULL: none */
    uint64_t dev_base;
    uint32_t dev_size;
    char err[400];
};

static int perr(platform *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int perr(platform *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err, sizeof p->err, fmt, ap);
    va_end(ap);
    return -1;
}

const char *plat_error(const platform *p) { return p->err; }

platform *plat_new(host *h, int bus, uint64_t bar_base, const bar_layout *lay,
                   const plat_backend *be, char *err, size_t errlen)
{
    if (bus < 0 || bus >= host_nbuses(h)) {
        snprintf(err, errlen, "platform: host %s has no PCI bus %d", host_profile_of(h)->name, bus);
        return NULL;
    }
    platform *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, errlen, "platform: out of memory");
        return NULL;
    }
    p->h = h;
    p->bus = bus;
    p->bar_base = bar_base;
    p->lay = *lay;
    p->be = *be;
    p->user = hm_space_new(host_mem(h), "process");
    p->kern = hm_space_new(host_mem(h), "kernel");
    if (!p->user || !p->kern) {
        snprintf(err, errlen, "platform: out of memory");
        plat_free_platform(p);
        return NULL;
    }
    return p;
}

static void drop_timers(platform *p);

void plat_free_platform(platform *p)
{
    if (!p) return;
    drop_timers(p);
    hm_space_free(p->user);
    hm_space_free(p->kern);
    free(p);
}

host *plat_host(platform *p) { return p->h; }
const bar_layout *plat_card_layout(const platform *p) { return &p->lay; }
const host_profile *plat_host_profile(const platform *p) { return host_profile_of(p->h); }
sim_time plat_now(const platform *p) { return evq_now(host_evq(p->h)); }
int plat_irq_level(const platform *p) { return host_irq_level(p->h); }

int plat_bus_width(const platform *p)
{
    return (int)pci_bus_params_of(host_bus(p->h, p->bus))->width;
}

double plat_bus_peak_Bps(const platform *p)
{
    const pci_bus_params *b = pci_bus_params_of(host_bus(p->h, p->bus));
    return (double)b->width * 1e12 / (double)b->clock_ps;
}

int plat_has_mode(const platform *p, plat_pio_mode m)
{
    const host_profile *hp = plat_host_profile(p);
    return m == PLAT_PIO_PLAIN || (m == PLAT_PIO_MMX && hp->has_mmx) || (m == PLAT_PIO_SSE && hp->has_sse) ||
           (m == PLAT_PIO_WC && hp->has_wc);
}

/* ---- waiting ------------------------------------------------------------ */

typedef struct waiter { volatile int flag; int status; evq *q; } waiter;

static void done_cb(void *ctx, int status)
{
    waiter *w = ctx;
    w->status = status;
    w->flag = 1;
    evq_note_wake(w->q);
}

static int machine_ok(platform *p)
{
    if (host_faults(p->h)) return perr(p, "machine fault: %s", host_fault_text(p->h));
    const char *why = p->be.stopped ? p->be.stopped(p->be.ctx) : NULL;
    if (why) return perr(p, "the simulation stopped: %s", why);
    return 0;
}

static int wait_for(platform *p, waiter *w, const char *what)
{
    if (p->be.wait_flag(p->be.ctx, &w->flag)) {
        if (machine_ok(p)) return -1;
        return perr(p, "%s never completes: nothing left to happen in the machine", what);
    }
    if (machine_ok(p)) return -1;
    if (w->status) return perr(p, "%s: %s", what, host_error(p->h));
    return 0;
}

/* The host CPU track of a trace: the call took [t0, now]. Returns rc. */
static int traced(platform *p, const char *what, sim_time t0, uint64_t bytes, int rc)
{
    if (trace_cur) trace_cpu(p->h, what, t0, plat_now(p), bytes);
    return rc;
}

typedef struct kwait { volatile int flag; evq *q; } kwait;

static void kernel_done(void *ctx)
{
    kwait *w = ctx;
    w->flag = 1;
    evq_note_wake(w->q);
}

/* d of the program's CPU work. Kernel work that runs meanwhile (a device's
 * interrupt handler, which preempts the program) takes the CPU: the work
 * ends that much later. */
static int advance(platform *p, sim_time d)
{
    sim_time t0 = plat_now(p);
    p->be.advance_to(p->be.ctx, t0 + d);
    while (!machine_ok(p)) {
        sim_time own = plat_now(p) - t0 - host_kernel_in(p->h, t0, plat_now(p));
        if (own >= d) break;
        if (host_kernel_busy(p->h)) {   /* the program resumes when the handler is done */
            kwait w = {0, host_evq(p->h)};
            host_on_kernel_end(p->h, kernel_done, &w);
            if (p->be.wait_flag(p->be.ctx, &w.flag)) break;
            continue;
        }
        p->be.advance_to(p->be.ctx, plat_now(p) + (d - own));
    }
    return machine_ok(p);
}

/* ---- PIO ---------------------------------------------------------------- */

static int check_bar(platform *p, uint32_t off, size_t len, const char *what)
{
    if (len == 0) return perr(p, "PIO %s of 0 bytes at BAR offset 0x%x", what, off);
    if (off >= p->lay.bar_size || len > p->lay.bar_size - off)
        return perr(p, "PIO %s of %zu bytes at BAR offset 0x%x: outside the card's BAR (size 0x%x)",
                    what, len, off, p->lay.bar_size);
    uint32_t rel, left;
    bar_region r = bar_decode(&p->lay, off, &rel, &left);
    if (r == BAR_NONE)
        return perr(p, "PIO %s at BAR offset 0x%x: a hole in the LANai %d board layout", what, off,
                    (int)p->lay.chip);
    if (len > left)
        return perr(p, "PIO %s of %zu bytes at BAR offset 0x%x runs past the end of the %s",
                    what, len, off, bar_region_name(r));
    return machine_ok(p);
}

/* One PIO transaction at a bus address (the NI's BAR or the second
 * device's), waited for and traced: `label` in the trace, `waiting` in a
 * stop's message and before a store mode the host lacks. */
static int bus_write(platform *p, uint64_t addr, const void *src, size_t len, plat_pio_mode m, const char *label,
                     const char *waiting)
{
    if (!plat_has_mode(p, m))
        return perr(p, "%s: host %s has no %s", waiting, plat_host_profile(p)->name,
                    m == PLAT_PIO_MMX ? "MMX" : m == PLAT_PIO_SSE ? "SSE" : "write-combining");
    waiter w = {0, 0, host_evq(p->h)};
    sim_time t0 = plat_now(p);
    if (host_pio_write(p->h, p->bus, addr, src, (uint32_t)len, (host_pio_mode)m, done_cb, &w))
        return perr(p, "%s", host_error(p->h));
    return traced(p, label, t0, len, wait_for(p, &w, waiting));
}

static int bus_read(platform *p, uint64_t addr, void *dst, size_t len, const char *label)
{
    waiter w = {0, 0, host_evq(p->h)};
    sim_time t0 = plat_now(p);
    if (host_pio_read(p->h, p->bus, addr, dst, (uint32_t)len, done_cb, &w))
        return perr(p, "%s", host_error(p->h));
    return traced(p, label, t0, len, wait_for(p, &w, label));
}

int plat_pio_write(platform *p, uint32_t off, const void *src, size_t len, plat_pio_mode m)
{
    if (check_bar(p, off, len, "write")) return -1;
    return bus_write(p, p->bar_base + off, src, len, m,
                     m == PLAT_PIO_MMX ? "PIO write (MMX)" : m == PLAT_PIO_SSE ? "PIO write (SSE)"
                     : m == PLAT_PIO_WC ? "PIO write (WC)" : "PIO write", "PIO write");
}

int plat_pio_read(platform *p, uint32_t off, void *dst, size_t len)
{
    if (check_bar(p, off, len, "read")) return -1;
    return bus_read(p, p->bar_base + off, dst, len, "PIO read");
}

int plat_pio_write32(platform *p, uint32_t off, uint32_t v)
{
    uint8_t b[4];
    be32_put(b, v);
    return plat_pio_write(p, off, b, 4, PLAT_PIO_PLAIN);
}

int plat_pio_read32(platform *p, uint32_t off, uint32_t *v)
{
    uint8_t b[4];
    if (plat_pio_read(p, off, b, 4)) return -1;
    *v = be32_get(b);
    return 0;
}

int plat_pio_flush(platform *p)
{
    uint8_t b[4];
    return plat_pio_read(p, p->lay.sram.off, b, 4);
}

/* ---- the second device --------------------------------------------------- */

void plat_set_device(platform *p, const char *name, uint64_t base, uint32_t size)
{
    p->dev_name = name;
    p->dev_base = name ? base : 0;
    p->dev_size = name ? size : 0;
}

const char *plat_dev_name(const platform *p) { return p->dev_name; }
uint32_t plat_dev_size(const platform *p) { return p->dev_size; }

static int check_dev(platform *p, uint32_t off, size_t len, const char *what)
{
    if (!p->dev_name) return perr(p, "device PIO %s: this node has no second device on its bus", what);
    if (len == 0) return perr(p, "device PIO %s of 0 bytes at offset 0x%x", what, off);
    if (off >= p->dev_size || len > p->dev_size - off)
        return perr(p, "device PIO %s of %zu bytes at offset 0x%x: outside the %s's BAR (size 0x%x)", what, len, off,
                    p->dev_name, p->dev_size);
    return machine_ok(p);
}

int plat_dev_write(platform *p, uint32_t off, const void *src, size_t len, plat_pio_mode m)
{
    if (check_dev(p, off, len, "write")) return -1;
    return bus_write(p, p->dev_base + off, src, len, m, "device PIO write", "device PIO write");
}

int plat_dev_read(platform *p, uint32_t off, void *dst, size_t len)
{
    if (check_dev(p, off, len, "read")) return -1;
    return bus_read(p, p->dev_base + off, dst, len, "device PIO read");
}

/* PCI byte order: little-endian words */
int plat_dev_write32(platform *p, uint32_t off, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    return plat_dev_write(p, off, b, 4, PLAT_PIO_PLAIN);
}

int plat_dev_read32(platform *p, uint32_t off, uint32_t *v)
{
    uint8_t b[4];
    if (plat_dev_read(p, off, b, 4)) return -1;
    *v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    return 0;
}

/* ---- memory -------------------------------------------------------------- */

void *plat_alloc(platform *p, size_t len)
{
    void *r = hm_alloc(p->user, len);
    if (!r) perr(p, "%s", hm_error(p->user));
    return r;
}

int plat_free(platform *p, void *ptr)
{
    if (hm_free(p->user, ptr) == 0) return 0;
    if (hm_free(p->kern, ptr) == 0) return 0;
    return perr(p, "free of %p: not an allocation of this process or its driver", ptr);
}

void *plat_alloc_contig(platform *p, size_t len, uint64_t *phys)
{
    void *r = hm_alloc_contig(p->kern, len, phys);
    if (!r) perr(p, "%s", hm_error(p->kern));
    return r;
}

static hm_space *space_of(platform *p, const void *ptr)
{
    uint64_t va;
    if (hm_virt(p->user, ptr, &va) == 0) return p->user;
    if (hm_virt(p->kern, ptr, &va) == 0) return p->kern;
    return NULL;
}

int plat_pin(platform *p, const void *ptr, size_t len)
{
    hm_space *s = space_of(p, ptr);
    if (!s) return perr(p, "pin of %p: not memory of this process (allocate it with plat_alloc)", ptr);
    int pages = hm_pin(s, ptr, len);
    if (pages < 0) return perr(p, "%s", hm_error(s));
    const host_profile *hp = plat_host_profile(p);
    sim_time t0 = plat_now(p);
    return traced(p, "pin", t0, len, advance(p, hp->pin_call_ps + (sim_time)pages * hp->pin_page_ps));
}

int plat_unpin(platform *p, const void *ptr, size_t len)
{
    hm_space *s = space_of(p, ptr);
    if (!s) return perr(p, "unpin of %p: not memory of this process", ptr);
    int pages = hm_unpin(s, ptr, len);
    if (pages < 0) return perr(p, "%s", hm_error(s));
    sim_time t0 = plat_now(p);
    return traced(p, "unpin", t0, len, advance(p, (sim_time)pages * plat_host_profile(p)->unpin_page_ps));
}

int plat_virt_to_phys(platform *p, const void *ptr, uint64_t *phys, size_t *contig)
{
    hm_space *s = space_of(p, ptr);
    if (!s) return perr(p, "translate %p: not memory of this process (allocate it with plat_alloc)", ptr);
    if (hm_translate(s, ptr, phys, contig)) return perr(p, "%s", hm_error(s));
    sim_time t0 = plat_now(p);
    return traced(p, "virt_to_phys", t0, 0, advance(p, plat_host_profile(p)->xlate_page_ps));
}

int plat_syscall(platform *p)
{
    sim_time t0 = plat_now(p);
    return traced(p, "syscall", t0, 0, advance(p, plat_host_profile(p)->syscall_ps));
}

/* ---- CPU time -------------------------------------------------------------- */

int plat_memcpy(platform *p, void *dst, const void *src, size_t len)
{
    memmove(dst, src, len);
    sim_time t0 = plat_now(p);
    return traced(p, "memcpy", t0, len, advance(p, host_memcpy_cost(p->h, len)));
}

static int compute_signalled(platform *p, sim_time ps);

int plat_compute(platform *p, sim_time ps)
{
    if (p->sig && !p->in_sig) return compute_signalled(p, ps);
    sim_time t0 = plat_now(p);
    return traced(p, "compute", t0, 0, advance(p, ps));
}

/* ---- idle polling (platform.h: why skipping idle iterations is exact) ---- */

struct idle_waiter {
    volatile int flag;
    int seen;                  /* a DMA write or an interrupt rise happened */
    sim_time first;            /* when the first one happened */
    sim_time end;              /* the boundary where max ends the wait */
    evq *q;
};

/* Timer events are never cancelled (a cancelled event stays in the heap
 * until its time comes; cancel itself is O(1)): one that fires before the
 * current wait's end re-arms for it, one that fires with no wait does
 * nothing. A new one is added only when none is pending at or before the
 * wait's end, so few are ever pending. */
struct idle_timer {
    platform *p;
    sim_time at;
    ev_id id;
    idle_timer *next;
};

static void arm(platform *p, sim_time end);

static void timer_fired(void *ctx)
{
    idle_timer *t = ctx;
    platform *p = t->p;
    for (idle_timer **l = &p->timers; *l; l = &(*l)->next)
        if (*l == t) {
            *l = t->next;
            break;
        }
    sim_time now = evq_now(host_evq(p->h));
    free(t);
    idle_waiter *w = p->idle;
    if (!w) return;
    if (now >= w->end) {
        w->flag = 1;
        evq_note_wake(w->q);
    } else arm(p, w->end);
}

static void arm(platform *p, sim_time end)
{
    for (idle_timer *t = p->timers; t; t = t->next)
        if (t->at <= end) return;
    idle_timer *t = malloc(sizeof *t);
    if (!t) return;            /* the wait then ends at the next activity or timer */
    t->p = p;
    t->at = end;
    t->id = evq_at(host_evq(p->h), end, timer_fired, t);
    t->next = p->timers;
    p->timers = t;
}

static void drop_timers(platform *p)
{
    while (p->timers) {
        idle_timer *t = p->timers;
        p->timers = t->next;
        evq_cancel(host_evq(p->h), t->id);
        free(t);
    }
}

static void idle_seen(void *ctx)
{
    idle_waiter *w = ctx;
    if (!w->seen) {
        w->seen = 1;
        w->first = evq_now(w->q);
    }
    w->flag = 1;
    evq_note_wake(w->q);
}

int plat_idle_poll(platform *p, sim_time period, sim_time max)
{
    if (period == 0) return perr(p, "idle poll with a period of 0 ps");
    if (p->idle) return perr(p, "plat_idle_poll called from inside an idle poll");
    if (machine_ok(p)) return -1;
    sim_time t0 = plat_now(p);
    uint64_t kmax = max <= period ? 1 : (max - 1) / period + 1;    /* first boundary >= t0 + max */
    if (kmax > INT_MAX) kmax = INT_MAX;
    if (kmax > (SIM_TIME_NEVER - 1 - t0) / period) kmax = (SIM_TIME_NEVER - 1 - t0) / period;
    if (kmax <= 1 || host_irq_level(p->h))
        return traced(p, "idle poll", t0, 0, advance(p, period) ? -1 : 1);
    idle_waiter w = {0, 0, 0, t0 + kmax * period, host_evq(p->h)};
    if (host_watch(p->h, idle_seen, &w)) return perr(p, "idle poll: %s", host_error(p->h));
    p->idle = &w;
    arm(p, w.end);
    int r = p->be.wait_flag(p->be.ctx, &w.flag);
    p->idle = NULL;
    host_unwatch(p->h, idle_seen, &w);
    if (r) {
        if (machine_ok(p)) return -1;
        return perr(p, "idle poll never ends: nothing left to happen in the machine");
    }
    uint64_t k = kmax;
    if (w.seen) {
        uint64_t kw = w.first <= t0 ? 1 : (w.first - t0 - 1) / period + 1;   /* first boundary >= the write */
        if (kw < k) k = kw;
    }
    /* now <= t0 + k*period: run the rest of the machine up to that boundary */
    return traced(p, "idle poll", t0, 0, advance(p, t0 + k * period - plat_now(p)) ? -1 : (int)k);
}

/* ---- waiting for an outside model's event -------------------------------- */

typedef struct ev_waiter { volatile int *flag; volatile int fired; evq *q; } ev_waiter;

static void ev_timeout(void *ctx)
{
    ev_waiter *w = ctx;
    w->fired = 1;
    *w->flag = 1;
    evq_note_wake(w->q);
}

int plat_wait_event(platform *p, volatile int *flag, sim_time max)
{
    if (machine_ok(p)) return -1;
    if (*flag) return 1;
    sim_time t0 = plat_now(p);
    ev_waiter w = {flag, 0, host_evq(p->h)};
    ev_id id = evq_at(host_evq(p->h), t0 + max, ev_timeout, &w);
    int r = p->be.wait_flag(p->be.ctx, flag);
    if (!w.fired) evq_cancel(host_evq(p->h), id);
    if (r) {
        if (machine_ok(p)) return -1;
        return perr(p, "waiting for a network event that never comes: nothing left to happen in the machine");
    }
    traced(p, "wait event", t0, 0, 0);
    if (machine_ok(p)) return -1;
    return w.fired && plat_now(p) >= t0 + max ? 0 : 1;
}

/* ---- interrupts ---------------------------------------------------------- */

void plat_set_isr(platform *p, plat_isr_fn isr, void *ctx)
{
    p->isr = isr;
    p->isr_ctx = ctx;
}

static void irq_cb(void *ctx)
{
    waiter *w = ctx;
    w->flag = 1;
    evq_note_wake(w->q);
}

int plat_wait_irq(platform *p)
{
    if (p->in_isr) return perr(p, "plat_wait_irq called from inside the interrupt service routine");
    if (machine_ok(p)) return -1;
    waiter w = {0, 0, host_evq(p->h)};
    sim_time t0 = plat_now(p);
    host_on_irq(p->h, irq_cb, &w);
    if (p->be.wait_flag(p->be.ctx, &w.flag)) {
        if (machine_ok(p)) return -1;
        return perr(p, "waiting for an interrupt that never comes: nothing left to happen in the machine");
    }
    traced(p, "wait irq", t0, 0, 0);
    t0 = plat_now(p);
    const host_profile *hp = plat_host_profile(p);
    if (advance(p, hp->irq_entry_ps)) return -1;
    if (p->isr) {
        p->in_isr = 1;
        int r = p->isr(p->isr_ctx, p);
        p->in_isr = 0;
        if (r) return -1;
    }
    return traced(p, "interrupt", t0, 0, advance(p, hp->irq_exit_ps));
}

/* ---- asynchronous signals (platform.h: when they are delivered) ----------- */

void plat_set_signal(platform *p, plat_signal_fn fn, void *ctx)
{
    p->sig = fn;
    p->sig_ctx = ctx;
}

/* The line is up: the driver's ISR after irq_entry_ps, the handler at
 * signal_ps after the rise (or once the ISR is done, if later). */
static int deliver_signal(platform *p)
{
    const host_profile *hp = plat_host_profile(p);
    sim_time t0 = plat_now(p);
    if (advance(p, hp->irq_entry_ps)) return -1;
    if (p->isr) {
        p->in_isr = 1;
        int r = p->isr(p->isr_ctx, p);
        p->in_isr = 0;
        if (r) return -1;
    }
    if (host_irq_level(p->h) && plat_pio_flush(p)) return -1;   /* the ISR's acknowledgement is a posted write */
    if (host_irq_level(p->h))
        return perr(p, "signal: the card's interrupt line stays up after the interrupt service routine "
                       "(an interrupt source the driver did not enable and acknowledge)");
    sim_time spent = plat_now(p) - t0;
    if (spent < hp->signal_ps && advance(p, hp->signal_ps - spent)) return -1;
    traced(p, "signal", t0, 0, 0);
    p->in_sig = 1;
    int r = p->sig(p->sig_ctx, p);
    p->in_sig = 0;
    return r;
}

typedef struct sig_waiter { volatile int flag; evq *q; } sig_waiter;

static void sig_wake(void *ctx)
{
    sig_waiter *w = ctx;
    w->flag = 1;
    evq_note_wake(w->q);
}

/* ps of CPU work, cut by a signal at every rise of the interrupt line; the
 * work left goes on after the handler returns. Any DMA write into the host
 * also wakes the wait (host_watch): it only costs a call. */
static int compute_signalled(platform *p, sim_time ps)
{
    sim_time t0 = plat_now(p), left = ps;
    for (;;) {
        if (machine_ok(p)) return -1;
        if (host_irq_level(p->h)) {
            if (deliver_signal(p)) return -1;
            continue;
        }
        if (!left) break;
        sim_time start = plat_now(p);
        sig_waiter w = {0, host_evq(p->h)};
        if (host_watch(p->h, sig_wake, &w)) return perr(p, "signal: %s", host_error(p->h));
        ev_id id = evq_at(host_evq(p->h), start + left, sig_wake, &w);
        int r = p->be.wait_flag(p->be.ctx, &w.flag);
        host_unwatch(p->h, sig_wake, &w);
        evq_cancel(host_evq(p->h), id);
        if (r) {
            if (machine_ok(p)) return -1;
            return perr(p, "compute never ends: nothing left to happen in the machine");
        }
        sim_time done = plat_now(p) - start;
        left = done >= left ? 0 : left - done;
    }
    return traced(p, "compute", t0, 0, 0);
}
