/* The BT848 driver's interrupt handler (exp_video_isr.h): an event chain
 * on the host, as the kernel runs it beside the user's process; from entry
 * to exit the CPU is the handler's (host_kernel_begin/end), so CPU work the
 * process was doing meanwhile ends that much later. */
#include "exp_video_isr.h"

#include <stdio.h>
#include <stdlib.h>

struct video_isr {
    host *h;
    int bus, nbuf;
    bt848 *card;
    uint64_t regs;
    int running, again;          /* the handler runs; INTA rose again meanwhile */
    sim_time t0;
    uint32_t stat, clear;        /* INT_STAT as read; the bits written back */
    uint32_t latest;
    video_isr_stats st;
    char err[200];
};

static void run(video_isr *x);

static void fail(video_isr *x, const char *what)
{
    if (!x->err[0]) snprintf(x->err, sizeof x->err, "BT848 interrupt handler: %s: %s", what, host_error(x->h));
    if (x->running) host_kernel_end(x->h);
    x->running = 0;
}

static void exited(void *ctx, int status)
{
    video_isr *x = ctx;
    (void)status;
    host_kernel_end(x->h);
    sim_time d = evq_now(host_evq(x->h)) - x->t0;
    x->st.runs++;
    x->st.cost_ps += d;
    if (d > x->st.max_ps) x->st.max_ps = d;
    x->running = 0;
    /* level-triggered: a line still (or again) up runs the handler again */
    if (x->again || bt848_inta(x->card)) {
        x->again = 0;
        run(x);
    }
}

static void leave(video_isr *x)
{
    if (host_after(x->h, host_profile_of(x->h)->irq_exit_ps, exited, x)) fail(x, "interrupt exit");
}

static void cleared(void *ctx, int status)
{
    video_isr *x = ctx;
    if (status) {
        fail(x, "INT_STAT write");
        return;
    }
    /* the frame the RISC program just finished is in host memory */
    x->latest++;
    x->st.frames++;
    x->st.marked_ps = evq_now(host_evq(x->h));
    leave(x);
}

static void got_stat(void *ctx, int status)
{
    video_isr *x = ctx;
    if (status) {
        fail(x, "INT_STAT read");
        return;
    }
    if (!(x->stat & BT848_INT_RISCI)) {   /* not ours (a shared line): nothing to do */
        leave(x);
        return;
    }
    x->clear = x->stat;
    if (host_pio_write(x->h, x->bus, x->regs + BT848_REG_INT_STAT, &x->clear, 4, HPIO_PLAIN, cleared, x))
        fail(x, "INT_STAT write");
}

static void entered(void *ctx, int status)
{
    video_isr *x = ctx;
    (void)status;
    if (host_pio_read(x->h, x->bus, x->regs + BT848_REG_INT_STAT, &x->stat, 4, got_stat, x))
        fail(x, "INT_STAT read");
}

static void run(video_isr *x)
{
    x->running = 1;
    x->t0 = evq_now(host_evq(x->h));
    host_kernel_begin(x->h);
    if (host_after(x->h, host_profile_of(x->h)->irq_entry_ps, entered, x)) fail(x, "interrupt entry");
}

static void on_inta(void *ctx, int level)
{
    video_isr *x = ctx;
    if (!level || x->err[0]) return;
    if (x->running) x->again = 1;
    else run(x);
}

video_isr *video_isr_new(host *h, int bus, bt848 *card, uint64_t regs, int nbuf)
{
    video_isr *x = calloc(1, sizeof *x);
    if (!x) return NULL;
    *x = (video_isr){.h = h, .bus = bus, .nbuf = nbuf, .card = card, .regs = regs};
    bt848_on_inta(card, on_inta, x);
    return x;
}

void video_isr_free(video_isr *x)
{
    if (!x) return;
    bt848_on_inta(x->card, NULL, NULL);
    if (x->running) host_kernel_end(x->h);
    free(x);
}

uint32_t video_isr_latest(const video_isr *x, int *buf)
{
    if (buf) *buf = x->latest ? (int)((x->latest - 1) % (uint32_t)x->nbuf) : 0;
    return x->latest;
}

const video_isr_stats *video_isr_stats_of(const video_isr *x) { return &x->st; }
int video_isr_busy(const video_isr *x) { return x->running; }
const char *video_isr_error(const video_isr *x) { return x->err; }
