/* BT848 capture card: one event per line slot, one PCI write per line. */
#include "bt848.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* NTSC timing (30 frames of 525 lines a second); the FIFO size is our
 * reading of the Bt848 data sheet's "630 DWORD" FIFO (2,520 bytes), an
 * input; the latency timer is a typical BIOS setting. */
const bt848_params bt848_default = {
    .name = "bt848",
    .fps = 30,
    .lines_per_frame = 525,
    .fifo_bytes = 2520,
    .latency_timer = 32,
    .max_burst = 0,
};

typedef struct line_txn {
    pci_txn t;
    struct bt848 *v;
    uint32_t frame;
    struct line_txn *next;
} line_txn;

struct bt848 {
    bt848_params p;
    evq *q;
    pci_master *m;
    uint32_t width, height, line_bytes, step;   /* step: line slots per captured line */
    uint64_t buf[4];
    int nbuf;
    uint32_t frames, frame, slot;               /* frames to capture, the current one, its line slot */
    int frame_lost, running;
    line_txn *head, *tail;                      /* lines in the FIFO or on the bus */
    uint8_t *pixels;                            /* a line of test pattern */
    ev_id ev;
    bt848_stats st;
    char err[200];
};

static sim_time slot_ps(const bt848 *v) { return (sim_time)(1e12 / (v->p.fps * v->p.lines_per_frame) + 0.5); }

/* Bytes in the FIFO: lines queued or moving, less what has gone. */
static uint32_t fifo_level(const bt848 *v, sim_time now)
{
    uint32_t n = 0;
    for (const line_txn *l = v->head; l; l = l->next) n += l->t.len - pci_txn_progress(&l->t, now);
    return n;
}

static void line_done(pci_txn *t, void *ctx)
{
    line_txn *l = ctx;
    bt848 *v = l->v;
    if (t->resp != PCI_RESP_OK && !v->err[0])
        snprintf(v->err, sizeof v->err, "%s: line DMA to 0x%llx failed (%s)", v->p.name, (unsigned long long)t->addr,
                 pci_resp_name(t->resp));
    v->st.bytes += t->done;
    v->st.last_done_ps = t->t_done;
    v->head = l->next;
    if (!v->head) v->tail = NULL;
    free(l);
}

int bt848_busy(const bt848 *v) { return v->head != NULL; }

static void end_frame(bt848 *v)
{
    v->st.frames++;
    if (v->frame_lost) v->st.frames_dropped++;
    v->frame_lost = 0;
    v->frame++;
    v->slot = 0;
}

static void slot_event(void *arg)
{
    bt848 *v = arg;
    v->ev = 0;
    sim_time now = evq_now(v->q);
    uint32_t row = v->slot / v->step;
    if (v->slot % v->step == 0 && row < v->height) {
        /* a captured line ends: into the FIFO, if it fits, and onto the bus */
        v->st.lines++;
        if (fifo_level(v, now) + v->line_bytes > v->p.fifo_bytes) {
            v->st.lines_dropped++;
            v->frame_lost = 1;
        } else {
            line_txn *l = calloc(1, sizeof *l);
            if (!l) {
                fprintf(stderr, "myrisim: out of memory in the BT848\n");
                exit(3);
            }
            l->v = v;
            l->frame = v->frame;
            l->t = (pci_txn){.cmd = PCI_WRITE, .addr = v->buf[v->frame % (uint32_t)v->nbuf] + (uint64_t)row * v->line_bytes,
                             .data = v->pixels, .len = v->line_bytes, .on_done = line_done, .ctx = l};
            if (v->tail) v->tail->next = l;
            else v->head = l;
            v->tail = l;
            if (!v->st.first_line_ps) v->st.first_line_ps = now;
            pci_submit(v->m, &l->t);
        }
    }
    if (++v->slot == v->p.lines_per_frame) end_frame(v);
    if (v->frame < v->frames) v->ev = evq_after(v->q, slot_ps(v), slot_event, v);
    else v->running = 0;
}

bt848 *bt848_new(pci_bus *bus, const bt848_params *p, uint32_t width, uint32_t height, char *err, size_t n)
{
    if (!((width == 320 && height == 240) || (width == 640 && height == 480))) {
        snprintf(err, n, "%s: capture size %ux%u (320x240 or 640x480)", p->name, width, height);
        return NULL;
    }
    if ((height == 240 ? 2 : 1) * height > p->lines_per_frame || p->fps <= 0 || width * 2 > p->fifo_bytes) {
        snprintf(err, n, "%s: profile cannot carry %ux%u (lines %u, fps %g, FIFO %u bytes)", p->name, width, height,
                 p->lines_per_frame, p->fps, p->fifo_bytes);
        return NULL;
    }
    bt848 *v = calloc(1, sizeof *v);
    if (!v) return NULL;
    v->p = *p;
    v->q = pci_bus_evq(bus);
    v->m = pci_master_new(bus, p->name, 4, p->latency_timer, p->max_burst);
    v->width = width;
    v->height = height;
    v->line_bytes = width * 2;
    v->step = height == 240 ? 2 : 1;   /* one field of every frame */
    v->pixels = malloc(v->line_bytes);
    for (uint32_t i = 0; v->pixels && i < v->line_bytes; i++) v->pixels[i] = (uint8_t)(i & 1 ? 0x80 : i / 2);
    if (!v->pixels) {
        free(v);
        return NULL;
    }
    return v;
}

int bt848_start(bt848 *v, const uint64_t *buf, int nbuf, uint32_t frames)
{
    if (nbuf < 1 || nbuf > 4 || v->running || !frames) return -1;
    memcpy(v->buf, buf, (size_t)nbuf * sizeof *buf);
    v->nbuf = nbuf;
    v->frames = frames;
    v->frame = v->slot = 0;
    v->running = 1;
    v->ev = evq_after(v->q, slot_ps(v), slot_event, v);
    return 0;
}

void bt848_free(bt848 *v)
{
    if (!v) return;
    if (v->ev) evq_cancel(v->q, v->ev);
    for (line_txn *l = v->head, *n; l; l = n) {
        n = l->next;
        free(l);
    }
    free(v->pixels);
    free(v);
}

int bt848_done(const bt848 *v) { return !v->running && !v->head; }
const bt848_stats *bt848_stats_of(const bt848 *v) { return &v->st; }
const pci_master *bt848_master(const bt848 *v) { return v->m; }
const char *bt848_error(const bt848 *v) { return v->err; }
